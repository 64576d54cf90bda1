"""Work that grows with the data is done only as thinking: in the scheduler's slices, never in
a scene's ``update()``, ``draw()`` or construction. Each test watches the functions that do
such work (a save's decisions read and played again, a log's tags and rounds read, the files of
the logs folder looked at, a game's log written) and checks that every call came while the
scheduler ran, and that the work was done at all."""

from __future__ import annotations

import shutil

import pyxel
from playing import counting_clock, quick, wired_title
from stepping import press, step, step_until
from test_ui_loading import saved_at_south_4

from engine.tasks import run_to_end
from game.data import logs, save
from game.data.settings import Settings
from game.play.driver import Game, TsumogiriAgent
from game.records import mjlog_read, tenhou6_read
from game.ui.replays import ReplaysScene
from game.ui.table import TableScene
from game.ui.title import CONTINUE, TitleScene
from game.ui.viewer import ViewerScene

from conftest import LOGS, VALIDATION

LONGEST_MJLOG = LOGS / "mjx2022" / "2022060100gm-00a9-0000-34c99cfa.mjlog"  # the longest in tests/data
TENHOU6 = VALIDATION / "2016022509gm-0009-0000-b327da61.json"


class Watch:
    """Which watched functions were called, and whether the scheduler was running then."""

    def __init__(self, monkeypatch, cart, targets: list[tuple[object, str]]) -> None:
        self.thinking = False
        self.calls: list[tuple[str, bool]] = []
        run = cart.scheduler.run

        def watched_run(seconds: float) -> None:
            self.thinking = True
            try:
                run(seconds)
            finally:
                self.thinking = False

        cart.scheduler.run = watched_run
        for owner, name in targets:
            monkeypatch.setattr(owner, name, self.watched(name, getattr(owner, name)))

    def watched(self, name: str, function):
        def call(*args, **kwargs):
            self.calls.append((name, self.thinking))
            return function(*args, **kwargs)
        return call

    def outside_thinking(self) -> set[str]:
        return {name for name, thinking in self.calls if not thinking}

    def called(self) -> set[str]:
        return {name for name, _ in self.calls}


def test_continue_reads_and_plays_the_save_again_only_as_thinking(make_cart, data_folder, monkeypatch):
    saved_at_south_4(data_folder)
    cart = make_cart(wired_title(quick()), clock=counting_clock())
    watch = Watch(monkeypatch, cart, [(save, "decode_action"), (Game, "_answer")])
    step(cart)
    assert cart.scene.chosen == CONTINUE
    press(cart, pyxel.KEY_Z)
    step_until(cart, lambda: isinstance(cart.scene, TableScene) and cart.scene.human.asking is not None, limit=5000)
    assert watch.called() == {"decode_action", "_answer"}
    assert watch.outside_thinking() == set()


def a_log_of_ours(folder) -> None:
    """A short game of ours kept in the logs, as the table keeps one."""
    game = Game([TsumogiriAgent()] * 4, "L0GS0FOVRS")
    task = game.play()
    while len(game.decisions) < 200:
        next(task)
    name, data = run_to_end(logs.game_log_task(game, "L0GS0FOVRS", Settings().as_dict(), 0))
    logs.keep_log(logs.open_shelf(folder), name, data, "L0GS0FOVRS", game.decisions)


def test_the_replays_are_listed_read_and_opened_only_as_thinking(make_cart, data_folder, monkeypatch):
    a_log_of_ours(data_folder)
    for log in (LONGEST_MJLOG, TENHOU6):
        shutil.copy(log, data_folder / "logs")
    cart = make_cart(TitleScene, clock=counting_clock())
    watch = Watch(monkeypatch, cart, [(logs, "_written"), (logs, "_summary"), (mjlog_read, "_read_tag"),
                                      (tenhou6_read, "_complete_round")])
    cart.change(ReplaysScene)
    step(cart)
    replays = cart.scene
    step_until(cart, lambda: replays.listed and replays.lines, limit=300)
    for log in (LONGEST_MJLOG, TENHOU6):
        while replays.entries[replays.choice].name != log.name:
            press(cart, pyxel.KEY_DOWN)
        press(cart, pyxel.KEY_Z)
        step_until(cart, lambda: isinstance(cart.scene, ViewerScene), limit=300)
        press(cart, pyxel.KEY_ESCAPE)  # back to a new list, listed again
        replays = cart.scene
        assert isinstance(replays, ReplaysScene)
        step_until(cart, lambda: replays.listed, limit=300)
    assert watch.called() == {"_written", "_summary", "_read_tag", "_complete_round"}
    assert watch.outside_thinking() == set()


def test_a_long_game_left_from_the_pause_menu_keeps_its_log_only_as_thinking(make_cart, data_folder, monkeypatch):
    saved_at_south_4(data_folder)
    cart = make_cart(wired_title(quick()), clock=counting_clock())
    watch = Watch(monkeypatch, cart, [(logs, "game_log"), (logs, "encode_decision"), (logs, "log_document"),
                                      (save, "encode_decision")])
    step(cart)
    press(cart, pyxel.KEY_Z)  # CONTINUE: the first save encodes every decision, as thinking
    step_until(cart, lambda: isinstance(cart.scene, TableScene) and cart.scene.human.asking is not None, limit=5000)
    step(cart, 5)
    for key in (pyxel.KEY_ESCAPE, pyxel.KEY_DOWN, pyxel.KEY_DOWN, pyxel.KEY_Z, pyxel.KEY_Z):  # QUIT TO TITLE, yes
        press(cart, key)
    step_until(cart, lambda: isinstance(cart.scene, TitleScene), limit=300)
    assert [entry.name.endswith(".json") for entry in logs.open_shelf(data_folder).entries()] == [True]
    assert watch.called() == {"game_log", "encode_decision", "log_document"}
    assert watch.outside_thinking() == set()
