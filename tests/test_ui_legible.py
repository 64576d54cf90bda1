"""Every tile reads whole on every screen that shows it (issue 41, items 2 and 3).

A pond-size face has no margin: its ink reaches the tile's edge, and ink too close in colour to
what lies round the tile is lost there (a dark-blue W on the dark-blue results read as a V).
Inside, ink too close to the tile's body is lost the same way (the dark 8p dots on a called-away
tile's dark body). So each tile is drawn by the painter of each screen, on that screen's
background, and read back: an ink pixel is *lost* where it meets, side by side, the body, the
bottom edge or anything outside the tile in a colour less than ``CONTRAST`` away. Every ink
pixel of every face must be kept, and every two faces must still differ by the pond test's
measure (tests/test_ui_tiles.py) in what is kept.

Colour distance is the "redmean" weighting of RGB (a cheap approximation of how far apart two
colours look): black to white is 765; the dark-blue ink on the felt is 189, on black 171, on
the called-away tile's dark grey 132, on the dark-blue screens 0.

One face per tile at each size: the hand's and the pond's faces of a tile use the same inks in
the same order, top to bottom (the 8p was light-blue bars in the hand and dark dots in the
ponds).
"""

from __future__ import annotations

import math
import sys
from itertools import combinations
from pathlib import Path

import pyxel
import pytest

from engine.target import BLACK, BROWN, DARK_BLUE, DARK_GREEN as FELT, DARK_GREY, LIGHT_GREY, ORANGE, PALETTE, WHITE
from game.rules.actions import Discard, Pon
from game.rules.melds import Meld
from game.rules.tiles import RED_FIVES, tile_name
from game.rules.view import DiscardView
from game.rules.yaku import dora_kind
from game.ui import centre, debug, hands, hints, melds, paint, ponds, prompts, review_panel, sheet, tiles
from game.coach import hint as coach_hint

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import art  # noqa: E402  (tools/art.py)

CONTRAST = 150
MIN_DIFFERENCE, MIN_PATTERN = 4, 5  # as the pond test: two faces, two faces of dots or bamboo
FACES = [kind * 4 + 1 for kind in range(34)] + list(RED_FIVES)
X, Y = 10, 10  # where the painters put the tile under test


def distance(a: int, b: int) -> float:
    """The redmean distance of two palette colours (0 to about 765).

    >>> round(distance(1, 3)), round(distance(1, 0)), round(distance(1, 5)), round(distance(0, 7))
    (189, 171, 132, 765)
    """
    (r1, g1, b1), (r2, g2, b2) = [((PALETTE[c] >> 16) & 255, (PALETTE[c] >> 8) & 255, PALETTE[c] & 255) for c in (a, b)]
    mean = (r1 + r2) / 2
    return math.sqrt((2 + mean / 256) * (r1 - r2) ** 2 + 4 * (g1 - g2) ** 2 + (2 + (255 - mean) / 256) * (b1 - b2) ** 2)


def kept_ink(box: tuple[int, int, int, int], plain: set[int]) -> tuple[tuple[int | None, ...], list[tuple[int, int]]]:
    """The tile in ``box`` on screen: each pixel's ink colour where it is kept (None for the
    tile's own ``plain`` colours, body, side and edge, and for lost ink), and the lost pixels."""
    x, y, w, h = box
    kept, lost = [], []
    for py in range(y, y + h):
        for px in range(x, x + w):
            colour = pyxel.pget(px, py)
            if colour in plain:
                kept.append(None)
                continue
            around = []
            for nx, ny in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                outside = not (x <= nx < x + w and y <= ny < y + h)
                near = pyxel.pget(nx, ny)
                if outside or near in plain:
                    around.append(near)
            if any(distance(colour, near) < CONTRAST for near in around):
                lost.append((px - x, py - y))
                kept.append(None)
            else:
                kept.append(colour)
    return tuple(kept), lost


# Each screen's way of showing a small tile: it paints ``tile`` and says where it lies and which
# colours are the tile itself (body, edge) rather than ink.
POND_PLAIN = {WHITE, ORANGE}


def pond(body: str, sideways: bool):
    def paint(tile: int):
        pyxel.cls(FELT)
        called_by = 1 if body == "ghost" else None
        discard = DiscardView(tile, body == "tsumogiri", sideways, called_by)
        ponds.draw_pond((X, Y, 40, 30), [discard], False)
        w, h = tiles.tile_extent(tiles.POND, 1 if sideways else 0)
        plain = {"plain": WHITE, "tsumogiri": ponds.TSUMOGIRI, "ghost": ponds.GHOST[WHITE]}[body]
        return (X, Y + 8 - h, w, h), {plain, ORANGE}
    return paint


def small_row(background: int):
    def paint(tile: int):
        pyxel.cls(background)
        hands.draw_small_row(X, Y, [tile])
        return (X, Y, 5, 8), POND_PLAIN
    return paint


