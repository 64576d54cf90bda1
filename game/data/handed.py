"""A storage whose writes are handed to the writer: saved beside the frames, read as written.

``Handed(storage, writer)`` offers what every storage offers (``game.data.storage``), but its
``save`` and ``delete`` return at once: the writer (``engine.writer``, the cartridge's) does
the temporary file, the fsync and the rename on its thread, in the order they were handed
over, a newer save of a blob replacing a queued older one. Until a blob's write has run, this
storage (any ``Handed`` of the same storage and writer) answers for it as it will be:
``load`` gives the bytes handed over, ``names`` counts it (or, deleted, does not). Its tasks
(``load_task``, ``set_aside_task``) wait for the disk a frame at a time, for the loading
screen; a write that fails is said in one line (the writer's report) and the game goes on.

    >>> import tempfile
    >>> from pathlib import Path
    >>> from engine.writer import Writer
    >>> from game.data.storage import FolderStorage
    >>> writer = Writer.threaded()
    >>> storage = Handed(FolderStorage(Path(tempfile.mkdtemp())), writer)
    >>> storage.save("game", b"one"); storage.save("game", b"two")
    >>> storage.load("game"), storage.names()  # as handed over, written or not yet
    (b'two', ['game'])
    >>> writer.wait(); storage.inner.load("game")  # written: the newest
    True
    b'two'
"""

from __future__ import annotations

from engine.tasks import TaskGen
from engine.writer import Job, Writer, beside
from game.data.storage import Storage, check_blob, check_name


class Handed(Storage):
    """``storage`` with its writes done by ``writer`` (see the module)."""

    def __init__(self, storage: Storage, writer: Writer) -> None:
        self.inner = storage
        self.writer = writer
        self.where = storage.where
        self.last: Job | None = None  # the last write handed over (its error says why it failed)

    def key(self, name: str) -> tuple[str, str]:
        return (self.where, name)

    def save(self, name: str, data: bytes) -> None:
        check_name(name)
        data = check_blob(name, data)  # refused at once: the caller's mistake, said where it is made
        inner = self.inner
        self._hand(name, lambda: inner.save(name, data), data, replaces=True)

    def delete(self, name: str) -> None:
        check_name(name)
        inner = self.inner
        self._hand(name, lambda: inner.delete(name), None, replaces=False)

    def load(self, name: str) -> bytes | None:
        """The blob as handed over when its write has not run, else read at once (a caller
        in a frame reads with ``load_task``)."""
        handed = self._handed(name)
        return handed[0] if handed else self.inner.load(name)

    def load_task(self, name: str) -> TaskGen[bytes | None]:
        handed = self._handed(name)
        if handed:
            return handed[0]
        return (yield from beside(self.writer, lambda: self.inner.load(name)))

    def names(self) -> list[str]:
        handed = {}
        for (where, name), job in self.writer.pending().items():
            blob = job.blob
            if where == self.where and not job.done:  # read before ``done``: true (see ``_handed``)
                handed[name] = blob
        found = set(self.inner.names())  # after: a write done meanwhile is on disk
        for name, blob in handed.items():
            (found.add if blob is not None else found.discard)(name)
        return sorted(found)

    def set_aside(self, name: str) -> str:
        """Set aside now (the settings read as the title boots, before its first frame)."""
        self.writer.wait()
        return self.inner.set_aside(name)

    def set_aside_task(self, name: str) -> TaskGen[str]:
        check_name(name)
        return (yield from beside(self.writer, lambda: self.inner.set_aside(name)))

    @property
    def failure(self) -> str:
        """Why the last write handed over failed ("" when it did not, or has not run yet)."""
        last = self.last
        return str(last.error) if last is not None and last.done and last.error is not None else ""

    def _handed(self, name: str) -> tuple[bytes | None] | tuple[()]:
        """(the blob as its unfinished write will leave it,), or () when every write of it has
        run: the job lets its blob go once finished, so the blob is read before ``done``."""
        job = self.writer.unfinished(self.key(check_name(name)))
        if job is None:
            return ()
        blob = job.blob
        return (blob,) if not job.done else ()

    def _hand(self, name: str, work, blob: bytes | None, replaces: bool) -> None:
        self.last = self.writer.hand(work, self.key(name), replaces=replaces, blob=blob)
