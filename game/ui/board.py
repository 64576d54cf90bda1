"""The table from one seat's chair: four ponds (three), melds, nameplates, the centre box, a hand.

``draw_board`` paints everything a :class:`game.rules.view.PlayerView` shows, with the viewing seat
at the bottom (the player; in a demo, any seat). Where each seat's things go, by its place
from the bottom seat (0 bottom, 1 right, 2 across, 3 left), is in the CAPITAL tables below.
Melds sit at each seat's right-hand corner, as on a real table; the edge of the centre box
facing the seat to act is lit, with the thinking dots on it while the thinking runs.

With three players (Tenhou's sanma) the seat after the viewer's sits on the right and the one
before on the left (``seats.relative``); the place across is left clear felt. Each seat's
Norths set aside stand first among its melds, nearest its corner (``melds.draw_nukis``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pyxel

from engine.target import BLACK, DARK_GREEN, DARK_GREY, LIGHT_GREY, ORANGE, PEACH, WHITE, YELLOW
from game.rules.words import WIND_LETTERS
from game.ui import centre, hands, melds, paint, ponds
from game.ui.seats import relative
from game.rules.view import PlayerView

FELT = DARK_GREEN
SCREEN = 128
CENTRE_BOX = (42, 39, 44, 37)  # x, y, w, h
# By place (0 bottom, 1 right, 2 across, 3 left):
POND_BOXES = ((44, 76, 43, 30), (88, 47, 40, 44), (44, 9, 42, 30), (2, 47, 40, 31))  # x, y, w, h
NAMEPLATES = ((2, 106), (88, 40), (46, 2), (2, 40))
# Melds in each seat's right-hand corner, three rows of a pond tile's height at most (four
# melds, one a kan, take three): the right seat's above its nameplate, clear of the top
# seat's score; the left seat's between its pond and the player's nameplate.
MELD_BOXES = ((60, 120, 66), (86, 12, 42), (2, 4, 42), (2, 78, 42))  # x, y, width (the bottom's: see meld_box)
PAUSE_BOX = (119, 2, 8, 7)  # the pause button (for the pointer) in the top right corner
HAND_X, HAND_Y = 2, 117  # the raised cursor's frame (row 113) clears the hint's tile (rows 105-112)
# The notes (FURITEN, NO YAKU, UP: BUTTONS) in the corner under the right pond, one a line
# right-aligned, on black: clear of every pond and of the hint line.
NOTE_RIGHT, NOTE_Y, NOTE_LINE, NOTE_LINES = 127, 93, 6, 2
# The player's hint's row: right of the nameplate and its riichi stick (widest score included)
# and a gap; the chooser's line and its bar of buttons stand there too (game/ui/chooser.py).
HINT_X, INFO_Y = 46, 106


def draw_board(view: PlayerView, round_index: int, thinking: bool, frame: int) -> None:
    """Everything but the bottom seat's hand (the scene draws it with its cursor)."""
    pyxel.cls(FELT)
    for _, paint_part in parts(view, round_index, thinking, frame):
        paint_part()


def parts(view: PlayerView, round_index: int, thinking: bool, frame: int) -> list[tuple[str, Callable[[], None]]]:
    """The board's painters, named, in the order they paint: none paints over another (a
    test paints each alone and checks)."""
    offered = view.last_discard[0] if view.last_discard else None
    found = [("centre", partial(draw_centre, view, round_index, thinking, frame))]
    players = len(view.scores)
    for seat in range(players):
        place = relative(seat, view.seat, players)
        mx, my, width = meld_box(view, place)
        nukis = len(view.nukis[seat]) if view.nukis else 0
        found += [
            (f"pond {place}", partial(ponds.draw_pond, POND_BOXES[place], view.discards[seat], offered == seat)),
            (f"nameplate {place}", partial(draw_nameplate, view, seat, place)),
            # the bottom seat's melds lie right-aligned on the hand's row; the right seat's too
            (f"melds {place}", partial(melds.draw_melds, mx, my, view.melds[seat], seat, width,
                                       right_to_left=place in (0, 1), players=players, nukis=nukis)),
        ]
    return found


