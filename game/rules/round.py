"""One round of riichi mahjong, event-sourced: the state is the fold of its events.

A :class:`Round` starts from a fresh :class:`game.rules.wall.Wall` and the table's figures;
each seat then acts only through ``legal_actions(seat)`` and ``apply(seat, action)``.
Every change is an event (:mod:`game.rules.events`) appended to ``round.events`` (deal,
draw, discard, answer, call, kan, riichi accepted, dora revealed, miss, win, draw-game);
``Round.replay(setup, events)`` folds the same list into an identical round, so the event
list is the save file and the replay.

Phases: ``turn`` (the seat to move has just drawn or called and must discard, or may
win, kan, declare riichi or the nine-terminals draw), ``claims`` (a discard or a kan is
offered: every seat with a claim answers, Pass included; the table resolves when all
have answered: ron over pon/kan over chi), ``over`` (``round.result`` is set).

This module is the state machine: building, what the table waits for, the legal actions,
applying one, and the fold of each event into the state. The rules it asks live beside it:
:mod:`game.rules.turns` (what the seat to move may do), :mod:`game.rules.claims` (the
claims on an offered tile and how they resolve), :mod:`game.rules.kans` (kans and kan
dora), :mod:`game.rules.wins` (waits, furiten, a win's score, pao), all reading the state
as :mod:`game.rules.state` describes it.

The API a table drives (the UI, the CPUs, the simulator, the replay):
``Round.start(wall, dealer, round_wind, honba, sticks, scores, ruleset)``;
``round.awaiting()`` (the seats the table waits for), ``round.legal_actions(seat)``,
``round.apply(seat, action)`` (IllegalAction otherwise), ``round.view(seat)``
(a :class:`game.rules.view.PlayerView`), ``round.events``, ``round.result`` (a RoundResult
once the round is over). Actions are small frozen dataclasses (:mod:`game.rules.actions`):
Discard(tile), Riichi(tile), Tsumo(), Ron(), Chi((a, b)), Pon((a, b)), OpenKan(),
ClosedKan(kind), AddedKan(tile), Pass(), NineTerminals().

Worked example (on an unshuffled wall; the dealer throws a tile, nobody may claim it)::

    >>> from game.rules.actions import Discard
    >>> from game.rules.wall import Wall
    >>> r = Round.start(Wall(list(range(136))), dealer=0)
    >>> r.phase, r.turn, len(r.hand(0)), r.tiles_left
    ('turn', 0, 14, 69)
    >>> Discard(r.hand(0)[0]) in r.legal_actions(0), r.legal_actions(1)
    (True, [])
    >>> r.apply(0, Discard(r.hand(0)[0]))
    >>> [type(e).__name__ for e in r.events]
    ['Dealt', 'Drew', 'Discarded', 'Drew']
    >>> r.turn, r.awaiting(), r.view(1).hand_sizes
    (1, [1], (13, 14, 13, 13))
    >>> Round.replay(r.setup, r.events).snapshot() == r.snapshot()
    True

Rules are Tenhou's (reference.md §5) with the switches of :class:`game.rules.ruleset.Ruleset`,
kan dora's timing included (:mod:`game.rules.kans`). The real logs are replayed through
these rules by :mod:`game.replay.door`.
"""

from __future__ import annotations

from typing import Any

from engine.tasks import TaskGen, run_to_end
from game.rules.actions import Action, Chi, IllegalAction, Pass, Pon
from game.rules.claims import call_key, claim_options, claims_task, kuikae_kinds, other_seats, resolve_offer
from game.rules.errors import InputError
from game.rules.events import (
    Answered, Called, Dealt, Discarded, DoraRevealed, Drew, Kanned, Missed, NukiDeclared, RiichiAccepted, RoundDrawn,
    RoundResult, RoundSetup, Won,
)
from game.rules.melds import Meld
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.state import Offer, Phase, Pond
from game.rules.turns import take_turn, turn_actions
from game.rules.view import DiscardView, PlayerView
from game.rules.wall import DEAD_WALL, Wall
from game.rules.wins import track_pao


