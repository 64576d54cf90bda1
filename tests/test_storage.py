"""game/data/storage.py: named blobs in a folder (atomic) or the browser's local storage; one-line errors."""

from __future__ import annotations

import base64
import os
import sys

import pytest

from game.data import storage as storage_module
from game.data.storage import (
    KEY_PREFIX, MAX_BYTES, BrowserStorage, FolderStorage, StorageError, Unavailable, open_storage,
)


class DictStore:
    """localStorage's methods over a dict (Pyodide hands the real one over as a JsProxy)."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, i: int) -> str:
        return list(self.items)[i]

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the browser's names)
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


class FullStore(DictStore):
    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        raise RuntimeError("QuotaExceededError: Failed to execute 'setItem' on 'Storage'\nmore detail")


def one_line(error: pytest.ExceptionInfo) -> str:
    text = str(error.value)
    assert text and "\n" not in text
    return text


@pytest.fixture(params=["folder", "browser"])
def storage(request, tmp_path):
    return FolderStorage(tmp_path / "saves") if request.param == "folder" else BrowserStorage(DictStore())


def test_blobs_round_trip_replace_list_and_delete(storage):
    assert storage.load("game") is None and storage.names() == []
    storage.save("game", b"\x00first")
    storage.save("game", b"\xffsecond")
    storage.save("settings", b"{}")
    assert storage.load("game") == b"\xffsecond"
    assert storage.names() == ["game", "settings"]
    storage.delete("game")
    storage.delete("game")  # absent: nothing to do
    assert storage.load("game") is None and storage.names() == ["settings"]


@pytest.mark.parametrize("name", ["", "../up", "a/b", "UPPER", "x" * 33, "ｇａｍｅ", "save.bin", 7])
def test_names_that_are_not_plain_are_refused(storage, name):
    with pytest.raises(StorageError) as error:
        storage.save(name, b"")
    assert "name" in one_line(error)


def test_blobs_are_bytes_and_small(storage):
    with pytest.raises(StorageError):
        storage.save("game", "text")
    with pytest.raises(StorageError) as error:
        storage.save("game", bytes(MAX_BYTES + 1))
    assert str(MAX_BYTES) in one_line(error)
    storage.save("game", bytes(MAX_BYTES))


def test_a_folder_write_replaces_the_file_whole_and_leaves_no_temporary(tmp_path, monkeypatch):
    storage = FolderStorage(tmp_path)
    storage.save("game", b"old")
    real_replace = os.replace

    def crash(source, target):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage_module.os, "replace", crash)
    with pytest.raises(StorageError) as error:
        storage.save("game", b"new")
    assert "No space left on device" in one_line(error)
    monkeypatch.setattr(storage_module.os, "replace", real_replace)
    assert storage.load("game") == b"old"  # the old blob is whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.bin"]  # the temporary is gone


def test_a_folder_that_cannot_be_made_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    storage = FolderStorage(blocker / "saves")
    with pytest.raises(StorageError) as error:
        storage.save("game", b"x")
    assert "cannot save game" in one_line(error)
    with pytest.raises(StorageError):
        storage.load("game")


def test_the_data_folder_comes_from_the_environment_first(tmp_path):
    chosen = open_storage(tmp_path / "ui", environ={"PICORIICHI_DATA_DIR": str(tmp_path / "env")})
    assert isinstance(chosen, FolderStorage) and chosen.folder == tmp_path / "env"
    assert open_storage(tmp_path / "ui", environ={}).folder == tmp_path / "ui"


def test_no_folder_means_saving_is_off_with_a_reason():
    storage = open_storage(None, environ={})
    assert isinstance(storage, Unavailable) and storage.where.startswith("not saved")
    for call in (lambda: storage.save("game", b""), lambda: storage.load("game"), storage.names):
        with pytest.raises(StorageError) as error:
            call()
        assert one_line(error) == "saving is off: no data folder (set PICORIICHI_DATA_DIR)"


def test_in_a_browser_blobs_go_to_local_storage_in_base64(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    store = DictStore()
    store.setItem("another-app", "theirs")
    storage = open_storage("/ignored", environ={"PICORIICHI_DATA_DIR": "/ignored"})
    assert isinstance(storage, BrowserStorage)
    storage._store = store
    storage.save("game", b"\x00\x01")
    assert store.items[KEY_PREFIX + "game"] == base64.b64encode(b"\x00\x01").decode()
    assert storage.names() == ["game"]  # the other keys of the site are not ours


def test_a_browser_without_local_storage_says_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "js", None)  # import js fails, as outside Pyodide
    with pytest.raises(StorageError) as error:
        BrowserStorage().load("game")
    assert one_line(error).startswith("saving is off: this browser gives no local storage")


def test_a_full_or_damaged_local_storage_is_one_line():
    full = BrowserStorage(FullStore())
    with pytest.raises(StorageError) as error:
        full.save("game", b"x")
    assert one_line(error) == ("cannot save game in this browser: QuotaExceededError: "
                                "Failed to execute 'setItem' on 'Storage'")
    store = DictStore()
    store.setItem(KEY_PREFIX + "game", "%%% not base64")
    with pytest.raises(StorageError) as error:
        BrowserStorage(store).load("game")
    assert "damaged" in one_line(error)
