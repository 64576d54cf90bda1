"""Practice (HINTS: AFTER CUT): the hint line hides the answer until the player has cut, then
says how the cut stands against the hint's, as the review judges it (the review's verdict and
reason on the same view), through the table as it is played."""

from __future__ import annotations

from playing import Fingers, counting_clock, frame, quick, wired_title
from stepping import screen

import pyxel

from engine.buttons import LEFT, RIGHT, O, X
from engine.target import DARK_BLUE, WIDTH
from engine.tasks import run_to_end
from game.coach.explain import explain
from game.data.settings import CHOICES, PRACTICE, Settings
from game.coach.review import judge
from game.coach.review_text import short_reason
from game.rules.actions import Discard, Pass
from game.ui import debug, hands, hints, prompts
from game.ui.table import HINT_X, INFO_Y, TableScene




def info_row() -> bytes:
    """The hint's place: from HINT_X to the right edge, from a row above the text (a tile sits a
    row up) to the text's last row (the hand's cursor reaches up just below it)."""
    pixels = screen()
    return b"".join(pixels[y * WIDTH + HINT_X:(y + 1) * WIDTH] for y in range(INFO_Y - 1, INFO_Y + 6))


def painted(table: TableScene, paint_it) -> bytes:
    """The info row with only the nameplate and ``paint_it()`` on it."""
    import pyxel

    from game.ui import board

    pyxel.cls(board.FELT)
    board.draw_nameplate(table.view, table.view.seat, 0)
    paint_it()
    return info_row()


def my_turn_with_a_hint(cart, table, fingers, limit: int = 3000) -> None:
    """Play on (passing what is offered, DISCARD on the buttons) to a turn with its hint worked out."""
    for _ in range(limit):
        asking, chooser = table.human.asking, table.chooser
        if (asking is not None and asking.last_discard is None and chooser.asked is asking
                and chooser.focus == "hand" and not chooser.riichi and table.hint.task is None
                and table.hint.key is asking and table.hint.hint is not None
                and isinstance(table.hint.hint.answer, Discard)):
            return
        if asking is not None and chooser.asked is asking and chooser.focus == "bar":
            wanted = (prompts.CHOOSE_DISCARD, Pass())
            want = next((i for i, o in enumerate(chooser.options) if o.choice in wanted), 0)
            fingers.press(O if chooser.chosen == want else RIGHT)
        else:
            fingers.press(None)
        frame(cart, draw=False)
    raise AssertionError("no turn of the player's")


def cut(cart, table, fingers, tile: int) -> None:
    tiles = hands.hand_in_order(table.view.hand, table.view.drawn)
    target = tiles.index(tile)
    while table.human.asking is not None:
        fingers.press(O if table.chooser.cursor == target else (LEFT if table.chooser.cursor > target else RIGHT))
        frame(cart, draw=False)


def practice_table(make_cart, wiring=None) -> tuple:
    """A table with practice hints and quick CPUs, played by scripted fingers."""
    wiring = wiring or quick()
    cart = make_cart(wired_title(wiring), clock=counting_clock())
    cart.change(TableScene, "PRACT1CE01", Settings(hints=PRACTICE, cpu_speed="fast", call_prompts=False), False, None,
                wiring)
    frame(cart)
    fingers = Fingers()
    cart.buttons.read = fingers.read
    return cart, cart.scene, fingers


def test_practice_hides_the_cut_until_the_player_has_cut_then_says_how_the_review_judges_it(make_cart):
    assert PRACTICE in CHOICES["hints"]
    cart, table, fingers = practice_table(make_cart)
    seen = set()
    for _ in range(8):
        my_turn_with_a_hint(cart, table, fingers)
        frame(cart)
        hint, asked = table.hint.hint, table.human.asking
        if table.hint.task is not None or asked is None or table.hint.key is not asked:
            continue  # the hand changed meanwhile: another turn
        shown = info_row()
        if table.hint.verdict_fresh:  # the last cut's verdict stands its frames over this draw
            last = table.hint.verdict
            assert shown == painted(table, lambda: hints.draw_verdict(HINT_X, INFO_Y, last))
        else:
            assert shown == painted(table, lambda: hints.draw_hint(HINT_X, INFO_Y, hint, hide_cut=True))
        assert shown != painted(table, lambda: hints.draw_hint(HINT_X, INFO_Y, hint))  # no answer shown
        legal = [a.tile for a in asked.legal_actions if isinstance(a, Discard)]
        other = [t for t in legal if t // 4 != hint.tile // 4]  # another kind than the hint's
        tile = hint.tile if len(seen) % 2 == 0 or not other else other[len(other) // 2]
        cut(cart, table, fingers, tile)
        for _ in range(5000):  # the verdict is thinking too (a slow machine gathers fewer steps a run)
            if table.hint.verdict is not None:
                break
            frame(cart, draw=False)
        verdict = table.hint.verdict
        judged = judge(asked, run_to_end(explain(asked, Discard(tile), "strong", table.game.match.ruleset)))
        assert (verdict.verdict, verdict.reason) == (judged.cost.verdict, short_reason(judged))  # the review's
        assert verdict.agrees == (tile // 4 == hint.tile // 4)
        seen.add(verdict.agrees)
        if table.hint.hint is not None and not table.hint.hint.waits and table.view.drawn is None:
            frame(cart)
            assert info_row() == painted(table, lambda: hints.draw_verdict(HINT_X, INFO_Y, verdict))
    assert seen == {True, False}  # an agreeing cut and another


def test_holding_x_in_practice_does_not_show_the_players_cut(make_cart):
    """The hold-X view shows every seat's hint; in practice the player's own answer stays
    hidden there too."""
    cart, table, fingers = practice_table(make_cart)
    my_turn_with_a_hint(cart, table, fingers)
    fingers.down = {X}  # X held from now on
    frame(cart)
    seat = table.player
    hint = table.hint.hint
    assert hint.tile is not None and table.hint.key is table.human.asking
    y = debug.SEATS_Y + seat * debug.SEAT_H

    def row() -> bytes:
        pixels = screen()
        return b"".join(pixels[line * WIDTH + debug.HINT_X:(line + 1) * WIDTH] for line in range(y - 1, y + 6))

    shown = row()
    pyxel.cls(DARK_BLUE)
    debug.draw_seat_hint(y, hint, hide_cut=True)
    hidden = row()
    pyxel.cls(DARK_BLUE)
    debug.draw_seat_hint(y, hint)
    assert shown == hidden != row()


def test_a_long_verdict_does_not_hold_up_the_cut(make_cart):
    """The practice verdict is worked out after the cut, beside the game: however many steps
    it takes (a slow machine gathers fewer of the CPU's steps in each), the game takes the cut
    the frame after the press."""
    def slow_verdict(asked, action, ruleset, advice):
        for _ in range(20_000):
            yield
        return None

    cart, table, fingers = practice_table(make_cart, quick(judge_cut=slow_verdict))
    my_turn_with_a_hint(cart, table, fingers)
    decisions = len(table.game.decisions)
    tiles = hands.hand_in_order(table.view.hand, table.view.drawn)
    target = tiles.index(table.hint.hint.tile)
    while table.chooser.cursor != target:
        fingers.press(LEFT if table.chooser.cursor > target else RIGHT)
        frame(cart, draw=False)
    fingers.down, fingers.resting = set(), False
    frame(cart, draw=False)
    fingers.down = {O}
    frame(cart, draw=False)
    assert table.hint.judging is not None  # the verdict is being worked out
    fingers.down = set()
    frame(cart, draw=False)
    assert any(d.seat == table.player for d in table.game.decisions[decisions:])