class Round:
    """One round; see the module docstring. Build with :meth:`start` or :meth:`replay`."""

    def __init__(self, setup: RoundSetup, check: bool = False) -> None:
        self.setup = setup
        self.ruleset = setup.ruleset
        self.check = check  # verify the invariants after every event
        self.wall = setup.wall.copy()
        self.dealer = setup.dealer
        self.round_wind = setup.round_wind
        self.honba = setup.honba
        self.sticks = setup.riichi_sticks
        self.scores = list(setup.scores)
        self.players = n = self.ruleset.players  # 4, or 3: seats 0..2 and a wall of 108 tiles
        if len(self.scores) != n or self.wall.players != n:
            raise InputError(f"a {n}-player round needs {n} scores and a wall of {n}-player tiles")
        self.events: list[Any] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.ponds: list[list[Pond]] = [[] for _ in range(n)]
        # The ponds as views show them, changed with a pond (_show_pond): every view hands out the
        # same tuples until a pond changes (the replay keeps every seat's view: game.replay.steps).
        self.pond_views: tuple[tuple[DiscardView, ...], ...] = ((),) * n
        self.nukis: list[list[int]] = [[] for _ in range(n)]  # three-player: the Norths set aside
        self.riichi = [False] * n
        self.double_riichi = [False] * n
        self.ippatsu = [False] * n
        self.furiten_temp = [False] * n
        self.furiten_riichi = [False] * n
        self.riichi_pending: int | None = None  # seat whose riichi discard awaits answers
        self.pao: list[int | None] = [None] * n
        self.pao_yaku: list[int | None] = [None] * n
        self.phase: Phase = "deal"
        self.turn = setup.dealer
        self.drawn: int | None = None
        self.rinshan = False  # the tile in hand was a replacement draw
        self.after_call: list[int] | None = None  # kinds the caller may not discard (kuikae)
        self.uninterrupted = True  # no call or kan yet: the first go-around may still be clean
        self.pending_dora = 0  # open/added kans whose indicator waits for the discard
        self.kan_seats: list[int] = []
        self.offer: Offer | None = None
        self._offer_event = -1  # index of the event that opened the current offer
        self.result: RoundResult | None = None
        self._cache: dict[Any, Any] = {}  # legal actions and claims of the current state
        self._waits_memo: dict[tuple[int, ...], list[int]] = {}  # hand -> waits, for this round

    # --- building ------------------------------------------------------------------

    @classmethod
    def start(cls, wall: Wall, dealer: int, round_wind: int = 0, honba: int = 0,
              sticks: int = 0, scores: tuple[int, ...] | list[int] | None = None,
              ruleset: Ruleset = TENHOU, check: bool = False) -> Round:
        """Deal a fresh wall and draw the dealer's first tile (``scores`` None: every seat
        at 25,000, the four-player default the tests set scenes with)."""
        if scores is None:
            scores = (25000,) * ruleset.players
        setup = RoundSetup(wall.copy(), dealer, round_wind, honba, sticks, tuple(scores), ruleset)
        rnd = cls(setup, check)
        rnd._emit(Dealt(tuple(tuple(h) for h in rnd.wall.copy().deal(dealer))))
        rnd._draw(dealer)
        return rnd

    @classmethod
    def replay(cls, setup: RoundSetup, events: list[Any], check: bool = False) -> Round:
        """The round that ``events`` describe, folded from ``setup``."""
        rnd = cls(setup, check)
        for event in events:
            rnd._emit(event)
        return rnd

    # --- reading -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def tiles_left(self) -> int:
        return self.wall.tiles_left

    def hand(self, seat: int) -> list[int]:
        return list(self.hands[seat])

    def seat_wind(self, seat: int) -> int:
        return (seat - self.dealer) % self.players

    def awaiting(self) -> list[int]:
        """The seats whose action the table waits for."""
        if self.phase == "turn":
            return [self.turn]
        if self.phase == "claims":
            return [s for s in self._claimants() if s not in self.offer.answers]
        return []

    def forget_memos(self) -> None:
        """Drop what the round remembers only to think faster (a finished round keeps its
        events and state; the memos would only hold memory)."""
        self._cache.clear()
        self._waits_memo.clear()

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain values (for comparing two rounds)."""
        skip = ("setup", "events", "_cache", "_waits_memo", "check", "wall", "pond_views")
        state = {k: repr(v) for k, v in self.__dict__.items() if k not in skip}
        state["wall"] = repr(self.wall.__dict__)
        return state

    def view(self, seat: int, legal: bool = True) -> PlayerView:
        """What ``seat`` may know now. ``legal=False`` leaves ``legal_actions`` empty: a
        painter's view, which never starts the win checks the driver slices (``prepare``)."""
        offer = self.offer
        return PlayerView(
            seat=seat, dealer=self.dealer, round_wind=self.round_wind,
            seat_winds=tuple(self.seat_wind(s) for s in range(self.players)),
            hand=tuple(sorted(self.hands[seat])),
            drawn=self.drawn if self.turn == seat and self.phase == "turn" else None,
            hand_sizes=tuple(len(h) for h in self.hands),
            melds=tuple(tuple(m) for m in self.melds),
            discards=self.pond_views,
            riichi=tuple(self.riichi), dora_indicators=tuple(self.wall.dora_indicators),
            nukis=tuple(tuple(n) for n in self.nukis),
            scores=tuple(self.scores), honba=self.honba, riichi_sticks=self.sticks,
            tiles_left=self.tiles_left, turn=self.turn, awaiting=tuple(self.awaiting()),
            last_discard=(offer.from_seat, offer.tile) if offer else None,
            legal_actions=tuple(self.legal_actions(seat)) if legal else (), over=self.phase == "over")

    # --- legal actions ---------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when the table is not waiting on it)."""
        key = (len(self.events), seat)
        if key not in self._cache:
            if self.phase == "turn" and seat == self.turn:
                self._cache[key] = run_to_end(turn_actions(self, seat))
            elif self.phase == "claims" and seat in self.awaiting():
                self._cache[key] = claim_options(self, seat) + [Pass()]
            else:
                self._cache[key] = []
        return list(self._cache[key])

    def prepare(self) -> TaskGen[None]:
        """Work out, one check at a time, what every awaited seat may do now: the win and
        yaku checks, riichi's tenpai discards, kans, every seat's claims on a discard. It
        is the thinking the table slices across frames; ``legal_actions`` then reads the
        results. Running it is optional: ``legal_actions`` computes whatever is missing.

            >>> from game.rules.wall import Wall
            >>> r = Round.start(Wall(list(range(136))), dealer=0)
            >>> run_to_end(r.prepare()); (len(r.events), 0) in r._cache
            True
        """
        if self.phase == "turn":
            key = (len(self.events), self.turn)
            if key not in self._cache:
                self._cache[key] = yield from turn_actions(self, self.turn)
        elif self.phase == "claims":
            yield from claims_task(self)
            for seat in self.awaiting():
                self.legal_actions(seat)

    def is_legal(self, seat: int, action: Action) -> bool:
        return self._match_legal(seat, action) is not None

    def _match_legal(self, seat: int, action: Action) -> Action | None:
        """The legal action equal to ``action``; calls match by kinds and red fives, so a
        log's exact copies are accepted when an equivalent choice is listed."""
        legal = self.legal_actions(seat)
        if action in legal:
            return action
        if (isinstance(action, (Chi, Pon)) and len(set(action.tiles)) == 2
                and all(t in self.hands[seat] for t in action.tiles)):
            key = call_key(action.tiles)
            if any(type(a) is type(action) and call_key(a.tiles) == key for a in legal):
                return action
        return None

    def _claimants(self) -> list[int]:
        """The other seats with a claim on the offered tile (a round that knows one seat's
        hand alone, the mjai tracker's, asks only that seat)."""
        key = ("claimants", self._offer_event)
        if key not in self._cache:
            self._cache[key] = [s for s in other_seats(self, self.offer.from_seat) if claim_options(self, s)]
        return self._cache[key]

    # --- applying -----------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Apply one legal action of ``seat``; IllegalAction otherwise."""
        run_to_end(self.apply_task(seat, action))

    def apply_task(self, seat: int, action: Action) -> TaskGen[None]:
        """Apply one legal action of ``seat`` (IllegalAction otherwise) as a task: the
        claim checks on a discard or kan, and the next state's legal actions
        (:meth:`prepare`), run one check at a time."""
        chosen = self._match_legal(seat, action)
        if chosen is None:
            raise IllegalAction(f"seat {seat} may not {action} now")
        if self.phase == "claims":
            self._emit(Answered(seat, chosen))
        else:
            take_turn(self, seat, chosen)
            if self.phase == "claims":  # a discard or a kan is offered to the others
                yield from claims_task(self)
        if self.phase == "claims" and not self.awaiting():
            resolve_offer(self)
        yield from self.prepare()

    # --- the table's own moves ----------------------------------------------------------

    def _draw(self, seat: int, rinshan: bool = False) -> None:
        """Draw for ``seat`` the next live tile, or the replacement tile after a kan."""
        probe = self.wall.copy()
        tile = probe.draw_replacement() if rinshan else probe.draw()
        self._emit(Drew(seat, tile, rinshan))

    # --- the fold -----------------------------------------------------------------------

    def _emit(self, event: Any) -> None:
        """Record an event and fold it into the state: the one way the state changes."""
        # A round that is over takes no more events, but for the further wins of a double
        # ron: each win ends the round (phase "over") and the next win on the same discard
        # must still be recorded.
        if self.phase == "over" and not (isinstance(event, Won) and self.result.wins):
            raise IllegalAction("the round is over")
        self.events.append(event)
        if not isinstance(event, Answered):
            self._cache.clear()  # a new state; answers keep the offer's claims
        _FOLDS[type(event)](self, event)
        if self.check:
            self.check_invariants()

    # --- invariants ---------------------------------------------------------------------

    def check_invariants(self) -> None:
        """All 136 (108) tiles accounted for; points plus sticks constant. AssertionError if not."""
        in_play = [t for h in self.hands for t in h]
        in_play += [t for ms in self.melds for m in ms for t in m.tiles]
        in_play += [t for nukis in self.nukis for t in nukis]
        in_play += [p.tile for pond in self.ponds for p in pond if p.called_by is None]
        held = set(in_play)
        assert len(held) == len(in_play), "a tile is in two places"
        assert not held or (min(held) >= 0 and max(held) < 136), "a tile id out of range"
        in_wall = self.wall.tiles_left + DEAD_WALL
        assert len(in_play) + in_wall == len(self.wall.tiles), f"{len(in_play)} in play + {in_wall} in the wall"
        shown = set(self.wall.dora_indicators) | set(self.wall.ura_indicators)
        assert shown.isdisjoint(held), "a dead-wall indicator is in play"
        total = sum(self.scores) + 1000 * self.sticks
        start = sum(self.setup.scores) + 1000 * self.setup.riichi_sticks
        assert total == start, f"points + sticks {total} != {start}"
        for pond, seen in zip(self.ponds, self.pond_views):  # a pond changes only at its end
            assert len(seen) == len(pond) and (not pond or (seen[-1].tile, seen[-1].called_by)
                                               == (pond[-1].tile, pond[-1].called_by)), "a pond shown otherwise"
        for s in range(self.players if self.phase != "over" else 0):
            size = len(self.hands[s]) + 3 * len(self.melds[s])
            kan_called = isinstance(self.events[-1], Called) and self.events[-1].meld.kind == "kan"
            moving = self.phase == "turn" and s == self.turn and not kan_called  # rinshan next
            assert size == (14 if moving else 13), f"seat {s} holds {size} tiles"


