"""The simulator's yardsticks: two plain agents the CPUs are measured against.

- :class:`game.play.driver.TsumogiriAgent` throws the tile it draws, never calls, never declares
  riichi, and wins whenever it may.
- :class:`EfficiencyAgent` throws the tile that leaves the most ukeire (shanten first,
  then unseen accepting tiles, from :func:`game.rules.shanten.evaluate_discards`), declares
  riichi as soon as it is tenpai, never calls, never folds, and always wins.

Both answer from a :class:`game.rules.view.PlayerView` alone, as every agent of the driver.

    >>> from engine.tasks import run_to_end
    >>> from game.rules.round import Round
    >>> from game.rules.wall import Wall
    >>> rnd = Round.start(Wall(list(range(136))), dealer=0)
    >>> from game.rules.tiles import to_mpsz
    >>> to_mpsz(rnd.hand(0)), to_mpsz([run_to_end(EfficiencyAgent().act(rnd.view(0))).tile])
    ('348888s33337777z', '8s')
"""

from __future__ import annotations

from typing import Any

from engine.tasks import TaskGen
from game.rules.actions import Action, Discard, Pass, Riichi, Ron, Tsumo
from game.rules.shanten import evaluate_discards
from game.rules.tiles import counts34, is_red
from game.rules.view import PlayerView


def winning_action(view: PlayerView) -> Action | None:
    """Tsumo or Ron when it is legal."""
    return next((a for a in view.legal_actions if isinstance(a, (Tsumo, Ron))), None)


class EfficiencyAgent:
    """Most ukeire, riichi when tenpai, never calls, never folds, always wins."""

    name = "efficiency"

    def act(self, view: PlayerView) -> TaskGen[Action]:
        legal = view.legal_actions
        win = winning_action(view)
        if win is not None:
            return win
        if Pass() in legal:
            return Pass()
        discards = [a.tile for a in legal if isinstance(a, Discard)]
        if len(discards) == 1:
            return Discard(discards[0])
        options = yield from evaluate_discards(counts34(view.hand), view.visible_counts34())
        allowed = {t // 4 for t in discards}
        best = next(o.kind for o in options if o.kind in allowed)
        tile = _copy_to_throw(best, discards, view.drawn)
        riichi = Riichi(tile)
        return riichi if riichi in legal else Discard(tile)

    def observe(self, event: Any) -> None:
        pass


def _copy_to_throw(kind: int, tiles: list[int], drawn: int | None) -> int:
    """Which copy of ``kind`` to throw: a plain one before a red five, the drawn one first."""
    copies = [t for t in tiles if t // 4 == kind]
    copies.sort(key=lambda t: (is_red(t), t != drawn, t))
    return copies[0]
