"""The CPU seat: an Agent of the driver that decides from a PlayerView alone.

``CpuAgent(strength)`` answers ``act(view)`` with a task: it yields between the candidates it
weighs (each step a few milliseconds at most) and returns one of ``view.legal_actions``. It
never sees the Round: only the view (its own hand and the table) and, through ``observe``, the
game's ruleset. Same view, same answer: nothing random, nothing timed.

On its turn: a win worth taking (Tsumo), the nine-terminals draw with a poor hand, in
three-player a North set aside when the hand does not need it, a kan that does not hurt, else
the discard (``discard.choose_discard``: efficiency, value, safety, riichi).
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
from game.rules.actions import AddedKan, ClosedKan, Discard, NineTerminals, Nuki, Ron, Tsumo
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.shanten import shanten
from game.rules.tiles import NORTH, YAOCHUU_KINDS, counts34
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
        nuki = next((a for a in legal if isinstance(a, Nuki)), None)
        if nuki is not None and north_not_needed(view.hand):
            return nuki
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


def north_not_needed(hand: tuple[int, ...]) -> bool:
    """Three-player: setting a North aside is clearly right when the hand is no further from
    tenpai without it than with its best discard (the North is then a free dora and a free
    draw); a North the hand needs (a pair, kokushi) is kept. Judgement beyond this, for sanma,
    is left to later work.

        >>> from game.rules.tiles import parse_tiles
        >>> north_not_needed(tuple(parse_tiles("11m99m11p99p1s44z235z")))   # seven pairs: keep the pair
        False
        >>> north_not_needed(tuple(parse_tiles("11m123p456p789s12s4z")))
        True
    """
    counts = counts34(hand)
    if not counts[NORTH]:
        return False
    best = min(shanten(_less(counts, k)) for k in range(34) if counts[k])
    return shanten(_less(counts, NORTH)) <= best


def _less(counts: list[int], kind: int) -> list[int]:
    out = list(counts)
    out[kind] -= 1
    return out