# --- the fold of each kind of event (Round._emit calls them) ---------------------------


def _pond_view(p: Pond) -> DiscardView:
    return DiscardView(p.tile, p.tsumogiri, p.riichi, p.called_by)


def _show_pond(rnd: Round, seat: int, shown: tuple[DiscardView, ...]) -> None:
    rnd.pond_views = rnd.pond_views[:seat] + (shown,) + rnd.pond_views[seat + 1:]


def _fold_dealt(rnd: Round, e: Dealt) -> None:
    dealt = rnd.wall.deal(rnd.dealer)
    if [list(h) for h in e.hands] != dealt:
        raise InputError("the deal does not match the wall")
    rnd.hands = [sorted(h) for h in dealt]


def _fold_drew(rnd: Round, e: Drew) -> None:
    tile = rnd.wall.draw_replacement() if e.rinshan else rnd.wall.draw()
    if tile != e.tile:
        raise InputError(f"drew {e.tile} but the wall holds {tile}")
    _insert(rnd, e.seat, tile)
    if e.rinshan:
        _interrupt(rnd)
    rnd.turn, rnd.phase, rnd.drawn, rnd.rinshan = e.seat, "turn", tile, e.rinshan
    rnd.after_call = None
    rnd.offer = None


def _fold_discarded(rnd: Round, e: Discarded) -> None:
    seat = e.seat
    rnd.hands[seat].remove(e.tile)
    rnd.ponds[seat].append(Pond(e.tile, e.tsumogiri, e.riichi))
    _show_pond(rnd, seat, rnd.pond_views[seat] + (_pond_view(rnd.ponds[seat][-1]),))
    rnd.ippatsu[seat] = False
    rnd.furiten_temp[seat] = False
    if e.riichi:
        rnd.double_riichi[seat] = rnd.uninterrupted and len(rnd.ponds[seat]) == 1
        rnd.riichi[seat] = True
        rnd.ippatsu[seat] = True
        rnd.riichi_pending = seat
    rnd.drawn, rnd.rinshan, rnd.after_call = None, False, None
    rnd._offer_event = len(rnd.events)
    rnd.offer = Offer(e.tile, seat, "discard")
    rnd.phase = "claims"


