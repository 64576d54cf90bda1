"""The smaller moments of issue 49 (finding 7): practice's AFTER CUT verdict stands long enough
to read at FAST speed; the replay's centre box says how the round ended on its RON and RESULT
steps; the tile riichi's pick has raised goes at one click; a Replays entry, like a tile, is
chosen by a click and opened by a second, and a double click does not fall through."""

from __future__ import annotations

import re
from dataclasses import replace
from types import SimpleNamespace as Fake

import pyxel
import pytest
from overlaps import Canvas
from stepping import Blank, step, step_until
from test_ui_overlaps import SETTINGS, StagedTable, table_view
from test_ui_viewer import our_log

from game.coach.hint import Advice, Hint
from game.coach.practice import CutVerdict
from game.data import logs
from game.data.settings import PRACTICE
from game.replay.steps import Step
from game.rules.actions import Discard, Riichi, Ron, Tsumo
from game.ui import board, hands, hints, prompts, review_panel
from game.ui.replays import LINE, LIST_Y, ReplaysScene
from game.ui.viewer import ViewerScene


def labels_of(draw) -> list[str]:
    with pytest.MonkeyPatch.context() as patches:
        canvas = Canvas(patches)
        draw()
    return canvas.labels


def texts(labels: list[str]) -> list[str]:
    return [m.group(2) for label in labels if (m := re.match(r"(?:big )?text (['\"])(.*)\1", label))]


def practice_table(make_cart, legal):
    """The staged table at FAST with the hints AFTER CUT, the player asked its turn (``legal``)."""
    settings = replace(SETTINGS, hints=PRACTICE)
    cart = make_cart(lambda c: StagedTable(c, "OVERLAP001", settings))
    table = cart.scene
    asked = table_view(True, legal=legal)
    table.staged = table_view(True)
    table.human.asking = asked
    table.chooser.start(asked)
    return table, asked


def test_the_after_cut_verdict_stands_over_the_next_draw_for_its_frames(make_cart):
    table, asked = practice_table(make_cart, legal=(Discard(0), Discard(4)))
    assert table.settings.hints == PRACTICE
    keeper = table.hint
    keeper.key, keeper.hint = asked, Hint(1, 0.2, advice=Advice(Discard(4)))
    keeper.verdict, keeper.verdict_age = CutVerdict("differ", Discard(4)), 0
    # the next draw is on the table already (at FAST it comes within a second of the cut)
    assert "HINT CUT" in texts(labels_of(table.draw))
    for _ in range(hints.VERDICT_FRAMES):
        keeper.follow(None, None, table.game.match.ruleset)
    assert "HINT CUT" not in texts(labels_of(table.draw))  # read: the new hand's figures have the row


def test_the_replays_centre_box_says_how_the_round_ended(pyxel_headless):
    over = table_view(True, over=True)
    for action, word in ((Ron(), "RON"), (Tsumo(), "TSUMO"), (None, "DRAW")):
        steps = [Step("DEAL", (over,) * 4), Step("EAST " + word, (over,) * 4, 0, action), Step("RESULT", (over,) * 4)]
        for at in (1, 2):  # the win's step and the RESULT after it
            fake = Fake(stepped=Fake(round_index=0, steps=steps), step=at)
            fake.end_word = lambda fake=fake: ViewerScene.end_word(fake)
            fake.table_parts = lambda: [("<", "back")]
            shown = texts(labels_of(lambda fake=fake: ViewerScene.draw_table(fake, over)))
            assert word in shown, (word, at, shown)


def test_the_tile_riichis_pick_has_raised_goes_at_one_click(make_cart):
    legal = (Discard(0), Discard(4), Riichi(4))
    table, asked = practice_table(make_cart, legal=legal)
    chooser = table.chooser
    riichi = next(i for i, o in enumerate(chooser.options) if o.choice == prompts.CHOOSE_RIICHI)
    chooser.click_bar(riichi)
    assert chooser.riichi and chooser.focus == "hand"
    tiles = hands.hand_in_order(asked.hand, asked.drawn)
    assert tiles[chooser.cursor] == 4  # raised for the pick
    x, y, w, h = hands.tile_box(board.HAND_X, board.HAND_Y, chooser.cursor, len(tiles), True, True)
    answered = []
    table.human.answer = answered.append
    assert chooser.click((x + w // 2, y + h // 2), asked)
    assert answered == [Riichi(4)]


def click(cart, at: tuple[int, int]) -> None:
    pyxel.set_mouse_pos(*at)
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, True)
    step(cart)
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, False)
    step(cart)


def keep_logs(data_folder, count: int) -> None:
    """``count`` logs of ours in the data folder's logs, as the table keeps them."""
    from engine.tasks import run_to_end
    from game.play.driver import Game, TsumogiriAgent

    game = Game([TsumogiriAgent()] * 4, seed="WATCH00001")
    task = game.play()
    while len(game.decisions) < 20:
        next(task)
    name, data = run_to_end(logs.game_log_task(game, "WATCH00001", {}, 0))
    folder = data_folder / "logs"
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(count):
        (folder / (name.replace("watch", f"watch{n}") + ".json")).write_bytes(data)


def test_a_replays_entry_opens_at_the_second_click_not_the_first(make_cart, data_folder):
    keep_logs(data_folder, 3)
    cart = make_cart(ReplaysScene)
    scene = cart.scene
    step_until(cart, lambda: scene.listed and len(scene.entries) == 3, limit=300)
    row = (64, LIST_Y + 1)
    click(cart, row)
    assert scene.opening is None and scene.choice == 0  # chosen, not opened
    click(cart, (row[0], row[1] + LINE))
    assert scene.opening is None and scene.choice == 1  # another chosen
    click(cart, (row[0], row[1] + LINE))
    step_until(cart, lambda: isinstance(cart.scene, ViewerScene), limit=300)  # the second click on it opens it


def test_a_double_click_into_the_viewer_does_not_choose_a_seat(make_cart):
    log = our_log(seat=1)
    cart = make_cart(Blank)
    step(cart)
    x, y, w, h = review_panel.chooser_row_box(2)
    click(cart, (x + w // 2, y + h // 2))  # the list's click that opened the log
    cart.change(ViewerScene, log)
    step(cart)
    viewer = cart.scene
    assert isinstance(viewer, ViewerScene)
    click(cart, (x + w // 2, y + h // 2))  # the double click's second half: lands on the chooser
    assert viewer.choosing  # nothing chosen by it
    step(cart, 10)
    click(cart, (x + w // 2, y + h // 2))  # a click of its own, after a rest, chooses
    assert not viewer.choosing and viewer.choice == 2
