"""The sprite sheet's layout: where each piece of art sits in image bank 0.

The cartridge runs from ``resources.pyxres`` alone: this module says where the tiles, the
seed-code font and the logo lie in it, and the painters (``game.ui.tiles``, ``game.ui.glyphs``,
the title's logo) ``blt`` from there. What depends on the art itself (each font glyph's width,
the logo's size) is in ``game/ui/sheet_layout.py``, a table that ``tools/build_resources.py``
writes beside the ``.pyxres`` from the art in ``art/`` (``tools/art.py``); the art text is never
read at run time. Pure Python (no pyxel). A test checks that the loaded sheet holds the art at
these places, everything within the 128×128 sheet, and that the table is current.

The sheet (x, y, what):

    (0, 0)    hand tiles upright, 8×11, 16 a row        (0, 33)  hand tiles sideways, 11×8
    (48, 22)  seed-code font, 5×5 cells, 16 a row       (0, 65)  pond tiles upright, 5×8
    (0, 81)   pond tiles sideways, 7×6                  (0, 99)  the logo
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.tiles import RED_FIVES
from game.ui.sheet_layout import FONT_WIDTHS, LOGO

BANK = 0
SHEET_W, SHEET_H = 128, 128
CLEAR = 0  # black is transparent when the art is drawn

# Tile colours: a white face with a grey side; the bottom edge and the back are the back's orange.
FACE, SIDE, EDGE = 7, 6, 9
BACK_BODY, BACK_SIDE, BACK_EDGE = 9, 4, 4

HAND, POND = "hand", "pond"
FACE_NAMES = tuple(f"{n}{s}" for s in "mps" for n in range(1, 10)) + tuple(f"{n}z" for n in range(1, 8))
RED_NAMES = ("0m", "0p", "0s")
BACK = "back"
SPRITE_NAMES = FACE_NAMES + RED_NAMES + (BACK,)  # 38: the 34 kinds, the red fives, the back


@dataclass(frozen=True)
class TileSize:
    """A tile size: its glyph area, and the margin of blank face round the glyph."""

    glyph_w: int
    glyph_h: int
    margin: int
    side: bool  # a one-pixel side column at the right (hand tiles stand; pond tiles lie flat)

    def extent(self, sideways: bool) -> tuple[int, int]:
        """The whole tile's width and height: face, side column, bottom edge."""
        face_w, face_h = self.glyph_w + 2 * self.margin, self.glyph_h + 2 * self.margin
        if sideways:
            face_w, face_h = face_h, face_w
        return face_w + self.side, face_h + 1


SIZES = {HAND: TileSize(5, 8, 1, side=True), POND: TileSize(5, 7, 0, side=False)}
# Where each region starts and how many sprites fill one of its rows.
TILE_REGIONS = {  # (size, sideways) -> (x, y, per row)
    (HAND, False): (0, 0, 16),
    (HAND, True): (0, 33, 11),
    (POND, False): (0, 65, 25),
    (POND, True): (0, 81, 18),
}
FONT_ORIGIN, FONT_CELL_W, FONT_CELL_H, FONT_PER_ROW = (48, 22), 5, 5, 16
LOGO_ORIGIN = (0, 99)
FONT_INK = 7  # the font is stored white on clear; the painter recolours it
FONT_CHARS = tuple(FONT_WIDTHS)  # in sheet order: the i-th glyph sits at font_origin(i)
LOGO_W, LOGO_H = LOGO


def sprite_index(tile: int | None, red_fives: bool = True) -> int:
    """Which of the 38 tile sprites shows a tile id (0..135); None is the back.

    >>> sprite_index(0), sprite_index(16), sprite_index(16, red_fives=False), sprite_index(None)
    (0, 34, 4, 37)
    """
    if tile is None:
        return len(SPRITE_NAMES) - 1
    if red_fives and tile in RED_FIVES:
        return len(FACE_NAMES) + RED_FIVES.index(tile)
    return tile // 4


def tile_origin(size: str, sideways: bool, index: int) -> tuple[int, int]:
    """The top-left corner in the sheet of tile sprite ``index`` (see ``SPRITE_NAMES``)."""
    x, y, per_row = TILE_REGIONS[size, sideways]
    w, h = SIZES[size].extent(sideways)
    return x + index % per_row * w, y + index // per_row * h


def font_origin(index: int) -> tuple[int, int]:
    """The top-left corner in the sheet of the ``index``-th seed-code glyph (``FONT_CHARS``)."""
    x, y = FONT_ORIGIN
    return x + index % FONT_PER_ROW * FONT_CELL_W, y + index // FONT_PER_ROW * FONT_CELL_H