def _fold_answered(rnd: Round, e: Answered) -> None:
    rnd.offer.answers[e.seat] = e.action


def _fold_called(rnd: Round, e: Called) -> None:
    seat, meld = e.seat, e.meld
    for t in meld.tiles:
        if t != meld.called:
            rnd.hands[seat].remove(t)
    rnd.ponds[meld.from_seat][-1].called_by = seat
    _show_pond(rnd, meld.from_seat, rnd.pond_views[meld.from_seat][:-1] + (_pond_view(rnd.ponds[meld.from_seat][-1]),))
    rnd.melds[seat].append(meld)
    _interrupt(rnd)
    rnd.riichi_pending = None
    rnd.turn, rnd.phase, rnd.drawn, rnd.offer = seat, "turn", None, None
    if meld.kind == "kan":
        rnd.kan_seats.append(seat)
        rnd.pending_dora += 1
        rnd.after_call = None
    else:
        rnd.after_call = kuikae_kinds(meld) if rnd.ruleset.kuikae_forbidden else []
    track_pao(rnd, seat, meld)


def _fold_kanned(rnd: Round, e: Kanned) -> None:
    seat, meld = e.seat, e.meld
    if meld.kind == "ankan":
        for t in meld.tiles:
            rnd.hands[seat].remove(t)
        rnd.melds[seat].append(meld)
        tile = meld.tiles[0]
    else:
        rnd.hands[seat].remove(meld.added)
        i = next(i for i, m in enumerate(rnd.melds[seat]) if m.kind == "pon" and m.kind34 == meld.kind34)
        rnd.melds[seat][i] = meld
        rnd.pending_dora += 1
        tile = meld.added
    rnd.kan_seats.append(seat)
    rnd.uninterrupted = False  # ippatsu ends only if the kan stands (chankan keeps it)
    rnd.drawn, rnd.rinshan = None, False
    rnd._offer_event = len(rnd.events)
    rnd.offer = Offer(tile, seat, meld.kind)
    rnd.phase = "claims"


