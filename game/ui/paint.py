"""Drawing text and point sticks on the 128×128 screen (tiles: game/ui/tiles.py).

Every text is drawn by ``text`` in the cartridge's own font (game/ui/font_text.bdf, from
art/font_text.txt): Pyxel's built-in font, but for the numerals it draws like letters (G and 6,
O and 0, S and 5, Z and 2), redrawn so that no letter reads as a numeral (tests/test_ui_font.py).
Its cells are the built-in font's, 4×6, so ``text_width`` holds for both.

    text(1, 1, "LET GO OF Z", WHITE)        top-left at (1, 1)

``draw_tile``, ``draw_small_tile`` and ``draw_back`` are kept for the scenes written before the
tile painter: they draw an upright hand tile, an upright pond tile and a back.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pyxel

from engine.target import BLACK, DARK_GREY, RED, WHITE
from game.rules.words import shorter_forms
from game.ui import tiles

FONT_W, FONT_H = 4, 6  # a character cell; glyphs are 3×5
# The buttons as the screens name them: by the key a keyboard player presses (the README's
# help gives the gamepad's too). The engine calls them O and X, as PICO-8 does.
OK_KEY = "Z"  # the O button: Z (also C, N; gamepad A)
LOOK_KEY = "X"  # the X button: X (also V, M; gamepad B)
BIG_TEXTS_KEPT = 8  # big-text images kept for reuse (a screen shows one or two)
# Point sticks, as the centre box counts them: white, with the dots of the real ones (x, colour).
STICK_W, STICK_H = 9, 3
HONBA_STICK = ((1, BLACK), (2, BLACK), (6, BLACK), (7, BLACK))  # 100 points: dots at both ends
RIICHI_STICK = ((4, RED),)  # 1000 points: one red dot


FONT_FILE = Path(__file__).with_name("font_text.bdf")


@functools.cache
def font() -> pyxel.Font:
    """The text font, loaded once (written by tools/build_resources.py)."""
    return pyxel.Font(str(FONT_FILE))


def text(x: float, y: float, words: str, colour: int) -> None:
    """``words`` in the cartridge's font with its top-left at (x, y): every text on screen."""
    pyxel.text(x, y, words, colour, font())


def fit(text: str, chars: int, *forms: str) -> str:
    """``text`` as it fits ``chars`` characters: whole, else the first of its shorter forms
    that fits (``forms`` given, then its words' short forms: game/rules/words.py), else the
    shortest with its last words left off whole: it says less, never half a word.

        >>> fit("NORTH CUT CHUN", 16), fit("NORTH RIICHI HATSU", 12), fit("YAKUHAI,HATSU", 9, "YAKUHAI+")
        ('NORTH CUT CHUN', 'N R HATSU', 'YAKUHAI+')
        >>> fit("EAST CUT NORTH", 7), fit("DANGEROUSLY", 4), fit("PINFU,TANYAO,IIPEIKOU", 13)
        ('E CUT N', '', 'PINFU,TANYAO+')
    """
    candidates = [text, *forms]
    candidates += [short for form in candidates for short in shorter_forms(form)[1:]]
    parts = text.split(",")  # a list says its first items, and + for the rest
    candidates += [",".join(parts[:k]) + "+" for k in range(len(parts) - 1, 0, -1)]
    for form in candidates:
        if len(form) <= chars:
            return form
    words = min(candidates, key=len).split(" ")
    while words and len(" ".join(words)) > chars:
        words.pop()
    return " ".join(words).rstrip(",:;/")


def draw_tile(x: int, y: int, tile: int) -> None:
    """A hand tile (tiles.HAND_W×HAND_H) with its top-left corner at (x, y)."""
    tiles.draw_tile(x, y, tile)


def draw_small_tile(x: int, y: int, tile: int) -> None:
    """A pond tile (tiles.POND_W×POND_H) with its top-left corner at (x, y)."""
    tiles.draw_tile(x, y, tile, tiles.POND)


def draw_stick(x: int, y: int, dots: tuple[tuple[int, int], ...]) -> None:
    """A point stick (STICK_W×STICK_H) with its top-left corner at (x, y): HONBA_STICK or RIICHI_STICK."""
    pyxel.rect(x, y, STICK_W, STICK_H, WHITE)
    for dx, colour in dots:
        pyxel.pset(x + dx, y + 1, colour)


