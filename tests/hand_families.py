"""Families of hands for the shanten tests and benchmarks/shanten.py, as 34-kind counts.

Each generator ``family(rng, size)`` gives ``size`` concealed tiles (a 13- or 14-tile hand,
or a smaller one whose called melds are implied), never a fifth copy of a kind. The families
are the shapes that stress a shanten solver differently: a dominant suit makes long runs,
pairs and honours make many short ones, near-complete hands have many ways to split.
``log_decisions`` gives the real thing: every concealed hand a player of the real logs in
tests/data/logs decided on (a discard, a call, a pass), in the order of the games.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from game.rules.tiles import YAOCHUU_KINDS, counts34

LOGS = Path(__file__).parent / "data" / "logs"
SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)  # 4, 3, 2, 1 and no called melds


def _hand_from_kinds(rng: random.Random, size: int, pick) -> list[int]:
    """Counts of ``size`` tiles, each kind drawn by ``pick(rng)``, never a fifth copy."""
    counts = [0] * 34
    placed = 0
    while placed < size:
        k = pick(rng)
        if counts[k] < 4:
            counts[k] += 1
            placed += 1
    return counts


def uniform(rng, size):
    """Tiles drawn from a full wall."""
    return counts34(rng.sample(range(136), size))


def flush(rng, size):
    """One suit dominant (85%), the rest honours: what a honitsu or chinitsu seeker holds."""
    suit = rng.randrange(3)
    return _hand_from_kinds(rng, size, lambda r: suit * 9 + r.randrange(9) if r.random() < 0.85
                            else r.randrange(27, 34))


def pairs_and_sets(rng, size):
    """Tiles come in pairs, triplets and quads of few kinds."""
    counts = [0] * 34
    kinds = rng.sample(range(34), 8)
    while sum(counts) < size:
        k = rng.choice(kinds)
        counts[k] = min(4, counts[k] + rng.randint(1, min(4, size - sum(counts))))
    return counts


def honours(rng, size):
    """Honours 60% of the draws."""
    return _hand_from_kinds(rng, size, lambda r: r.randrange(27, 34) if r.random() < 0.6 else r.randrange(27))


def terminals(rng, size):
    """Ones, twos, eights and nines of the suits, 75% of the draws (the rest from anywhere)."""
    edges = [k for k in range(27) if k % 9 in (0, 1, 7, 8)]
    return _hand_from_kinds(rng, size, lambda r: r.choice(edges) if r.random() < 0.75 else r.randrange(34))


def near_complete(rng, size):
    """A complete hand of the size's sets and pair, with one or two tiles swapped."""
    sets = size // 3
    while True:
        counts = [0] * 34
        for _ in range(sets):
            start = rng.randrange(34)
            if start < 27 and start % 9 < 7 and rng.random() < 0.6:
                for k in (start, start + 1, start + 2):
                    counts[k] += 1
            else:
                counts[start] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            break
    tiles = [k for k in range(34) for _ in range(counts[k])]
    rng.shuffle(tiles)
    counts = counts34(k * 4 for k in tiles[:size])  # a 3n+1 size drops one tile
    for _ in range(rng.randint(0, 2)):  # swap one or two tiles for others
        held = [k for k in range(34) if counts[k]]
        counts[rng.choice(held)] -= 1
        counts[rng.choice([k for k in range(34) if counts[k] < 4])] += 1
    return counts


def kokushi_ish(rng, size):
    """Yaochuu tiles 85% of the draws."""
    return _hand_from_kinds(rng, size, lambda r: r.choice(YAOCHUU_KINDS) if r.random() < 0.85 else r.randrange(34))


def chiitoitsu_ish(rng, size):
    """As many pairs of distinct kinds as fit (up to seven), the rest at random."""
    counts = [0] * 34
    for k in rng.sample(range(34), 7):
        if sum(counts) + 2 <= size:
            counts[k] = 2
    return _fill(rng, counts, size)


def quads(rng, size):
    """One to three kinds held four times, the rest mostly near them."""
    counts = [0] * 34
    for k in rng.sample(range(34), rng.randint(1, 3)):
        if sum(counts) + 4 <= size:
            counts[k] = 4
    return _fill(rng, counts, size, near=True)


def _fill(rng, counts, size, near=False):
    held = [k for k in range(34) if counts[k]] or [rng.randrange(34)]
    while sum(counts) < size:
        k = rng.choice(held) + rng.randint(-2, 2) if near and rng.random() < 0.7 else rng.randrange(34)
        if 0 <= k < 34 and counts[k] < 4:
            counts[k] += 1
    return counts


GENERATORS = [uniform, flush, pairs_and_sets, honours, terminals, near_complete, kokushi_ish,
              chiitoitsu_ish, quads]


def log_files() -> list[Path]:
    """The real logs of tests/data, in a fixed order, but the three-player ones of logs/sanma
    (sanma2.xml among them is skipped by ``log_decisions``)."""
    return sorted(p for p in LOGS.rglob("*") if p.suffix in (".xml", ".mjlog") and p.parent.name != "sanma")


def log_decisions(path: Path) -> Iterator[list[int]]:
    """Every concealed hand that decided something in one real log, in order.

    The log is replayed through our rules (game.replay.door); each action applied to a round (a
    discard, a call, a pass, a win) yields the acting seat's concealed counts just before it.
    """
    from game.replay import door as replay
    from game.records import read_log
    from game.rules.round import Round

    game = read_log(path)
    if game.three_player or not game.rounds:
        return
    decisions: list[list[int]] = []
    plain_apply = Round.apply

    def recording_apply(rnd, seat, action):
        decisions.append(counts34(rnd.hands[seat]))
        return plain_apply(rnd, seat, action)

    Round.apply = recording_apply
    try:
        replay.replay_game(game)
    finally:
        Round.apply = plain_apply
    yield from (hand for hand in decisions if sum(hand) % 3)