def _fold_nuki(rnd: Round, e: NukiDeclared) -> None:
    """A North set aside: out of the hand, ippatsu and the clean first go-around end (as a
    call's would: Tenhou's logs), and the tile is offered to the others' ron."""
    rnd.hands[e.seat].remove(e.tile)
    rnd.nukis[e.seat].append(e.tile)
    _interrupt(rnd)
    rnd.drawn, rnd.rinshan = None, False
    rnd._offer_event = len(rnd.events)
    rnd.offer = Offer(e.tile, e.seat, "nuki")
    rnd.phase = "claims"


def _fold_riichi_accepted(rnd: Round, e: RiichiAccepted) -> None:
    rnd.scores[e.seat] -= rnd.ruleset.riichi_cost
    rnd.sticks += 1
    rnd.riichi_pending = None


def _fold_dora(rnd: Round, e: DoraRevealed) -> None:
    tile = rnd.wall.reveal_kan_dora()
    if tile != e.tile:
        raise InputError(f"dora indicator {e.tile} but the wall shows {tile}")
    if rnd.pending_dora:
        rnd.pending_dora -= 1


def _fold_missed(rnd: Round, e: Missed) -> None:
    rnd.furiten_temp[e.seat] = True
    if rnd.riichi[e.seat]:
        rnd.furiten_riichi[e.seat] = True