def draw_back(x: int, y: int, small: bool = False) -> None:
    tiles.draw_tile(x, y, None, tiles.POND if small else tiles.HAND)


def text_width(text: str) -> int:
    return len(text) * FONT_W - 1


def text_centered(y: int, words: str, colour: int, shadow: int | None = None) -> None:
    """Text centred across the screen, optionally with a one-pixel shadow below it."""
    x = (pyxel.width - text_width(words)) // 2
    if shadow is not None:
        text(x, y + 1, words, shadow)
    text(x, y, words, colour)


def big_text_centered(y: int, text: str, colour: int, shadow: int = DARK_GREY) -> None:
    """Text at twice the font's size, centred, with a shadow (titles)."""
    big_text((pyxel.width - big_text_width(text)) // 2, y, text, colour, shadow)


def big_text_width(text: str) -> int:
    return 2 * text_width(text)


def big_text(x: int, y: int, text: str, colour: int, shadow: int = DARK_GREY) -> None:
    """Text at twice the font's size with its top-left at (x, y), with a shadow (callouts)."""
    canvas, clear = _big_text_image(text, colour, shadow)
    # blt scales about the copied region's centre, so put that centre where it belongs
    cx, cy = x + canvas.width, y + canvas.height
    pyxel.blt(cx - canvas.width / 2, cy - canvas.height / 2, canvas, 0, 0, canvas.width, canvas.height,
              clear, scale=2)


@functools.lru_cache(maxsize=BIG_TEXTS_KEPT)
def _big_text_image(text: str, colour: int, shadow: int) -> tuple[pyxel.Image, int]:
    """The text over its shadow (one pixel lower) at the font's size, and its transparent colour.

    Made once per text and colours: a scene draws the same title every frame."""
    canvas = pyxel.Image(text_width(text), FONT_H)
    clear = next(c for c in range(16) if c not in (colour, shadow))
    canvas.cls(clear)
    canvas.text(0, 1, text, shadow, font())
    canvas.text(0, 0, text, colour, font())
    return canvas, clear


def segment_boxes(x: int, y: int, parts: list[tuple[str, object]]) -> list[tuple[tuple[int, int, int, int], object]]:
    """A line of text in parts from (x, y), each part's box (a pixel round its letters, for a
    click) and what it stands for (None: words to read only).

    >>> segment_boxes(1, 122, [("<", "back"), (" STEP", None)])
    [((0, 120, 5, 9), 'back'), ((4, 120, 21, 9), None)]
    """
    found = []
    for text, action in parts:
        found.append(((x - 1, y - 2, len(text) * FONT_W + 1, FONT_H + 3), action))
        x += len(text) * FONT_W
    return found


def draw_segments(x: int, y: int, parts: list[tuple[str, object]], colour: int, clickable: int) -> None:
    """The line of ``segment_boxes``: the parts that do something in ``clickable``."""
    for words, action in parts:
        text(x, y, words, colour if action is None else clickable)
        x += len(words) * FONT_W


def segment_at(x: int, y: int, parts: list[tuple[str, object]], point: tuple[int, int] | None) -> object:
    """What the part under ``point`` stands for (None: nothing there, or words only)."""
    if point is None:
        return None
    px, py = point
    for (bx, by, bw, bh), action in segment_boxes(x, y, parts):
        if action is not None and bx <= px < bx + bw and by <= py < by + bh:
            return action
    return None


def answer_boxes(y: int, answers: tuple[str, str]) -> tuple[tuple[int, int, int, int], ...]:
    """Two answers centred on a line two spaces apart (as ``text_centered`` would draw them
    joined), each one's box a pixel round its letters: what a click on it hits.

    >>> answer_boxes(89, ("Z: QUIT", "OTHER: STAY"))
    ((23, 89, 29, 8), (59, 89, 45, 8))
    """
    x = (128 - text_width("  ".join(answers))) // 2
    first, second = answers
    return (x - 1, y, text_width(first) + 2, FONT_H + 2), (x + (len(first) + 2) * FONT_W - 1, y, text_width(second) + 2, FONT_H + 2)
