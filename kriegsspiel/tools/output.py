"""Writing what a command produces: the whole file or nothing, and a one-line
error naming the file when it cannot be written.

A file is written beside its destination under a temporary name and renamed
over it when complete, so a full disk or a killed process never leaves half
a save where a good one stood.  `writable` is asked before work that would be
lost if its result could not be written at the end (a game played to its
last turn).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from kriegsspiel.core.errors import KsError


def writable(path: Path, what: str = "file") -> None:
    """Refuse *path* now if the file could not be written there later."""
    folder = path.parent
    if path.is_dir():
        raise KsError(f"cannot write the {what} {path}: it is a directory")
    if not folder.is_dir():
        raise KsError(f"cannot write the {what} {path}: there is no directory {folder}")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise KsError(f"cannot write the {what} {path}: permission denied")


def write_whole(path: Path, data: str | bytes, what: str = "file") -> None:
    """Write *data* to *path* completely, or leave *path* as it was."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                             suffix=".part")
    except OSError as exc:
        raise KsError(f"cannot write the {what} {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(payload)
        os.chmod(temporary, _new_file_mode(path))
        os.replace(temporary, path)
    except OSError as exc:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise KsError(f"cannot write the {what} {path}: {exc.strerror or exc}") from None


def _new_file_mode(path: Path) -> int:
    # What open() would have given: the existing file's mode, else 0o666 less the umask.
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask
