"""An engine's process: lines in, lines out, with deadlines, and never left behind.

The engine runs in a session of its own, so a Ctrl-C at the terminal reaches
only Python, which then closes it (``with`` blocks, ``close()``); an ``atexit``
hook and a finaliser close any engine still open when Python exits, and a SIGTERM
to Python (which by default ends it without running either) first closes every
engine, then ends Python as the signal would have. Closing ends the engine's
whole process group (a wrapper script's children too).
"""
from __future__ import annotations

import atexit
import collections
import os
import queue
import shlex
import shutil
import signal
import subprocess
import threading
import time
import weakref
from types import FrameType
from typing import IO, Deque, List, Mapping, Optional, Sequence, Union

from polyreversi.errors import EngineProtocolError, EngineTerminatedError, EngineTimeoutError, quoted_name

Command = Union[str, Sequence[str]]

#: The longest line read from an engine (bytes); a longer one is an error.
MAX_LINE = 1 << 16
#: Lines of the engine's stderr kept for the message when it dies.
STDERR_TAIL = 12
#: Seconds an engine gets to exit by itself after its input is closed.
EXIT_GRACE = 1.0

_EOF = object()
_LIVE: "weakref.WeakSet[EngineProcess]" = weakref.WeakSet()


def split_command(command: Command) -> List[str]:
    """The argument list of a command: a list as it is, a string split as a POSIX
    shell would (``'ntest -x "a b"'``).

    Raises:
        ValueError: an empty command or unbalanced quotes.
    """
    if isinstance(command, str):
        try:
            args = shlex.split(command)
        except ValueError as e:
            raise ValueError(f"engine command {quoted_name(command)}: {e}") from None
    else:
        args = [str(a) for a in command]
    if not args:
        raise ValueError("engine command: empty")
    return args


def check_startable(command: Command) -> List[str]:
    """The argument list of a command (:func:`split_command`) whose program can be
    started: found on ``PATH`` (a bare name) or an executable file (a path); checked
    once before a match, so that a missing engine is one error, not a forfeit in every game.

    Raises:
        ValueError: as :func:`split_command`, or the program not found, a folder or not executable.
    """
    args = split_command(command)
    program = args[0]
    if os.sep not in program and (os.altsep is None or os.altsep not in program):
        if shutil.which(program) is None:
            raise ValueError(f"engine command {quoted_name(program)}: not found on PATH")
    elif os.path.isdir(program):
        raise ValueError(f"engine command {quoted_name(program)}: is a folder, not a program")
    elif not os.path.isfile(program):
        raise ValueError(f"engine command {quoted_name(program)}: no such file")
    elif not os.access(program, os.X_OK):
        raise ValueError(f"engine command {quoted_name(program)}: not executable")
    return args


def _pipe(stream: Optional[IO[bytes]]) -> IO[bytes]:
    if stream is None:  # only without subprocess.PIPE
        raise EngineTerminatedError("the engine's pipes were not opened")
    return stream


