"""The tile painter: any tile, face or back, at hand or pond size, upright or turned.

    draw_tile(x, y, tile)                          a hand tile, upright, top-left at (x, y)
    draw_tile(x, y, tile, POND, rotation=1)        a pond tile turned a quarter anticlockwise
    draw_tile(x, y, None)                          a back

``tile`` is a tile id (0..135, as in game.rules.tiles); a red five shows red unless ``red_fives`` is
off. ``rotation`` counts quarter turns anticlockwise: 0 upright (the player's tiles), 1 lying
sideways with the face's top to the left (a riichi or called tile; the right-hand seat's
tiles), 2 upside down (the opposite seat), 3 with the top to the right (the left-hand seat).
The tile's side and bottom edge stay at the right and the bottom whatever the turn, as the
table is seen from the player's chair. ``dim`` darkens the tile (a tile that may not be
chosen). The pictures come from the sprite sheet (game/ui/sheet.py); ``tile_extent`` says how
much room a tile takes.
"""

from __future__ import annotations

import pyxel

from engine.target import BROWN, DARK_GREEN, DARK_GREY, GREEN, LIGHT_GREY, ORANGE, PEACH, PINK, RED, WHITE, YELLOW
from game.ui import sheet

HAND, POND = sheet.HAND, sheet.POND
HAND_W, HAND_H = sheet.SIZES[HAND].extent(sideways=False)  # 8×11
POND_W, POND_H = sheet.SIZES[POND].extent(sideways=False)  # 5×8
# Dimmed (a tile that may not be chosen, a tile thrown straight from the draw): the body greys,
# the bright inks darken a step; the suit colours stay, so a dimmed face reads as well.
DIM = {WHITE: LIGHT_GREY, LIGHT_GREY: DARK_GREY, ORANGE: BROWN, PEACH: BROWN, YELLOW: ORANGE,
       GREEN: DARK_GREEN, PINK: RED}  # fmt: skip


def tile_extent(size: str = HAND, rotation: int = 0) -> tuple[int, int]:
    """Width and height of a tile drawn at ``size`` and ``rotation``.

    >>> tile_extent(HAND), tile_extent(HAND, 1), tile_extent(POND), tile_extent(POND, 3)
    ((8, 11), (11, 8), (5, 8), (7, 6))
    """
    return sheet.SIZES[size].extent(sideways=rotation % 2 == 1)


def draw_tile(x: int, y: int, tile: int | None, size: str = HAND, rotation: int = 0,
              red_fives: bool = True, dim: bool = False) -> None:
    """Draw a tile (``None``: its back) with its top-left corner at (x, y)."""
    sideways = rotation % 2 == 1
    u, v = sheet.tile_origin(size, sideways, sheet.sprite_index(tile, red_fives))
    w, h = tile_extent(size, rotation)
    if dim:
        for colour, darker in DIM.items():
            pyxel.pal(colour, darker)
    if rotation < 2:
        pyxel.blt(x, y, sheet.BANK, u, v, w, h, sheet.CLEAR)
    else:  # the face half-turned (negative sizes flip), the side and edge where they always are
        side = int(sheet.SIZES[size].side)
        pyxel.blt(x, y, sheet.BANK, u, v, -(w - side), -(h - 1), sheet.CLEAR)
        if side:
            pyxel.blt(x + w - side, y, sheet.BANK, u + w - side, v, side, h, sheet.CLEAR)
        pyxel.blt(x, y + h - 1, sheet.BANK, u, v + h - 1, w, 1, sheet.CLEAR)
    if dim:
        pyxel.pal()
