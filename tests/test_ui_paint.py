"""Big text and the worked examples of game/ui hold (tiles: test_ui_tiles.py)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import game.ui
from engine.target import DARK_BLUE, ORANGE, WIDTH
from game.ui import paint

UI_MODULES = sorted(info.name for info in pkgutil.walk_packages(game.ui.__path__, "game.ui."))


@pytest.mark.parametrize("name", UI_MODULES)
def test_docstring_examples(pyxel_headless, name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


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
