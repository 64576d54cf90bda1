"""Small named blobs that outlive the game: saves, settings. Pure Python, standard library only.

Two places hold them, chosen once by ``open_storage``:

- in a browser (Pyodide: ``sys.platform == "emscripten"``), the page's ``localStorage``, reached
  through Pyodide's ``js`` module: the key is ``KEY_PREFIX + name``, the value the blob in base64.
  (Pyxel's ``user_data_dir`` there is in memory only, gone on reload.)
- elsewhere, one file per blob in a folder: ``$PICORIICHI_DATA_DIR`` when set, else the folder
  the caller passes (the UI passes ``pyxel.user_data_dir(VENDOR, APP)``). The files are written
  and read as any file the player names (``game.data.files``): a blob is written atomically (a
  temporary file beside it, flushed and fsynced, then renamed over the old one), so a crash
  leaves the old blob or the new one, never half of one; the temporary files a crash leaves
  are removed when the storage next opens. A blob is read with a size limit, never from a
  FIFO, a device or a link to one: such a file is ``DamagedBlob``, for its caller to set aside.

The API (every method may raise ``StorageError``, whose message is one line to show the player;
the game goes on without saving, it never crashes for it):

- ``save(name, data: bytes)``: store (replace) the blob ``name``;
- ``load(name) -> bytes | None``: the blob, or None when there is none; ``DamagedBlob`` (a
  StorageError) when what stands there can never be read as one;
- ``delete(name)``: remove it (nothing if absent);
- ``set_aside(name) -> str``: keep a blob its caller cannot read out of the way, under a ``.bad``
  name (``NAME.bin.bad``, then ``NAME.bin.2.bad`` ...: an older one is never overwritten), and
  say where; nothing is ever deleted for being unreadable;
- ``names() -> list[str]``: the blobs stored, sorted;
- ``where``: one line saying where the blobs live (for a settings screen).

A name is 1 to ``MAX_NAME`` characters of ``a-z 0-9 _ -`` (it is a file name and a key); a blob
holds at most ``MAX_BYTES`` (``localStorage`` allows a few megabytes per site, in UTF-16).
What a blob means (JSON of a save, settings) is for its caller, who must also refuse a corrupt one.

    >>> import tempfile
    >>> storage = open_storage(tempfile.mkdtemp(), environ={})
    >>> storage.load("settings") is None
    True
    >>> storage.save("settings", b'{"sound": false}')
    >>> storage.load("settings"), storage.names()
    (b'{"sound": false}', ['settings'])
    >>> storage.save("../evil", b"")
    Traceback (most recent call last):
    ...
    game.data.storage.StorageError: a saved item's name is 1 to 32 of a-z 0-9 _ - (got '../evil')
    >>> unavailable = open_storage(None, environ={})
    >>> unavailable.load("settings")
    Traceback (most recent call last):
    ...
    game.data.storage.StorageError: saving is off: no data folder (set PICORIICHI_DATA_DIR)
"""

from __future__ import annotations

import base64
import binascii
import os
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from engine.tasks import TaskGen
from game.data.files import TEMPORARY_SUFFIX, MissingFile, RefusedFile, read_file, write_file
from game.rules.errors import InputError

DATA_DIR_VARIABLE = "PICORIICHI_DATA_DIR"
VENDOR, APP = "pico-riichi", "pico-riichi"  # for pyxel.user_data_dir(VENDOR, APP)
KEY_PREFIX = "pico-riichi/"  # localStorage is shared by every page of the site
MAX_NAME = 32
MAX_BYTES = 256 * 1024
NAME = re.compile(rf"[a-z0-9_-]{{1,{MAX_NAME}}}", re.ASCII)
SUFFIX = ".bin"  # a blob's file is NAME + SUFFIX; temporary files start with "."


def left_by_a_crash(suffix: str) -> re.Pattern[str]:
    """The names a save killed mid-way leaves beside blobs named NAME + ``suffix``:
    ".NAME.bin.XXXXXXXX.part" (game.data.files.write_file), and ".NAME.XXXXXXXX" from the
    versions before it (tempfile's 8 random characters).

        >>> bool(left_by_a_crash(".json").fullmatch(".log_1.json.abcd_123.part"))
        True
    """
    return re.compile(rf"\.[a-z0-9_-]{{1,{MAX_NAME}}}(?:{re.escape(suffix)}\.[a-z0-9_]{{8}}"
                      rf"{re.escape(TEMPORARY_SUFFIX)}|\.[a-z0-9_]{{8}})", re.ASCII)



