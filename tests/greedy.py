"""A quick, deterministic test seat that plays real mahjong: it wins whenever it may,
declares riichi when it can, calls and kans now and then, and otherwise throws the tile of
best ukeire. Its choices are a function of what it sees, so a game replays exactly. It makes
games with wins, calls, riichi and kans for tests of records and saves (the CPUs of game/cpu
are slower and are measured by their own tests)."""

from __future__ import annotations

import random

from game.rules.actions import AddedKan, Chi, ClosedKan, Discard, OpenKan, Pass, Pon, Riichi, Ron, Tsumo
from game.rules.shanten import evaluate_discards
from game.rules.tiles import counts34


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view):
        legal = view.legal_actions
        yield
        for win in (Tsumo(), Ron()):
            if win in legal:
                return win
        rng = random.Random(repr((self.seed, view.hand, [len(p) for p in view.discards], view.tiles_left)))
        kans = [a for a in legal if isinstance(a, (ClosedKan, AddedKan, OpenKan))]
        if kans and rng.random() < 0.5:
            return kans[0]
        calls = [a for a in legal if isinstance(a, (Pon, Chi))]
        if calls and rng.random() < 0.25:
            return rng.choice(calls)
        if Pass() in legal:
            return Pass()
        riichi = [a for a in legal if isinstance(a, Riichi)]
        if riichi:
            return riichi[0]
        options = yield from evaluate_discards(counts34(view.hand), view.visible_counts34())
        best = options[0].kind
        discards = [a for a in legal if isinstance(a, Discard)]
        return next((a for a in discards if a.tile // 4 == best), discards[-1])
