"""Callouts: RIICHI, CHI, PON, KAN, NUKI, RON and TSUMO in big letters at the seat that acts.

A CPU's riichi or call used to pass with no more sign than a tile turned sideways or a meld in
a corner. Each such event of the round (``callout_word``) is now announced where its seat sits
(over its pond), long enough to read: ``Settings.callout_frames`` by the CPU speed setting
(0.8 s at normal speed), counted in the table's frames from the first frame that draws it.
The table holds a CPU's play while its callout shows (``holding``), so two calls in a row are
read one after the other. The player's own calls are announced the same way but hold nothing (the
player is the one to act next). The event's sound plays with it (game/ui/sound.py); with the
sound muted the callout says it all.

    >>> from game.rules.events import Discarded, Won
    >>> callout_word(Discarded(seat=1, tile=5, riichi=True)), callout_word(Discarded(seat=1, tile=5))
    ('RIICHI', None)
    >>> callout_word(NukiDeclared(seat=2, tile=120))  # three-player: a North set aside
    'NUKI'

"""

from __future__ import annotations

from dataclasses import dataclass

import pyxel

from engine.target import BLACK, ORANGE, PINK, YELLOW
from game.rules.actions import Nuki, Riichi, Ron, Tsumo
from game.rules.events import Called, Discarded, Kanned, NukiDeclared, Won
from game.rules.words import action_word, meld_word
from game.ui import paint
from game.ui.seats import relative

# Where each place's callout is centred (0 bottom, 1 right, 2 across, 3 left): over its pond.
ANCHORS = ((65, 90), (108, 69), (65, 24), (22, 65))
PAD = 3  # around the big letters, inside the box's frame
BOX_H = 2 * paint.FONT_H + 2 * PAD - 2
SCREEN = 128
COLOURS = {action_word(Riichi).upper(): ORANGE, action_word(Ron).upper(): PINK,
           action_word(Tsumo).upper(): PINK}  # the calls are yellow


def callout_word(event: object) -> str | None:
    """What an event of ``game.rules.events`` calls out (the word of the action it records), or None."""
    if isinstance(event, Discarded):
        return action_word(Riichi).upper() if event.riichi else None
    if isinstance(event, (Called, Kanned)):
        return meld_word(event.meld.kind).upper()
    if isinstance(event, NukiDeclared):
        return action_word(Nuki).upper()
    if isinstance(event, Won):
        return action_word(Tsumo if event.from_seat is None else Ron).upper()
    return None


@dataclass
class Callout:
    seat: int
    word: str
    shown_at: int  # the table frame that first draws it

    def showing(self, now: int, frames: int) -> bool:
        return now - self.shown_at < frames


def box(place: int, word: str) -> tuple[int, int, int, int]:
    """The callout's box (x, y, w, h) at ``place``, centred over its pond, kept on screen.

        >>> box(0, "PON"), box(1, "RIICHI")
        ((51, 82, 28, 16), (75, 61, 52, 16))
    """
    w = paint.big_text_width(word) + 2 * PAD
    cx, cy = ANCHORS[place]
    x = min(max(0, cx - w // 2), SCREEN - 1 - w)
    return x, cy - BOX_H // 2, w, BOX_H


class Callouts:
    """The round's callouts: ``follow`` notes new events, ``draw`` shows the live ones."""

    def __init__(self) -> None:
        self.events: list | None = None
        self.heard = 0
        self.live: list[Callout] = []

    def follow(self, rnd: object, first_drawn: int, announce: bool = True) -> None:
        """Note the round's events since the last call; their callouts are first drawn on the
        table frame ``first_drawn`` (``announce`` False: a continued game replaying its saved
        moves, nothing to announce)."""
        events = getattr(rnd, "events", None)
        if events is None:
            return
        if events is not self.events:
            self.events, self.heard = events, 0
        new, self.heard = events[self.heard:], len(events)
        if announce:
            self.live += [Callout(event.seat, word, first_drawn) for event in new if (word := callout_word(event))]

    def holding(self, now: int, frames: int, player: int | None) -> bool:
        """A CPU's callout is still to be read: its play waits."""
        self.live = [c for c in self.live if c.showing(now, frames)]
        return any(c.seat != player for c in self.live)

    def draw(self, chair: int, now: int, frames: int, players: int = 4) -> None:
        """Every live callout at its seat's place, seen from ``chair`` at a table of ``players``."""
        for callout in self.live:
            if not callout.showing(now, frames):
                continue
            x, y, w, h = box(relative(callout.seat, chair, players), callout.word)
            colour = COLOURS.get(callout.word, YELLOW)
            pyxel.rect(x, y, w, h, BLACK)
            pyxel.rectb(x, y, w, h, colour)
            paint.big_text(x + PAD, y + PAD, callout.word, colour)
