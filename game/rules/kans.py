"""Kans: the own kans a seat may declare, the kan limit, and what follows a kan (replacement draw, kan dora).

A seat declares a closed kan (four of a kind in its hand) or an added kan (the fourth
tile onto its pon) on its own turn; in riichi only a closed kan of the tile just drawn,
and only if the wait stays as it was. Four kans are the most a table holds. A declared kan
is first offered to the others (chankan, :mod:`game.rules.claims`); if it stands, its
maker draws the replacement tile.

Kan dora as Tenhou: a closed kan's indicator turns at once (its DoraRevealed follows the
replacement draw, before the player acts; the mjlog writes DORA before the draw); an open
or added kan's turns when its maker discards, or at the next kan, so a replacement-draw
win right after an open kan does not count it (``pending_dora`` counts those waiting).

On an unshuffled wall the dealer is dealt three kinds four times over:

    >>> from game.rules.round import Round
    >>> from game.rules.wall import Wall
    >>> r = Round.start(Wall(list(range(136))), dealer=0)
    >>> kan_allowed(r), own_kans(r, 0), r.pending_dora
    (True, [ClosedKan(kind=25), ClosedKan(kind=29), ClosedKan(kind=33)], 0)
"""

from __future__ import annotations

from game.rules.actions import Action, AddedKan, ClosedKan
from game.rules.events import DoraRevealed, Kanned
from game.rules.melds import Meld
from game.rules.readings import readings
from game.rules.state import Offer, RoundState
from game.rules.tiles import counts34
from game.rules.wins import hand_waits

MAX_KANS = 4  # kans on the table: a fifth is never allowed


def kan_allowed(rnd: RoundState) -> bool:
    return rnd.tiles_left > 0 and len(rnd.kan_seats) < MAX_KANS


def own_kans(rnd: RoundState, seat: int) -> list[Action]:
    """The closed and added kans the seat to move may declare."""
    if not kan_allowed(rnd):
        return []
    counts = counts34(rnd.hands[seat])
    kans: list[Action] = []
    for k in sorted({t // 4 for t in rnd.hands[seat]}):
        if counts[k] == 4 and (not rnd.riichi[seat] or riichi_kan_keeps_wait(rnd, seat, k)):
            kans.append(ClosedKan(k))
    if not rnd.riichi[seat]:
        pon_kinds = {m.kind34 for m in rnd.melds[seat] if m.kind == "pon"}
        kans += [AddedKan(t) for t in rnd.hands[seat] if t // 4 in pon_kinds]
    return kans


def riichi_kan_keeps_wait(rnd: RoundState, seat: int, kind34: int) -> bool:
    """In riichi: only a kan of the drawn tile, only if the waits stay the same and (as
    Tenhou) every reading of every win keeps the kan's kind as a triplet."""
    if rnd.drawn is None or rnd.drawn // 4 != kind34:
        return False
    before = list(rnd.hands[seat])
    before.remove(rnd.drawn)
    after = [t for t in before if t // 4 != kind34]
    waits_before = hand_waits(rnd, before)
    if waits_before != hand_waits(rnd, after):
        return False
    counts = counts34(before)
    for kind in waits_before:
        counts[kind] += 1
        ways = readings(counts, kind, rnd.melds[seat], tsumo=True)
        counts[kind] -= 1
        if not all(kind34 in r.triplets for r in ways):
            return False
    return True


def declare_kan(rnd: RoundState, seat: int, action: ClosedKan | AddedKan) -> None:
    """The seat's own kan: an earlier open kan's indicator turns first, then the kan is offered."""
    if isinstance(action, ClosedKan):
        meld = Meld("ankan", tuple(sorted(t for t in rnd.hands[seat] if t // 4 == action.kind)))
    else:
        pon = next(m for m in rnd.melds[seat] if m.kind == "pon" and m.kind34 == action.tile // 4)
        meld = Meld("kakan", tuple(sorted(pon.tiles + (action.tile,))), pon.called,
                    pon.from_seat, action.tile)
    if rnd.pending_dora:
        reveal_pending_dora(rnd)
    rnd._emit(Kanned(seat, meld))


def reveal_pending_dora(rnd: RoundState) -> None:
    """Turn the indicators that open and added kans left waiting (before a discard or a kan)."""
    for _ in range(rnd.pending_dora):
        rnd._emit(DoraRevealed(rnd.wall.copy().reveal_kan_dora()))


def continue_nuki(rnd: RoundState, offer: Offer) -> None:
    """Nobody robbed the North set aside: an open or added kan's waiting indicator turns (a
    real log turns it between the nuki and its replacement draw), then the replacement draw."""
    if rnd.pending_dora:
        reveal_pending_dora(rnd)
    rnd._draw(offer.from_seat, rinshan=True)


def continue_kan(rnd: RoundState, offer: Offer) -> None:
    """Nobody robbed the declared kan: its maker draws the replacement tile, then a closed
    kan's indicator turns at once."""
    seat = offer.from_seat
    rnd._draw(seat, rinshan=True)
    if offer.kind == "ankan":
        rnd._emit(DoraRevealed(rnd.wall.copy().reveal_kan_dora()))
