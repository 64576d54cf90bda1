"""The sprite sheet: where each piece of art sits in image bank 0, composed from the text in art/.

Pure Python (no pyxel): ``tools/build_resources.py`` paints ``compose()`` into the sheet and
saves ``resources.pyxres``; the painters (``game.ui.tiles``, ``game.ui.glyphs``, the title's
logo) read the same positions back with ``blt``. A test checks that the loaded sheet equals
``compose()`` and that everything lies in the 128×128 sheet.

The art files hold one hex palette index per pixel (PICO-8's colours, engine/target.py):

- ``art/tiles_hand.txt``, ``art/tiles_pond.txt``: the face of each tile (its glyph area), under
  a line naming it in MPSZ (``1m``..``7z``, ``0m`` ``0p`` ``0s`` for the red fives, ``back``).
  ``.`` is the blank body of the tile. The tile around the glyph (margin, side, bottom edge)
  and the sideways variants are made here, so each face is drawn once.
- ``art/font_code.txt``: the seed-code glyphs, ``#`` ink and ``.`` clear, one block per
  character.
- ``art/logo.txt``: the title logo, ``0`` clear.

The sheet (x, y, what):

    (0, 0)    hand tiles upright, 8×11, 16 a row        (0, 33)  hand tiles sideways, 11×8
    (48, 22)  seed-code font, 5×5 cells, 16 a row       (0, 65)  pond tiles upright, 5×8
    (0, 81)   pond tiles sideways, 7×6                  (0, 99)  the logo
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from game.rules.tiles import RED_FIVES

ART = Path(__file__).resolve().parent.parent.parent / "art"
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


@dataclass(frozen=True)
class Sprite:
    x: int
    y: int
    rows: tuple[str, ...]  # hex palette index per pixel

    @property
    def w(self) -> int:
        return len(self.rows[0])

    @property
    def h(self) -> int:
        return len(self.rows)


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


# -- reading the art ----------------------------------------------------------------------------


def read_blocks(path: Path) -> dict[str, list[str]]:
    """Blocks of pixel rows, each under a name line; ``#`` lines are comments.

    A name line is a word that is not made of pixel characters only (``1m``, ``back``, ``A``:
    a single character is always a name, since no art is one pixel wide).
    """
    blocks: dict[str, list[str]] = {}
    name = None
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if not text or text.startswith("# ") or text == "#":
            continue
        if len(text) == 1 or not re.fullmatch(r"[0-9a-f.#]+", text):
            name = text
            blocks[name] = []
        elif name is None:
            raise ValueError(f"{path.name}: pixels before any name: {text!r}")
        else:
            blocks[name].append(text)
    return blocks


def check_block(path: Path, name: str, rows: list[str], w: int | None, h: int) -> None:
    widths = {len(row) for row in rows}
    if len(rows) != h or len(widths) != 1 or (w is not None and widths != {w}):
        raise ValueError(f"{path.name}: {name} is {sorted(widths)}×{len(rows)}, not {w or 'any'}×{h}")


@cache
def faces(size: str) -> dict[str, tuple[str, ...]]:
    """The glyph area of each tile face at ``size``, from art/tiles_<size>.txt, ``.`` unresolved."""
    path = ART / f"tiles_{size}.txt"
    blocks = read_blocks(path)
    missing = set(SPRITE_NAMES) - set(blocks)
    if missing:
        raise ValueError(f"{path.name}: no face for {sorted(missing)}")
    geometry = SIZES[size]
    for name in SPRITE_NAMES:
        check_block(path, name, blocks[name], geometry.glyph_w, geometry.glyph_h)
    return {name: tuple(blocks[name]) for name in SPRITE_NAMES}


def rotate_ccw(rows: tuple[str, ...]) -> tuple[str, ...]:
    """A quarter turn anticlockwise (the top of the glyph goes to the left).

    >>> rotate_ccw(("ab", "cd", "ef"))
    ('bdf', 'ace')
    """
    w = len(rows[0])
    return tuple("".join(row[x] for row in rows) for x in range(w - 1, -1, -1))


def tile_rows(size: str, name: str, sideways: bool) -> tuple[str, ...]:
    """A whole tile: the glyph on its body with the margin, the side column and the bottom edge."""
    geometry = SIZES[size]
    body, side, edge = (BACK_BODY, BACK_SIDE, BACK_EDGE) if name == BACK else (FACE, SIDE, EDGE)
    glyph = faces(size)[name]
    if sideways:
        glyph = rotate_ccw(glyph)
    pad = "." * geometry.margin
    blank = ["." * (len(glyph[0]) + 2 * geometry.margin)] * geometry.margin
    face = blank + [pad + row + pad for row in glyph] + blank
    rows = [row.replace(".", f"{body:x}") + (f"{side:x}" if geometry.side else "") for row in face]
    rows.append(f"{edge:x}" * len(rows[0]))
    return tuple(rows)


@cache
def font() -> dict[str, tuple[str, ...]]:
    """The seed-code glyphs, ``#`` ink and ``.`` clear, each FONT_CELL_H tall and at most a cell wide."""
    path = ART / "font_code.txt"
    blocks = read_blocks(path)
    for char, rows in blocks.items():
        check_block(path, char, rows, None, FONT_CELL_H)
        if len(rows[0]) > FONT_CELL_W:
            raise ValueError(f"{path.name}: {char} is wider than a {FONT_CELL_W}-pixel cell")
    return {char: tuple(rows) for char, rows in blocks.items()}


def font_origin(index: int) -> tuple[int, int]:
    x, y = FONT_ORIGIN
    return x + index % FONT_PER_ROW * FONT_CELL_W, y + index // FONT_PER_ROW * FONT_CELL_H


@cache
def logo() -> tuple[str, ...]:
    rows = read_blocks(ART / "logo.txt")["logo"]
    check_block(ART / "logo.txt", "logo", rows, None, len(rows))
    return tuple(rows)


FONT_INK = 7  # the font is stored white on clear; the painter recolours it


@cache
def compose() -> dict[str, Sprite]:
    """Every sprite of the sheet by name (``hand 1m``, ``pond sideways back``, ``font A``, ``logo``)."""
    sprites: dict[str, Sprite] = {}
    for size, sideways in TILE_REGIONS:
        for index, name in enumerate(SPRITE_NAMES):
            x, y = tile_origin(size, sideways, index)
            label = f"{size}{' sideways' if sideways else ''} {name}"
            sprites[label] = Sprite(x, y, tile_rows(size, name, sideways))
    for index, (char, rows) in enumerate(font().items()):
        x, y = font_origin(index)
        ink = f"{FONT_INK:x}"
        sprites[f"font {char}"] = Sprite(x, y, tuple(r.replace("#", ink).replace(".", "0") for r in rows))
    sprites["logo"] = Sprite(*LOGO_ORIGIN, logo())
    return sprites
