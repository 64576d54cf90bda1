"""The art in art/ made into sprites: what tools/build_resources.py paints into the sheet.

Build time only (the cartridge never reads art/; it reads ``resources.pyxres`` and the layout
in ``game/ui/sheet.py`` and ``game/ui/sheet_layout.py``). The art files hold one hex palette
index per pixel (PICO-8's colours, engine/target.py):

- ``art/tiles_hand.txt``, ``art/tiles_pond.txt``: the face of each tile (its glyph area), under
  a line naming it in MPSZ (``1m``..``7z``, ``0m`` ``0p`` ``0s`` for the red fives, ``back``).
  ``.`` is the blank body of the tile. The tile around the glyph (margin, side, bottom edge)
  and the sideways variants are made here, so each face is drawn once: a sideways face is the
  upright one turned, unless ``art/tiles_<size>_sideways.txt`` draws it (the glyph area turned:
  as tall as the upright one is wide), as both sizes do for the numerals (a turned 6 reads as a
  9) and the pond for the winds' letters, which must stay upright to be read.
- ``art/font_code.txt``: the seed-code glyphs, ``#`` ink and ``.`` clear, one block per
  character.
- ``art/logo.txt``: the title logo, ``0`` clear.
- ``art/font_text.txt``: the font every text is written in, ``#`` ink and ``.`` clear, each glyph
  under a line naming it by its code (``0x41 A``); ``bdf_source`` makes it the BDF font
  ``game/ui/font_text.bdf`` that game/ui/paint.py hands to ``pyxel.text``.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ui.sheet import (  # noqa: E402
    BACK, BACK_BODY, BACK_EDGE, BACK_SIDE, EDGE, FACE, FONT_CELL_H, FONT_CELL_W, FONT_INK, LOGO_ORIGIN, SIDE, SIZES,
    SPRITE_NAMES, TILE_REGIONS, font_origin, tile_origin,
)

ART = ROOT / "art"
LAYOUT_FILE = ROOT / "game" / "ui" / "sheet_layout.py"
TEXT_FONT_FILE = ROOT / "game" / "ui" / "font_text.bdf"
TEXT_CELL_W, TEXT_CELL_H = 4, 6  # a character cell, as Pyxel's own font: glyphs 3 wide, 6 tall


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


@cache
def sideways_faces(size: str) -> dict[str, tuple[str, ...]]:
    """The faces drawn sideways of their own (art/tiles_<size>_sideways.txt, when it exists)."""
    path = ART / f"tiles_{size}_sideways.txt"
    if not path.exists():
        return {}
    blocks = read_blocks(path)
    unknown = set(blocks) - set(SPRITE_NAMES)
    if unknown:
        raise ValueError(f"{path.name}: no such face {sorted(unknown)}")
    geometry = SIZES[size]
    for name, rows in blocks.items():
        check_block(path, name, rows, geometry.glyph_h, geometry.glyph_w)
    return {name: tuple(rows) for name, rows in blocks.items()}


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
        glyph = sideways_faces(size).get(name) or rotate_ccw(glyph)
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


@cache
def text_font() -> dict[str, tuple[str, ...]]:
    """The text font's glyphs by character, ``#`` ink and ``.`` clear, 3 wide and 6 tall.

    >>> text_font()["I"][:5]
    ('###', '.#.', '.#.', '.#.', '###')
    """
    path = ART / "font_text.txt"
    glyphs = {}
    for name, rows in read_blocks(path).items():
        char = chr(int(name.split()[0], 16))
        check_block(path, name, rows, TEXT_CELL_W - 1, TEXT_CELL_H)
        glyphs[char] = tuple(rows)
    missing = [chr(c) for c in range(33, 127) if chr(c) not in glyphs]
    if missing:
        raise ValueError(f"{path.name}: no glyph for {''.join(missing)!r}")
    return glyphs


def bdf_source() -> str:
    """The text font as a BDF file (the format ``pyxel.Font`` reads): a 4×6 cell per character,
    the space blank, the baseline under the fifth row (the sixth holds the descenders)."""
    lines = ["STARTFONT 2.1", "FONT -picoriichi-text-medium-r-normal--6-60-75-75-c-40-iso10646-1",
             "SIZE 6 75 75", f"FONTBOUNDINGBOX {TEXT_CELL_W} {TEXT_CELL_H} 0 -1", "STARTPROPERTIES 2",
             "FONT_ASCENT 5", "FONT_DESCENT 1", "ENDPROPERTIES"]
    glyphs = {" ": ("...",) * TEXT_CELL_H, **text_font()}
    lines.append(f"CHARS {len(glyphs)}")
    for char, rows in sorted(glyphs.items()):
        bits = [int(row.replace("#", "1").replace(".", "0").ljust(8, "0"), 2) for row in rows]
        lines += [f"STARTCHAR U+{ord(char):04X}", f"ENCODING {ord(char)}", "SWIDTH 666 0",
                  f"DWIDTH {TEXT_CELL_W} 0", f"BBX {TEXT_CELL_W - 1} {TEXT_CELL_H} 0 -1", "BITMAP",
                  *(f"{b:02X}" for b in bits), "ENDCHAR"]
    lines.append("ENDFONT")
    return "\n".join(lines) + "\n"


@cache
def logo() -> tuple[str, ...]:
    rows = read_blocks(ART / "logo.txt")["logo"]
    check_block(ART / "logo.txt", "logo", rows, None, len(rows))
    return tuple(rows)


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


def layout_source() -> str:
    """The text of game/ui/sheet_layout.py: what the painters need to know of the art."""
    pairs = [f"{char!r}: {len(rows[0])}".replace("'", '"') for char, rows in font().items()]
    lines = ["    " + ", ".join(pairs[i:i + 12]) + "," for i in range(0, len(pairs), 12)]
    rows = logo()
    return "\n".join([
        '"""Written by tools/build_resources.py from the art in art/: do not edit (see game/ui/sheet.py)."""',
        "",
        "FONT_WIDTHS = {  # each seed-code glyph's width in pixels, in sheet order",
        *lines,
        "}",
        f"LOGO = ({len(rows[0])}, {len(rows)})  # the logo's width and height",
        "",
    ])
