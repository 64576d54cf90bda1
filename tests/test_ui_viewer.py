"""The replay viewer: the title's REPLAYS lists the logs in the data folder's logs/, a log
that is not one gets one line (and stays), and the viewer steps through a real Tenhou game
round by round and action by action with every hand face up, as the log has it."""

from __future__ import annotations

import shutil

import pyxel
import pytest
from conftest import LOGS, VALIDATION
from stepping import press, step, step_until

from engine.target import LIGHT_GREY, PINK, WHITE, WIDTH
from game.records import Call, Discard, Draw, read_log
from game.ui import paint
from game.ui.replays import LINE, LIST_Y, MESSAGE_Y, ReplaysScene, empty_lines, message_rows
from game.ui.title import TitleScene
from game.ui.viewer import ViewerScene
from game.replay.steps import ReplayLog
from game.rules.actions import AddedKan, Chi, ClosedKan, OpenKan, Pon, Riichi
from game.rules.actions import Discard as Discard_

GAME = LOGS / "dnovikoff" / "bug1.xml"  # a whole game of Tenhou's: 11 rounds
VALIDATION_XML = VALIDATION / "2016022509gm-0009-0000-b327da61.xml"
TENHOU6 = VALIDATION / "2016022509gm-0009-0000-b327da61.json"


def logs_folder(data_folder):
    folder = data_folder / "logs"
    folder.mkdir(parents=True)
    return folder


@pytest.mark.parametrize("path", [GAME, LOGS / "dnovikoff" / "bug3.xml", VALIDATION_XML])
def test_every_round_steps_through_the_logs_own_tiles_to_its_scores(path):
    """Tenhou's own record is the truth: each round's deal, each hand after each discard and
    the scores at its end (the next round's starting scores) are the log's."""
    game = read_log(path)
    log = ReplayLog.read(path)
    for index, round_log in enumerate(game.rounds):
        stepped = log.round(index)
        assert not stepped.problem, (stepped.label, stepped.problem)
        dealt = [sorted(stepped.steps[0].views[s].hand) for s in range(4)]
        dealer = round_log.init.dealer
        expected = [sorted(h) for h in round_log.init.hands]
        first_draw = next(e for e in round_log.events if isinstance(e, Draw))
        expected[dealer] = sorted(expected[dealer] + [first_draw.tile])
        assert dealt == expected
        discards = [e for e in round_log.events if isinstance(e, Discard)]
        shown = [s for s in stepped.steps if isinstance(s.action, (Discard_, Riichi))]
        assert len(shown) == len(discards)
        for step_, discard in zip(shown, discards):
            view = step_.views[discard.seat]  # the seat's own view: its hand face up
            assert view.discards[discard.seat][-1].tile == discard.tile
            assert discard.tile not in view.hand
        calls = [e for e in round_log.events if isinstance(e, Call)]
        assert len([s for s in stepped.steps if isinstance(s.action, (Chi, Pon, OpenKan, ClosedKan, AddedKan))]) == len(calls)
        end = stepped.steps[-1].views[0]
        assert end.over and stepped.steps[-1].caption == "RESULT"
        if index + 1 < len(game.rounds):
            assert tuple(end.scores) == game.rounds[index + 1].init.scores


def test_the_json_of_the_same_game_shows_the_same_steps():
    xml, json_ = ReplayLog.read(VALIDATION_XML), ReplayLog.read(TENHOU6)
    assert len(xml) == len(json_)
    for index in (0, len(xml) - 1):
        a, b = xml.round(index), json_.round(index)
        assert [s.caption for s in a.steps] == [s.caption for s in b.steps]
        kinds = lambda step_: [sorted(t // 4 for t in v.hand) for v in step_.views]  # noqa: E731
        assert kinds(a.steps[-1]) == kinds(b.steps[-1])  # the JSON names kinds, not Tenhou's tile ids


def test_replays_from_the_title_and_through_the_viewer(make_cart, data_folder):
    folder = logs_folder(data_folder)
    shutil.copy(GAME, folder)
    cart = make_cart(TitleScene)
    step(cart)
    labels = [e.label for e in cart.scene.entries]
    for _ in range(labels.index("REPLAYS")):
        press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)
    assert isinstance(cart.scene, ReplaysScene)
    step_until(cart, lambda: cart.scene.listed, limit=30)  # the folder is listed as thinking
    assert [e.path for e in cart.scene.entries] == [folder / GAME.name]
    press(cart, pyxel.KEY_Z)
    step_until(cart, lambda: isinstance(cart.scene, ViewerScene), limit=300)  # the log is read as thinking
    viewer = cart.scene
    assert isinstance(viewer, ViewerScene) and viewer.choosing and viewer.choice == 0
    for _ in range(4):  # the last line: no review, only watch
        press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)
    assert not viewer.choosing and viewer.review is None
    step_until(cart, lambda: viewer.log.stepped(0) is not None, limit=600)  # stepped through as thinking
    assert (viewer.round_index, viewer.step) == (0, 0)
    for _ in range(5):
        press(cart, pyxel.KEY_RIGHT)
    assert viewer.step == 5
    press(cart, pyxel.KEY_LEFT)
    assert viewer.step == 4
    press(cart, pyxel.KEY_DOWN)
    step_until(cart, lambda: viewer.log.stepped(1) is not None, limit=600)
    assert (viewer.round_index, viewer.step) == (1, 0)
    pyxel.set_btn(pyxel.KEY_X, True)  # hold B: each seat's analysis at this step
    try:
        step_until(cart, lambda: viewer.hints is not None, limit=600)
    finally:
        pyxel.set_btn(pyxel.KEY_X, False)
    assert len(viewer.hints) == 4 and all(h.shanten >= -1 for h in viewer.hints)
    press(cart, pyxel.KEY_ESCAPE)
    assert isinstance(cart.scene, ReplaysScene)


