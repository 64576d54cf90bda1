"""Hands: the player's along the bottom (the draw set apart, the cursor raised), and small
rows of tiles for hands shown face up (results, the hold-X view)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

import pyxel

from engine.target import YELLOW
from game.ui import pieces

HAND_PITCH, DRAWN_GAP = 8, 4
RAISE = 3  # the tile under the cursor stands this much higher
SMALL_PITCH = 6


def hand_in_order(hand: Sequence[int], drawn: int | None) -> list[int]:
    """A hand as shown: sorted, the draw (if any) set apart at the end.

    >>> hand_in_order((1, 5, 9), 5)
    [1, 9, 5]
    """
    tiles = sorted(hand)
    if drawn is not None:
        tiles.remove(drawn)
        tiles.append(drawn)
    return tiles


def tile_x(x: int, i: int, count: int, drawn_apart: bool) -> int:
    return x + i * HAND_PITCH + (DRAWN_GAP if drawn_apart and i == count - 1 else 0)


def draw_hand(x: int, y: int, tiles: Sequence[int], drawn_apart: bool, cursor: int | None = None,
              selectable: Collection[int] | None = None) -> None:
    """The player's hand at hand size; tiles not in ``selectable`` (if given) are greyed."""
    for i, tile in enumerate(tiles):
        tx = tile_x(x, i, len(tiles), drawn_apart)
        here = i == cursor
        ty = y - (RAISE if here else 0)
        pieces.draw(tx, ty, tile, "hand", dim=selectable is not None and tile not in selectable)
        if here:
            w, h = pieces.extent("hand")
            pyxel.rectb(tx - 1, ty - 1, w + 2, h + 2, YELLOW)


def draw_backs(x: int, y: int, count: int) -> None:
    for i in range(count):
        pieces.draw(x + i * SMALL_PITCH, y, None, "pond")


def draw_small_row(x: int, y: int, tiles: Sequence[int], apart: int | None = None) -> int:
    """Tiles at pond size in a row (``apart``: one more, set off by a gap); the row's width."""
    for i, tile in enumerate(tiles):
        pieces.draw(x + i * SMALL_PITCH, y, tile, "pond")
    width = len(tiles) * SMALL_PITCH
    if apart is not None:
        pieces.draw(x + width + 2, y, apart, "pond")
        width += 2 + SMALL_PITCH
    return width
