"""Long ponds at the table: thirty discards for every seat stay inside their boxes, readable,
and overlap nothing else on screen, and every meld stays whole on screen (checked through the
screen buffer)."""

from __future__ import annotations

import pytest
from stepping import painted

from game.rules.melds import Meld
from game.ui import board, hands, melds, paint, pieces, ponds
from game.ui import table as table_module
from game.rules.view import DiscardView, PlayerView

LONG_POND = 30
SCREEN = 128


def long_pond(seat: int, riichi_at: int | None) -> tuple[DiscardView, ...]:
    """Thirty discards: some from the draw, one called away, the riichi tile sideways."""
    return tuple(DiscardView((seat * 31 + i * 7) % 136, i % 3 == 0, i == riichi_at, (seat + 1) % 4 if i == 9 else None)
                 for i in range(LONG_POND))


def pons(seat: int, count: int) -> tuple[Meld, ...]:
    """``count`` pons for the seat, each called from the next seat."""
    base = 36 * (seat % 3)
    return tuple(Meld("pon", (base + 4 * k, base + 4 * k + 1, base + 4 * k + 2), called=base + 4 * k + 2,
                      from_seat=(seat + 1) % 4) for k in range(count))


def long_view(melds_each: int, chair: int) -> PlayerView:
    hand = tuple(range(100, 100 + 4 * (13 - 3 * melds_each), 4))
    return PlayerView(
        seat=chair, dealer=0, round_wind=0, seat_winds=tuple((s - 0) % 4 for s in range(4)), hand=hand,
        drawn=None, hand_sizes=(len(hand),) * 4, melds=tuple(pons(s, melds_each) for s in range(4)),
        discards=tuple(long_pond(s, 5 if s % 2 == 0 else None) for s in range(4)),
        riichi=(True, False, True, False), dora_indicators=(8, 12), scores=(25000, -1200, 32000, 100000),
        honba=3, riichi_sticks=2, tiles_left=0, turn=1, awaiting=(2,), last_discard=(1, 55),
        legal_actions=(), over=False)


@pytest.mark.parametrize("melds_each, chair", [(2, 0), (4, 3)])
def test_thirty_discards_for_every_seat_overlap_nothing_on_the_table(pyxel_headless, melds_each, chair):
    view = long_view(melds_each, chair)
    parts = board.parts(view, round_index=4, thinking=True, frame=7)
    parts.append(("hand", lambda: hands.draw_hand(board.HAND_X, board.HAND_Y, hands.hand_in_order(view.hand, None),
                                                  False)))
    parts.append(("info line", lambda: paint.text(table_module.HINT_X, table_module.INFO_Y, "DEMO: ANY BUTTON", 6)))
    masks = {name: painted(draw) for name, draw in parts}
    for place in range(4):
        x, y, w, h = board.POND_BOXES[place]
        pond = masks[f"pond {place}"]
        assert len(pond) > LONG_POND * 20  # every tile painted (a pond tile shows 40 pixels, less the gaps)
        outside = [(i % SCREEN, i // SCREEN) for i in pond if not (x <= i % SCREEN < x + w and y <= i // SCREEN < y + h)]
        assert not outside, (place, outside[:5])
        assert 0 <= x and x + w <= SCREEN and 0 <= y and y + h <= SCREEN
    for seat in range(4):  # every meld on screen, whole
        place = (seat - chair) % 4
        whole = sum(len(painted(lambda meld=meld: melds.draw_meld(0, 0, meld, seat))) for meld in view.melds[seat])
        assert len(masks[f"melds {place}"]) == whole, place
    names = list(masks)
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            shared = masks[first] & masks[second]
            assert not shared, (first, second, sorted((p % SCREEN, p // SCREEN) for p in shared)[:5])


@pytest.mark.parametrize("place", range(4))
def test_a_long_pond_keeps_every_face_whole(place):
    """Packed closer, a tile may lie over the one before only on its bottom edge (the last
    pixel row, below the face) and never on its face."""
    _, _, w, h = board.POND_BOXES[place]
    for riichi_at in (None, 0, 17, 29):
        pond = long_pond(place, riichi_at)
        rects = []
        for discard, (dx, dy) in zip(pond, ponds.layout(pond, w, h)):
            tw, th = pieces.extent("pond", discard.riichi)
            rects.append((dx, dy, tw, th))
            assert dx >= 0 and dy >= 0 and dx + tw <= w and dy + th + ponds.UNDERLINE <= h
        for i, (x1, y1, w1, h1) in enumerate(rects):
            face = (x1, y1, w1, h1 - 1)  # all but the bottom edge
            for x2, y2, w2, h2 in rects[i + 1:]:
                assert not (x2 < face[0] + face[2] and face[0] < x2 + w2 and y2 < face[1] + face[3] and face[1] < y2 + h2), \
                    (place, riichi_at, i)


def test_a_short_pond_keeps_the_tables_rows_of_six():
    pond = long_pond(0, None)[:12]
    assert [dy for _, dy in ponds.layout(pond, 43, 30)] == [0] * 6 + [ponds.PITCH_Y] * 6
