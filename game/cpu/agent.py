"""The CPU seat: an Agent of the driver that decides from a PlayerView alone.

``CpuAgent(strength)`` answers ``act(view)`` with a task: it yields between the candidates it
weighs (each step a few milliseconds at most) and returns one of ``view.legal_actions``;
``choose(view)`` returns the same answer as a :class:`~game.cpu.choice.Choice`, with the reasons
that decided it (what the hint and the review print). It never sees the Round: only the view
(its own hand and the table) and, through ``observe``, the game's ruleset. Same view, same
answer: nothing random, nothing timed. How it chooses is its strength's policy
(``game.cpu.policies``: the rules at weak and normal, the learned scorers at strong).

On its turn: a win worth taking (Tsumo), the nine-terminals draw with a poor hand, in
three-player a North set aside when the hand does not need it, a kan the policy makes, else the
policy's cut (or riichi). On another seat's discard: Ron when worth it, else the policy's call or
Pass (a far hand against a likely tenpai folds and calls nothing).

    >>> CpuAgent("weak").name, CpuAgent().name, CpuAgent("normal").policy.name
    ('cpu:weak', 'cpu:strong', 'rules')
"""

from __future__ import annotations

from dataclasses import replace

from engine.tasks import TaskGen
from game.cpu import defence, position, value
from game.cpu.calls import kan_why
from game.cpu.kans import weighed_kan
from game.cpu.choice import Choice, Why
from game.cpu.outlook import Outlook
from game.cpu.policies import POLICIES, Policy
from game.cpu.strength import DEFAULT_STRENGTH
from game.rules.errors import InputError
from game.rules.actions import Action, AddedKan, ClosedKan, Discard, NineTerminals, Nuki, Ron, Tsumo
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.shanten import shanten
from game.rules.tiles import NORTH, YAOCHUU_KINDS, counts34
from game.rules.view import PlayerView

KOKUSHI_KINDS = 11  # with this many yaochuu kinds a nine-terminals hand plays on for kokushi
CALLS_STOP = 0.6    # against a threat this likely tenpai, a hand two or more away calls nothing


class CpuAgent:
    """A CPU seat of one strength (``weak``, ``normal`` or ``strong``), or of a policy given."""

    def __init__(self, strength: str = DEFAULT_STRENGTH, ruleset: Ruleset = TENHOU,
                 policy: Policy | None = None) -> None:
        if policy is None and strength not in POLICIES:
            raise InputError(f"unknown CPU strength {strength!r} (weak, normal or strong)")
        self.policy = policy or POLICIES[strength]
        self.strength = self.policy.strength
        self.name = f"cpu:{strength}"
        self.ruleset = ruleset

    def observe(self, event: object) -> None:
        """Only the game's ruleset is kept: every decision reads the view it is given."""
        ruleset = getattr(event, "ruleset", None)
        if isinstance(ruleset, Ruleset):
            self.ruleset = ruleset

    def act(self, view: PlayerView) -> TaskGen[Action]:
        return (yield from self.choose(view)).action

    def choose(self, view: PlayerView, look: Outlook | None = None) -> TaskGen[Choice]:
        """Task: the answer on ``view`` with its reasons (see the module). ``look``: an Outlook
        of this view to weigh hands in, when the caller weighs them too (the review measures
        the answers after): one memo for both, the same figures."""
        legal = view.legal_actions
        if len(legal) == 1:
            return Choice(legal[0])
        if view.last_discard is not None:
            return (yield from self._answer(view, look))
        return (yield from self._turn(view, look))

    # -- another seat's discard or kan -----------------------------------------------

    def _answer(self, view: PlayerView, look: Outlook | None) -> TaskGen[Choice]:
        declined: tuple[Why, ...] = ()
        if Ron() in view.legal_actions:
            why = self._declined_win(view, view.last_discard[0])
            if why is None:
                return Choice(Ron())
            declined = (why,)
        folding = False
        threat = defence.threats(view) if self.strength.defence else {}
        if threat and max(threat.values()) >= CALLS_STOP:
            folding = shanten(counts34(view.hand)) >= 2
        choice = yield from self.policy.call(view, self.ruleset, folding, max(threat.values(), default=0.0), look)
        return Choice(choice.action, choice.whys + declined)

    def _declined_win(self, view: PlayerView, from_seat: int | None) -> Why | None:
        """Why a win is not taken (None: it is): only with position, all-last, when it would
        leave the seat last (``position.win_worth_taking``)."""
        if not self.strength.position:
            return None
        tiles = list(view.hand)
        if from_seat is None:
            tiles.remove(view.drawn)
            kind = view.drawn // 4
        else:
            kind = view.last_discard[1] // 4
        points = value.wait_points(view, tiles, view.melds[view.seat], kind, tsumo=from_seat is None,
                                   riichi=view.riichi[view.seat], ruleset=self.ruleset)
        if position.win_worth_taking(view, points, from_seat, self.ruleset):
            return None
        place = ("1st", "2nd", "3rd", "4th")[position.rank_after_win(view, points, from_seat) - 1]
        return Why(f"declines {points}: it would leave it {place}", (f"NO WIN: {place.upper()}", "NO WIN"),
                   "place", "win")

    # -- the seat's own turn -------------------------------------------------------------

    def _turn(self, view: PlayerView, look: Outlook | None) -> TaskGen[Choice]:
        legal = view.legal_actions
        declined: tuple[Why, ...] = ()
        if Tsumo() in legal:
            why = self._declined_win(view, None)
            if why is None:
                return Choice(Tsumo())
            declined = (why,)
        if NineTerminals() in legal:
            abort, why = self._abort(view)
            if abort:
                return Choice(NineTerminals(), (why, *declined))
            declined += (why,)
        nuki = next((a for a in legal if isinstance(a, Nuki)), None)
        if nuki is not None and north_not_needed(view.hand):
            return Choice(nuki, (Why("sets the North aside: a dora, and a draw", ("NUKI",), "value", "kan"), *declined))
        kans = [a for a in legal if isinstance(a, (ClosedKan, AddedKan))]
        if kans and self.strength.calls:
            counts = counts34(view.hand)
            best = min(shanten(_less(counts, k)) for k in range(34) if counts[k])
            threatened = self.strength.defence and view.riichi_out
            for kan in kans:
                if self.policy.kans_weighed:
                    worth, why = yield from weighed_kan(view, kan)
                else:
                    worth, why = kan_why(view, kan, best, threatened)
                if worth:
                    return Choice(kan, (why, *declined))
            declined += (why,)  # the last kan's: why none was made
        if view.riichi[view.seat]:
            return Choice(Discard(view.drawn), declined)
        yield
        choice = yield from self.policy.discard(view, self.ruleset, look)
        return replace(choice, whys=choice.whys + declined)

    @staticmethod
    def _abort(view: PlayerView) -> tuple[bool, Why]:
        """The nine-terminals draw, unless the hand has the kinds to play on for kokushi."""
        kinds = len({t // 4 for t in view.hand} & set(YAOCHUU_KINDS))
        if kinds < KOKUSHI_KINDS:
            return True, Why(f"aborts, {kinds} kinds is far from kokushi", ("ABORTS",), "speed", "abort")
        return False, Why(f"plays on for kokushi with {kinds} kinds", ("PLAYS ON",), "value", "abort")


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
