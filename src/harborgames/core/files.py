"""Files written whole or not at all: every file the project writes goes through ``write_atomic``.

``Path.write_text`` empties the file before it writes, so a full disk or a kill half way leaves
a cut-off file where a good one was (a save, a tuned set, an arena summary). Writing to a
temporary file in the same folder, flushing it to disk and renaming it over the old one keeps
either the old file or the new one, never a mixture: a rename within one file system is atomic.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

__all__ = ["write_atomic"]


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` so that ``path`` holds either its old content
    or all of ``data``. An ``OSError`` (no space, no permission, no folder) leaves ``path`` as
    it was and no temporary file behind.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_atomic(folder / "a.txt", "hello")
    >>> (folder / "a.txt").read_text()
    'hello'
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(payload)
            file.flush()
            os.fsync(file.fileno())
        if target.exists():
            os.chmod(temporary, target.stat().st_mode & 0o777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
