"""The CPU seat: an Agent of the driver that decides from a PlayerView alone.

``CpuAgent(strength)`` answers ``act(view)`` with a task: it yields between the candidates it
weighs (each step a few milliseconds at most) and returns one of ``view.legal_actions``. It
never sees the Round: only the view (its own hand and the table) and, through ``observe``, the
game's ruleset. Same view, same answer: nothing random, nothing timed.

On its turn: a win worth taking (Tsumo), the nine-terminals draw with a poor hand, a kan that
does not hurt, else the discard (``discard.choose_discard``: efficiency, value, safety, riichi).
On another seat's discard: Ron when worth it, else a call worth making (``calls``), else Pass.

    >>> CpuAgent("weak").name, CpuAgent().name
    ('cpu:weak', 'cpu:strong')
"""

from __future__ import annotations

from engine.tasks import TaskGen
from game.cpu import defence, position, value
from game.cpu.calls import choose_call, kan_worth
from game.cpu.discard import choose_discard
from game.cpu.strength import DEFAULT_STRENGTH, STRENGTHS
from game.rules.errors import InputError
from game.rules.actions import AddedKan, ClosedKan, Discard, NineTerminals, Ron, Tsumo
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.shanten import shanten
from game.rules.tiles import YAOCHUU_KINDS, counts34
from game.rules.view import PlayerView

KOKUSHI_KINDS = 11  # with this many yaochuu kinds a nine-terminals hand plays on for kokushi
CALLS_STOP = 0.6    # against a threat this likely tenpai, a hand two or more away calls nothing


class CpuAgent:
    """A CPU seat of one strength (``weak``, ``normal`` or ``strong``)."""

    def __init__(self, strength: str = DEFAULT_STRENGTH, ruleset: Ruleset = TENHOU) -> None:
        if strength not in STRENGTHS:
            raise InputError(f"unknown CPU strength {strength!r} (weak, normal or strong)")
        self.strength = STRENGTHS[strength]
        self.name = f"cpu:{strength}"
        self.ruleset = ruleset

    def observe(self, event: object) -> None:
        """Only the game's ruleset is kept: every decision reads the view it is given."""
        ruleset = getattr(event, "ruleset", None)
        if isinstance(ruleset, Ruleset):
            self.ruleset = ruleset

    def act(self, view: PlayerView) -> TaskGen[object]:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.last_discard is not None:
            return (yield from self._answer(view))
        return (yield from self._turn(view))

    # -- another seat's discard or kan -----------------------------------------------

    def _answer(self, view: PlayerView) -> TaskGen[object]:
        if Ron() in view.legal_actions and self._worth_winning(view, view.last_discard[0]):
            return Ron()
        folding = False
        threat = defence.threats(view) if self.strength.defence else {}
        if threat and max(threat.values()) >= CALLS_STOP:
            folding = shanten(counts34(view.hand)) >= 2
        return (yield from choose_call(view, self.strength, self.ruleset, folding, max(threat.values(), default=0.0)))

    def _worth_winning(self, view: PlayerView, from_seat: int | None) -> bool:
        if not self.strength.position:
            return True
        tiles = list(view.hand)
        if from_seat is None:
            tiles.remove(view.drawn)
            kind = view.drawn // 4
        else:
            kind = view.last_discard[1] // 4
        points = value.wait_points(view, tiles, view.melds[view.seat], kind, tsumo=from_seat is None,
                                   riichi=view.riichi[view.seat], ruleset=self.ruleset)
        return position.win_worth_taking(view, points, from_seat, self.ruleset)

    # -- the seat's own turn -------------------------------------------------------------

    def _turn(self, view: PlayerView) -> TaskGen[object]:
        legal = view.legal_actions
        if Tsumo() in legal and self._worth_winning(view, None):
            return Tsumo()
        if NineTerminals() in legal and self._abort(view):
            return NineTerminals()
        kans = [a for a in legal if isinstance(a, (ClosedKan, AddedKan))]
        if kans and self.strength.calls:
            counts = counts34(view.hand)
            best = min(shanten(_less(counts, k)) for k in range(34) if counts[k])
            threatened = self.strength.defence and view.riichi_out
            for kan in kans:
                if kan_worth(view, kan, best, threatened, tenpai_only=self.strength.style):
                    return kan
        if view.riichi[view.seat]:
            return Discard(view.drawn)
        yield
        return (yield from choose_discard(view, self.strength, self.ruleset))

    def _abort(self, view: PlayerView) -> bool:
        kinds = {t // 4 for t in view.hand} & set(YAOCHUU_KINDS)
        return len(kinds) < KOKUSHI_KINDS


def _less(counts: list[int], kind: int) -> list[int]:
    out = list(counts)
    out[kind] -= 1
    return out