def meld_box(view: PlayerView, place: int) -> tuple[int, int, int]:
    """Where a seat's melds go (x, y, width). The bottom seat's share the hand's row: they take
    what the hand leaves, which grows as the melds take tiles from it (four pons fit).

        >>> from types import SimpleNamespace
        >>> meld_box(SimpleNamespace(hand=(1, 2)), 0), meld_box(SimpleNamespace(hand=(1, 2)), 1)
        ((24, 120, 104), (86, 12, 42))
    """
    if place:
        return MELD_BOXES[place]
    _, y, _ = MELD_BOXES[0]
    left = HAND_X + len(view.hand) * hands.HAND_PITCH + hands.DRAWN_GAP + 2  # past the cursor's frame
    return left, y, SCREEN - left


def draw_centre(view: PlayerView, round_index: int, thinking: bool, frame: int) -> None:
    """The centre box, its edge lit towards the seat to act (with the dots while it thinks)."""
    centre.draw_centre(CENTRE_BOX, view, round_index)
    draw_turn_edge(view, thinking, frame)


def draw_banner(word: str) -> None:
    """How a round ended (TSUMO, RON or DRAW), over the centre box's sticks and tiles left."""
    x, y, w, _ = CENTRE_BOX
    pyxel.rect(x + 1, y + 10, w - 2, 16, BLACK)
    paint.big_text_centered(y + 13, word, ORANGE)


def note_box(line: int, text: str) -> tuple[int, int, int, int]:
    """Where note ``text`` lies when it is line ``line`` of the corner (x, y, w, h), for a click."""
    width = paint.text_width(text)
    return NOTE_RIGHT - width - 1, NOTE_Y - 1 + line * NOTE_LINE, width + 2, NOTE_LINE + 1


def draw_notes(lines: list[str], colour: int | Sequence[int]) -> None:
    """Short notes (two lines at most, the first ones given) in the corner under the right
    pond, on black; ``colour`` one for all, or one a line."""
    colours = [colour] * len(lines) if isinstance(colour, int) else list(colour)
    for i, (text, ink) in enumerate(zip(lines[:NOTE_LINES], colours)):
        width = paint.text_width(text)
        x, y = NOTE_RIGHT - width, NOTE_Y + i * NOTE_LINE
        pyxel.rect(x - 1, y - 1, width + 2, 7, BLACK)
        paint.text(x, y, text, ink)


def draw_pause_button() -> None:
    """The pause button for the pointer: two bars in a box, in the top right corner."""
    x, y, w, h = PAUSE_BOX
    pyxel.rectb(x, y, w, h, DARK_GREY)
    pyxel.rect(x + 2, y + 2, 1, h - 4, LIGHT_GREY)
    pyxel.rect(x + w - 3, y + 2, 1, h - 4, LIGHT_GREY)


def draw_nameplate(view: PlayerView, seat: int, place: int) -> None:
    """The seat's wind in a box (orange for the dealer), its score, a riichi stick if declared."""
    x, y = NAMEPLATES[place]
    wind = WIND_LETTERS[view.seat_winds[seat]]
    dealer = seat == view.dealer
    pyxel.rect(x, y - 1, 5, 7, ORANGE if dealer else BLACK)
    paint.text(x + 1, y, wind, BLACK if dealer else PEACH)
    to_move = seat in view.awaiting or (view.turn == seat and not view.over and not view.awaiting)
    paint.text(x + 7, y, str(view.scores[seat]), YELLOW if to_move else WHITE)
    if view.riichi[seat]:
        paint.draw_stick(x + 7 + 4 * len(str(view.scores[seat])) + 1, y + 1, paint.RIICHI_STICK)


def draw_turn_edge(view: PlayerView, thinking: bool, frame: int) -> None:
    """Light the centre box's edge facing the seat to act; while a CPU thinks, the dots lie on
    that edge (the box's text keeps two pixels clear of every edge)."""
    if view.over:
        return
    x, y, w, h = CENTRE_BOX
    seats = view.awaiting or (view.turn,)
    for seat in seats:
        place = relative(seat, view.seat, len(view.scores))
        edge = ((x, y + h - 1, w, 1), (x + w - 1, y, 1, h), (x, y, w, 1), (x, y, 1, h))[place]
        pyxel.rect(*edge, YELLOW)
        if thinking and place:
            dots = ((x + w // 2 - 4, y + h - 2), (x + w - 2, y + h // 2 - 4), (x + w // 2 - 4, y),
                    (x, y + h // 2 - 4))[place]
            centre.draw_dots(*dots, frame, vertical=place % 2 == 1)

