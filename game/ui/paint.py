"""Drawing tiles and text on the 128×128 screen.

A tile's face says what it is with the built-in 3×5 font: the number on top and the suit letter
below (``5`` over ``P``), in the suit's colour; a red five is drawn white on red. Honours show
their letter: winds E S W N, dragons G (green) and R (red), and the white dragon an empty
light-blue frame (no suit uses light blue, so it never reads as a digit). Pond tiles are
smaller and show the top glyph only; the colour tells the suit.
"""

from __future__ import annotations

import functools

import pyxel

from engine.target import BLACK, BLUE, DARK_BLUE, DARK_GREEN, DARK_GREY, RED, WHITE
from game.tiles import CHUN, HAKU, HATSU, WIND_KINDS, WIND_NAMES, is_red
from game.ui import sprites

SUIT_COLOURS = (RED, DARK_BLUE, DARK_GREEN)  # man, pin, sou
SUIT_LETTERS = "MPS"  # capitals: the 3×5 lowercase m is a blot
FONT_W, FONT_H = 4, 6  # a character cell; glyphs are 3×5
DRAGON_FACES = {HATSU: ("G", DARK_GREEN), CHUN: ("R", RED)}
BIG_TEXTS_KEPT = 8  # big-text images kept for reuse (a screen shows one or two)
# Point sticks, as the centre box counts them: white, with the dots of the real ones (x, colour).
STICK_W, STICK_H = 9, 3
HONBA_STICK = ((1, BLACK), (2, BLACK), (6, BLACK), (7, BLACK))  # 100 points: dots at both ends
RIICHI_STICK = ((4, RED),)  # 1000 points: one red dot


def tile_face(tile: int) -> tuple[str, str, int]:
    """(top glyph, bottom glyph, colour) for a tile id; the white dragon has no glyph.

    >>> tile_face(4 * 4), tile_face(27 * 4), tile_face(33 * 4)
    (('5', 'M', 8), ('E', '', 0), ('R', '', 8))
    """
    kind = tile // 4
    if kind < 27:
        return str(kind % 9 + 1), SUIT_LETTERS[kind // 9], SUIT_COLOURS[kind // 9]
    if kind in WIND_KINDS:
        return WIND_NAMES[kind - WIND_KINDS[0]], "", BLACK
    if kind == HAKU:
        return "", "", BLUE
    letter, colour = DRAGON_FACES[kind]
    return letter, "", colour


def blit(sprite: sprites.Sprite, x: int, y: int) -> None:
    pyxel.blt(x, y, sprites.BANK, sprite.x, sprite.y, sprite.w, sprite.h, sprites.TRANSPARENT)


def draw_tile(x: int, y: int, tile: int) -> None:
    """A hand tile (8×14) with its top-left corner at (x, y)."""
    blit(sprites.TILE, x, y)
    top, bottom, colour = tile_face(tile)
    if tile // 4 == HAKU:
        pyxel.rectb(x + 2, y + 3, 4, 7, BLUE)
        return
    glyph_y = y + 2 if bottom else y + 4
    glyph(x + 2, glyph_y, top, colour, is_red(tile))
    if bottom:
        pyxel.text(x + 2, y + 8, bottom, colour)


def draw_small_tile(x: int, y: int, tile: int) -> None:
    """A pond tile (5×8) with its top-left corner at (x, y)."""
    blit(sprites.SMALL_TILE, x, y)
    top, _, colour = tile_face(tile)
    if tile // 4 == HAKU:
        pyxel.rectb(x + 1, y + 1, 3, 5, BLUE)
        return
    glyph(x + 1, y + 1, top, colour, is_red(tile))


def draw_stick(x: int, y: int, dots: tuple[tuple[int, int], ...]) -> None:
    """A point stick (STICK_W×STICK_H) with its top-left corner at (x, y): HONBA_STICK or RIICHI_STICK."""
    pyxel.rect(x, y, STICK_W, STICK_H, WHITE)
    for dx, colour in dots:
        pyxel.pset(x + dx, y + 1, colour)


def draw_back(x: int, y: int, small: bool = False) -> None:
    blit(sprites.SMALL_BACK if small else sprites.TILE_BACK, x, y)


def glyph(x: int, y: int, text: str, colour: int, red_five: bool) -> None:
    if red_five:
        pyxel.rect(x - 1, y - 1, 5, 7, RED)
        colour = WHITE
    pyxel.text(x, y, text, colour)


def text_width(text: str) -> int:
    return len(text) * FONT_W - 1


def text_centered(y: int, text: str, colour: int, shadow: int | None = None) -> None:
    """Text centred across the screen, optionally with a one-pixel shadow below it."""
    x = (pyxel.width - text_width(text)) // 2
    if shadow is not None:
        pyxel.text(x, y + 1, text, shadow)
    pyxel.text(x, y, text, colour)


def big_text_centered(y: int, text: str, colour: int, shadow: int = DARK_GREY) -> None:
    """Text at twice the font's size, centred, with a shadow (titles)."""
    canvas, clear = _big_text_image(text, colour, shadow)
    # blt scales about the copied region's centre, so put that centre where it belongs
    cx, cy = pyxel.width / 2, y + canvas.height
    pyxel.blt(cx - canvas.width / 2, cy - canvas.height / 2, canvas, 0, 0, canvas.width, canvas.height,
              clear, scale=2)


@functools.lru_cache(maxsize=BIG_TEXTS_KEPT)
def _big_text_image(text: str, colour: int, shadow: int) -> tuple[pyxel.Image, int]:
    """The text over its shadow (one pixel lower) at the font's size, and its transparent colour.

    Made once per text and colours: a scene draws the same title every frame."""
    canvas = pyxel.Image(text_width(text), FONT_H)
    clear = next(c for c in range(16) if c not in (colour, shadow))
    canvas.cls(clear)
    canvas.text(0, 1, text, shadow)
    canvas.text(0, 0, text, colour)
    return canvas, clear
