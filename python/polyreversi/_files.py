"""Reading and writing files: standard input and output, pipes and devices in place,
regular files atomically (an interrupted write never leaves a half-written file).

``-`` is standard input (when read) or standard output (when written). A path that
is not a regular file (a pipe, a FIFO, ``/dev/stdout``, a terminal, a character
device) is read or written in place; only a regular file (or a new one) is written
to a temporary file beside it and renamed over it.
"""
from __future__ import annotations

import os
import re
import stat
import sys
import tempfile
from pathlib import Path
from typing import IO, Optional, Union

PathLike = Union[str, "os.PathLike[str]"]

#: The name that means standard input or standard output.
STDIO = "-"
#: How standard input and output are named in messages (every reader, writer and command).
STDIN_NAME = "<stdin>"
STDOUT_NAME = "<stdout>"

# /dev/stdout, /dev/fd/1, /proc/self/fd/1: names of a file descriptor this process already has open.
_FD_PATH = re.compile(r"/(?:dev|proc/self|proc/thread-self|proc/(?P<pid>\d+))/fd/(?P<fd>\d+)")
_STD_NAMES = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}


def is_stdio(path: Optional[PathLike]) -> bool:
    """True for ``-`` (standard input or output)."""
    return path is not None and os.fspath(path) == STDIO


def is_stream(path: PathLike) -> bool:
    """True for what is written in place, with no name a reader goes by: ``-``, a
    descriptor name (``/dev/stdout``), an existing pipe, terminal or device. A rule
    about a file's name (a picture's extension) is for the other, named files."""
    if is_stdio(path) or open_descriptor(path) is not None:
        return True
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def open_descriptor(path: PathLike) -> Optional[int]:
    """The file descriptor ``path`` names (``/dev/stdout`` -> 1, ``/dev/fd/3`` -> 3), or None.

    Writing to such a name must go to the descriptor itself: opening the name again
    would truncate the file the shell opened for ``>>`` (appending) and fails for a pipe.
    """
    name = os.path.abspath(os.fspath(path))
    for _ in range(40):  # follow symlinks by hand: realpath would resolve /proc/self/fd/1 to its target
        if name in _STD_NAMES:
            return _STD_NAMES[name]
        m = _FD_PATH.fullmatch(name)
        if m and (m.group("pid") is None or int(m.group("pid")) == os.getpid()):
            return int(m.group("fd"))
        if not os.path.islink(name):
            return None
        name = os.path.normpath(os.path.join(os.path.dirname(name), os.readlink(name)))
    return None


def read_bytes(path: PathLike) -> bytes:
    """The content of ``path``: ``-`` reads standard input; pipes and devices are read in place.

    Raises:
        OSError: as :func:`open` (FileNotFoundError, IsADirectoryError, PermissionError, ...).
    """
    if is_stdio(path):
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        data = stream.read()
        return data.encode("utf-8") if isinstance(data, str) else data
    with open(path, "rb") as f:
        return f.read()


def write_bytes(path: PathLike, data: Union[str, bytes]) -> None:
    """Writes ``data`` (text as UTF-8) to ``path``: ``-`` and descriptor names
    (``/dev/stdout``) to the open descriptor, other non-regular files (FIFOs,
    terminals, devices) in place, regular files with :func:`replace_file`.

    Raises:
        OSError: the file cannot be written (``path`` is unchanged when it is a regular file);
            BrokenPipeError for a closed pipe, ENOSPC for a full disk or ``/dev/full``.
    """
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    if is_stdio(path):
        _write_stream(getattr(sys.stdout, "buffer", None), payload, 1)
        return
    fd = open_descriptor(path)
    if fd is not None:
        _write_stream(_std_stream(fd), payload, fd)
        return
    target = os.path.realpath(path)
    try:
        mode = os.stat(target).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(21, "Is a directory", os.fspath(path))
        with open(target, "wb") as f:  # a FIFO, a terminal, a device: cannot be renamed over
            f.write(payload)
        return
    if mode is not None and _read_only(target, mode):
        raise PermissionError(13, "Permission denied (the file is read-only)", os.fspath(path))
    replace_file(target, payload)


