"""Your games are kept: a whole game played through the table from the title is found in
REPLAYS (newest first, its date, length, your place and score), opens in the viewer on your
seat's review, and replays through our rules to the game's own final scores. A game left from
the pause menu is kept too, up to where it was left."""

from __future__ import annotations

import pyxel
from playing import Fingers, ScriptedPlayer, frame, quick, wired_title
from stepping import press, release_all, step_until
from test_ui_game import SCRIPTED_SEED, start_from_the_title

from engine.buttons import O, pyxel_reader
from game.data import logs
from game.data.settings import Settings
from game.replay.door import replay_file
from game.ui.replays import ReplaysScene
from game.ui.standings import StandingsScene
from game.ui.table import TableScene
from game.ui.title import TitleScene
from game.ui.viewer import ViewerScene

PLACES = ("1ST", "2ND", "3RD", "4TH")


def to_replays(cart) -> ReplaysScene:
    """From the title, down to REPLAYS and in."""
    frame(cart)
    labels = [e.label for e in cart.scene.entries]
    for _ in range(labels.index("REPLAYS") - labels.index(cart.scene.chosen)):  # from CONTINUE, when saved
        press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)
    assert isinstance(cart.scene, ReplaysScene)
    step_until(cart, lambda: cart.scene.listed and all(e.name in cart.scene.lines for e in cart.scene.entries
                                                       if e.ours), limit=300)
    return cart.scene


def open_chosen(cart) -> ViewerScene:
    """O on the chosen log: it is read as thinking, then the viewer opens on it."""
    press(cart, pyxel.KEY_Z)
    step_until(cart, lambda: isinstance(cart.scene, ViewerScene), limit=300)
    return cart.scene


def test_a_whole_game_is_kept_listed_reviewed_and_replayed_to_its_final_scores(pyxel_headless, data_folder):
    cart = start_from_the_title(SCRIPTED_SEED, quick())
    table = cart.scene
    table.settings = Settings(cpu_speed="fast")
    me = table.player
    player, fingers = ScriptedPlayer(), Fingers()
    cart.buttons.read = fingers.read
    try:
        for _ in range(20000):
            if isinstance(cart.scene, StandingsScene):
                break
            fingers.press(player.button(table))
            frame(cart, draw=table.frames % 16 == 0)
        assert isinstance(cart.scene, StandingsScene), "the game did not end"
        game = table.game
        final = {s.seat: s.points for s in game.standings}
        place = [s.seat for s in game.standings].index(me) + 1
        for _ in range(60):  # the standings' guard, then O: back to the title
            fingers.press(O)
            frame(cart)
            if isinstance(cart.scene, TitleScene):
                break
        assert isinstance(cart.scene, TitleScene)
        cart.buttons.read = pyxel_reader()  # the keys again
        release_all()
        replays = to_replays(cart)
        entry = replays.entries[0]  # the newest
        assert entry.ours and entry.path.parent == data_folder / "logs" and entry.path.suffix == ".json"
        words = replays.lines[entry.name].split()
        assert words[2:] == ["ES", f"{len(game.rounds)}R", PLACES[place - 1], str(final[me])]
        report = replay_file(entry.path)
        assert report.ok and len(report.rounds) == len(game.rounds), [r.difference for r in report.rounds]
        assert replay_file(entry.path).rounds[-1].note is None  # the game's own end, with its figures
        viewer = open_chosen(cart)
        assert isinstance(viewer, ViewerScene) and viewer.choosing and viewer.choice == me == viewer.log.player
        press(cart, pyxel.KEY_Z)
        assert viewer.review is not None and viewer.review.seat == me
        for _ in range(len(game.rounds) - 1):
            press(cart, pyxel.KEY_DOWN)
        step_until(cart, lambda: viewer.log.stepped(len(game.rounds) - 1) is not None, limit=600)
        last = viewer.stepped.steps[-1]
        assert last.caption == "RESULT" and viewer.stepped.problem == ""
        pyxel.set_btn(pyxel.KEY_RIGHT, True)
        step_until(cart, lambda: viewer.step == len(viewer.stepped.steps) - 1, limit=2000)
        pyxel.set_btn(pyxel.KEY_RIGHT, False)
        after = list(last.views[0].scores)
        assert viewer.log.game.owari.scores == tuple(final[s] for s in range(4))
        assert sum(after) + 1000 * last.views[0].riichi_sticks == sum(final.values())
        step_until(cart, lambda: viewer.review.done, limit=20000)
        assert viewer.review.decisions and viewer.review.problems == []
    finally:
        cart.close()


def test_a_game_left_from_the_pause_menu_is_kept_up_to_where_it_was_left(make_cart, data_folder):
    cart = make_cart(wired_title(quick()))
    cart.change(TableScene, "LEFTGAME01", Settings(cpu_speed="fast"), False, None, quick())
    frame(cart)
    table = cart.scene
    player, fingers = ScriptedPlayer(), Fingers()
    cart.buttons.read = fingers.read
    while len(table.game.decisions) < 120:
        fingers.press(player.button(table))
        frame(cart, draw=False)
    cart.buttons.read = pyxel_reader()
    release_all()
    press(cart, pyxel.KEY_ESCAPE)  # pause
    press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)  # QUIT TO TITLE
    press(cart, pyxel.KEY_Z)  # yes
    step_until(cart, lambda: isinstance(cart.scene, TitleScene), limit=30)  # the game's log kept as thinking
    [entry] = logs.open_shelf(data_folder).entries()
    assert entry.name.endswith("-leftgame01.json")
    summary = logs.summary_of(entry.name, entry.path.read_bytes())
    assert not summary.finished and summary.line().split()[4] == "LEFT" and summary.seat == table.player
    replays = to_replays(cart)
    assert replays.lines[entry.name] == summary.line()
    viewer = open_chosen(cart)
    assert isinstance(viewer, ViewerScene) and len(viewer.log) == len(table.game.rounds) + 1
    assert not viewer.log.game.rounds[-1].results  # the round it was left in, so far
