"""Take back (practice, HINTS: AFTER CUT): after the verdict, one press undoes the player's last
cut and the round stands exactly as before it; the game played on after it is the one saved and
kept in the log, which says it was practice."""

from __future__ import annotations

import json

import pyxel
from playing import frame
from stepping import painted, screen
from test_ui_practice import cut, my_turn_with_a_hint, practice_table

from dataclasses import replace

from engine.buttons import DOWN, POINT, O
from engine.target import BLACK, WHITE, WIDTH
from game.data import logs, save
from game.rules.actions import Discard, Pon
from game.play.driver import Decision
from game.ui import board, paint, pause, take_back
from game.ui.results import ResultsPanel
from game.ui.table import TableScene


def question(table) -> tuple:
    """What the player is asked, as the round stands: its events, the hand, the draw, what may be done."""
    asked = table.human.asking
    return (tuple(table.game.round.events), asked.hand, asked.drawn, asked.legal_actions,
            table.game.round.scores, len(table.game.rounds))


def cut_against_the_hint(cart, table, fingers):
    """On a turn with its hint, cut another kind than the hint's; wait for the verdict. The
    question asked, the decisions before the cut, and the tile cut."""
    my_turn_with_a_hint(cart, table, fingers)
    asked_before, decisions = question(table), tuple(table.game.decisions)
    hint = table.hint.hint
    legal = [a.tile for a in table.human.asking.legal_actions if isinstance(a, Discard)]
    tile = next(t for t in legal if t // 4 != hint.tile // 4)
    cut(cart, table, fingers, tile)
    for _ in range(5000):
        if table.hint.judging is None and table.hint.verdict is not None:
            break
        fingers.press(None)
        frame(cart, draw=False)
    return asked_before, decisions, tile


def note_shown(table) -> bool:
    """The corner shows U:TAKE BACK, white on black, on the line the take-back gives it."""
    shown = screen()
    x, y, w, h = board.note_box(table.take_back.note_line(), take_back.NOTE)
    ink = painted(lambda: paint.text(x + 1, y + 1, take_back.NOTE, WHITE))
    box = {row * WIDTH + col for row in range(y, y + h - 1) for col in range(x, x + w)}
    return all(shown[i] == (WHITE if i in ink else BLACK) for i in box)


def press_key(cart, key: int) -> None:
    pyxel.set_btn(key, True)
    frame(cart)
    pyxel.set_btn(key, False)
    frame(cart)


def taken_back(cart, old, limit: int = 300):
    """Frames until the table played again stands asking the player; the new table."""
    for _ in range(limit):
        scene = cart.scene
        if scene is not old and isinstance(scene, TableScene) and scene.human.asking is not None:
            return scene
        frame(cart, draw=False)
    raise AssertionError("the take-back did not bring the question back")


def test_a_take_back_restores_the_round_exactly_as_before_the_cut(make_cart):
    cart, table, fingers = practice_table(make_cart)
    asked_before, decisions, tile = cut_against_the_hint(cart, table, fingers)
    assert table.take_back.offered
    frame(cart)
    assert note_shown(table)
    press_key(cart, pyxel.KEY_U)
    again = taken_back(cart, table)
    assert question(again) == asked_before  # the same round, the same hand, the same question
    assert tuple(again.game.decisions) == decisions  # played again up to just before the cut
    assert again.saver.take_backs == 1 and not again.take_back.offered
    my_turn_with_a_hint(cart, again, fingers)
    better = again.hint.hint.tile
    cut(cart, again, fingers, better)  # the hint's cut this time: the game goes on from it
    assert again.game.decisions[len(decisions)] == Decision(again.player, Discard(better))
    assert better // 4 != tile // 4


def test_the_save_and_the_log_keep_the_game_played_after_the_take_back_and_say_it_was_practice(make_cart):
    cart, table, fingers = practice_table(make_cart)
    _, decisions, tile = cut_against_the_hint(cart, table, fingers)
    press_key(cart, pyxel.KEY_BACKSPACE)
    again = taken_back(cart, table)
    legal = [a.tile for a in again.human.asking.legal_actions if isinstance(a, Discard)]
    other = next(t for t in legal if t != tile)
    cut(cart, again, fingers, other)
    for _ in range(5):
        frame(cart, draw=False)
    saved = save.read_game(save_storage(cart, again))
    assert saved.take_backs == 1 and saved.decisions[:len(decisions) + 1] == tuple(again.game.decisions)[:len(decisions) + 1]
    assert saved.decisions[len(decisions)].action == Discard(other)
    task = again.leave()  # the pause menu's QUIT: the log kept as the game stands
    for _ in range(200):
        if task.done:
            break
        frame(cart, draw=False)
    kept = [e for e in again.saver.shelf.entries() if e.ours]
    document = json.loads(again.saver.shelf.read(kept[0]))
    assert document[logs.EXTRAS]["practice"] == {"take_backs": 1}
    assert document[logs.EXTRAS]["decisions"] == len(again.game.decisions)


def save_storage(cart, table):
    return table.saver.storage


def test_no_take_back_without_practice_nor_after_a_call(make_cart):
    cart, table, fingers = practice_table(make_cart)
    cut_against_the_hint(cart, table, fingers)
    assert table.take_back.offered
    practice = table.settings
    table.settings = replace(practice, hints="on")
    assert not table.take_back.offered  # the hints on, not practice: no take-back
    table.settings = practice
    table.take_back.answered(Pon((0, 1)))  # a call after the cut: no cut to take back
    assert not table.take_back.offered


def test_the_pause_menu_offers_the_take_back_to_a_gamepad(make_cart):
    cart, table, fingers = practice_table(make_cart)
    asked_before, _, _ = cut_against_the_hint(cart, table, fingers)
    press_key(cart, pyxel.KEY_ESCAPE)
    assert table.menu is not None
    assert table.menu.items == ("RESUME", pause.TAKE_BACK, "SETTINGS", "QUIT TO TITLE")
    for button in (DOWN, None, O, None):
        fingers.down = {button} if button else set()
        frame(cart, draw=False)
    again = taken_back(cart, table)
    assert question(again) == asked_before


def test_a_click_on_the_corner_note_takes_back(make_cart):
    cart, table, fingers = practice_table(make_cart)
    asked_before, _, _ = cut_against_the_hint(cart, table, fingers)
    x, y, w, h = board.note_box(table.take_back.note_line(), take_back.NOTE)
    cart.buttons.where = lambda: (x + w // 2, y + h // 2)
    for button in (POINT, None):
        fingers.down = {button} if button else set()
        frame(cart, draw=False)
    again = taken_back(cart, table)
    assert question(again) == asked_before


def test_the_results_offer_the_take_back_beside_next_and_a_click_on_it_turns_no_page(make_cart):
    from tables import played_out  # a round played to its end
    from game.rules.match import Match

    offer = ["U: TAKE BACK"]
    panel = ResultsPanel(played_out("TESTTABLE1"), player=0, match=Match(), also=lambda: offer[0])
    panel.frames = 100
    (x0, first), (x1, second) = panel.footer()
    assert first.endswith("NEXT") and second == take_back.FOOTER and x1 > x0
    assert x0 >= 0 and x1 + len(second) * 4 - 1 <= WIDTH  # on the screen, beside NEXT
    offer[0] = ""
    assert panel.also_box() is None and len(panel.footer()) == 1


def test_rules_changed_in_the_pause_menu_wait_for_the_next_game_and_the_take_back_plays_this_one(make_cart):
    """PLAYERS and LENGTH changed in the pause menu's SETTINGS are the next game's: the table,
    its saves and a take-back keep the rules the game began with (a three-player take-back of a
    four-player game once failed, and a save written under other rules once ended a continued
    game before its moves)."""
    cart, table, fingers = practice_table(make_cart)
    began = table.settings
    asked_before, _, _ = cut_against_the_hint(cart, table, fingers)
    press_key(cart, pyxel.KEY_ESCAPE)
    assert table.menu is not None
    cart.settings = replace(began, players=3, length="east", cpu_speed="normal")  # as SETTINGS stores them
    press_key(cart, pyxel.KEY_ESCAPE)
    assert table.menu is None
    assert (table.settings.players, table.settings.length) == (began.players, began.length)
    assert table.settings.cpu_speed == "normal"  # a preference holds at once
    assert table.take_back.offered
    press_key(cart, pyxel.KEY_U)
    again = taken_back(cart, table)
    assert question(again) == asked_before and len(again.game.agents) == 4
    assert (again.saver.settings.players, again.saver.settings.length) == (began.players, began.length)
