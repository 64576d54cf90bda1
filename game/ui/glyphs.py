"""Seed codes drawn in the cartridge's own font, where no two characters look alike.

Pyxel's built-in 3×5 font draws B like 8, Q like 9, G like 6, D like 0, S like 5 and Z like 2,
and a code misread that way is another valid code. The seed-code font (art/font_code.txt,
Crockford's base 32, placed in the sprite sheet as game/ui/sheet.py says) is 5 pixels tall and 4 wide (5 for M, N, W), and every two of its glyphs
differ in at least 4 pixels (tests/test_ui_glyphs.py).

    draw_code(x, y, "PICO2R11", WHITE)        top-left at (x, y)
    code_width("PICO2R11")                    its width in pixels; CODE_MAX_W fits any code
"""

from __future__ import annotations

import pyxel

from game.ui import sheet
from game.rules.wall import CODE_ALIASES, CODE_ALPHABET, CODE_MAX

GAP = 1  # pixels between two glyphs
CODE_H = sheet.FONT_CELL_H
CODE_MAX_W = CODE_MAX * (sheet.FONT_CELL_W + GAP) - GAP  # the widest code: all of it M, N or W
UNKNOWN_W = 3  # a character outside the alphabet shows as a small box


def glyph_width(char: str) -> int:
    """The width of a character's glyph (an alias such as O draws as its digit).

    >>> glyph_width("8"), glyph_width("M"), glyph_width("o")
    (4, 5, 4)
    """
    return sheet.FONT_WIDTHS.get(_canonical(char), UNKNOWN_W)


def code_width(code: str) -> int:
    """Pixels from the first glyph's left column to the last one's right column.

    >>> code_width("PICO2R11"), code_width(""), code_width("M" * 12) == CODE_MAX_W
    (39, 0, True)
    """
    return sum(glyph_width(c) + GAP for c in code) - GAP if code else 0


def draw_code(x: int, y: int, code: str, colour: int) -> int:
    """Draw ``code`` with its top-left at (x, y) in ``colour``; returns the x after its last glyph."""
    for char in code:
        key = _canonical(char)
        if key in sheet.FONT_WIDTHS:
            u, v = sheet.font_origin(sheet.FONT_CHARS.index(key))
            pyxel.pal(sheet.FONT_INK, colour)
            pyxel.blt(x, y, sheet.BANK, u, v, sheet.FONT_WIDTHS[key], CODE_H, sheet.CLEAR)
            pyxel.pal()
        else:
            pyxel.rectb(x, y + 1, UNKNOWN_W, CODE_H - 1, colour)
        x += glyph_width(char) + GAP
    return x


def _canonical(char: str) -> str:
    upper = char.upper()
    upper = CODE_ALIASES.get(upper, upper)
    return upper if upper in CODE_ALPHABET else char