def test_a_file_that_is_not_a_log_gets_one_line_and_stays(make_cart, data_folder):
    folder = logs_folder(data_folder)
    broken = folder / "broken.json"
    broken.write_text('{"log": [')
    garbage = folder / "garbage.xml"
    garbage.write_bytes(bytes(range(256)))
    figures = folder / "figures.json"  # a long message: two lines
    figures.write_text(TENHOU6.read_text(encoding="utf-8").replace('"sc":[', '"sc":[1,'), encoding="utf-8")
    cart = make_cart(ReplaysScene)
    step_until(cart, lambda: cart.scene.listed, limit=30)
    for path in (broken, garbage, figures):
        while cart.scene.entries[cart.scene.choice].path != path:
            press(cart, pyxel.KEY_DOWN)
        press(cart, pyxel.KEY_Z)
        step_until(cart, lambda: cart.scene.opening is None, limit=300)
        step(cart)  # drawn
        assert isinstance(cart.scene, ReplaysScene)
        message = cart.scene.message
        assert message.startswith("NOT A LOG: ") and "\n" not in message
        rows = message_rows(message)
        assert 1 <= len(rows) <= 2 and all(len(row) <= 31 for row in rows)
        assert " ".join(rows) == message or rows[-1].endswith("...")  # wrapped, the rest cut with ...
        shown = pyxel_screen_rows(0, 128)
        pyxel.cls(0)
        for row, text in enumerate(rows):
            paint.text(2, MESSAGE_Y + row * 7, text, PINK)
        alone = pyxel_screen_rows(0, 128)
        inked = [i for i, p in enumerate(alone) if p == PINK]
        assert inked and all(shown[i] == PINK for i in inked)  # every row of it on screen
        assert {i % WIDTH for i in inked} <= set(range(2, 126))  # within the screen's width
        if path == figures:
            assert len(rows) == 2
    assert broken.read_text() == '{"log": [' and garbage.read_bytes() == bytes(range(256))


def pyxel_screen_rows(y0: int, y1: int) -> bytes:
    from stepping import screen

    return screen()[y0 * WIDTH : y1 * WIDTH]


def test_with_no_logs_replays_says_so_and_shows_where_the_logs_folder_is(make_cart, data_folder):
    """REPLAYS is on the title even before the data folder exists; its empty list names the folder."""
    assert not data_folder.exists()
    cart = make_cart(TitleScene)
    step(cart)
    labels = [e.label for e in cart.scene.entries]
    for _ in range(labels.index("REPLAYS")):
        press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)
    replays = cart.scene
    step_until(cart, lambda: replays.listed, limit=30)
    assert isinstance(replays, ReplaysScene) and replays.entries == []
    step(cart)
    lines = empty_lines(str(data_folder / "logs"))
    assert lines[0].startswith("NO LOGS YET") and "".join(lines[2:]) == str(data_folder / "logs")
    shown = pyxel_screen_rows(0, 128)
    for row, text in enumerate(lines):
        y = LIST_Y + row * LINE
        pyxel.cls(0)
        paint.text(2, y, text, 7)
        alone = pyxel_screen_rows(0, 128)
        inked = [i for i in range(y * WIDTH, (y + 6) * WIDTH) if alone[i] == 7]
        assert inked and all(shown[i] in (WHITE, LIGHT_GREY) for i in inked), text
    press(cart, pyxel.KEY_Z)
    assert isinstance(cart.scene, TitleScene)


def our_log(seat: int, decisions: int = 40) -> ReplayLog:
    """A log of ours (its first round, ``decisions`` answers in) whose player sat at ``seat``."""
    from engine.tasks import run_to_end
    from game.data import logs
    from game.play.driver import Game, TsumogiriAgent, player_seat

    code = next(c for c in (f"WATCH{n:05d}" for n in range(400)) if player_seat(c) == seat)
    game = Game([TsumogiriAgent()] * 4, seed=code)
    task = game.play()
    while len(game.decisions) < decisions:
        next(task)
    name, data = run_to_end(logs.game_log_task(game, code, {}, seat))
    return ReplayLog.parse(data, name)


def test_only_watching_a_game_of_ours_the_table_is_the_players_chair(make_cart):
    """Issue 41, item 5: NO ONE: ONLY WATCH on a game of ours whose player sat North (seat
    3): the table is seen from the player's chair, the player's wind at the bottom, and the
    list calls that seat YOU, no other."""
    from test_ui_table import letter_on_screen

    from game.ui import board

    log = our_log(seat=3)
    assert log.player == 3
    cart = make_cart(lambda c: ViewerScene(c, log))
    step(cart, 2)
    viewer = cart.scene
    while viewer.choice != 4:  # the last line: no review, only watch
        press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)
    step_until(cart, lambda: viewer.log.stepped(0) is not None, limit=600)
    assert viewer.review is None and viewer.seat == 3
    press(cart, pyxel.KEY_Z)  # the table
    step(cart)
    x, y = board.NAMEPLATES[0]
    wind = "ESWN"[viewer.views[3].seat_winds[3]]
    assert letter_on_screen(x + 1, y) == wind == "N"
