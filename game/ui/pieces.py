"""Tiles as the table's painters place them: two sizes, upright or sideways.

The painters (ponds, hands, melds, results) ask for a tile at a size and a rotation and for
its extent; this module is the one place that knows how a face is drawn (``game.ui.paint``).

    >>> extent("hand"), extent("pond"), extent("pond", sideways=True)
    ((8, 14), (5, 8), (8, 6))
"""

from __future__ import annotations

import pyxel

from engine.target import LIGHT_GREY, WHITE
from game.tiles import HAKU
from game.ui import paint

EXTENTS = {("hand", False): (8, 14), ("pond", False): (5, 8), ("hand", True): (8, 6), ("pond", True): (8, 6)}


def extent(size: str, sideways: bool = False) -> tuple[int, int]:
    """(width, height) of a tile at ``size`` ("hand" or "pond"), upright or sideways."""
    return EXTENTS[(size, sideways)]


def draw(x: int, y: int, tile: int | None, size: str = "pond", sideways: bool = False,
         dim: bool = False) -> None:
    """A tile (None: its back) with its top-left corner at (x, y).

    ``dim`` greys the face (a tile that may not be chosen, a tile thrown straight from the draw).
    """
    if dim:
        pyxel.pal(WHITE, LIGHT_GREY)
    if sideways:
        _sideways(x, y, tile)
    elif tile is None:
        paint.draw_back(x, y, small=size == "pond")
    elif size == "hand":
        paint.draw_tile(x, y, tile)
    else:
        paint.draw_small_tile(x, y, tile)
    if dim:
        pyxel.pal()  # the colour mapping only: the palette's colours stay PICO-8's


def _sideways(x: int, y: int, tile: int | None) -> None:
    """A tile lying on its side (8×6): the face's glyph upright in the middle, so it reads."""
    w, h = EXTENTS[("pond", True)]
    if tile is None:
        paint.draw_back(x, y, small=True)
        return
    pyxel.rect(x, y, w, h - 1, WHITE)
    pyxel.rect(x, y + h - 1, w, 1, LIGHT_GREY)
    top, _, colour = paint.tile_face(tile)
    if tile // 4 == HAKU:
        pyxel.rectb(x + 2, y + 1, 4, 4, paint.BLUE)
        return
    paint.glyph(x + 3, y, top, colour, paint.is_red(tile))
