"""Tiles as the table's painters place them: two sizes, upright or sideways.

The painters (ponds, hands, melds, results) ask for a tile at a size ("hand" or "pond") and
whether it lies sideways, and for its extent; the faces themselves are ``game.ui.tiles``'s.
Whether red fives show red is the game's rule, so the scene that draws a game sets
``show_red_fives`` once for all painters (a game without red fives has no red tiles).

    >>> extent("hand"), extent("pond"), extent("pond", sideways=True)
    ((8, 11), (5, 8), (7, 6))

A pond-size face has no margin: its ink reaches the tile's edge, and ink of the background's
colour there is lost (a dark-blue W on a dark-blue screen reads as a V). The tiles are drawn
for the felt; anywhere else (the results, the hold-X view, the replays, the prompt buttons,
the centre box) small tiles stand on a border of felt (``draw_border``,
``draw_row(border=True)``), against which every face reads whole (tests/test_ui_legible.py
measures it on every background).
"""

from __future__ import annotations

from collections.abc import Sequence

import pyxel

from engine.target import DARK_GREEN
from game.ui import tiles

SIZES = {"hand": tiles.HAND, "pond": tiles.POND}
BORDER = DARK_GREEN  # what small tiles stand on off the felt: the felt they are drawn for
ROW_PITCH = 6  # small tiles in a row: a tile and a pixel's gap
_red_fives = [True]


def show_red_fives(shown: bool) -> None:
    """Whether the painters draw the red fives red (the game's ruleset says)."""
    _red_fives[0] = shown


def extent(size: str, sideways: bool = False) -> tuple[int, int]:
    """(width, height) of a tile at ``size``, upright or sideways."""
    return tiles.tile_extent(SIZES[size], 1 if sideways else 0)


def draw(x: int, y: int, tile: int | None, size: str = "pond", sideways: bool = False,
         dim: bool = False) -> None:
    """A tile (None: its back) with its top-left corner at (x, y); ``dim`` darkens it (a tile
    that may not be chosen, a tile thrown straight from the draw)."""
    tiles.draw_tile(x, y, tile, SIZES[size], 1 if sideways else 0, red_fives=_red_fives[0], dim=dim)


def draw_border(x: int, y: int, w: int, h: int) -> None:
    """The border that tiles covering the box (x, y, w, h) stand on: a pixel round it."""
    pyxel.rect(x - 1, y - 1, w + 2, h + 2, BORDER)


def draw_row(x: int, y: int, row: Sequence[int | None], border: bool = False, pitch: int = ROW_PITCH) -> int:
    """Pond-size tiles in a row from (x, y), on a border when ``border``; the row's width."""
    w, h = extent("pond")
    width = (len(row) - 1) * pitch + w if row else 0
    if border and row:
        draw_border(x, y, width, h)
    for i, tile in enumerate(row):
        draw(x + i * pitch, y, tile, "pond")
    return width
