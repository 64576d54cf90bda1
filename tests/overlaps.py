"""What is drawn over what: a screen's drawing calls recorded with the pixels each one sets.

``Canvas(patches)`` wraps Pyxel's drawing calls and the tile, big-text and stick painters.
Each call is run twice on a blank screen (black, then white: what it leaves alone shows each,
what it paints is the same on both; as ``stepping.painted``) to learn its pixels, then for
real. A *thing* is a tile, a piece of text (a line, big letters, a seed-code glyph, the logo)
or a point stick; a *fill* is a box, a frame, a line or a dot. What overlaps:

- a thing over any pixel of an earlier thing (text over a tile, a tile over text, text over
  text), except a tile over only the bottom edge (the last row) of an earlier tile: a long
  pond packs its rows that close, every face whole (game/ui/ponds.py);
- a fill over any pixel of a thing (a box hiding a score);
- a thing that runs off the screen (its letters or its tile cut at an edge): reported as
  ("off screen", the thing, its corner).

``cls`` starts a new screen. ``overlaps`` lists each (earlier, later, a pixel) found.
"""

from __future__ import annotations

from collections.abc import Callable

import pyxel
from stepping import painted_between

from game.rules.tiles import tile_name
from game.ui import paint, tiles

THING, FILL = "thing", "fill"
SCREEN = 128


class Canvas:
    def __init__(self, patches) -> None:  # a pytest.MonkeyPatch, undone by its owner
        self.owner: dict[int, tuple[int, bool]] = {}  # pixel -> (the thing's index, on its bottom edge)
        self.labels: list[str] = []
        self.overlaps: list[tuple[str, str, tuple[int, int]]] = []
        self.depth = 0
        self.cls = pyxel.cls
        for name in ("text", "blt"):
            patches.setattr(pyxel, name, self.wrap(THING, name, getattr(pyxel, name)))
        for name in ("rect", "rectb", "line", "pset"):
            patches.setattr(pyxel, name, self.wrap(FILL, name, getattr(pyxel, name)))
        patches.setattr(pyxel, "cls", self.clear)
        patches.setattr(tiles, "draw_tile", self.wrap(THING, "tile", tiles.draw_tile))
        patches.setattr(paint, "big_text", self.wrap(THING, "big text", paint.big_text))
        patches.setattr(paint, "draw_stick", self.wrap(THING, "stick", paint.draw_stick))

    def clear(self, colour: int) -> None:
        self.owner.clear()
        self.cls(colour)

    def wrap(self, kind: str, name: str, original: Callable) -> Callable:
        def call(*args, **kwargs):
            if self.depth:  # inside a painter already recorded as one thing
                return original(*args, **kwargs)
            self.depth += 1
            try:
                pixels = self.pixels_of(lambda: original(*args, **kwargs))
                self.note(kind, label(name, args), pixels, edge_row(name, args))
                box = extent(name, args)
                if box is not None and not (0 <= box[0] and 0 <= box[1] and box[0] + box[2] <= SCREEN
                                            and box[1] + box[3] <= SCREEN):
                    self.overlaps.append(("off screen", label(name, args), (box[0], box[1])))
                return original(*args, **kwargs)
            finally:
                self.depth -= 1

        return call

    def pixels_of(self, paint_it: Callable[[], None]) -> set[int]:
        screen = pyxel.screen.data_ptr()
        kept = bytes(screen)
        self.cls(0)
        paint_it()
        first = bytes(screen)
        self.cls(7)
        paint_it()
        second = bytes(screen)
        screen[: len(kept)] = kept
        return painted_between(first, second)

    def note(self, kind: str, name: str, pixels: set[int], edge: int | None) -> None:
        index = len(self.labels)
        self.labels.append(name)
        tile = name.startswith("tile")
        seen: set[int] = set()
        for i in sorted(pixels):
            before = self.owner.get(i)
            if before is not None and before[0] not in seen:
                earlier, on_edge = before
                allowed = kind == THING and tile and self.labels[earlier].startswith("tile") and on_edge
                if not allowed:
                    seen.add(earlier)
                    self.overlaps.append((self.labels[earlier], name, (i % SCREEN, i // SCREEN)))
            if kind == THING:
                self.owner[i] = (index, edge is not None and i // SCREEN == edge)
            else:
                self.owner.pop(i, None)


def label(name: str, args: tuple) -> str:
    """A call as a report names it: the text drawn, the tile and where."""
    if name == "text":
        return f"text {args[2]!r} at {args[0]},{args[1]}"
    if name == "big text":
        return f"big text {args[2]!r}"
    if name == "tile":
        tile = args[2]
        return f"tile {tile_name(tile) if tile is not None else 'back'} at {args[0]},{args[1]}"
    return f"{name} at {args[0]},{args[1]}"


def edge_row(name: str, args: tuple) -> int | None:
    """A tile's bottom edge: the row a tile of the next row of a packed pond may lie on."""
    if name != "tile":
        return None
    x, y, tile, *rest = args
    size = rest[0] if rest else tiles.HAND
    rotation = rest[1] if len(rest) > 1 else 0
    return y + tiles.tile_extent(size, rotation)[1] - 1


def extent(name: str, args: tuple) -> tuple[int, int, int, int] | None:
    """Where a thing means to lie (x, y, w, h): a line of text, big letters, a tile."""
    if name == "text":
        text = str(args[2]).rstrip()
        return (args[0], args[1], paint.text_width(text), paint.FONT_H - 1) if text.strip() else None
    if name == "big text":
        return args[0], args[1], paint.big_text_width(str(args[2])), 2 * (paint.FONT_H - 1)
    if name == "tile":
        x, y, tile, *rest = args
        size = rest[0] if rest else tiles.HAND
        rotation = rest[1] if len(rest) > 1 else 0
        return (x, y, *tiles.tile_extent(size, rotation))
    return None
