"""What lies where at the table (issue 23, finding 13): the thinking dots are one set, on the
edge facing the seat that thinks and over no text of the centre box; the riichi stick keeps
clear of the hint line; the hint's tile clear of the hand's cursor; the notes and warnings
over no pond. Each painter runs alone and the pixels it sets are compared."""

from __future__ import annotations

import pyxel
import pytest
from stepping import painted

from engine.target import BLACK, DARK_GREY, WIDTH, YELLOW
from game.rules.actions import Discard
from game.rules.view import DiscardView, PlayerView
from game.ui import board, hands, hints
from game.ui import table as table_module
from game.coach import hint as coach_hint

SCREEN = 128


def view_for(turn: int, riichi: bool = False, score: int = 25000, discards: int = 0) -> PlayerView:
    pond = tuple(DiscardView((i * 7) % 136, False, False, None) for i in range(discards))
    return PlayerView(
        seat=0, dealer=0, round_wind=1, seat_winds=(0, 1, 2, 3), hand=tuple(range(0, 52, 4)), drawn=None,
        hand_sizes=(13,) * 4, melds=((), (), (), ()), discards=(pond,) * 4, riichi=(riichi,) * 4,
        dora_indicators=(8, 12), scores=(score,) * 4, honba=3, riichi_sticks=12, tiles_left=70, turn=turn,
        awaiting=(), last_discard=None, legal_actions=(), over=False)


def centre_part(view: PlayerView, thinking: bool, frame: int):
    return dict(board.parts(view, round_index=4, thinking=thinking, frame=frame))["centre"]


@pytest.mark.parametrize("place", range(4))
def test_one_set_of_thinking_dots_on_the_edge_facing_the_thinking_seat_over_no_text(pyxel_headless, place):
    view = view_for(turn=place)
    for frame in range(12):  # every dot lit in turn
        pyxel.cls(0)
        centre_part(view, False, frame)()
        quiet = bytes(pyxel.screen.data_ptr())
        pyxel.cls(0)
        centre_part(view, True, frame)()
        busy = bytes(pyxel.screen.data_ptr())
        changed = [i for i in range(len(busy)) if busy[i] != quiet[i]]
        if place == 0:
            assert not changed  # the player's own thinking has no dots
            continue
        assert changed, "no thinking dots"
        covered = {quiet[i] for i in changed}
        assert covered <= {BLACK, DARK_GREY, YELLOW}, f"dots over the box's text: {covered}"
        unlit = [i for i in changed if busy[i] == DARK_GREY]
        assert len(unlit) == 2 * 4  # three dots, one lit: one set of dots
        xs, ys = {i % WIDTH for i in changed}, {i // WIDTH for i in changed}
        x, y, w, h = board.CENTRE_BOX
        near = (ys == {y + h - 2, y + h - 1}, xs == {x + w - 2, x + w - 1}, ys == {y, y + 1}, xs == {x, x + 1})
        assert near[place], (place, xs, ys)  # on the edge that faces the seat


@pytest.mark.parametrize("score", [25000, -1200, 100000])
def test_the_riichi_stick_keeps_clear_of_the_hint_line(pyxel_headless, score):
    view = view_for(turn=0, riichi=True, score=score)
    plate = painted(lambda: board.draw_nameplate(view, 0, 0))
    hint = coach_hint.Hint(2, 0.256, advice=coach_hint.Advice(Discard(8)))
    line = painted(lambda: hints.draw_hint(table_module.HINT_X, table_module.INFO_Y, hint))
    waits = painted(lambda: hints.draw_waits(table_module.HINT_X, table_module.INFO_Y,
                                             coach_hint.Hint(0, 0.1, (3, 6, 9)), view))
    for other in (line, waits):
        gap = min(o % SCREEN for o in other) - max(p % SCREEN for p in plate) - 1
        assert gap >= 2, f"{gap} pixels between the nameplate and the hint"


def test_the_hints_tile_keeps_clear_of_the_raised_cursor(pyxel_headless):
    tiles = list(range(0, 56, 4))
    line = painted(lambda: hints.draw_hint(table_module.HINT_X, table_module.INFO_Y, coach_hint.Hint(2, 0.256, advice=coach_hint.Advice(Discard(8)))))
    for cursor in range(len(tiles)):
        hand = painted(lambda: hands.draw_hand(board.HAND_X, board.HAND_Y, tiles, True, cursor))
        assert not line & hand, cursor


def test_the_notes_and_warnings_lie_over_no_pond(pyxel_headless):
    view = view_for(turn=0, discards=30)
    ponds = set()
    for name, paint in board.parts(view, round_index=4, thinking=False, frame=0):
        if name.startswith("pond"):
            ponds |= painted(paint)
    for lines in (["FURITEN", "NO YAKU"], ["FURITEN", "TSUMO ONLY"], ["UP:BUTTONS"], ["UP:BACK"]):
        shown = painted(lambda: board.draw_notes(lines, 14))
        assert shown and not shown & ponds, lines
        hint = painted(lambda: hints.draw_hint(table_module.HINT_X, table_module.INFO_Y, coach_hint.Hint(2, 0.256, advice=coach_hint.Advice(Discard(8)))))
        assert not shown & hint, lines