def meld_on_results(sideways: bool):
    def paint(tile: int):
        pyxel.cls(DARK_BLUE)
        others = [t for t in range(tile // 4 * 4, tile // 4 * 4 + 4) if t != tile][:2]
        melds.draw_meld(X, Y, Meld("pon", (tile, *others), called=tile if sideways else others[0], from_seat=3),
                        0, border=True)
        return ((X, Y + 2, 7, 6) if sideways else (X + 8, Y, 5, 8)), POND_PLAIN
    return paint


def dora(background: int):
    def paint(tile: int):
        pyxel.cls(background)
        indicator = next(i * 4 for i in range(34) if dora_kind(i) == tile // 4)
        centre.draw_dora_row(X, Y, [indicator], labelled=False)
        return (X, Y, 5, 8), POND_PLAIN
    return paint


def prompt_button(tile: int):
    pyxel.cls(FELT)
    option = prompts.Option("PON", Pon((tile, tile)), (tile,))
    prompts.draw_bar((2, 100, 124), [option], 0)
    x = 2 + prompts.PAD + 11 + 2
    return (x, 101, 5, 8), POND_PLAIN


def review_answer(tile: int):
    pyxel.cls(DARK_BLUE)
    review_panel._answer(X, Y, "CPU", Discard(tile), ORANGE)
    return (X + 4 * 3 + 2, Y - 1, 5, 8), POND_PLAIN


def hold_x_hint(tile: int):
    pyxel.cls(DARK_BLUE)
    hint = coach_hint.Hint(1, 0.25, advice=coach_hint.Advice(Discard(tile)))
    debug.draw_seat_hint(Y, hint)
    words, shown, _ = hints.hint_line(hint, hints.SCREEN_RIGHT - debug.HINT_X, short=True)
    assert shown == tile
    return (debug.HINT_X + paint.text_width(words) + hints.TILE_GAP, Y - 1, 5, 8), POND_PLAIN


def hand(background: int, dim: bool):
    def paint(tile: int):
        pyxel.cls(background)
        tiles.draw_tile(X, Y, tile, tiles.HAND, dim=dim)
        plain = {LIGHT_GREY, DARK_GREY, BROWN} if dim else {WHITE, LIGHT_GREY, ORANGE}
        return (X, Y, 8, 11), plain
    return paint


SCREENS = {
    "pond": pond("plain", False), "pond riichi": pond("plain", True),
    "pond tsumogiri": pond("tsumogiri", False), "pond tsumogiri riichi": pond("tsumogiri", True),
    "pond called away": pond("ghost", False), "pond called away riichi": pond("ghost", True),
    "results, hold X, replays: a row": small_row(DARK_BLUE), "results: a meld": meld_on_results(False),
    "results: a meld's called tile": meld_on_results(True), "results: dora": dora(DARK_BLUE),
    "centre box: dora": dora(BLACK), "prompt button": prompt_button, "review: an answer": review_answer,
    "hold X: a hint": hold_x_hint, "hand": hand(FELT, False), "hand dimmed": hand(FELT, True),
    "title: hand tiles": hand(DARK_BLUE, False),
}  # fmt: skip
NO_RED_AS_DORA = {"results: dora", "centre box: dora"}  # the dora are shown as copy 1, never red


@pytest.mark.parametrize("screen", SCREENS)
def test_every_face_keeps_all_its_ink_on_every_screen(pyxel_headless, screen):
    paint = SCREENS[screen]
    lost = {}
    for tile in FACES:
        if tile in RED_FIVES and screen in NO_RED_AS_DORA:
            continue
        box, plain = paint(tile)
        _, gone = kept_ink(box, plain)
        if gone:
            lost[tile_name(tile)] = gone
    assert lost == {}


@pytest.mark.parametrize("screen", SCREENS)
def test_every_two_faces_are_told_apart_on_every_screen(pyxel_headless, screen):
    paint = SCREENS[screen]
    drawn = {tile: kept_ink(*paint(tile))[0] for tile in FACES
             if not (tile in RED_FIVES and screen in NO_RED_AS_DORA)}

    def least(a: int, b: int) -> int:
        patterns = tile_name(a)[-1] == tile_name(b)[-1] and tile_name(a)[-1] in "ps"
        return MIN_PATTERN if patterns else MIN_DIFFERENCE

    def apart(a: tuple, b: tuple) -> int:
        return sum(x != y for x, y in zip(a, b, strict=True))

    close = [(tile_name(a), tile_name(b), apart(drawn[a], drawn[b])) for a, b in combinations(drawn, 2)
             if apart(drawn[a], drawn[b]) < least(a, b)]
    assert close == []


def inks_in_order(rows: tuple[str, ...]) -> list[str]:
    """The face's inks by first appearance, reading top to bottom, left to right."""
    found: list[str] = []
    for row in rows:
        for pixel in row:
            if pixel != "." and pixel not in found:
                found.append(pixel)
    return found


def test_one_face_per_tile_at_each_size():
    """The hand's and the pond's faces of a tile use the same inks in the same order, and a
    pond face drawn sideways of its own uses the same inks as upright."""
    hand_faces, pond_faces, sideways = art.faces(sheet.HAND), art.faces(sheet.POND), art.sideways_faces(sheet.POND)
    differ = [name for name in sheet.SPRITE_NAMES if inks_in_order(hand_faces[name]) != inks_in_order(pond_faces[name])]
    assert differ == []
    turned = [name for name, rows in sideways.items() if set(inks_in_order(rows)) != set(inks_in_order(pond_faces[name]))]
    assert turned == []
