"""Exit statuses of the command line, known before anything heavy is imported (the
entry point, :mod:`polyreversi.__main__`, needs them while the rest still loads).

A command stopped by a signal it handles (Ctrl-C's SIGINT; SIGTERM, from ``kill`` or
``timeout``, where a command keeps its work on it) exits ``128 + the signal's number``,
as a shell reports a process the signal killed: 130 after SIGINT, 143 after SIGTERM.
"""
from __future__ import annotations

TYPE_CHECKING = False  # typing's own, without importing typing at start-up
if TYPE_CHECKING:
    from types import FrameType
    from typing import Any, Literal, NoReturn, Optional

#: SIGINT's and SIGTERM's numbers: 2 and 15 on every platform Python runs on; written
#: out so that the entry point imports nothing (not even signal) before its Ctrl-C
#: handling is in place.
SIGINT_NUMBER = 2
SIGTERM_NUMBER = 15
#: The exit status after Ctrl-C: 128 + SIGINT.
INTERRUPTED = 128 + SIGINT_NUMBER
#: The exit status after SIGTERM, in a command that stops on it as on Ctrl-C.
TERMINATED = 128 + SIGTERM_NUMBER

_stopped_by = [SIGINT_NUMBER]  # the signal that stopped the command (a KeyboardInterrupt is Ctrl-C's)


def stop_on_signal(signum: int, frame: Optional[FrameType]) -> None:
    """A signal handler that stops the command as Ctrl-C does (KeyboardInterrupt, so
    that the commands' own handling keeps their work) and remembers the signal for
    :func:`exit_interrupted`'s status."""
    _stopped_by[0] = signum
    raise KeyboardInterrupt


def stopped_by() -> str:
    """How the command was stopped, for its last line: ``"Ctrl-C"`` or ``"SIGTERM"``."""
    return "SIGTERM" if _stopped_by[0] == SIGTERM_NUMBER else "Ctrl-C"


class terminate_as_interrupt:  # noqa: N801 (used as a statement: with terminate_as_interrupt():)
    """Within the block, SIGTERM stops the command as Ctrl-C does (:func:`stop_on_signal`),
    so that what is finished is kept and the exit status is :data:`TERMINATED`. In the
    main thread only, where Python runs signal handlers; elsewhere it does nothing."""

    def __enter__(self) -> "terminate_as_interrupt":
        import signal
        import threading

        self._old: Any = None
        if threading.current_thread() is threading.main_thread():
            self._old = signal.signal(signal.SIGTERM, stop_on_signal)
        return self

    def __exit__(self, *exc: object) -> Literal[False]:
        if self._old is not None:
            import signal

            signal.signal(signal.SIGTERM, self._old)
        return False


def quiet_raced_signals() -> None:
    """Once a command ignores further signals, a signal that arrived between the C-level
    handler and the ignore is reported by Python as an unraisable ``OSError: Signal N
    ignored due to race condition`` (two SIGINTs at once, ``timeout -s INT``): that is the
    ignore asked for, so the hook drops that report and passes every other one on."""
    import sys

    previous = sys.unraisablehook
    if getattr(previous, "_polyreversi_quiet", False):
        return

    def hook(unraisable: "sys.UnraisableHookArgs") -> None:
        value = unraisable.exc_value
        if isinstance(value, OSError) and str(value).endswith("ignored due to race condition"):
            return
        previous(unraisable)

    hook._polyreversi_quiet = True  # type: ignore[attr-defined]
    sys.unraisablehook = hook


def exit_interrupted() -> NoReturn:
    """Ends the command after Ctrl-C or a SIGTERM it stopped on: raises
    ``SystemExit(128 + the signal's number)`` (:data:`INTERRUPTED` after Ctrl-C,
    :data:`TERMINATED` after SIGTERM), every further SIGINT and SIGTERM ignored first.
    The process is on its way out, and a second signal (a user's, or the second signal of
    ``timeout -s INT``) must end it the same way whenever it comes: raised as
    KeyboardInterrupt in the cleanup it would escape the command's handlers, and once
    Python's finalisation has put SIGINT's default action back (it does for a handled
    signal, not for an ignored one) it would kill the process by the signal (status -2).
    Only the main thread can change signal handling; from another one the ignoring is
    skipped.

    Raises:
        SystemExit: always, with 128 + the signal's number.
    """
    while True:
        try:
            import signal  # here, not at the top: see SIGINT_NUMBER

            quiet_raced_signals()
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            break
        except KeyboardInterrupt:  # a second signal before both were ignored: ignore it too
            continue
        except ValueError:  # not the main thread
            break
    raise SystemExit(128 + _stopped_by[0])
