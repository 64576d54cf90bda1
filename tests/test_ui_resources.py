"""resources.pyxres loads, holds the art of game/ui/sprites.py, and rebuilds to the same bytes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from engine import target
from game.ui import sprites

ROOT = Path(__file__).resolve().parent.parent


def test_the_loaded_sprite_sheet_holds_every_sprite(pyxel_headless):
    pyxel = pyxel_headless
    bank = pyxel.images[sprites.BANK]
    for name, sprite in sprites.ALL.items():
        for dy, row in enumerate(sprite.rows):
            got = "".join(f"{bank.pget(sprite.x + dx, sprite.y + dy):x}" for dx in range(sprite.w))
            assert got == row, f"{name} row {dy}"


def test_all_art_lies_in_the_128_pixel_sprite_sheet():
    bank, x0, y0, w, h = target.SPRITE_SHEET
    assert bank == sprites.BANK
    for sprite in sprites.ALL.values():
        assert x0 <= sprite.x and sprite.x + sprite.w <= x0 + w
        assert y0 <= sprite.y and sprite.y + sprite.h <= y0 + h
        assert all(len(row) == sprite.w for row in sprite.rows)


def test_the_tool_rebuilds_the_committed_file_byte_for_byte(tmp_path):
    out = tmp_path / "resources.pyxres"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_resources.py"), str(out)],
                   check=True, capture_output=True, env={**os.environ, "SDL_AUDIODRIVER": "dummy"})
    assert out.read_bytes() == target.RESOURCE_FILE.read_bytes()
