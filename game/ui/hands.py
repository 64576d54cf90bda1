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


def tile_box(x: int, y: int, i: int, count: int, drawn_apart: bool, raised: bool) -> tuple[int, int, int, int]:
    """Where the ``i``-th of ``count`` hand tiles lies (x, y, w, h), raised or not: what a
    click on it hits (a raised tile also by the gap it left below it).

    >>> tile_box(2, 117, 13, 14, True, False), tile_box(2, 117, 0, 14, True, True)
    ((110, 117, 8, 11), (2, 114, 8, 14))
    """
    w, h = pieces.extent("hand")
    tx = tile_x(x, i, count, drawn_apart)
    return (tx, y - RAISE, w, h + RAISE) if raised else (tx, y, w, h)


def draw_hand(x: int, y: int, tiles: Sequence[int], drawn_apart: bool, cursor: int | None = None,
              selectable: Collection[int] | None = None) -> None:
    """The player's hand at hand size; tiles not in ``selectable`` (if given) are greyed. The
    tile under the ``cursor`` stands raised, a yellow bar in the gap it leaves below it (on
    nothing of its neighbours: the tiles touch)."""
    w, h = pieces.extent("hand")
    for i, tile in enumerate(tiles):
        tx = tile_x(x, i, len(tiles), drawn_apart)
        here = i == cursor
        ty = y - (RAISE if here else 0)
        pieces.draw(tx, ty, tile, "hand", dim=selectable is not None and tile not in selectable)
        if here:
            pyxel.rect(tx, y + h - RAISE + 1, w, RAISE - 1, YELLOW)


def draw_small_row(x: int, y: int, tiles: Sequence[int], apart: int | None = None) -> int:
    """Tiles at pond size in a row (``apart``: one more, set off by a gap), on the border that
    small tiles stand on off the felt (every screen that shows a small row is); the row's
    width, with the gap after it."""
    pieces.draw_row(x, y, tiles, border=True, pitch=SMALL_PITCH)
    width = len(tiles) * SMALL_PITCH
    if apart is not None:
        pieces.draw_row(x + width + 2, y, [apart], border=True)
        width += 2 + SMALL_PITCH
    return width
