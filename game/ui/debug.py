"""The hold-X view: every seat's hand face up with its hint, under the engine's meters.

It is the debug view, so it shows the CPUs' concealed tiles. The engine draws its meters
(CPU, frame time, memory, thinking tasks) over the top of the screen; this view fills the
rest: the seed code, then one block per seat: its name, score, shanten, ukeire share and
suggested discard (not the player's own when the hints are for practice), and its hand. The
hints of all four seats are worked out by one task, again whenever the table changes.
"""

from __future__ import annotations

import pyxel

from engine.target import DARK_BLUE, LIGHT_GREY, WHITE
from engine.tasks import TaskGen
from game.ui import hands, hints, pieces
from game.ui.seats import seat_name
from game.ui.standings import draw_seed

SEED_Y = 53  # under the engine's meters (rows 0 to 51)
SEATS_Y, SEAT_H = 61, 17  # a seat's hint and its tile stand on felt, clear of the hand above
HINT_X = 78  # each seat's hint, right of its name and score


def all_hints(views, ruleset) -> TaskGen[list[hints.Hint]]:
    found = []
    for view in views:
        found.append((yield from hints.analyse(view, ruleset)))
    return found


def draw_hint_bed(y: int) -> None:
    """The felt a seat's hint stands on (its tile is a small one, off the table): from
    ``HINT_X`` to the edge, a pond tile's height and a pixel round it."""
    pieces.draw_border(HINT_X, y - 1, 127 - HINT_X, pieces.extent("pond")[1])


class DebugView:
    def __init__(self, cart) -> None:
        self.cart = cart
        self.key = None
        self.task = None
        self.hints: list[hints.Hint] | None = None

    def follow(self, game) -> None:
        rnd = game.round
        if rnd is None:
            return
        if self.task is not None and self.task.done:
            self.hints = self.task.result if self.task.state == self.task.DONE else None
            self.task = None
        key = (id(rnd), len(rnd.events))
        if key != self.key and self.task is None and not rnd.over:
            self.key = key
            views = [rnd.view(seat, legal=False) for seat in range(4)]
            self.task = self.cart.spawn(all_hints(views, game.match.ruleset), "debug hints")

    def draw(self, game, seed_code: str, player: int | None, practice: bool = False) -> None:
        """``practice``: the player's own suggested cut stays hidden, as on the table, so holding
        X cannot show it before the cut."""
        self.follow(game)
        pyxel.cls(DARK_BLUE)
        draw_seed(SEED_Y, seed_code, x=2)
        rnd = game.round
        if rnd is None:
            return
        for seat in range(4):
            y = SEATS_Y + seat * SEAT_H
            view = rnd.view(seat, legal=False)
            pyxel.text(2, y, f"{seat_name(seat, rnd.dealer, player)} {view.scores[seat]}", WHITE)
            if self.hints is not None and len(self.hints) == 4:
                hidden = practice and seat == player
                if self.hints[seat].discard is not None and not hidden:
                    draw_hint_bed(y)  # the hint's tile stands on felt
                hints.draw_hint(HINT_X, y, self.hints[seat], short=True, hide_cut=hidden)
            tiles = hands.hand_in_order(view.hand, view.drawn)
            hands.draw_small_row(2, y + 7, tiles[:-1] if view.drawn is not None else tiles,
                                 apart=view.drawn)
            if not tiles:
                pyxel.text(2, y + 8, "-", LIGHT_GREY)
