"""The mjai events one seat of our driver is sent, from what the driver tells that seat.

``SeatLines.observe(event)`` takes the events an agent's ``observe`` receives (the game's
start, each round's start, the round's events as the seat sees them) and gives back the mjai
events they make for that seat, in mjai's order (game/mjai/protocol.py), keeping them all in
``lines``. Folded by ``game.mjai.tracker.MjaiTracker`` they rebuild the seat's view: the
mjai tests check that view against the driver's, the fairness test decides on it.
"""

from __future__ import annotations

from game.mjai.protocol import MjaiWriter, start_kyoku
from game.play.driver import RoundStarted
from game.rules.events import Dealt


class SeatLines:
    def __init__(self) -> None:
        self.lines: list[dict] = []
        self.writer: MjaiWriter | None = None
        self.start: RoundStarted | None = None

    def observe(self, event) -> list[dict]:
        """The mjai events ``event`` makes for this seat (kept in ``lines`` too)."""
        new: list[dict] = []
        if type(event).__name__ == "GameStarted":
            self.writer = MjaiWriter(event.seat)
            new.append({"type": "start_game", "id": event.seat})
        elif isinstance(event, RoundStarted):
            self.start = event
        elif isinstance(event, Dealt) and self.writer is not None:
            e, seat = self.start, self.writer.seat
            new.append(start_kyoku(seat, e.round_index // 4, e.dealer, e.honba, e.sticks, e.scores,
                                   e.dora_indicator, event.hands[seat]))
        if self.writer is not None:
            new += self.writer.order_kan_draw(self.writer.events(event))
        self.lines += new
        return new
