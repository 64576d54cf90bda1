"""The player's choices besides a discard, as a bar of buttons chosen with ←→ and O.

``options(view, ...)`` turns the legal actions into buttons, only those that are legal: on the
player's own turn TSUMO, RIICHI, KAN (closed or added, one per tile), NUKI (three-player: a
North set aside; one button, the Norths being alike), 9 TERMINALS (the nine-terminals draw) and DISCARD (back to the hand); when another seat's discard may be claimed
RON, CHI (one per pair of tiles), PON, KAN, PASS and NO CALLS (pass every call for the rest of
the round). Tsumo and ron are always asked, whatever the settings say.

The buttons stand in one row (``Bar``); when they do not fit, in pages, with an arrow at the
end that has more (←→ move on to it, a click on the arrow turns the page). A click on a
button takes it.

The strong CPU's answer (the hint) is marked on the button it would press (``with_hint``): the
button filled green, a riichi's or a cut's tile shown on it, and the arrow towards its page green
when it is on another page; a chi's button names its tiles, so the hint names them too.

The cursor starts on the safe choice (``first_choice``): a win when there is one (passing it
would make the hand furiten), else PASS on another's discard and DISCARD on the player's own
turn, so that O pressed out of habit never calls or declares: a call takes a move to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import pyxel

from engine.target import BLACK, DARK_BLUE, GREEN, LIGHT_GREY, ORANGE, WHITE, YELLOW
from game.rules.actions import (
    Action, AddedKan, Chi, ClosedKan, Discard, NineTerminals, Nuki, OpenKan, Pass, Pon, Riichi, Ron, Tsumo,
)
from game.rules.words import action_word
from game.ui import paint, pieces

CHOOSE_DISCARD = "discard"  # the CUT button: back to choosing a tile of the hand to cut
CHOOSE_RIICHI = "riichi"  # the RIICHI button: choose the riichi discard in the hand
SKIP_CALLS = "no calls"  # the NO CALLS button: pass, and pass every call this round
BUTTON_H, BUTTON_GAP, PAD = 11, 2, 2
ARROW_W = 5  # "<" or ">" at an end of the bar: more buttons on the page before or after
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
        ['TSUMO', 'RIICHI', 'CUT']
        >>> [o.label for o in options([Discard(0), NineTerminals()], [0], None)]
        ['9 TERMINALS', 'CUT']
        >>> [(o.label, o.tiles) for o in options([Discard(120), Nuki(120), Nuki(121)], [120, 121], None)]
        [('NUKI', (120,)), ('CUT', ())]
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


def label(action: Action | type) -> str:
    """A button's label: the action's word, as the screens write it.

        >>> label(Discard), label(NineTerminals())
        ('CUT', '9 TERMINALS')
    """
    return action_word(action).upper()


def _turn_options(legal: Sequence[Any], hand: Sequence[int]) -> list[Option]:
    found = [Option(label(a), a) for a in legal if isinstance(a, Tsumo)]
    if any(isinstance(a, Riichi) for a in legal):
        found.append(Option(label(Riichi), CHOOSE_RIICHI))
    for a in legal:
        if isinstance(a, ClosedKan):
            found.append(Option(label(a), a, tuple(t for t in hand if t // 4 == a.kind)[:1]))
        elif isinstance(a, AddedKan):
            found.append(Option(label(a), a, (a.tile,)))
    nukis = [a for a in legal if isinstance(a, Nuki)]
    found += [Option(label(a), a, (a.tile,)) for a in nukis[:1]]  # every North is alike: one button
    found += [Option(label(a), a) for a in legal if isinstance(a, NineTerminals)]
    return found + [Option(label(Discard), CHOOSE_DISCARD)] if found else []


def _claim_options(legal: Sequence[Any], tile: int, calls_wanted: bool) -> list[Option]:
    found = [Option(label(a), a) for a in legal if isinstance(a, Ron)]
    calls = []
    for a in legal:
        if isinstance(a, (Chi, Pon)):
            calls.append(Option(label(a), a, tuple(sorted(a.tiles))))
        elif isinstance(a, OpenKan):
            calls.append(Option(label(a), a, (tile,)))
    if calls_wanted:
        found += calls
    if not found:
        return []
    found.append(Option(label(Pass), Pass()))
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


def presses(option: Option, answer: Action) -> bool:
    """Whether taking ``option`` gives ``answer``: its action (a chi or pon by its tiles), or
    the button that goes on to it (RIICHI to a riichi's tile, CUT to a cut).

        >>> presses(Option("CHI", Chi((8, 4))), Chi((4, 8))), presses(Option("CHI", Chi((4, 8))), Chi((8, 12)))
        (True, False)
        >>> presses(Option("RIICHI", CHOOSE_RIICHI), Riichi(5)), presses(Option("CUT", CHOOSE_DISCARD), Riichi(5))
        (True, False)
    """
    choice = option.choice
    if isinstance(answer, Riichi):
        return choice == CHOOSE_RIICHI
    if isinstance(answer, Discard):
        return choice == CHOOSE_DISCARD
    if isinstance(answer, (Chi, Pon)) and type(choice) is type(answer):
        return sorted(choice.tiles) == sorted(answer.tiles)
    return choice == answer


def with_hint(opts: Sequence[Option], answer: Action | None) -> tuple[list[Option], int | None]:
    """The buttons with the hint's ``answer`` on them: which one it presses (None: none), and a
    riichi's or a cut's tile shown on its button (which tile to riichi on).

        >>> opts = options([Pass(), Chi((4, 8)), Chi((8, 16)), Pon((13, 14))], [], 12)
        >>> with_hint(opts, Chi((16, 8)))[1], with_hint(opts, None)[1]
        (1, None)
        >>> shown, index = with_hint(options([Discard(0), Riichi(9)], [0, 9], None), Riichi(9))
        >>> shown[index].label, shown[index].tiles
        ('RIICHI', (9,))
    """
    found = list(opts)
    if answer is None:
        return found, None
    for i, option in enumerate(found):
        if presses(option, answer):
            if isinstance(answer, (Riichi, Discard)):
                found[i] = replace(option, tiles=(answer.tile,))
            return found, i
    return found, None


def button_width(option: Option) -> int:
    w, _ = pieces.extent("pond")
    return PAD * 2 + paint.text_width(option.label) + sum(w + 1 for _ in option.tiles) + (2 if option.tiles else 0)


def pages(opts: Sequence[Option], width: int) -> list[list[int]]:
    """The buttons (by index) in pages of one row ``width`` wide: all on one page when they
    fit, else as many a page as fit beside the arrows that turn the pages.

    >>> pages([Option("PASS", None)] * 3, 61), pages([Option("PASS", None)] * 3, 40)
    ([[0, 1, 2]], [[0], [1], [2]])
    """
    widths = [button_width(option) for option in opts]
    if sum(widths) + BUTTON_GAP * (len(opts) - 1) <= width:
        return [list(range(len(opts)))]
    room = width - 2 * (ARROW_W + BUTTON_GAP)
    found: list[list[int]] = [[]]
    used = 0
    for i, w in enumerate(widths):
        if found[-1] and used + BUTTON_GAP + w > room:
            found.append([])
            used = 0
        used += (BUTTON_GAP if found[-1] else 0) + w
        found[-1].append(i)
    return found


@dataclass(frozen=True)
class Bar:
    """The bar of buttons in its box (x, y, width), the page that holds the chosen button shown.

    ``buttons`` are the boxes (x, y, w, h) of the buttons shown, by index; ``arrows`` the boxes
    of the arrows to the page before and after (None where there is none).

        >>> bar = Bar.of([Option("PASS", None)] * 3, 1, (46, 105, 40))
        >>> bar.buttons, bar.arrows
        ({1: (53, 105, 19, 11)}, ((46, 105, 5, 11), (81, 105, 5, 11)))
    """

    buttons: dict[int, tuple[int, int, int, int]]
    arrows: tuple[tuple[int, int, int, int] | None, tuple[int, int, int, int] | None]
    page: int
    page_count: int

    @classmethod
    def of(cls, opts: Sequence[Option], chosen: int, box: tuple[int, int, int]) -> Bar:
        x, y, width = box
        split = pages(opts, width)
        page = next((n for n, page in enumerate(split) if chosen in page), 0)
        paged = len(split) > 1
        bx = x + (ARROW_W + BUTTON_GAP if paged else 0)
        buttons = {}
        for i in split[page] if split else ():
            w = button_width(opts[i])
            buttons[i] = (bx, y, w, BUTTON_H)
            bx += w + BUTTON_GAP
        before = (x, y, ARROW_W, BUTTON_H) if page > 0 else None
        after = (x + width - ARROW_W, y, ARROW_W, BUTTON_H) if page < len(split) - 1 else None
        return cls(buttons, (before, after), page, len(split))

    def hit(self, point: tuple[int, int] | None) -> int | str | None:
        """What a click at ``point`` takes: a button's index, "before" or "after" (the arrows)."""
        if point is None:
            return None
        px, py = point
        for key, box in [*self.buttons.items(), ("before", self.arrows[0]), ("after", self.arrows[1])]:
            if box is not None and box[0] <= px < box[0] + box[2] and box[1] <= py < box[1] + box[3]:
                return key
        return None


def draw_bar(box: tuple[int, int, int], opts: Sequence[Option], chosen: int, hinted: int | None = None) -> None:
    """The chosen button's page of the bar in its box (x, y, width), the chosen one framed, the
    one the hint would press (``hinted``) filled green, or the arrow towards its page green."""
    bar = Bar.of(opts, chosen, box)
    for i, (bx, by, bw, bh) in bar.buttons.items():
        option = opts[i]
        here = i == chosen
        winning = isinstance(option.choice, WINNING)
        pyxel.rect(bx, by, bw, bh, ORANGE if winning else GREEN if i == hinted else DARK_BLUE)
        pyxel.rectb(bx, by, bw, bh, YELLOW if here else LIGHT_GREY)
        colour = BLACK if winning or i == hinted else (WHITE if here else LIGHT_GREY)
        paint.text(bx + PAD, by + 3, option.label, colour)
        tx = bx + PAD + paint.text_width(option.label) + 2
        if option.tiles:
            pieces.draw_row(tx, by + 1, option.tiles, border=True)
    elsewhere = hinted is not None and hinted not in bar.buttons
    for arrow, mark in zip(bar.arrows, "<>"):
        if arrow is not None:
            ax, ay, aw, ah = arrow
            towards = elsewhere and (hinted < min(bar.buttons)) == (mark == "<")
            pyxel.rect(ax, ay, aw, ah, GREEN if towards else DARK_BLUE)
            paint.text(ax + 1, ay + 3, mark, BLACK if towards else YELLOW)
