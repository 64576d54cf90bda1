"""The text font tells every two characters apart (issue 49, finding 4: "LET GO OF Z" read
"LET 60 OF Z", Pyxel's built-in G and 6 a pixel apart, its O and 0 two).

Each glyph is drawn with ``paint.text`` (the painter every screen writes through), read back from
the screen and compared pixel by pixel with every other. Thresholds:

- ``MIN_TWINS = 3`` for the pairs a player meets in words and numbers side by side (G/6, O/0,
  S/5, B/8, Z/2, I/1): a whole stroke's worth (a corner and a bar, or a bar of three), where the
  built-in font's G and 6 and its Z and 2 differed by one pixel and its O and 0, S and 5 by two.
- ``MIN_FIGURES = 2`` between any letter and any numeral, and between two numerals: a letter
  read as a numeral turns a word into a figure ("LET 60"), a numeral read as another changes a
  score, and one pixel is what a glance misses (the built-in G/6, Z/2).
- ``MIN_ANY = 1`` between any two glyphs of the screens' letters, numerals and marks: each its
  own. Two letters are read within a word, whose other letters decide, so the usual 3×5 shapes
  stay (H, K, M, W and X a pixel apart, as in Pyxel's font and most 3×5 fonts).
"""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

from engine.target import BLACK, WHITE, WIDTH
from game.ui import paint

ROOT = Path(__file__).resolve().parent.parent
MIN_TWINS, MIN_FIGURES, MIN_ANY = 3, 2, 1
TWINS = ("G6", "O0", "S5", "B8", "Z2", "I1")
LETTERS, NUMERALS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789"
USED = LETTERS + NUMERALS + "!%()+,-./:<>?mpsz"  # words, scores, tile names (5s)
FIGURE_PAIRS = [(a, b) for a in LETTERS for b in NUMERALS] + list(combinations(NUMERALS, 2))


def drawn(pyxel, words: str, painter=None) -> tuple[int, ...]:
    pyxel.cls(BLACK)
    (painter or paint.text)(0, 0, words, WHITE)
    w = paint.text_width(words)
    data = bytes(pyxel.screen.data_ptr())
    return tuple(data[y * WIDTH + x] for y in range(paint.FONT_H) for x in range(w))


def differences(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return sum(x != y for x, y in zip(a, b, strict=True))


def least(pyxel, pairs, painter=None) -> tuple[int, str]:
    glyph = {c: drawn(pyxel, c, painter) for pair in pairs for c in pair}
    return min((differences(glyph[a], glyph[b]), a + b) for a, b in pairs)


def test_the_twins_differ_in_at_least_three_pixels(pyxel_headless):
    assert least(pyxel_headless, TWINS) >= (MIN_TWINS, "")


def test_a_letter_and_a_numeral_or_two_numerals_differ_in_at_least_two_pixels(pyxel_headless):
    assert least(pyxel_headless, FIGURE_PAIRS) >= (MIN_FIGURES, "")


def test_every_two_glyphs_the_screens_use_differ(pyxel_headless):
    assert least(pyxel_headless, list(combinations(USED, 2))) >= (MIN_ANY, "")


def test_the_builtin_font_fails_the_thresholds_so_they_can_fail(pyxel_headless):
    """The measure itself, on Pyxel's own font: G and 6 one pixel apart."""
    builtin = pyxel_headless.text
    assert least(pyxel_headless, TWINS, builtin) == (1, "G6")
    assert least(pyxel_headless, FIGURE_PAIRS, builtin) == (1, "G6")


def test_let_go_of_z_is_not_let_60_of_z(pyxel_headless):
    assert differences(drawn(pyxel_headless, "LET GO OF Z"), drawn(pyxel_headless, "LET 60 OF Z")) >= 2 * MIN_TWINS


def test_a_line_keeps_the_builtin_fonts_cells(pyxel_headless):
    """Every glyph in a 4-pixel cell from the line's left: the layouts' widths still hold."""
    line = "RON 12000"
    whole = drawn(pyxel_headless, line)
    w = paint.text_width(line)
    for i, char in enumerate(line):
        alone = drawn(pyxel_headless, char)
        cell = tuple(whole[y * w + i * paint.FONT_W + x] for y in range(paint.FONT_H) for x in range(3))
        assert cell == tuple(alone[y * 3 + x] for y in range(paint.FONT_H) for x in range(3)), char


def test_no_screen_writes_outside_the_painter():
    """Every text of the game goes through paint.text (so it is in the font, and tests/overlaps.py
    sees it as one piece of text): no other module calls pyxel's text."""
    calls = [f"{path.relative_to(ROOT)}:{n}" for path in sorted((ROOT / "game").rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\bpyxel\.text\b", line) and path.name != "paint.py"]
    assert calls == []
