"""Reading a file the player names (a log now, a save later): the one way, and a safe one.

A path may name anything: a FIFO with no writer (reading it would wait forever),
``/dev/zero`` or ``/dev/urandom`` (reading them would fill the memory), a directory,
a file far larger than any log. :func:`read_file` opens without waiting, refuses what
is not a regular file, reads at most :data:`MAX_BYTES`, and says what went wrong in
one line naming the full path.

    >>> read_file("/dev/zero")
    Traceback (most recent call last):
    game.rules.errors.InputError: /dev/zero: not a regular file (a character device)
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from game.rules.errors import InputError

MAX_BYTES = 16 * 1024 * 1024  # far above any real log (the largest in tests/data is under 60 KiB)

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def read_file(path: str | Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them, or an InputError.

    >>> read_file("/")
    Traceback (most recent call last):
    game.rules.errors.InputError: /: not a regular file (a directory)
    """
    name = str(path)
    try:
        # O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise InputError(f"{name}: cannot read ({_reason(exc)})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((kind for test, kind in _KINDS if test(mode)), "not a file")
            raise InputError(f"{name}: not a regular file ({kind})")
        data = _read_at_most(fd, limit + 1)
    except OSError as exc:
        raise InputError(f"{name}: cannot read ({_reason(exc)})") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise InputError(f"{name}: larger than {limit // (1024 * 1024)} MiB, the most a log or save may be")
    return data


def _read_at_most(fd: int, count: int) -> bytes:
    chunks, size = [], 0
    while size < count:
        chunk = os.read(fd, min(count - size, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _reason(exc: OSError) -> str:
    return exc.strerror or exc.__class__.__name__
