"""Tiles are told apart on screen, and the worked examples of game/ui hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import game.ui
from engine.target import DARK_BLUE, ORANGE, RED, WHITE, WIDTH
from game.ui import paint

UI_MODULES = sorted(info.name for info in pkgutil.walk_packages(game.ui.__path__, "game.ui."))


@pytest.mark.parametrize("name", UI_MODULES)
def test_docstring_examples(pyxel_headless, name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_every_kind_has_its_own_face():
    faces = {paint.tile_face(kind * 4 + 1) for kind in range(34)}  # copy 1: never red
    assert len(faces) == 34


GLYPH_BOXES = {paint.draw_tile: (1, 1, 5, 7), paint.draw_small_tile: (0, 0, 5, 7)}  # x, y, w, h


def glyph_pixels(pyxel, draw, tile: int) -> list[int]:
    """The pixels round the tile's top glyph, drawn at the screen's corner."""
    pyxel.cls(0)
    draw(0, 0, tile)
    x0, y0, w, h = GLYPH_BOXES[draw]
    return [pyxel.pget(x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w)]


@pytest.mark.parametrize("draw", list(GLYPH_BOXES))
@pytest.mark.parametrize("red, plain", [(16, 17), (52, 53), (88, 89)])
def test_a_red_five_is_white_on_red_and_a_plain_five_is_not(pyxel_headless, draw, red, plain):
    red_glyph = glyph_pixels(pyxel_headless, draw, red)
    plain_glyph = glyph_pixels(pyxel_headless, draw, plain)
    assert set(red_glyph) == {RED, WHITE} and red_glyph.count(RED) > red_glyph.count(WHITE)
    assert red_glyph.count(RED) > plain_glyph.count(RED)


def test_big_text_is_made_once_per_text_and_the_images_kept_are_bounded(pyxel_headless, monkeypatch):
    made = []
    real_image = pyxel_headless.Image
    monkeypatch.setattr(pyxel_headless, "Image", lambda *size: made.append(size) or real_image(*size))
    paint._big_text_image.cache_clear()
    for _frame in range(3):
        paint.big_text_centered(20, "AGARI", ORANGE)
    assert len(made) == 1
    for i in range(2 * paint.BIG_TEXTS_KEPT):
        paint.big_text_centered(20, f"TEXT {i}", ORANGE)
    assert paint._big_text_image.cache_info().currsize <= paint.BIG_TEXTS_KEPT


def test_big_text_starts_at_its_row_and_each_font_row_is_two_pixels_tall(pyxel_headless):
    pyxel_headless.cls(DARK_BLUE)
    paint.big_text_centered(20, "AGARI", ORANGE)
    shown = bytes(pyxel_headless.screen.data_ptr())

    def lit(y: int) -> list[int]:
        return [x for x in range(WIDTH) if shown[y * WIDTH + x] == ORANGE]

    inked = [y for y in range(40) if lit(y)]
    assert inked[0] == 20 and inked[-1] == 20 + 2 * paint.FONT_H - 3
    assert all(lit(y) == lit(y + 1) for y in range(20, 30, 2))
