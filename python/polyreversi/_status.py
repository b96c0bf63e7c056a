"""Exit statuses of the command line, known before anything heavy is imported (the
entry point, :mod:`polyreversi.__main__`, needs them while the rest still loads)."""
from __future__ import annotations

TYPE_CHECKING = False  # typing's own, without importing typing at start-up
if TYPE_CHECKING:
    from typing import NoReturn

#: The exit status after Ctrl-C: 128 + SIGINT, as a shell reports a process stopped by it.
#: SIGINT is 2 on every platform Python runs on; written out so that the entry point
#: imports nothing (not even signal) before its Ctrl-C handling is in place.
INTERRUPTED = 128 + 2


def exit_interrupted() -> NoReturn:
    """Ends the command after Ctrl-C: raises ``SystemExit(INTERRUPTED)``, every further
    SIGINT ignored first. The process is on its way out, and a second Ctrl-C (a user's,
    or the second signal of ``timeout -s INT``) must end it the same way whenever it
    comes: raised as KeyboardInterrupt in the cleanup it would escape the command's
    handlers, and once Python's finalisation has put SIGINT's default action back
    (it does for a handled signal, not for an ignored one) it would kill the process
    by the signal (status -2). Only the main thread can change signal handling; from
    another one the ignoring is skipped.

    Raises:
        SystemExit: always, with :data:`INTERRUPTED`.
    """
    while True:
        try:
            import signal  # here, not at the top: see INTERRUPTED

            signal.signal(signal.SIGINT, signal.SIG_IGN)
            break
        except KeyboardInterrupt:  # a second Ctrl-C before SIGINT was ignored: ignore it too
            continue
        except ValueError:  # not the main thread
            break
    raise SystemExit(INTERRUPTED)