def _read_only(target: str, mode: int) -> bool:
    """A regular file nobody may write (no write bit), or that this process may not write.
    Renaming over it would work in a writable folder, and for root: it is refused all the same."""
    return not (mode & 0o222) or not os.access(target, os.W_OK)


def _std_stream(fd: int) -> Optional[IO[bytes]]:
    """The binary stream of sys.stdout / sys.stderr when it is descriptor ``fd``, else None."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None and stream.fileno() == fd:
                return getattr(stream, "buffer", None)
        except (AttributeError, OSError, ValueError):
            continue
    return None


def _write_stream(stream: Optional[IO[bytes]], payload: bytes, fd: int) -> None:
    """Writes to a Python stream (flushing what was printed before), else to the descriptor."""
    if stream is None:
        for std in (sys.stdout, sys.stderr):
            if std is not None:
                std.flush()
        view = memoryview(payload)
        while view:
            view = view[os.write(fd, view):]
        return
    view = memoryview(payload)
    while view:  # an unbuffered stream (python -u, PYTHONUNBUFFERED) may take only a part
        written = stream.write(view)
        view = view[len(view) if written is None else written:]
    stream.flush()


def message_name(path: PathLike) -> str:
    """A file's name as every message shows it (:func:`polyreversi.formats.source_name`
    reads it): as it is, cut past :data:`~polyreversi.errors.QUOTED_NAME_CHARS` characters
    with its length (:func:`polyreversi.errors.shortened`), so that a 5 kB path is not
    echoed whole. The errors module is imported when a message is made: this one stays light."""
    from polyreversi.errors import QUOTED_NAME_CHARS, shortened

    return shortened(os.fspath(path), QUOTED_NAME_CHARS)


def check_writable(path: PathLike) -> Optional[str]:
    """Why ``path`` cannot be written, or None when it can (checked without writing):
    a folder, a missing or read-only folder, a read-only file. ``-``, descriptors,
    pipes and devices are taken as writable."""
    if is_stdio(path) or open_descriptor(path) is not None:
        return None
    target = os.path.realpath(path)
    if os.path.isdir(target):
        return "is a folder"
    if os.path.exists(target):
        mode = os.stat(target).st_mode
        if not stat.S_ISREG(mode):
            return None if os.access(target, os.W_OK) else "cannot be written (permission denied)"
        if _read_only(target, mode):
            return "is a read-only file"
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        return f"the folder {message_name(folder)} does not exist"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"the folder {message_name(folder)} is not writable"
    try:  # access() says yes in /proc and on read-only mounts: try to make a file there
        fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".check", dir=folder)
    except OSError as e:
        return f"cannot create a file in {message_name(folder)} ({e.strerror or e})"
    os.close(fd)
    os.unlink(tmp)
    return None


def replace_file(path: PathLike, data: Union[str, bytes]) -> None:
    """Writes ``data`` to a temporary file in ``path``'s folder, then renames it over ``path``.

    Text is written as UTF-8. The rename is atomic on POSIX and Windows: readers see the
    old file or the new one, never a part of it, and an error or an interruption
    (including KeyboardInterrupt) leaves ``path`` as it was and removes the temporary
    file. A new file gets the permissions a plain ``open(path, "w")`` would give; an
    existing file keeps its own. A symlink is followed (its target is replaced, the
    link stays). For pipes, devices and ``-`` use :func:`write_bytes`.

    Raises:
        OSError: the folder does not exist or cannot be written (``path`` is unchanged).
    """
    target = Path(os.path.realpath(path))  # a symlink is written through, not replaced
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    if target.exists() and not target.is_file():
        write_bytes(target, payload)  # a device or a pipe cannot be renamed over
        return
    folder = target.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        _write_all(fd, payload)
        os.chmod(tmp, _mode_for(target))
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _write_all(fd: int, payload: bytes) -> None:
    """Writes the whole payload to the open file ``fd``, flushes it to disk and closes it."""
    with os.fdopen(fd, "wb") as f:
        f.write(payload)
        f.flush()
        os.fsync(f.fileno())


def _mode_for(target: Path) -> int:
    """The permissions a plain ``open(target, "w")`` would give (mkstemp makes 0600 files)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


