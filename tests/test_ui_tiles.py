"""Every tile face and every seed-code glyph is told apart on screen (issue 10: readable at
128×128; issue 49, finding 3: tiles a player names right at a glance).

Faces are drawn with the painters, read back from the screen buffer, and compared pixel by pixel
at each size (hand, pond) and state (upright, sideways, dimmed, on the felt). A number tile shows
its numeral in the suit's colour over the suit's mark; the dots and sticks a player had to count
were misread in play (8p as 6p, 2s/3s/5s, 3p as 5p, a sideways 6s as 3s, East as 3m or 9m). The
same holds for the glyphs of the seed-code alphabet, where a misread character makes another
valid code.
"""

from __future__ import annotations

import sys
from pathlib import Path

from itertools import combinations

import pytest

from engine.target import BLACK, DARK_GREEN as FELT, WIDTH
from game.rules.tiles import RED_FIVES, tile_name
from game.ui import glyphs, ponds, sheet, tiles

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import art  # noqa: E402  (tools/art.py)
from game.rules.wall import CODE_ALIASES, CODE_ALPHABET, CODE_MAX, new_seed_code

# The least number of pixels in which any two faces differ, at every size and state. A pixel
# count alone does not make a face read: the faces misread in play before issue 49 differed by
# 9 to 28 pixels (8p/6p 16 in the pond), the dots and sticks to be counted. What reads is the
# numeral, checked below; this floor says no face is another's numeral with a stroke moved.
# Five is the least difference between two of the numerals (2/3, 3/5, 6/8, 8/9): every other
# pair of faces differs by more, or by colour and mark as well. The faces before differed by
# four (3m/8m, and the pond's man numerals).
MIN_DIFFERENCE = 5
MIN_GLYPH_DIFFERENCE = 4  # the seed-code glyphs: a 4-pixel change in a 4×5 glyph is a stroke moved
FACES = [kind * 4 + 1 for kind in range(34)] + list(RED_FIVES)  # copy 1 of a five is never red


def shown(pyxel, w: int, h: int) -> tuple[int, ...]:
    data = bytes(pyxel.screen.data_ptr())
    return tuple(data[y * WIDTH + x] for y in range(h) for x in range(w))


def tile_pixels(pyxel, tile: int | None, size: str, rotation: int, **options) -> tuple[int, ...]:
    pyxel.cls(BLACK)
    tiles.draw_tile(0, 0, tile, size, rotation, **options)
    return shown(pyxel, *tiles.tile_extent(size, rotation))


