"""Our games kept as logs (game/data/logs.py): tenhou.net/6 JSON with our extras, in the data
folder's logs/ or the browser's storage, newest first, and a continued game's log in the place
of the one it continues."""

from __future__ import annotations

import json
import time

import pytest
from conftest import VALIDATION

from engine.tasks import run_to_end
from game.data import logs
from game.data.settings import Settings
from game.data.storage import MAX_BYTES, BrowserStorage, StorageError
from game.play.driver import Game, TsumogiriAgent
from game.records import parse_log
from game.replay.door import replay_game
from game.rules.errors import InputError

SEED = "PICORIICHI"


class FakeLocalStorage:
    """The page's localStorage as Pyodide shows it: getItem, setItem, removeItem, key, length."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key):  # noqa: N802 (the browser's names)
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = str(value)

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)

    def key(self, index):
        return sorted(self.items)[index]

    @property
    def length(self):
        return len(self.items)


def played(decisions: int | None = None) -> Game:
    """A game of four tsumogiri seats: to its end, or stopped after ``decisions`` answers."""
    game = Game([TsumogiriAgent()] * 4, SEED, Settings().ruleset())
    task = game.play()
    if decisions is None:
        run_to_end(task)
    else:
        while len(game.decisions) < decisions:
            next(task)
    return game


def kept(game: Game, shelf: logs.Shelf, when: time.struct_time, monkeypatch) -> str:
    monkeypatch.setattr(logs.time, "localtime", lambda *args: when)
    name, data = run_to_end(logs.game_log_task(game, SEED, Settings().as_dict(), 2))
    logs.keep_log(shelf, name, data, SEED, game.decisions)
    return name


def at(hour: int, minute: int = 0) -> time.struct_time:
    return time.struct_time((2026, 1, 15, hour, minute, 0, 3, 15, 0))


def test_a_finished_game_is_kept_as_tenhou6_json_that_replays_to_its_final_scores(tmp_path, monkeypatch):
    game = played()
    shelf = logs.open_shelf(tmp_path)
    name = kept(game, shelf, at(12, 34), monkeypatch)
    assert name == "20260115-123400-picoriichi"
    path = tmp_path / "logs" / (name + ".json")
    document = json.loads(path.read_text(encoding="utf-8"))
    extras = document[logs.EXTRAS]
    assert extras["seed"] == SEED and extras["seat"] == 2 and extras["finished"] is True
    assert extras["settings"] == Settings().as_dict() and extras["decisions"] == len(game.decisions)
    log = parse_log(path.read_bytes(), path)
    reports = replay_game(log)
    assert reports and all(r.ok for r in reports), [r.difference for r in reports if not r.ok]
    by_seat = {s.seat: s.points for s in game.standings}
    assert log.owari.scores == tuple(by_seat[s] for s in range(4))
    [entry] = shelf.entries()
    summary = logs.summary_of(entry.name, shelf.read(entry))
    place = 1 + [s.seat for s in game.standings].index(2)
    assert summary.line() == f"01-15 12:34 ES {len(game.rounds)}R {('1ST', '2ND', '3RD', '4TH')[place - 1]} {by_seat[2]}"


def test_a_game_left_mid_round_keeps_that_round_so_far_and_its_continuation_replaces_it(tmp_path, monkeypatch):
    shelf = logs.open_shelf(tmp_path)
    left = played(decisions=150)
    first = kept(left, shelf, at(10), monkeypatch)
    document = json.loads(shelf.read(shelf.entries()[0]))
    assert document[logs.EXTRAS]["finished"] is False
    log = parse_log(shelf.read(shelf.entries()[0]), first + ".json")
    assert len(log.rounds) == len(left.rounds) + 1 and not log.rounds[-1].results  # the round in play
    assert logs.summary_of(first, shelf.read(shelf.entries()[0])).line().split()[4] == "LEFT"
    other = Game([TsumogiriAgent()] * 4, "ABCDEFGH", Settings().ruleset())  # another game: kept beside
    task = other.play()
    while len(other.decisions) < 40:
        next(task)
    monkeypatch.setattr(logs.time, "localtime", lambda *args: at(11))
    name, data = run_to_end(logs.game_log_task(other, "ABCDEFGH", {}, 0))
    logs.keep_log(shelf, name, data, "ABCDEFGH", other.decisions)
    finished = played()  # the same seed and answers: the game continued from its save
    last = kept(finished, shelf, at(12), monkeypatch)
    assert [e.name for e in shelf.entries()] == [last + ".json", name + ".json"]  # newest first, first gone


def test_another_game_of_the_same_seed_keeps_the_older_log(tmp_path, monkeypatch):
    """The same seed played again with other answers is another game: both logs stay."""
    from game.cpu import CpuAgent

    shelf = logs.open_shelf(tmp_path)
    first = kept(played(decisions=150), shelf, at(10), monkeypatch)
    again = Game([CpuAgent("weak")] * 4, SEED, Settings().ruleset())
    task = again.play()
    while len(again.decisions) < 200:
        next(task)
    second = kept(again, shelf, at(11), monkeypatch)
    assert [e.name for e in shelf.entries()] == [second + ".json", first + ".json"]


def test_the_folder_lists_tenhou_logs_beside_ours_newest_first(tmp_path, monkeypatch):
    shelf = logs.open_shelf(tmp_path)
    kept(played(decisions=60), shelf, at(9), monkeypatch)
    (tmp_path / "logs" / "2016022509gm-0009-0000-b327da61.json").write_bytes(
        (VALIDATION / "2016022509gm-0009-0000-b327da61.json").read_bytes())
    (tmp_path / "logs" / "notes.txt").write_text("not a log")
    names = [e.name for e in shelf.entries()]
    assert names == ["20260115-090000-picoriichi.json", "2016022509gm-0009-0000-b327da61.json"]
    tenhou = shelf.entries()[1]
    assert not tenhou.ours and logs.summary_of(tenhou.name, shelf.read(tenhou)) is None
    assert shelf.where == str(tmp_path / "logs")


def test_in_a_browser_the_logs_are_blobs_of_its_storage(monkeypatch):
    page = FakeLocalStorage()
    shelf = logs.BrowserShelf(BrowserStorage(page))
    name = kept(played(decisions=60), shelf, at(8), monkeypatch)
    assert shelf.where == "this browser's storage"
    assert [e.name for e in shelf.entries()] == [name] and f"pico-riichi/{name}" in page.items
    document = json.loads(shelf.read(shelf.entries()[0]))
    assert document[logs.EXTRAS]["decisions"] == 60


def test_a_log_over_the_storage_size_rule_is_refused_in_one_line(tmp_path):
    shelf = logs.open_shelf(tmp_path)
    with pytest.raises(StorageError) as refused:
        logs.keep_log(shelf, "20260115-090000-picoriichi", b"x" * (MAX_BYTES + 1), SEED, ())
    assert "\n" not in str(refused.value) and not (tmp_path / "logs").exists()


@pytest.mark.parametrize("data", [b"", b"{", b'{"picoriichi": {"version": 1, "seat": 9}, "log": [[]]}',
                                  b'{"picoriichi": {"version": 1, "seat": 0}, "log": []}', bytes(range(256))])
def test_a_damaged_log_has_no_summary_and_no_error(data):
    assert logs.summary_of("20260115-090000-picoriichi", data) is None


def test_a_giant_named_like_ours_is_listed_by_name_and_not_read_whole(tmp_path):
    """The list reads a game of ours for its line within the storage's size rule only."""
    folder = tmp_path / "logs"
    folder.mkdir()
    giant = folder / "20260115-090000-picoriichi.json"
    giant.write_bytes(b"{" + b" " * (MAX_BYTES + 10) + b"}")
    shelf = logs.open_shelf(tmp_path)
    [entry] = shelf.entries()
    with pytest.raises(InputError):
        shelf.read(entry, MAX_BYTES)


def test_a_log_write_killed_mid_way_leaves_nothing_once_the_logs_are_opened_again(tmp_path):
    """A kill during a log's write leaves ``.NAME.json.XXXXXXXX.part`` beside the logs: the next
    opening of the shelf removes it, and only it (the player's files and our logs stay)."""
    folder = tmp_path / "logs"
    folder.mkdir()
    litter = folder / ".20261125-1200-abcd.json.k3_x9q0z.part"
    kept = [folder / "20261125-1200-abcd.json", folder / "mine.part", folder / ".notes.txt"]
    for path in (litter, *kept):
        path.write_bytes(b"{}")
    logs.open_shelf(tmp_path)
    assert not litter.exists() and all(path.exists() for path in kept)
