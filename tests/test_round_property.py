"""Property test: thousands of rounds of random legal play break no invariant.

After every event the round checks that all 136 tiles are accounted for and that the
points plus the sticks on the table stay constant (``Round(check=True)``); after every
action some seat must have a legal way on until the round is over. The players mix
random and greedy discards and take wins, riichi, calls and kans often, so that every
kind of ending happens. Each round is also replayed from its events and must match.
"""

from __future__ import annotations

import pytest

import random
from collections import Counter

from game.rules.actions import AddedKan, Chi, ClosedKan, NineTerminals, OpenKan, Pon, Riichi, Ron, Tsumo
from game.rules.events import RoundSetup
from game.rules.round import Round
from game.rules.shanten import shanten
from game.rules.tiles import counts34
from game.rules.wall import Wall

ROUNDS = 2000

# how often a random player takes each optional action when it is offered
TAKE = {Tsumo: 1.0, Ron: 1.0, Riichi: 0.7, ClosedKan: 0.6, AddedKan: 0.6, OpenKan: 0.4, Pon: 0.3,
        Chi: 0.2, NineTerminals: 0.5}


def choose(rng: random.Random, rnd: Round, seat: int, greedy: bool):
    actions = rnd.legal_actions(seat)
    assert actions, f"seat {seat} is awaited but has no legal action"
    for kind, chance in TAKE.items():
        offered = [a for a in actions if isinstance(a, kind)]
        if offered and rng.random() < chance:
            return rng.choice(offered)
    plain = [a for a in actions if type(a).__name__ in ("Discard", "Pass")]
    if greedy and plain and type(plain[0]).__name__ == "Discard" and len(plain) > 1:
        hand = rnd.hand(seat)

        def after(action):
            rest = list(hand)
            rest.remove(action.tile)
            return shanten(counts34(rest))
        best = min(after(a) for a in plain)
        plain = [a for a in plain if after(a) == best]
    return rng.choice(plain or actions)


def play_round(rng: random.Random, greedy: bool) -> Round:
    tiles = list(range(136))
    rng.shuffle(tiles)
    scores = [rng.choice((800, 25000, 25000, 40000)) for _ in range(4)]
    rnd = Round.start(Wall(tiles, (rng.randint(1, 6), rng.randint(1, 6))), dealer=rng.randrange(4),
                      round_wind=rng.randrange(2), honba=rng.randrange(3), sticks=rng.randrange(3),
                      scores=scores, check=True)
    while rnd.result is None:
        waiting = rnd.awaiting()
        assert waiting, "a state with no legal way on"
        seat = rng.choice(waiting)
        rnd.apply(seat, choose(rng, rnd, seat, greedy))
    return rnd


@pytest.mark.long
def test_random_rounds_keep_every_invariant():
    rng = random.Random(20240611)
    endings: Counter[str] = Counter()
    for i in range(ROUNDS):
        rnd = play_round(rng, greedy=i % 2 == 0)
        result = rnd.result
        if result.wins:
            endings["tsumo" if result.wins[0].from_seat is None else "ron"] += 1
            endings["double ron"] += len(result.wins) == 2
        else:
            endings[result.draw_reason] += 1
        if i % 50 == 0:
            again = Round.replay(rnd.setup, rnd.events, check=True)
            assert again.snapshot() == rnd.snapshot()
    # the play reaches every common ending (so the invariants were checked on them)
    for ending in ("tsumo", "ron", "exhaustive"):
        assert endings[ending] > 0, endings
    assert sum(endings.values()) - endings["double ron"] == ROUNDS


def test_replay_reproduces_every_intermediate_state():
    rng = random.Random(7)
    for _ in range(20):
        rnd = play_round(rng, greedy=True)
        setup: RoundSetup = rnd.setup
        for cut in range(0, len(rnd.events) + 1, 7):
            partial = Round.replay(setup, rnd.events[:cut])
            again = Round.replay(setup, partial.events)
            assert again.snapshot() == partial.snapshot()
            for seat in range(4):
                assert again.legal_actions(seat) == partial.legal_actions(seat)
