"""Rebuild resources.pyxres from the art in art/ and the sounds below, headless and reproducibly.

    .venv/bin/python tools/build_resources.py [OUT]     (OUT defaults to resources.pyxres)

The sprite sheet is ``tools/art.py``'s ``compose()`` (tiles, seed-code font, logo, from
art/*.txt) at the places ``game/ui/sheet.py`` gives; beside the default file it also writes
``game/ui/sheet_layout.py``, the table of what the painters need to know of the art (each
font glyph's width, the logo's size), so the cartridge never reads art/, and ``game/ui/font_text.bdf``, the text font
(``art/font_text.txt``) as ``pyxel.Font`` reads it.
The sounds are written here as Pyxel's sound strings (``pyxel.Sound.set``: notes, tones
t/s/p/n = triangle/square/pulse/noise, volumes 0-7, effects n/s/v/f = none/slide/vibrato/fade
out, and the speed in 1/120 s per note); ``game.ui.sound`` numbers them. PICO-8 allows 64 sound
effects and 4 channels: we use fewer.

Pyxel writes a byte-stable file (fixed zip timestamps), so running this twice gives the same
bytes; ``tests/test_ui_resources.py`` checks the committed file against the art.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import art  # noqa: E402  (tools/art.py)
from engine import target  # noqa: E402
from game.ui import sheet  # noqa: E402

# name -> (notes, tones, volumes, effects, speed). Short effects first; the tune's parts last.
SOUNDS = {
    "discard": ("c2a1", "n", "64", "nf", 3),  # the clack of a tile on the table
    "draw": ("g3", "t", "3", "f", 5),  # a soft tick
    "call": ("c3g3c4", "p", "666", "nnf", 5),  # chi, pon, kan: a short rising shout
    "riichi": ("c3g3c4r e4g4c4", "s", "5556666", "nnnnnvf", 6),
    "tsumo": ("c3e3g3c4e4g4c4", "p", "5", "nnnnnnf", 5),
    "ron": ("g3c4r g4c4g4", "s", "6666665", "nnnnnvf", 5),
    "ryuukyoku": ("g3e3c3a2", "t", "5554", "nnnf", 14),  # the draw game: falling, slow
    "cursor": ("c4", "p", "2", "f", 3),
    "confirm": ("c4g4", "p", "4", "nf", 4),
    # The title tune: three parts of a short phrase in the yo scale (C D F G A), played once.
    "title melody": ("c3d3f3g3 a3g3f3d3 f3g3a3c4 a3g3f3r "
                     "d3f3g3a3 c4a3g3f3 g3f3d3c3 c3rrr", "p", "5", "n", 16),
    "title harmony": ("a2rf2r c3ra2r d3rc3r f2rrr "
                      "a2rf2r a2rc3r g2ra2r c3rrr", "t", "4", "n", 16),
    "title bass": ("f1rrr c2rrr d2rrr a1rrr "
                   "d2rrr f1rrr g1rrr c2rrr", "t", "6", "nnnf", 16),
}


def paint_sprite_sheet() -> None:
    """Clear the sprite sheet to transparent and draw every sprite at its place."""
    import pyxel

    bank, x, y, w, h = target.SPRITE_SHEET
    image = pyxel.images[bank]
    image.rect(x, y, w, h, sheet.CLEAR)
    for sprite in art.compose().values():
        image.set(sprite.x, sprite.y, list(sprite.rows))


def write_sounds() -> None:
    """Each sound at its number (``game.ui.sound.NUMBERS``), and the title tune as music 0."""
    import pyxel

    from game.ui import sound

    for name, (notes, tones, volumes, effects, speed) in SOUNDS.items():
        pyxel.sounds[sound.NUMBERS[name]].set(notes.replace(" ", ""), tones, volumes, effects, speed)
    parts = [[sound.NUMBERS[name]] for name in sound.TUNE_PARTS]
    pyxel.musics[sound.TITLE_MUSIC].set(*parts, [])


def main(path: Path = target.RESOURCE_FILE) -> None:
    import pyxel

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pyxel.init(target.WIDTH, target.HEIGHT, headless=True)
    paint_sprite_sheet()
    write_sounds()
    pyxel.save(str(path))
    print(f"wrote {path} ({path.stat().st_size} bytes)")
    if path.resolve() == target.RESOURCE_FILE.resolve():
        art.LAYOUT_FILE.write_text(art.layout_source(), encoding="utf-8")
        print(f"wrote {art.LAYOUT_FILE.relative_to(ROOT)}")
        art.TEXT_FONT_FILE.write_text(art.bdf_source(), encoding="utf-8")
        print(f"wrote {art.TEXT_FONT_FILE.relative_to(ROOT)}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else target.RESOURCE_FILE)