class EngineProcess:
    """A started engine: :meth:`send` a line, :meth:`read_line` with a deadline.

    Args:
        command: the program and its arguments (a string is split as by a shell).
        name: how messages name the engine (default: the program's name).
        cwd, env: as :class:`subprocess.Popen`.

    Raises:
        EngineTerminatedError: the program cannot be started (not found, not executable).
    """

    def __init__(self, command: Command, *, name: Optional[str] = None, cwd: Optional[str] = None,
                 env: Optional[Mapping[str, str]] = None) -> None:
        self.args = split_command(command)
        self.name = name or os.path.basename(self.args[0])
        # lines read, an error of the reader, or _EOF (the end of the output)
        self.lines: "queue.Queue[Union[str, Exception, object]]" = queue.Queue()
        self.stderr_tail: Deque[str] = collections.deque(maxlen=STDERR_TAIL)
        self.sent = 0
        try:
            self.proc = subprocess.Popen(
                self.args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=cwd, env=None if env is None else dict(env), start_new_session=True, bufsize=0)
        except OSError as e:
            raise EngineTerminatedError(f"engine {quoted_name(self.name)}: cannot start {quoted_name(self.args[0])}: "
                                        f"{e.strerror or e}") from None
        # The three pipes asked for above (Popen types them as optional).
        self._stdin, self._stdout = _pipe(self.proc.stdin), _pipe(self.proc.stdout)
        self._stderr = _pipe(self.proc.stderr)
        self._lock = threading.Lock()
        _LIVE.add(self)
        _close_on_sigterm()
        self._finalizer = weakref.finalize(self, _kill, self.proc)
        threading.Thread(target=self._read_stdout, name=f"{self.name}-stdout", daemon=True).start()
        threading.Thread(target=self._read_stderr, name=f"{self.name}-stderr", daemon=True).start()

    # -- reading (threads) ---------------------------------------------------------
    def _read_stdout(self) -> None:
        out = self._stdout
        try:
            while True:
                line = out.readline(MAX_LINE + 1)
                if not line:
                    break
                if len(line) > MAX_LINE and not line.endswith(b"\n"):
                    self.lines.put(EngineProtocolError(
                        f"engine {quoted_name(self.name)} wrote a line longer than {MAX_LINE} bytes"))
                    while line and not line.endswith(b"\n"):  # skip the rest of it
                        line = out.readline(MAX_LINE + 1)
                    continue
                self.lines.put(line.decode("utf-8", "replace").rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        finally:
            out.close()
        self.lines.put(_EOF)

    def _read_stderr(self) -> None:
        err = self._stderr
        try:
            for line in err:
                self.stderr_tail.append(line.decode("utf-8", "replace").rstrip())
        except (OSError, ValueError):
            pass
        finally:
            err.close()

    # -- talking -------------------------------------------------------------------
    def send(self, line: str) -> None:
        """Writes one line (a newline is added).

        Raises:
            EngineTerminatedError: the engine has ended (its input is closed).
            ValueError: a line holding a newline (one command per line).
        """
        if "\n" in line or "\r" in line:
            raise ValueError(f"engine command {quoted_name(line)}: one line only")
        try:
            with self._lock:
                self._stdin.write(line.encode("utf-8") + b"\n")
                self._stdin.flush()
            self.sent += 1
        except (OSError, ValueError):
            raise self.died(f"while sending {quoted_name(line)}") from None

    def read_line(self, deadline: Optional[float], waiting_for: str) -> str:
        """The next line the engine wrote (without its newline).

        Args:
            deadline: ``time.monotonic()`` value after which to give up; None: wait.
            waiting_for: what the caller expects, for the messages.

        Raises:
            EngineTimeoutError: nothing came before the deadline (the engine is closed).
            EngineTerminatedError: the engine ended.
            EngineProtocolError: a line longer than :data:`MAX_LINE`.
        """
        line = self.poll_line(deadline, waiting_for)
        if line is None:
            self.close()
            raise EngineTimeoutError(f"engine {quoted_name(self.name)} did not answer {waiting_for} in time; "
                                     "it was closed")
        return line

    def poll_line(self, deadline: Optional[float], waiting_for: str) -> Optional[str]:
        """As :meth:`read_line`, but None when nothing came before the deadline (the
        engine stays open: the caller stops its search, as NBoard's ``ping`` does)."""
        timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
        try:
            item = self.lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if item is _EOF:
            self.lines.put(_EOF)  # every later read sees the end too
            raise self.died(f"while waiting for {waiting_for}")
        if isinstance(item, Exception):
            raise item
        assert isinstance(item, str), "the reader queues lines, errors and _EOF"
        return item

    def died(self, when: str) -> EngineTerminatedError:
        """The error for an engine that has ended, with its exit status and last stderr lines."""
        try:
            code = self.proc.wait(timeout=EXIT_GRACE)
        except subprocess.TimeoutExpired:
            code = None
        status = "closed its output" if code is None else f"exited with status {code}"
        time.sleep(0.05)  # let the stderr thread take the last lines
        tail = " | ".join(list(self.stderr_tail)[-4:])
        return EngineTerminatedError(f"engine {quoted_name(self.name)} {status} {when}" + (f"; stderr: {tail}" if tail else ""))

    @property
    def alive(self) -> bool:
        """True while the process runs."""
        return self.proc.poll() is None

    def close(self, goodbye: Optional[str] = None) -> None:
        """Ends the engine: ``goodbye`` (e.g. ``quit``) and closed input, then SIGTERM,
        then SIGKILL to its process group; idempotent, never raises."""
        if self.proc.poll() is None and goodbye is not None:
            try:
                self.send(goodbye)
            except EngineTerminatedError:
                pass
        try:
            self._stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=EXIT_GRACE if goodbye is not None else 0.05)
        except subprocess.TimeoutExpired:
            pass
        _kill(self.proc)
        _LIVE.discard(self)


def _kill(proc: "subprocess.Popen[bytes]") -> None:
    """SIGTERM then SIGKILL to the process group of ``proc`` (it leads its own session)."""
    for sig, wait in ((signal.SIGTERM, 0.5), (signal.SIGKILL, 2.0)):
        if proc.poll() is not None:
            break
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            break
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
    try:  # children of a wrapper script that outlived it
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    # Only stdin: the reader threads close stdout and stderr themselves at their end of
    # file. Closing them here, while a thread is between its check of the descriptor and
    # its read(2), frees the number for the next pipe opened (the next engine's stdout),
    # and the old thread then reads, and loses, the new engine's lines.
    try:
        if proc.stdin is not None:
            proc.stdin.close()
    except OSError:
        pass


@atexit.register
def _close_all() -> None:
    for engine in list(_LIVE):
        engine.close()


def _close_on_sigterm() -> None:
    """Makes a SIGTERM to this process close the engines first, where SIGTERM still has
    its default action (a program's own handler, e.g. ``polyreversi match``'s, is kept; it
    closes them itself). Only the main thread can set a handler; from another thread
    nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        return
    try:
        if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _on_sigterm)
    except (ValueError, OSError):  # no signals here (an embedded interpreter)
        pass


def _on_sigterm(signum: int, frame: Optional[FrameType]) -> None:
    """Closes every engine, then dies of the signal as without this handler (the parent
    sees "terminated by SIGTERM"; atexit hooks do not run, as before)."""
    _close_all()
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)
