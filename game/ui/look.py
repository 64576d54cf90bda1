"""Look at any tile on the table: its name and its story in words, and a larger picture of it.

Point at a tile (the mouse resting on it a moment, or a tap) or hold X and step a look cursor
with the arrows (←→ one tile, through a pond in the order it was thrown; ↑↓ the next pond, a
seat's melds, the dora, the hand), and a box at the screen's top or bottom edge (away from
the tile) names it, as Tenhou and Mahjong Soul do when a tile is pointed at: "WEST'S 8P, TURN
6" / "FROM THE DRAW" for a discard (its place in the pond, thrown straight from the draw or from
the hand, the riichi tile, the seat that called it away), "PON OF 5S FROM NORTH" for a meld's
tile, the dora with its indicator, a tile of the hand. The tile under the look is framed in
yellow. Every tile the board draws is a spot: where ``spots`` puts it is where the board's own
layouts (``ponds.layout``, ``melds.meld_places``, ``centre.dora_places``, ``hands.tile_box``)
draw it. The words come from game/rules/words.py.

    >>> from game.rules.view import DiscardView
    >>> from types import SimpleNamespace
    >>> pond = (DiscardView(65, True, False, None), DiscardView(90, False, True, 0))
    >>> view = SimpleNamespace(seat=0, seat_winds=(0, 1, 2, 3), discards=((), (), pond, ()),
    ...                        melds=((), (), (), ()), dora_indicators=(12,), hand=(), drawn=None, nukis=())
    >>> [spot.lines for spot in spots(view, player=0)]  # doctest: +NORMALIZE_WHITESPACE
    [("west's 8p, turn 1", 'from the draw'),
     ("west's 5s, turn 2", 'from the hand, riichi', 'called by you'),
     ('dora 5m', 'indicator 4m')]
"""

from __future__ import annotations

from dataclasses import dataclass

import pyxel

from engine.buttons import ALL, DOWN, LEFT, RIGHT, UP, X
from engine.target import BLACK, DARK_GREY, WHITE, YELLOW
from game.rules.words import dora_story, discard_story, hand_story, meld_story, seat_words
from game.ui import board, centre, hands, melds, paint, pieces, ponds
from game.ui.seats import relative

LOOK_DELAY = 15  # frames the pointer rests on a tile before its look shows: half a second, a tooltip's pause
SCREEN = 128
TILE_X, TEXT_X = 3, 13  # in the look's box: the tile at hand size on its border, the lines
LINE = 6


@dataclass(frozen=True)
class Spot:
    """A tile on the table: its box (x, y, w, h), the tile (None: face down), its story in
    lines, and its group (a seat's pond or melds, the dora, the hand: ↑↓ step between them)."""

    box: tuple[int, int, int, int]
    tile: int | None
    lines: tuple[str, ...]
    group: tuple[str, int | None]  # ("pond" or "melds", the seat), ("dora", None), ("hand", seat)


def spots(view, player: int | None) -> list[Spot]:
    """Every tile the board shows of ``view``, seat by seat from the bottom (its pond in the
    order thrown, then its melds), then the dora, then the bottom seat's hand."""
    found: list[Spot] = []
    players = len(view.discards)
    for seat in sorted(range(players), key=lambda s: relative(s, view.seat, players)):
        found += pond_spots(view, seat, player) + meld_spots(view, seat, player)
    found += [Spot(box, dora, dora_story(dora, indicator), ("dora", None))
              for dora, indicator, box in centre.dora_places(board.CENTRE_BOX, view.dora_indicators)]
    shown = hands.hand_in_order(view.hand, view.drawn)
    apart = view.drawn is not None
    found += [Spot(hands.tile_box(board.HAND_X, board.HAND_Y, i, len(shown), apart, False), tile,
                   hand_story(name(view, view.seat, player), tile, apart and i == len(shown) - 1),
                   ("hand", view.seat))
              for i, tile in enumerate(shown)]
    return found


def name(view, seat: int, player: int | None) -> str:
    return seat_words(seat, view.seat_winds, player)


def pond_spots(view, seat: int, player: int | None) -> list[Spot]:
    x, y, w, h = board.POND_BOXES[relative(seat, view.seat, len(view.discards))]
    pond = view.discards[seat]
    found = []
    for turn, (discard, (dx, dy)) in enumerate(zip(pond, ponds.layout(pond, w, h)), 1):
        called = None if discard.called_by is None else name(view, discard.called_by, player)
        lines = discard_story(name(view, seat, player), discard.tile, turn, discard.tsumogiri, discard.riichi, called)
        found.append(Spot((x + dx, y + dy, *pieces.extent("pond", discard.riichi)), discard.tile, lines, ("pond", seat)))
    return found


