"""Open melds: the called tile lies sideways on the side of the seat it came from.

As on a real table: from the seat to the left (kamicha) the leftmost tile, from across the
middle one, from the right (shimocha) the rightmost. An added kan lays its fourth tile
sideways beside the called one (not stacked on it: a row of melds stays one tile high, so a
seat's four melds fit its corner in rows); a closed kan shows its two end tiles face down.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.melds import Meld
from game.ui import pieces

GAP = 2  # between two melds
ROW_GAP = 1  # between two rows of melds


def tiles_in_order(meld: Meld, seat: int) -> list[tuple[int | None, bool]]:
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
    """
    if meld.kind == "ankan":
        t = meld.tiles
        return [(None, False), (t[1], False), (t[2], False), (None, False)]
    rest = [t for t in meld.tiles if t not in (meld.called, meld.added)]
    relative = (meld.from_seat - seat) % 4  # 3 left, 2 across, 1 right
    where = {3: 0, 2: 1, 1: len(rest)}[relative]
    turned = [(meld.called, True)] + ([(meld.added, True)] if meld.added is not None else [])
    return [(t, False) for t in rest[:where]] + turned + [(t, False) for t in rest[where:]]


def meld_width(meld: Meld, seat: int) -> int:
    return sum(pieces.extent("pond", s)[0] for _, s in tiles_in_order(meld, seat)) + len(meld.tiles) - 1


def tile_places(x: int, y: int, meld: Meld, seat: int) -> list[tuple[int | None, bool, tuple[int, int, int, int]]]:
    """Each tile of a meld drawn from (x, y): (tile or None, sideways, its box x, y, w, h),
    bottom-aligned on a pond tile's height.

    >>> [box for _, _, box in tile_places(0, 0, Meld("pon", (108, 109, 110), called=110, from_seat=1), 0)]
    [(0, 0, 5, 8), (6, 0, 5, 8), (12, 2, 7, 6)]
    """
    _, tall = pieces.extent("pond")
    places, dx = [], 0
    for tile, sideways in tiles_in_order(meld, seat):
        w, h = pieces.extent("pond", sideways)
        places.append((tile, sideways, (x + dx, y + tall - h, w, h)))
        dx += w + 1
    return places


def draw_meld(x: int, y: int, meld: Meld, seat: int, border: bool = False) -> int:
    """One meld with its top-left at (x, y) (tiles bottom-aligned on a pond tile's height);
    its width. ``border``: on the border small tiles stand on off the felt."""
    _, tall = pieces.extent("pond")
    if border:
        pieces.draw_border(x, y, meld_width(meld, seat), tall)
    for tile, sideways, (tx, ty, _, _) in tile_places(x, y, meld, seat):
        pieces.draw(tx, ty, tile, "pond", sideways)
    return meld_width(meld, seat)


def meld_places(x: int, y: int, melds: Sequence[Meld], seat: int, width: int,
                right_to_left: bool = False) -> list[tuple[Meld, int, int]]:
    """Where each of a seat's melds goes in a box ``width`` wide from (x, y), wrapping onto
    rows below: (meld, its left, its top)."""
    places, row_x, row_y = [], 0, 0
    _, tall = pieces.extent("pond")
    for meld in melds:
        w = meld_width(meld, seat)
        if row_x and row_x + w > width:
            row_x, row_y = 0, row_y + tall + ROW_GAP
        places.append((meld, x + width - row_x - w if right_to_left else x + row_x, y + row_y))
        row_x += w + GAP
    return places


def draw_melds(x: int, y: int, melds: Sequence[Meld], seat: int, width: int, right_to_left: bool = False) -> None:
    """A seat's melds in a box ``width`` wide from (x, y), wrapping onto rows below."""
    for meld, left, top in meld_places(x, y, melds, seat, width, right_to_left):
        draw_meld(left, top, meld, seat)
