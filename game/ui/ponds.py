"""A seat's pond: its discards in rows, as the table shows them, kept inside the pond's box.

Rows hold six tiles, and the last row that fits the box runs on while it has room (the player's
pond stretches right, as on a real table). A seat that calls a lot can throw thirty tiles in a
round: a pond too long for that packs its rows closer, each row lying on the one before's
bottom edge (every face stays whole), then its tiles closer, so it never leaves its box. The
riichi tile lies sideways; a tile thrown straight from the draw (tsumogiri) is greyed; a tile
another seat called away stays as a dark ghost (its dark inks lightened, so it still reads); the discard being offered is underlined in
yellow (the box keeps a row of pixels for that line).
"""

from __future__ import annotations

from collections.abc import Sequence

import pyxel

from engine.target import BROWN, DARK_BLUE, DARK_GREY, LIGHT_GREY, PEACH, WHITE, YELLOW
from game.ui import pieces
from game.rules.view import DiscardView

PITCH_X, PITCH_Y = 6, 9  # a tile and a pixel's gap
TIGHT_PITCH_Y = 7  # the next row covers the tile's bottom edge (its last pixel row), not its face
TIGHT_PITCHES_X = (6, 5, 4, 3, 2)  # then the tiles close up: the gap goes, then the right edges
COLUMNS = 6
UNDERLINE = 1  # the offered tile's line, under the tile
# A tile another seat called away: a dark body, and the inks too dark to read on it (the dark
# blue of the numerals and the 8p's dots, the brown of the 1s's feet) turned light.
GHOST = {WHITE: DARK_GREY, DARK_BLUE: LIGHT_GREY, BROWN: PEACH}
TSUMOGIRI = LIGHT_GREY  # the body of a tile thrown straight from the draw


def layout(pond: Sequence[DiscardView], width: int, height: int) -> list[tuple[int, int]]:
    """Each discard's (dx, dy) from the corner of a box ``width`` × ``height``: rows of six,
    the last row running on; packed closer when that does not fit the box.

    >>> d, r = DiscardView(0, False, False, None), DiscardView(0, False, True, None)
    >>> layout([d, r, d], 40, 40)
    [(0, 0), (6, 2), (14, 0)]
    >>> layout([d] * 14, 60, 18)[-2:]  # two rows fit: the second runs on
    [(36, 9), (42, 9)]
    >>> layout([d] * 13, 40, 35)[-1], layout([d] * 19, 40, 35)[-1]  # 19: four rows, 7 px apart
    ((0, 18), (0, 21))
    """
    normal = _rows(pond, width, height, PITCH_X, PITCH_Y, COLUMNS)
    if normal is not None:
        return normal
    for pitch_x in TIGHT_PITCHES_X:
        tight = _rows(pond, width, height, pitch_x, TIGHT_PITCH_Y)
        if tight is not None:
            return tight
    return _rows(pond, width, 10**6, TIGHT_PITCHES_X[-1], TIGHT_PITCH_Y)  # beyond any real round


def _rows(pond: Sequence[DiscardView], width: int, height: int, pitch_x: int, pitch_y: int,
          columns: int | None = None) -> list[tuple[int, int]] | None:
    """Rows ``pitch_y`` apart of ``columns`` tiles (or as many as fit) ``pitch_x`` apart, the
    last row running on while it fits; None when the pond does not fit the box."""
    narrow, tall = pieces.extent("pond")
    rows = (height - UNDERLINE - tall) // pitch_y + 1
    places, dx, row, in_row = [], 0, 0, 0
    for discard in pond:
        w, h = pieces.extent("pond", discard.riichi)
        full = in_row == columns or dx + w > width
        if in_row and full and row < rows - 1:
            dx, row, in_row = 0, row + 1, 0
        if dx + w > width or row >= rows:
            return None
        places.append((dx, row * pitch_y + tall - h))  # a sideways tile sits on the row's bottom
        dx += w + pitch_x - narrow  # the gap after a tile, or its overlap
        in_row += 1
    return places


def draw_pond(box: tuple[int, int, int, int], pond: Sequence[DiscardView], offered: bool) -> None:
    """The pond in its box (x, y, width, height); ``offered``: its last tile is being answered."""
    x, y, width, height = box
    for i, (discard, (dx, dy)) in enumerate(zip(pond, layout(pond, width, height))):
        tx, ty = x + dx, y + dy
        if discard.called_by is not None:
            for colour, ghost in GHOST.items():  # dark, and its dark inks lightened to read on it
                pyxel.pal(colour, ghost)
        elif discard.tsumogiri:
            pyxel.pal(WHITE, TSUMOGIRI)  # only the tile's body changes: the face stays as readable
        pieces.draw(tx, ty, discard.tile, "pond", discard.riichi)
        pyxel.pal()
        if offered and i == len(pond) - 1:
            w, h = pieces.extent("pond", discard.riichi)
            pyxel.rect(tx, ty + h, w, UNDERLINE, YELLOW)
