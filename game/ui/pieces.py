"""Tiles as the table's painters place them: two sizes, upright or sideways.

The painters (ponds, hands, melds, results) ask for a tile at a size ("hand" or "pond") and
whether it lies sideways, and for its extent; the faces themselves are ``game.ui.tiles``'s.
Whether red fives show red is the game's rule, so the scene that draws a game sets
``show_red_fives`` once for all painters (a game without red fives has no red tiles).

    >>> extent("hand"), extent("pond"), extent("pond", sideways=True)
    ((8, 11), (5, 8), (7, 6))
"""

from __future__ import annotations

from game.ui import tiles

SIZES = {"hand": tiles.HAND, "pond": tiles.POND}
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