class StorageError(InputError):
    """Storage cannot be used, or holds something unreadable: one line for the player."""


class DamagedBlob(StorageError):
    """A blob's place holds what can never be read as one (a FIFO, a device, a link to nothing,
    a file larger than a blob may be): its caller sets it aside (``set_aside``)."""


def open_storage(folder: str | Path | None = None, environ: Mapping[str, str] = os.environ) -> Storage:
    """The storage of this platform (never fails: a storage that cannot work says so when used)."""
    if sys.platform == "emscripten":
        return BrowserStorage()
    chosen = environ.get(DATA_DIR_VARIABLE) or folder
    if not chosen:
        return Unavailable(f"no data folder (set {DATA_DIR_VARIABLE})")
    return FolderStorage(Path(chosen))


def check_name(name: str) -> str:
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise StorageError(f"a saved item's name is 1 to {MAX_NAME} of a-z 0-9 _ - (got {name!r})")
    return name


def check_blob(name: str, data: bytes) -> bytes:
    if not isinstance(data, (bytes, bytearray)):
        raise StorageError(f"{name}: only bytes can be saved (got {type(data).__name__})")
    if len(data) > MAX_BYTES:
        raise StorageError(f"{name}: {len(data)} bytes is more than the {MAX_BYTES} a saved item may hold")
    return bytes(data)


class Storage:
    """What every storage offers (see the module's docstring)."""

    where = ""

    def save(self, name: str, data: bytes) -> None:
        raise NotImplementedError

    def load(self, name: str) -> bytes | None:
        raise NotImplementedError

    def delete(self, name: str) -> None:
        raise NotImplementedError

    def names(self) -> list[str]:
        raise NotImplementedError

    def set_aside(self, name: str) -> str:
        raise NotImplementedError

    def load_task(self, name: str) -> TaskGen[bytes | None]:
        """Task: ``load`` (here at once; a storage whose disk work is beside the frames,
        ``game.data.handed``, waits for it a frame at a time)."""
        return self.load(name)
        yield

    def set_aside_task(self, name: str) -> TaskGen[str]:
        """Task: ``set_aside`` (as ``load_task``)."""
        return self.set_aside(name)
        yield


