"""Open melds: the called tile lies sideways on the side of the seat it came from.

As on a real table: from the seat to the left (kamicha) the leftmost tile, from across the
middle one, from the right (shimocha) the rightmost. An added kan lays its fourth tile
sideways beside the called one (not stacked on it: a row of melds stays one tile high, so a
seat's four melds fit its corner in rows); a closed kan shows its two end tiles face down.

With three players the Norths a seat has set aside (nukidora) stand first in its row of melds,
nearest its corner, as one North tile with their count after it (in yellow) when more than one:
half a pon's width, so the player's row holds four Norths and four melds, one a kan, beside a
hand of two tiles, and another seat's corner its Norths and four pons in the rows four pons take.

    >>> nuki_width(1), nuki_width(4)
    (5, 9)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.target import YELLOW
from game.rules.melds import Meld
from game.rules.tiles import NORTH
from game.ui import paint, pieces
from game.ui.seats import relative

GAP = 2  # between two melds
ROW_GAP = 1  # between two rows of melds


def tiles_in_order(meld: Meld, seat: int, players: int = 4) -> list[tuple[int | None, bool]]:
    """(tile or None for a back, sideways) left to right, for the meld of ``seat``.

    >>> chi = Meld("chi", (8, 12, 16), called=12, from_seat=3)     # 3m called from the left
    >>> tiles_in_order(chi, 0)
    [(12, True), (8, False), (16, False)]
    >>> pon = Meld("pon", (108, 109, 110), called=110, from_seat=1)  # from the right
    >>> [sideways for _, sideways in tiles_in_order(pon, 0)]
    [False, False, True]
    >>> tiles_in_order(Meld("ankan", (0, 1, 2, 3)), 0)
    [(None, False), (1, False), (2, False), (None, False)]
    >>> tiles_in_order(Meld("kakan", (8, 9, 10, 11), called=9, from_seat=3, added=11), 0)
    [(9, True), (11, True), (8, False), (10, False)]
    >>> [s for _, s in tiles_in_order(Meld("pon", (108, 109, 110), called=110, from_seat=2), 0, players=3)]
    [True, False, False]
    """
    if meld.kind == "ankan":
        t = meld.tiles
        return [(None, False), (t[1], False), (t[2], False), (None, False)]
    rest = [t for t in meld.tiles if t not in (meld.called, meld.added)]
    where = {3: 0, 2: 1, 1: len(rest)}[relative(meld.from_seat, seat, players)]  # left, across, right
    turned = [(meld.called, True)] + ([(meld.added, True)] if meld.added is not None else [])
    return [(t, False) for t in rest[:where]] + turned + [(t, False) for t in rest[where:]]


def meld_width(meld: Meld, seat: int, players: int = 4) -> int:
    return sum(pieces.extent("pond", s)[0] for _, s in tiles_in_order(meld, seat, players)) + len(meld.tiles) - 1


def nuki_width(count: int) -> int:
    """The Norths set aside: one tile, and its count when more than one."""
    return pieces.extent("pond")[0] + (1 + paint.text_width(str(count)) if count > 1 else 0)


def draw_nukis(x: int, y: int, count: int) -> None:
    """The Norths a seat has set aside, top-left at (x, y), bottom-aligned as the melds are."""
    _, tall = pieces.extent("pond")
    pieces.draw(x, y, NORTH * 4, "pond")
    if count > 1:
        paint.text(x + pieces.extent("pond")[0] + 1, y + tall - paint.FONT_H + 1, str(count), YELLOW)


def tile_places(x: int, y: int, meld: Meld, seat: int,
                players: int = 4) -> list[tuple[int | None, bool, tuple[int, int, int, int]]]:
    """Each tile of a meld drawn from (x, y): (tile or None, sideways, its box x, y, w, h),
    bottom-aligned on a pond tile's height.

    >>> [box for _, _, box in tile_places(0, 0, Meld("pon", (108, 109, 110), called=110, from_seat=1), 0)]
    [(0, 0, 5, 8), (6, 0, 5, 8), (12, 2, 7, 6)]
    """
    _, tall = pieces.extent("pond")
    places, dx = [], 0
    for tile, sideways in tiles_in_order(meld, seat, players):
        w, h = pieces.extent("pond", sideways)
        places.append((tile, sideways, (x + dx, y + tall - h, w, h)))
        dx += w + 1
    return places


def draw_meld(x: int, y: int, meld: Meld, seat: int, border: bool = False, players: int = 4) -> int:
    """One meld with its top-left at (x, y) (tiles bottom-aligned on a pond tile's height);
    its width. ``border``: on the border small tiles stand on off the felt."""
    _, tall = pieces.extent("pond")
    if border:
        pieces.draw_border(x, y, meld_width(meld, seat, players), tall)
    for tile, sideways, (tx, ty, _, _) in tile_places(x, y, meld, seat, players):
        pieces.draw(tx, ty, tile, "pond", sideways)
    return meld_width(meld, seat, players)


def group_places(x: int, y: int, melds: Sequence[Meld], seat: int, width: int, right_to_left: bool = False,
                 players: int = 4, nukis: int = 0) -> list[tuple[Meld | None, int, int]]:
    """Where a seat's Norths set aside (first, as None) and each of its melds go in a box
    ``width`` wide from (x, y), wrapping onto rows below: (meld or None, its left, its top)."""
    groups = ([(None, nuki_width(nukis))] if nukis else []) + [(m, meld_width(m, seat, players)) for m in melds]
    places, row_x, row_y = [], 0, 0
    _, tall = pieces.extent("pond")
    for meld, w in groups:
        if row_x and row_x + w > width:
            row_x, row_y = 0, row_y + tall + ROW_GAP
        places.append((meld, x + width - row_x - w if right_to_left else x + row_x, y + row_y))
        row_x += w + GAP
    return places


def meld_places(x: int, y: int, melds: Sequence[Meld], seat: int, width: int, right_to_left: bool = False,
                players: int = 4, nukis: int = 0) -> list[tuple[Meld, int, int]]:
    """Where each of a seat's melds goes (after its Norths set aside): (meld, its left, its top)."""
    return [p for p in group_places(x, y, melds, seat, width, right_to_left, players, nukis) if p[0] is not None]


def draw_melds(x: int, y: int, melds: Sequence[Meld], seat: int, width: int, right_to_left: bool = False,
               players: int = 4, nukis: int = 0) -> None:
    """A seat's melds in a box ``width`` wide from (x, y), wrapping onto rows below; its
    ``nukis`` (Norths set aside) first."""
    for meld, left, top in group_places(x, y, melds, seat, width, right_to_left, players, nukis):
        if meld is None:
            draw_nukis(left, top, nukis)
        else:
            draw_meld(left, top, meld, seat, players=players)