def meld_spots(view, seat: int, player: int | None) -> list[Spot]:
    players = len(view.discards)
    place = relative(seat, view.seat, players)
    mx, my, width = board.meld_box(view, place)
    nukis = len(view.nukis[seat]) if view.nukis else 0  # three-player: the Norths set aside stand first
    found = []
    for meld, left, top in melds.meld_places(mx, my, view.melds[seat], seat, width, right_to_left=place in (0, 1),
                                             players=players, nukis=nukis):
        source = None if meld.from_seat is None else name(view, meld.from_seat, player)
        for tile, _, box in melds.tile_places(left, top, meld, seat, players):
            lines = meld_story(name(view, seat, player), tile, meld.kind, meld.called, source, meld.tiles[0] // 4)
            found.append(Spot(box, tile, lines, ("melds", seat)))
    return found


def spot_at(found: list[Spot], point: tuple[int, int] | None) -> Spot | None:
    """The spot under ``point`` (the last drawn, where tiles touch)."""
    if point is None:
        return None
    px, py = point
    under = [s for s in found if s.box[0] <= px < s.box[0] + s.box[2] and s.box[1] <= py < s.box[1] + s.box[3]]
    return under[-1] if under else None


def step(found: list[Spot], at: int, button: str) -> int:
    """The look cursor's next spot: ←→ the one before or after, ↑↓ the first of the group
    before or after (round at the ends)."""
    if button in (LEFT, RIGHT):
        return (at + (1 if button == RIGHT else -1)) % len(found)
    groups = list(dict.fromkeys(s.group for s in found))  # in the order they come
    here = groups.index(found[at].group)
    wanted = groups[(here + (1 if button == DOWN else -1)) % len(groups)]
    return next(i for i, s in enumerate(found) if s.group == wanted)


class Look:
    """The table's look: by the keys (hold X, then an arrow) or by the pointer resting on a tile."""

    def __init__(self) -> None:
        self.cursor: int | None = None  # the keys' look cursor, an index into ``found``
        self.armed = False  # the pointer has moved since the last key: its rest is a look
        self.spot: Spot | None = None
        self.found: list[Spot] = []
        self.seen = None  # the view ``found`` was made from

    @property
    def keyed(self) -> bool:
        """The keys' look cursor is out (the table shows it instead of the hold-X view)."""
        return self.cursor is not None

    def update(self, buttons, view, player: int | None) -> None:
        """Follow the keys and the pointer; ``view`` None: no table to look at."""
        if any(buttons.pressed(b) for b in ALL):
            self.armed = False
        if buttons.still == 0:
            self.armed = True
        if view is None or not buttons.held(X):
            self.cursor = None
        resting = self.armed and buttons.still >= LOOK_DELAY
        if view is None or (not buttons.held(X) and not resting):
            self.spot = None
            return
        found = self.spots_of(view, player)
        arrow = next((b for b in (LEFT, RIGHT, UP, DOWN) if buttons.repeat(b)), None)
        if buttons.held(X) and arrow is not None and found:
            self.cursor = self.start(view, found) if self.cursor is None else step(found, min(self.cursor, len(found) - 1), arrow)
        if self.cursor is not None and found:
            self.spot = found[min(self.cursor, len(found) - 1)]
        else:
            self.spot = spot_at(found, buttons.pointer) if resting else None

    def spots_of(self, view, player: int | None) -> list[Spot]:
        if view is not self.seen:  # the table's view is made once per event
            self.found, self.seen = spots(view, player), view
        return self.found

    @staticmethod
    def start(view, found: list[Spot]) -> int:
        """The look cursor begins on the tile being answered (the last thrown), else the first."""
        seat = view.last_discard[0] if view.last_discard else None
        thrown = [i for i, s in enumerate(found) if s.group == ("pond", seat)]
        return thrown[-1] if thrown else 0

    def draw(self) -> None:
        """The frame round the tile and the box with its picture and story (over the table)."""
        if self.spot is not None:
            draw_look(self.spot)


def panel_box(spot: Spot) -> tuple[int, int, int, int]:
    """The look's box: the screen's width, at the bottom for a tile in the top half, else the top."""
    _, tall = pieces.extent("hand")
    h = max(tall + 4, LINE * len(spot.lines) + 3)
    _, y, _, th = spot.box
    return 0, (SCREEN - h if y + th // 2 < SCREEN // 2 else 0), SCREEN, h


def draw_look(spot: Spot) -> None:
    x, y, w, h = spot.box
    pyxel.rectb(x - 1, y - 1, w + 2, h + 2, YELLOW)
    bx, by, bw, bh = panel_box(spot)
    pyxel.rect(bx, by, bw, bh, BLACK)
    pyxel.rectb(bx, by, bw, bh, DARK_GREY)
    tile_w, tile_h = pieces.extent("hand")
    pieces.draw_border(TILE_X, by + 2, tile_w, tile_h)
    pieces.draw(TILE_X, by + 2, spot.tile, "hand")
    for i, line in enumerate(spot.lines):
        paint.text(TEXT_X, by + 2 + i * LINE, line.upper(), WHITE if i == 0 else YELLOW)
