"""Rebuild resources.pyxres from the art in game/ui/sprites.py, headless and reproducibly.

    .venv/bin/python tools/build_resources.py [OUT]     (OUT defaults to resources.pyxres)

Pyxel writes a byte-stable file (fixed zip timestamps), so running this twice gives the same
bytes; ``tests/test_ui_resources.py`` checks the committed file against the art.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import target  # noqa: E402
from game.ui import sprites  # noqa: E402


def paint_sprite_sheet() -> None:
    """Clear the sprite sheet to transparent and draw every sprite at its place."""
    import pyxel

    bank, x, y, w, h = target.SPRITE_SHEET
    image = pyxel.images[bank]
    image.rect(x, y, w, h, sprites.TRANSPARENT)
    for sprite in sprites.ALL.values():
        image.set(sprite.x, sprite.y, list(sprite.rows))


def main(path: Path = target.RESOURCE_FILE) -> None:
    import pyxel

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pyxel.init(target.WIDTH, target.HEIGHT, headless=True)
    paint_sprite_sheet()
    pyxel.save(str(path))
    print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else target.RESOURCE_FILE)
