"""The player's choices besides a discard, as a bar of buttons chosen with ←→ and O.

``options(view, ...)`` turns the legal actions into buttons, only those that are legal: on the
player's own turn TSUMO, RIICHI, KAN (closed or added, one per tile), 9 TERMINALS (the
nine-terminals draw) and DISCARD (back to the hand); when another seat's discard may be claimed
RON, CHI (one per pair of tiles), PON, KAN, PASS and NO CALLS (pass every call for the rest of
the round). Tsumo and ron are always asked, whatever the settings say.

The cursor starts on the safe choice (``first_choice``): a win when there is one (passing it
would make the hand furiten), else PASS on another's discard and DISCARD on the player's own
turn, so that O pressed out of habit never calls or declares: a call takes a move to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pyxel

from engine.target import BLACK, DARK_BLUE, DARK_GREY, LIGHT_GREY, ORANGE, WHITE, YELLOW
from game.rules.actions import AddedKan, Chi, ClosedKan, NineTerminals, OpenKan, Pass, Pon, Riichi, Ron, Tsumo
from game.ui import paint, pieces

CHOOSE_DISCARD = "discard"  # the DISCARD button: back to choosing a tile of the hand
CHOOSE_RIICHI = "riichi"  # the RIICHI button: choose the riichi discard in the hand
SKIP_CALLS = "no calls"  # the NO CALLS button: pass, and pass every call this round
BUTTON_H, BUTTON_GAP, PAD = 11, 2, 2
WINNING = (Tsumo, Ron)


@dataclass(frozen=True)
class Option:
    label: str
    choice: Any  # an action, or one of CHOOSE_DISCARD, CHOOSE_RIICHI, SKIP_CALLS
    tiles: tuple[int, ...] = ()  # shown beside the label (which tiles a chi or kan uses)


def options(legal: Sequence[Any], hand: Sequence[int], claim_tile: int | None,
            calls_wanted: bool = True) -> list[Option]:
    """The buttons for these legal actions; [] when a discard is all there is to do.

    ``claim_tile`` is the discard (or kan tile) being offered, None on the player's own turn.
    With ``calls_wanted`` False, chi/pon/kan claims get no buttons (only a win is asked).

        >>> from game.rules.actions import Discard
        >>> [o.label for o in options([Discard(0), Tsumo(), Riichi(0)], [0], None)]
        ['TSUMO', 'RIICHI', 'DISCARD']
        >>> [o.label for o in options([Discard(0), NineTerminals()], [0], None)]
        ['9 TERMINALS', 'DISCARD']
        >>> [o.label for o in options([Pass(), Chi((4, 8)), Pon((13, 14))], [], 12)]
        ['CHI', 'PON', 'PASS', 'NO CALLS']
        >>> options([Pass(), Pon((13, 14))], [], 12, calls_wanted=False)
        []
        >>> [o.label for o in options([Pass(), Ron(), Pon((13, 14))], [], 12, calls_wanted=False)]
        ['RON', 'PASS']
    """
    if claim_tile is None:
        return _turn_options(legal, hand)
    return _claim_options(legal, claim_tile, calls_wanted)


def _turn_options(legal: Sequence[Any], hand: Sequence[int]) -> list[Option]:
    found = [Option("TSUMO", a) for a in legal if isinstance(a, Tsumo)]
    if any(isinstance(a, Riichi) for a in legal):
        found.append(Option("RIICHI", CHOOSE_RIICHI))
    for a in legal:
        if isinstance(a, ClosedKan):
            found.append(Option("KAN", a, tuple(t for t in hand if t // 4 == a.kind)[:1]))
        elif isinstance(a, AddedKan):
            found.append(Option("KAN", a, (a.tile,)))
    found += [Option("9 TERMINALS", a) for a in legal if isinstance(a, NineTerminals)]
    return found + [Option("DISCARD", CHOOSE_DISCARD)] if found else []


def _claim_options(legal: Sequence[Any], tile: int, calls_wanted: bool) -> list[Option]:
    found = [Option("RON", a) for a in legal if isinstance(a, Ron)]
    calls = []
    for a in legal:
        if isinstance(a, Chi):
            calls.append(Option("CHI", a, tuple(sorted(a.tiles))))
        elif isinstance(a, Pon):
            calls.append(Option("PON", a, tuple(sorted(a.tiles))))
        elif isinstance(a, OpenKan):
            calls.append(Option("KAN", a, (tile,)))
    if calls_wanted:
        found += calls
    if not found:
        return []
    found.append(Option("PASS", Pass()))
    if calls_wanted and calls:
        found.append(Option("NO CALLS", SKIP_CALLS))
    return found


def first_choice(opts: Sequence[Option]) -> int:
    """Where the cursor starts: a win, else PASS or DISCARD (O out of habit is then safe).

        >>> first_choice(options([Pass(), Chi((4, 8)), Pon((13, 14))], [], 12))
        2
        >>> first_choice(options([Pass(), Ron(), Pon((13, 14))], [], 12))
        0
        >>> from game.rules.actions import Discard
        >>> first_choice(options([Discard(0), Riichi(0)], [0], None))
        1
    """
    for wanted in (lambda c: isinstance(c, WINNING), lambda c: c == Pass() or c == CHOOSE_DISCARD):
        for i, option in enumerate(opts):
            if wanted(option.choice):
                return i
    return 0


def button_width(option: Option) -> int:
    w, _ = pieces.extent("pond")
    return PAD * 2 + paint.text_width(option.label) + sum(w + 1 for _ in option.tiles) + (2 if option.tiles else 0)


def layout(opts: Sequence[Option], width: int) -> list[tuple[int, int]]:
    """(dx, dy) of each button, flowing right then onto rows above the first.

    >>> layout([Option("PASS", None)] * 3, 40)
    [(0, 0), (21, 0), (0, -13)]
    """
    places, dx, row = [], 0, 0
    for option in opts:
        w = button_width(option)
        if dx and dx + w > width:
            dx, row = 0, row + 1
        places.append((dx, -row * (BUTTON_H + BUTTON_GAP)))
        dx += w + BUTTON_GAP
    return places


def draw_bar(x: int, y: int, width: int, opts: Sequence[Option], chosen: int, focused: bool) -> None:
    """The buttons with the first row's top-left at (x, y); ``chosen`` is framed when ``focused``."""
    for i, (option, (dx, dy)) in enumerate(zip(opts, layout(opts, width))):
        bx, by, bw = x + dx, y + dy, button_width(option)
        here = i == chosen and focused
        winning = isinstance(option.choice, WINNING)
        pyxel.rect(bx, by, bw, BUTTON_H, ORANGE if winning else DARK_BLUE)
        pyxel.rectb(bx, by, bw, BUTTON_H, YELLOW if here else (DARK_GREY if not focused else LIGHT_GREY))
        if here:
            pyxel.rectb(bx - 1, by - 1, bw + 2, BUTTON_H + 2, BLACK)
        colour = BLACK if winning else (WHITE if here or not focused else LIGHT_GREY)
        pyxel.text(bx + PAD, by + 3, option.label, colour)
        tx = bx + PAD + paint.text_width(option.label) + 2
        for tile in option.tiles:
            pieces.draw(tx, by + 2 - 1, tile, "pond")
            tx += pieces.extent("pond")[0] + 1
