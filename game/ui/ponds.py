"""A seat's pond: its discards in rows, as the table shows them.

Rows hold ``columns`` tiles; ``rows_before_overflow`` rows fill, then the last row runs on
(the player's pond stretches right, as on a real table). The riichi tile lies sideways; a
tile thrown straight from the draw (tsumogiri) is greyed; a tile another seat called away
stays as a dark ghost; the discard being offered is underlined in yellow.
"""

from __future__ import annotations

from collections.abc import Sequence

import pyxel

from engine.target import DARK_GREY, LIGHT_GREY, WHITE, YELLOW
from game.ui import pieces
from game.view import DiscardView

PITCH_X, PITCH_Y = 6, 9
COLUMNS = 6
GHOST = DARK_GREY  # the body of a tile another seat called away
TSUMOGIRI = LIGHT_GREY  # the body of a tile thrown straight from the draw


def positions(pond: Sequence[DiscardView], columns: int = COLUMNS, rows: int = 99) -> list[tuple[int, int]]:
    """Each discard's (dx, dy) from the pond's corner; a sideways tile takes more room.

    >>> d = DiscardView(0, False, False, None)
    >>> r = DiscardView(0, False, True, None)
    >>> positions([d, r, d])
    [(0, 0), (6, 2), (14, 0)]
    >>> positions([d] * 8, columns=3, rows=2)[-2:]
    [(18, 9), (24, 9)]
    """
    places, dx, row, in_row = [], 0, 0, 0
    for discard in pond:
        if in_row == columns and row < rows - 1:
            dx, row, in_row = 0, row + 1, 0
        w, h = pieces.extent("pond", discard.riichi)
        places.append((dx, row * PITCH_Y + (PITCH_Y - 1 - h if discard.riichi else 0)))
        dx += w + 1
        in_row += 1
    return places


def draw_pond(x: int, y: int, pond: Sequence[DiscardView], offered: bool, rows: int = 99) -> None:
    """The pond with its corner at (x, y); ``offered``: its last tile is being answered."""
    for i, (discard, (dx, dy)) in enumerate(zip(pond, positions(pond, rows=rows))):
        tx, ty = x + dx, y + dy
        body = GHOST if discard.called_by is not None else TSUMOGIRI if discard.tsumogiri else WHITE
        pyxel.pal(WHITE, body)  # only the tile's body changes: the face stays as readable
        pieces.draw(tx, ty, discard.tile, "pond", discard.riichi)
        pyxel.pal()
        if offered and i == len(pond) - 1:
            w, h = pieces.extent("pond", discard.riichi)
            pyxel.rect(tx, ty + h, w, 1, YELLOW)
