"""Cheating CPUs for the fairness tests to catch. Test-only: nothing in the game seats them.

``PeekingCpu`` decides as the CPU of its strength does, then reads the live wall through a
module-level reference (``LIVE``: the last round any view was made from, kept there by
``install``, which wraps ``Round.view``): when the tile it chose to throw is of the kind that
comes off the live wall next, it throws another. The views it is given are the honest ones,
so a check that only compares views (or shuffles what reaches a view) cannot see it; deciding
the same state again from the seat's mjai events alone, where no live wall exists, does.

``ListeningCpu`` cheats through its view instead: it reads ``awaiting`` (the seats the table
waits on, which the table shows but which tells a seat who else can claim a discard) and passes
a call when another seat could claim too. Shuffling the hidden tiles changes who can claim,
so the shuffled twin of a state gets another answer.
"""

from __future__ import annotations

from game.cpu import CpuAgent
from game.rules.actions import Chi, Discard, Pass, Pon
from game.rules.round import Round

LIVE: dict[str, Round] = {}


def install(monkeypatch=None) -> None:
    """Make every ``Round.view`` leave its round in ``LIVE`` (undone by ``monkeypatch``, if given)."""
    honest = Round.view

    def view(self, seat, *args, **kwargs):
        LIVE["round"] = self
        return honest(self, seat, *args, **kwargs)

    if monkeypatch is not None:
        monkeypatch.setattr(Round, "view", view)
    else:
        Round.view = view


def next_live_tile() -> int | None:
    """The tile the live wall gives next, where a live wall can be reached; else None."""
    rnd = LIVE.get("round")
    wall = getattr(rnd, "wall", None)
    tiles, at = getattr(wall, "tiles", None), getattr(wall, "next_live", None)
    return tiles[at] if tiles and at is not None and 0 <= at < len(tiles) else None


class PeekingCpu(CpuAgent):
    peeks = 0  # decisions the peek changed, in this process

    def act(self, view):
        action = yield from super().act(view)
        upcoming = next_live_tile()
        if not isinstance(action, Discard) or upcoming is None or upcoming // 4 != action.tile // 4:
            return action
        others = [a for a in view.legal_actions if isinstance(a, Discard) and a.tile // 4 != upcoming // 4]
        if not others:
            return action
        PeekingCpu.peeks += 1
        return others[-1]


class ListeningCpu(CpuAgent):
    """Offered a chi or pon while another seat could claim the same tile, passes."""

    def act(self, view):
        action = yield from super().act(view)
        others = [s for s in view.awaiting if s != view.seat]
        if others and isinstance(action, (Chi, Pon)) and Pass() in view.legal_actions:
            return Pass()
        return action