def differences(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return sum(x != y for x, y in zip(a, b, strict=True))


# The states a face is drawn in besides plain: the palettes the painters set round it.
STATES = {"plain": {}, "dim": None, "tsumogiri": {sheet.FACE: ponds.TSUMOGIRI}, "called away": ponds.GHOST}


@pytest.mark.parametrize("state", list(STATES))
@pytest.mark.parametrize("rotation", [0, 1])
@pytest.mark.parametrize("size", [tiles.HAND, tiles.POND])
def test_every_two_faces_differ_in_at_least_five_pixels(pyxel_headless, size, rotation, state):
    """The least difference between any two of the 37 faces and the back, in a hand, in a pond,
    sideways, dimmed, greyed (thrown from the draw), darkened (called away): measured 5 in each;
    the faces before issue 49: 4 (the 3m and 8m)."""
    for colour, shown_as in (STATES[state] or {}).items():
        pyxel_headless.pal(colour, shown_as)
    drawn = {tile: tile_pixels(pyxel_headless, tile, size, rotation, dim=state == "dim") for tile in FACES + [None]}
    pyxel_headless.pal()
    close = [(a, b, differences(drawn[a], drawn[b])) for a, b in combinations(drawn, 2)
             if differences(drawn[a], drawn[b]) < MIN_DIFFERENCE]
    assert close == []


@pytest.mark.parametrize("size", [tiles.HAND, tiles.POND])
def test_a_red_five_is_red_where_the_plain_five_is_not_unless_red_fives_are_off(pyxel_headless, size):
    red = 8
    for tile in RED_FIVES:
        aka = tile_pixels(pyxel_headless, tile, size, 0)
        plain = tile_pixels(pyxel_headless, tile + 1, size, 0)
        assert aka.count(red) >= plain.count(red) + MIN_DIFFERENCE
        assert tile_pixels(pyxel_headless, tile, size, 0, red_fives=False) == plain


@pytest.mark.parametrize("size", [tiles.HAND, tiles.POND])
def test_turned_tiles_show_the_same_face_turned(pyxel_headless, size):
    """Rotation 2 is rotation 0 half-turned, rotation 3 is rotation 1 half-turned (edges aside)."""
    side = int(sheet.SIZES[size].side)
    for upright, turned in ((0, 2), (1, 3)):
        w, h = tiles.tile_extent(size, upright)
        a = tile_pixels(pyxel_headless, 4 * 27, size, upright)  # the east wind: not symmetric
        b = tile_pixels(pyxel_headless, 4 * 27, size, turned)
        face_w, face_h = w - side, h - 1
        for y in range(face_h):
            for x in range(face_w):
                assert a[y * w + x] == b[(face_h - 1 - y) * w + (face_w - 1 - x)]
        assert a[(h - 1) * w:] == b[(h - 1) * w:]  # the bottom edge stays at the bottom


def test_a_sideways_face_is_the_upright_face_turned_anticlockwise():
    for size in (tiles.HAND, tiles.POND):
        for name in sheet.SPRITE_NAMES:
            glyph = art.faces(size)[name]
            assert art.rotate_ccw(art.rotate_ccw(art.rotate_ccw(art.rotate_ccw(glyph)))) == glyph


def test_a_dimmed_tile_is_darker_and_drawing_leaves_the_palette_as_it_was(pyxel_headless):
    bright = tile_pixels(pyxel_headless, 0, tiles.HAND, 0)
    dim = tile_pixels(pyxel_headless, 0, tiles.HAND, 0, dim=True)
    assert dim != bright and 7 in bright and 7 not in dim  # no white left
    assert tile_pixels(pyxel_headless, 0, tiles.HAND, 0) == bright


def glyph_pixels(pyxel, char: str) -> tuple[int, ...]:
    pyxel.cls(BLACK)
    glyphs.draw_code(0, 0, char, 7)
    return shown(pyxel, sheet.FONT_CELL_W, glyphs.CODE_H)


def test_every_two_seed_code_glyphs_differ_in_at_least_four_pixels(pyxel_headless):
    drawn = {char: glyph_pixels(pyxel_headless, char) for char in CODE_ALPHABET}
    assert len(set(drawn.values())) == len(CODE_ALPHABET)
    close = [(a, b) for a, b in combinations(CODE_ALPHABET, 2) if differences(drawn[a], drawn[b]) < MIN_GLYPH_DIFFERENCE]
    assert close == []
    for alias, digit in CODE_ALIASES.items():  # a typed O shows as the 0 it means
        assert glyph_pixels(pyxel_headless, alias) == drawn[digit]


def test_any_code_fits_the_widest_code_and_draws_where_its_width_says(pyxel_headless):
    codes = [new_seed_code(), "M" * CODE_MAX, "W" * CODE_MAX, "1" * CODE_MAX]
    for code in codes:
        assert glyphs.code_width(code) <= glyphs.CODE_MAX_W
        pyxel_headless.cls(BLACK)
        end = glyphs.draw_code(3, 0, code, 7)
        inked = [x for x in range(WIDTH) for y in range(glyphs.CODE_H) if pyxel_headless.pget(x, y) != BLACK]
        assert min(inked) >= 3 and max(inked) <= 3 + glyphs.code_width(code) - 1
        assert end == 3 + glyphs.code_width(code) + glyphs.GAP


def numeral(pixels: tuple[int, ...], w: int, margin: int) -> tuple[str, ...]:
    """The ink of the numeral: the glyph area's top five rows, as # and ."""
    rows = ink_grid(pixels, w)[margin:margin + 5]
    return tuple(row[margin:margin + 5] for row in rows)


@pytest.mark.parametrize("size", [tiles.HAND, tiles.POND])
def test_every_number_tile_shows_its_numeral_the_same_in_every_suit(pyxel_headless, size):
    """1 to 9 are nine figures, one per number, the same in man, pin and sou (the suit is the
    colour and the mark below) and a red five shows the five's."""
    w, _ = tiles.tile_extent(size)
    margin = sheet.SIZES[size].margin
    figures = {}
    for kind in range(27):
        shown_as = numeral(tile_pixels(pyxel_headless, kind * 4 + 1, size, 0), w, margin)
        assert figures.setdefault(kind % 9, shown_as) == shown_as, tile_name(kind * 4 + 1)
    assert len(set(figures.values())) == 9
    for red in RED_FIVES:
        assert numeral(tile_pixels(pyxel_headless, red, size, 0), w, margin) == figures[4]


# --- on the felt (issue 23, finding 6) --------------------------------------------------------
# A pond tile has no margin: its glyph reaches the tile's edge. Ink of the felt's colour reads
# as the felt (a notch in the tile, not a pip), and so does ink of the tile's own body colours
# (white; grey when thrown from the draw, dark grey when called away). What is left is the ink
# a player reads, and every two of the 37 faces must differ in it by MIN_ON_FELT pixels, upright
# and sideways: where one has ink and the other none, or both have ink of different colours.
# The dots and the bamboo are read by their pattern, not as a numeral: two of the same suit
# differ by MIN_PATTERN (the 3p and the 5p did by four).
MIN_ON_FELT = MIN_DIFFERENCE
MIN_PATTERN = 5
UNREADABLE = {FELT, sheet.FACE, sheet.SIDE, sheet.EDGE, 5, 0}  # felt, body, side, edge, ghost body, clear


def on_felt(pyxel, tile: int, rotation: int) -> tuple[int, ...]:
    pyxel.cls(FELT)
    tiles.draw_tile(0, 0, tile, tiles.POND, rotation)
    w, h = tiles.tile_extent(tiles.POND, rotation)
    return shown(pyxel, w, h - 1)  # the face: the bottom edge is the same on every tile


def felt_difference(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return sum((x in UNREADABLE) != (y in UNREADABLE) or (x not in UNREADABLE and x != y)
               for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("rotation", [0, 1])
def test_every_two_pond_faces_are_told_apart_on_the_felt(pyxel_headless, rotation):
    drawn = {tile: on_felt(pyxel_headless, tile, rotation) for tile in FACES}

    def least(a: int, b: int) -> int:
        patterns = tile_name(a)[-1] == tile_name(b)[-1] and tile_name(a)[-1] in "ps"
        return MIN_PATTERN if patterns else MIN_ON_FELT

    close = [(tile_name(a), tile_name(b), felt_difference(drawn[a], drawn[b]))
             for a, b in combinations(drawn, 2) if felt_difference(drawn[a], drawn[b]) < least(a, b)]
    assert close == []


@pytest.mark.parametrize("rotation", [0, 1])
def test_no_pond_face_has_ink_of_the_felts_colour(pyxel_headless, rotation):
    """Ink of the felt's green on a tile without margin reads as a hole in the tile."""
    inked = [tile_name(tile) for tile in FACES
             if FELT in on_felt(pyxel_headless, tile, rotation)]
    assert inked == []


def ink_grid(pixels: tuple[int, ...], w: int) -> list[str]:
    """The face's ink as rows of # and . (unreadable pixels are .)."""
    return ["".join("." if p in UNREADABLE else "#" for p in pixels[y * w:(y + 1) * w])
            for y in range(len(pixels) // w)]


def trimmed(rows: list[str]) -> list[str]:
    """Rows cut to the bounding box of their ink."""
    rows = [r for r in rows if "#" in r]
    left, right = min(r.index("#") for r in rows), max(r.rindex("#") for r in rows)
    return [r[left:right + 1] for r in rows]


def stands_in(block: list[str], grid: list[str]) -> bool:
    """``block`` appears in ``grid`` as it is (not turned), with nothing else beside it in
    the rows and columns it takes."""
    h, w = len(block), len(block[0])
    for y in range(len(grid) - h + 1):
        for x in range(len(grid[0]) - w + 1):
            if all(grid[y + dy][x:x + w] == block[dy] for dy in range(h)):
                return True
    return False


def test_a_sideways_tile_keeps_its_numeral_or_letter_upright(pyxel_headless):
    """Lying sideways (riichi, a called tile), the numerals and the winds' letters still read
    upright (S must not turn into an m, 6 into 9: a sideways 6s was read as 3s): the upright face's numeral or
    letter (its top five rows) stands in the sideways face as it is, not turned."""
    w_up, _ = tiles.tile_extent(tiles.POND, 0)
    w_side, _ = tiles.tile_extent(tiles.POND, 1)
    lost = []
    for kind in list(range(27)) + [27, 28, 29, 30]:
        tile = kind * 4 + 1
        glyph = trimmed(ink_grid(on_felt(pyxel_headless, tile, 0)[: 5 * w_up], w_up))
        if not stands_in(glyph, ink_grid(on_felt(pyxel_headless, tile, 1), w_side)):
            lost.append(tile_name(tile))
    assert lost == []
