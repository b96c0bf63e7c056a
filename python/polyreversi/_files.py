"""Writing files so that an interrupted write never leaves a half-written file."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Union


def replace_file(path: Union[str, "os.PathLike[str]"], data: Union[str, bytes]) -> None:
    """Writes ``data`` to a temporary file in ``path``'s folder, then renames it over ``path``.

    Text is written as UTF-8. The rename is atomic on POSIX and Windows: readers see the
    old file or the new one, never a part of it, and an error or an interruption
    (including KeyboardInterrupt) leaves ``path`` as it was and removes the temporary
    file. A new file gets the permissions a plain ``open(path, "w")`` would give; an
    existing file keeps its own.

    A symlink is followed (its target is replaced, the link stays); a device or a
    pipe at ``path`` is written to directly, since it cannot be replaced.

    Raises:
        OSError: the folder does not exist or cannot be written (``path`` is unchanged).
    """
    target = Path(os.path.realpath(path))  # a symlink is written through, not replaced
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    if target.exists() and not target.is_file():
        # A device or a pipe (/dev/stdout, a FIFO) cannot be renamed over: write to it.
        with open(target, "wb") as f:
            f.write(payload)
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