def _fold_won(rnd: Round, e: Won) -> None:
    for s in range(rnd.players):
        rnd.scores[s] += e.deltas[s]
    rnd.sticks -= e.sticks_taken
    if rnd.result is None:
        rnd.result = RoundResult(deltas=[0] * rnd.players, tenpai=(False,) * rnd.players)
    rnd.result.wins.append(e)
    rnd.result.deltas = [a + b for a, b in zip(rnd.result.deltas, e.deltas)]
    rnd.result.dealer_continues = any(w.seat == rnd.dealer for w in rnd.result.wins)
    if e.from_seat is not None and rnd.riichi_pending is not None:
        # a ron on the riichi discard: the riichi never stood
        rnd.riichi[rnd.riichi_pending] = False
        rnd.riichi_pending = None
    rnd.phase = "over"  # the other wins of a double ron may still follow


def _fold_drawn(rnd: Round, e: RoundDrawn) -> None:
    for s in range(rnd.players):
        rnd.scores[s] += e.deltas[s]
    # an abortive draw repeats the round; at an exhaustive one the dealer stays if tenpai
    dealer_continues = e.reason not in ("exhaustive", "nm") or e.tenpai[rnd.dealer]
    rnd.result = RoundResult([], e.reason, list(e.deltas), e.tenpai, dealer_continues)
    rnd.phase = "over"


def _interrupt(rnd: Round) -> None:
    """A call or a replacement draw: the first go-around is no longer clean, and ippatsu ends."""
    rnd.uninterrupted = False
    rnd.ippatsu = [False] * rnd.players


def _insert(rnd: Round, seat: int, tile: int) -> None:
    hand = rnd.hands[seat]
    hand.append(tile)
    hand.sort()


_FOLDS = {
    Dealt: _fold_dealt, Drew: _fold_drew, Discarded: _fold_discarded,
    Answered: _fold_answered, Called: _fold_called, Kanned: _fold_kanned,
    RiichiAccepted: _fold_riichi_accepted, DoraRevealed: _fold_dora,
    Missed: _fold_missed, Won: _fold_won, RoundDrawn: _fold_drawn, NukiDeclared: _fold_nuki,
}