class Unavailable(Storage):
    """No place to keep anything: every call says why."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        self.where = f"not saved: {reason}"

    def _fail(self, *_args: object) -> None:
        raise StorageError(f"saving is off: {self.reason}")

    save = load = delete = names = set_aside = _fail  # type: ignore[assignment]


class FolderStorage(Storage):
    """One file per blob in a folder, written and read through ``game.data.files``."""

    suffix = SUFFIX  # a blob's file is NAME + suffix

    def __init__(self, folder: Path, fsync: Callable[[int], None] = os.fsync) -> None:
        """``fsync``: what makes a written file durable (``write_file``'s; a test's may be slow)."""
        self.folder = folder
        self.where = str(folder)
        self.fsync = fsync
        self._sweep()

    def path(self, name: str) -> Path:
        return self.folder / (check_name(name) + self.suffix)

    def save(self, name: str, data: bytes) -> None:
        target = self.path(name)
        data = check_blob(name, data)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StorageError(f"cannot save {name} in {self.folder}: {error.strerror or error}") from None
        try:
            write_file(target, data, replace_any=True, fsync=self.fsync)  # the name is ours: whatever stands there goes
        except InputError as error:
            raise StorageError(f"cannot save {name}: {error}") from None

    def load(self, name: str) -> bytes | None:
        path = self.path(name)
        try:
            return read_file(path, MAX_BYTES)
        except MissingFile:
            return None
        except RefusedFile as error:
            raise DamagedBlob(str(error)) from None
        except InputError as error:  # the system refuses (a permission): not the blob's fault
            raise StorageError(str(error)) from None

    def delete(self, name: str) -> None:
        path = self.path(name)
        try:
            path.unlink(missing_ok=True)
        except OSError as error:
            raise StorageError(f"cannot delete {path}: {error.strerror or error}") from None

    def set_aside(self, name: str) -> str:
        path = self.path(name)
        if not os.path.lexists(path):  # lexists: a link to nothing is set aside too
            return ""
        for n in range(1, 1000):
            bad = path.with_name(path.name + (".bad" if n == 1 else f".{n}.bad"))
            if os.path.lexists(bad):
                continue
            try:
                os.rename(path, bad)
            except OSError as error:
                raise StorageError(f"cannot set {path} aside: {error.strerror or error}") from None
            return str(bad)
        raise StorageError(f"cannot set {path} aside: too many {path.name}.*.bad files")

    def names(self) -> list[str]:
        try:
            files = list(self.folder.glob("*" + self.suffix)) if self.folder.is_dir() else []
        except OSError as error:
            raise StorageError(f"cannot list {self.folder}: {error.strerror or error}") from None
        return sorted(f.name[: -len(self.suffix)] for f in files if NAME.fullmatch(f.name[: -len(self.suffix)]))

    def _sweep(self) -> None:
        """Remove the temporary files a save killed mid-way left (``left_by_a_crash``: regular
        files of our temporary names only, never the player's other files), once a process
        for each folder: later in the process a temporary file there is its own writer's, being
        written beside the frames (``engine.writer``). A save of another copy of the game
        running at that moment would fail once and say so; the next one saves."""
        if self.folder in _SWEPT:
            return
        _SWEPT.add(self.folder)
        litter = left_by_a_crash(self.suffix)
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return  # no folder yet, or none to read: nothing to sweep
        for entry in entries:
            try:
                if litter.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                    os.unlink(entry.path)
            except OSError:
                continue  # it stays: the next opening tries again


_SWEPT: set[Path] = set()  # the folders swept by this process (``FolderStorage._sweep``)


class BrowserStorage(Storage):
    """The page's ``localStorage`` through Pyodide's ``js`` module (base64 values).

    ``local_storage`` is any object with ``getItem``/``setItem``/``removeItem``/``key``/``length``;
    by default ``js.localStorage``. A browser may refuse it (private mode, a full quota, a page
    opened from disk): that is a StorageError, like a missing folder."""

    where = "this browser's local storage"

    def __init__(self, local_storage: object | None = None) -> None:
        self._store = local_storage

    def store(self) -> object:
        if self._store is None:
            try:
                from js import localStorage  # type: ignore[import-not-found]  # Pyodide only

                self._store = localStorage
            except Exception as error:  # ImportError, or the browser's SecurityError
                raise StorageError(f"saving is off: this browser gives no local storage ({_one_line(error)})") from None
        return self._store

    def save(self, name: str, data: bytes) -> None:
        key = KEY_PREFIX + check_name(name)
        value = base64.b64encode(check_blob(name, data)).decode("ascii")
        self._call("save", name, lambda store: store.setItem(key, value))

    def load(self, name: str) -> bytes | None:
        key = KEY_PREFIX + check_name(name)
        value = self._call("read", name, lambda store: store.getItem(key))
        if value is None or _is_js_null(value):
            return None
        try:
            return base64.b64decode(str(value), validate=True)
        except (binascii.Error, ValueError):
            raise StorageError(f"the saved {name} in this browser is damaged (not base64)") from None

    def delete(self, name: str) -> None:
        key = KEY_PREFIX + check_name(name)
        self._call("delete", name, lambda store: store.removeItem(key))

    def set_aside(self, name: str) -> str:
        key = KEY_PREFIX + check_name(name)
        value = self._call("read", name, lambda store: store.getItem(key))
        if value is None or _is_js_null(value):
            return ""
        taken = set(self._call("list", "saved items", lambda store: [str(store.key(i)) for i in range(int(store.length))]))
        bad = next(key + (".bad" if n == 1 else f".{n}.bad") for n in range(1, len(taken) + 2)
                   if key + (".bad" if n == 1 else f".{n}.bad") not in taken)
        self._call("save", name, lambda store: store.setItem(bad, value))
        self._call("delete", name, lambda store: store.removeItem(key))
        return f"{bad} in this browser"

    def names(self) -> list[str]:
        def keys(store) -> list[str]:
            return [str(store.key(i)) for i in range(int(store.length))]

        found = self._call("list", "saved items", keys)
        return sorted(k[len(KEY_PREFIX):] for k in found if k.startswith(KEY_PREFIX) and NAME.fullmatch(k[len(KEY_PREFIX):]))

    def _call(self, verb: str, name: str, operation):
        store = self.store()
        try:
            return operation(store)
        except Exception as error:  # the browser's QuotaExceededError, SecurityError, ...
            raise StorageError(f"cannot {verb} {name} in this browser: {_one_line(error)}") from None


def _is_js_null(value: object) -> bool:
    """JavaScript's null, which Pyodide gives as ``pyodide.ffi.jsnull`` (undefined is None)."""
    try:
        from pyodide.ffi import jsnull  # type: ignore[import-not-found]  # Pyodide only
    except ImportError:
        return False
    return value is jsnull


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0][:120] if text else type(error).__name__
