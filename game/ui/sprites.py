"""The sprite sheet's contents: where each sprite sits in image bank 0, and its pixels.

``tools/build_resources.py`` writes this art into ``resources.pyxres``; the scenes draw the
sprites from the loaded image bank with ``blt``. Pixels are hex palette indices (PICO-8's
colours, engine/target.py); ``0`` (black) is transparent, so the art uses dark grey (5)
for outlines. All of it lies in the 128×128 sprite sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

TRANSPARENT = 0
BANK = 0


@dataclass(frozen=True)
class Sprite:
    x: int
    y: int
    rows: tuple[str, ...]

    @property
    def w(self) -> int:
        return len(self.rows[0])

    @property
    def h(self) -> int:
        return len(self.rows)


def _face(width: int, height: int, body: str, edge: str) -> tuple[str, ...]:
    """A tile seen from the front: rounded outline, body, one row of thickness at the bottom."""
    top = "0" + "5" * (width - 2) + "0"
    middle = "5" + body * (width - 2) + "5"
    thickness = "5" + edge * (width - 2) + "5"
    return (top, *[middle] * (height - 3), thickness, top)


# A hand tile is 8×14: glyphs go at (1..6, 1..11): the number on top, the suit letter below.
TILE = Sprite(0, 0, _face(8, 14, body="7", edge="6"))
TILE_BACK = Sprite(8, 0, _face(8, 14, body="9", edge="4"))
# A pond tile is 5×8: one glyph at (1, 1).
SMALL_TILE = Sprite(16, 0, ("77777",) * 7 + ("66666",))
SMALL_BACK = Sprite(21, 0, ("99999",) * 7 + ("44444",))
# The cursor: a yellow frame around the chosen hand tile (10×16, hollow).
CURSOR = Sprite(0, 16, ("0aaaaaaaa0", *["a00000000a"] * 14, "0aaaaaaaa0"))

ALL = {
    "tile": TILE,
    "tile_back": TILE_BACK,
    "small_tile": SMALL_TILE,
    "small_back": SMALL_BACK,
    "cursor": CURSOR,
}
