"""Reading and writing a file the player names (a log, a save, an export): the one way, and a safe one.

A path may name anything: a FIFO with no writer (reading it would wait forever),
``/dev/zero`` or ``/dev/urandom`` (reading them would fill the memory), a directory,
a file far larger than any log, a link to any of these. :func:`read_file` opens without
waiting, refuses what is not a regular file, reads at most its limit, and says what went
wrong in one line naming the full path.

    >>> read_file("/dev/zero")
    Traceback (most recent call last):
    game.data.files.RefusedFile: /dev/zero: not a regular file (a character device)

:func:`write_file` writes a file whole or not at all (a temporary file beside it, flushed,
fsynced and renamed over the old one), and replaces only a regular file: a FIFO, a device, a
link or a directory standing at the path is refused, never replaced by a file, nor written
through.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

from game.rules.errors import InputError

MAX_BYTES = 16 * 1024 * 1024  # far above any real log (the largest in tests/data is under 60 KiB)
TEMPORARY_SUFFIX = ".part"  # a file being written is ".NAME.XXXXXXXX.part" beside NAME

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link"))


class MissingFile(InputError):
    """Nothing is at the path (a caller that expects nothing there may go on)."""


class RefusedFile(InputError):
    """Something is at the path that can never be read as a file: not a regular file, a link to
    nothing or a loop of links, or a file larger than the limit (a caller may set it aside)."""


def read_file(path: str | Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them, or an InputError:
    MissingFile, RefusedFile, or a plain InputError when the system refuses (a permission).

    >>> read_file("/")
    Traceback (most recent call last):
    game.data.files.RefusedFile: /: not a regular file (a directory)
    """
    name = str(path)
    try:
        # O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise _open_error(name, exc) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise RefusedFile(f"{name}: not a regular file ({_kind(mode)})")
        data = _read_at_most(fd, limit + 1)
    except OSError as exc:
        raise InputError(f"{name}: cannot read ({_reason(exc)})") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise RefusedFile(f"{name}: larger than {_size(limit)}, the most a log or save may be")
    return data


def write_file(path: str | Path, data: bytes, replace_any: bool = False,
               fsync: Callable[[int], None] = os.fsync) -> None:
    """Write ``data`` as the file at ``path``, whole or not at all; InputError (one line) if not.

    Only a regular file is replaced: anything else at the path (a FIFO, a device, a link, a
    directory) is refused, unless ``replace_any``, for a name that is the caller's own (the
    storage's blobs), whose entry, whatever it is, the new file takes the place of. A crash
    leaves the old file or the new one, and at most a temporary file beside them. ``fsync``
    makes a file descriptor's data durable (a test's storage passes a slow one: the waits of a
    real disk, without touching ``os``).

        >>> write_file("/dev/full", b"")
        Traceback (most recent call last):
        game.rules.errors.InputError: /dev/full: not a regular file (a character device): not replaced
    """
    name = str(path)
    if not name or name.endswith(("/", os.sep)):
        raise InputError(f"{name!r} names no file")
    path = Path(path)
    _check_target(path, name, replace_any)
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMPORARY_SUFFIX, dir=path.parent)
    except OSError as exc:
        raise InputError(f"{name}: cannot write ({_reason(exc)})") from None
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException as exc:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise InputError(f"{name}: cannot write ({_reason(exc)})") from None
        raise
    _sync_folder(path.parent, fsync)


def _check_target(path: Path, name: str, replace_any: bool) -> None:
    """Refuse a path where something other than a regular file stands (a directory always)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(f"{name}: cannot write ({_reason(exc)})") from None
    if stat.S_ISDIR(mode) or not (stat.S_ISREG(mode) or replace_any):
        raise InputError(f"{name}: not a regular file ({_kind(mode)}): not replaced")


def _sync_folder(folder: Path, fsync: Callable[[int], None]) -> None:
    """Make the rename itself durable (POSIX); where folders cannot be opened, the rename stands."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _open_error(name: str, exc: OSError) -> InputError:
    if exc.errno == errno.ENOENT and not os.path.lexists(name):
        return MissingFile(f"{name}: cannot read ({_reason(exc)})")
    if exc.errno in (errno.ENOENT, errno.ELOOP):  # a link to nothing, or links in a loop
        return RefusedFile(f"{name}: cannot read (a link to nothing, or links in a loop)")
    return InputError(f"{name}: cannot read ({_reason(exc)})")


def _read_at_most(fd: int, count: int) -> bytes:
    chunks, size = [], 0
    while size < count:
        chunk = os.read(fd, min(count - size, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _kind(mode: int) -> str:
    return next((kind for test, kind in _KINDS if test(mode)), "not a file")


def _size(count: int) -> str:
    """256 KiB, 16 MiB."""
    return f"{count // (1024 * 1024)} MiB" if count >= 1024 * 1024 else f"{count // 1024} KiB"


def _reason(exc: OSError) -> str:
    return exc.strerror or exc.__class__.__name__