class Output:
    """A file written in pieces, each handed to the operating system as it is written.

    A regular file (or a new one) is written to a temporary file in its folder
    (``temp``), renamed over it by :meth:`commit`: readers see the old file or the
    complete new one, never a part of it. A piece that fails part-way (a full disk) is
    cut off again, so that what :meth:`commit` moves into place is whole pieces only.
    ``-``, descriptor names (``/dev/stdout``), pipes and devices are written in place
    (``temp`` is None). :meth:`discard` drops the temporary file.

    Raises:
        OSError: from the constructor, as :func:`write_bytes` (a folder, a read-only
            file, a folder that cannot be written); from :meth:`write` and
            :meth:`commit`, a full disk or a closed pipe.
    """

    def __init__(self, path: PathLike) -> None:
        self.path = path
        self.temp: Optional[str] = None
        self._target: Optional[str] = None
        self._fd: Optional[int] = None  # a file this object opened
        self._stream = None  # or a stream of this process (standard output)
        self._stream_fd: Optional[int] = None
        self._size = 0
        if is_stdio(path):
            self._stream, self._stream_fd = getattr(sys.stdout, "buffer", None), 1
            return
        fd = open_descriptor(path)
        if fd is not None:
            self._stream, self._stream_fd = _std_stream(fd), fd
            return
        target = os.path.realpath(path)
        try:
            mode: Optional[int] = os.stat(target).st_mode
        except OSError:
            mode = None
        if mode is not None and stat.S_ISDIR(mode):
            raise IsADirectoryError(21, "Is a directory", os.fspath(path))
        if mode is not None and not stat.S_ISREG(mode):
            self._fd = os.open(target, os.O_WRONLY)  # a FIFO, a terminal, a device: cannot be renamed over
            return
        if mode is not None and _read_only(target, mode):
            raise PermissionError(13, "Permission denied (the file is read-only)", os.fspath(path))
        self._fd, self.temp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp",
                                               dir=os.path.dirname(target))
        self._target = target

    def write(self, data: Union[str, bytes]) -> None:
        """Writes ``data`` (text as UTF-8) whole, or (a regular file) not at all."""
        payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        if self._fd is None:
            if self._stream_fd is None:
                raise ValueError(f"{message_name(self.path)}: written after commit()")
            _write_stream(self._stream, payload, self._stream_fd)
            return
        try:
            view = memoryview(payload)
            while view:
                view = view[os.write(self._fd, view):]
        except BaseException:
            if self.temp is not None:
                try:
                    os.ftruncate(self._fd, self._size)
                    os.lseek(self._fd, self._size, os.SEEK_SET)
                except OSError:
                    pass
            raise
        self._size += len(payload)

    def commit(self) -> None:
        """Completes the file: the temporary file is synced and renamed over the target."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        temp, target = self.temp, self._target
        if temp is None or target is None:  # set together: a file written in place
            os.close(fd)
            return
        try:
            os.fsync(fd)
            os.close(fd)
            fd = None
            os.chmod(temp, _mode_for(Path(target)))
            os.replace(temp, target)
        except BaseException:
            self._drop(fd)
            raise
        self.temp = None

    def discard(self) -> None:
        """Drops what was written to a regular file (the target stays as it was)."""
        fd, self._fd = self._fd, None
        self._drop(fd)

    def _drop(self, fd: Optional[int]) -> None:
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass
        if self.temp is not None:
            try:
                os.unlink(self.temp)
            except OSError:
                pass
            self.temp = None
