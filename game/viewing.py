"""A game log as steps to look at: each round, action by action, every seat's view.

The replay viewer (game/ui/viewer.py) shows any log ``game.records.read_log`` reads (ours or
Tenhou's). Its states come from the replay's own machinery (``game.replay``): each round is
driven through a real ``Round`` by the log's actions, on the wall rebuilt from the log's own
tiles, and after every action the four seats' views are kept. No second rules engine: what
the viewer shows is what our rules make of the log. A round our rules cannot follow to the end
stops at its last good step, and says why.

    >>> from pathlib import Path
    >>> data = Path(__file__).resolve().parent.parent / "tests" / "data"  # wherever we run from
    >>> log = ReplayLog.read(data / "validation" / "2016022509gm-0009-0000-b327da61.xml")
    >>> steps = log.round(0)
    >>> steps.label, steps.steps[0].caption, len(steps.steps[0].views)
    ('E1.0', 'DEAL', 4)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.rules.errors import InputError
from game.rules.match import round_label
from game.records import GameLog, RoundLog, read_log
from game.replay import Difference, _RoundReplay, rebuilt_wall, ruleset_for
from game.rules.actions import Pass
from game.rules.ruleset import Ruleset
from game.rules.tiles import tile_name
from game.rules.view import PlayerView

SEATS = 4


@dataclass(frozen=True)
class Step:
    caption: str  # what just happened: "DEAL", "S2 DISCARD 5M", "S1 PON", "RESULT"
    views: tuple[PlayerView, ...]  # each seat's view then (hand face up for that seat)


@dataclass
class SteppedRound:
    label: str  # "E1.0"
    round_index: int
    steps: list[Step] = field(default_factory=list)
    problem: str = ""  # why the round stops early, if it does


class _Recorder(_RoundReplay):
    """The replay's round driver, keeping the views after each action."""

    def __init__(self, round_log: RoundLog, ruleset: Ruleset, into: SteppedRound) -> None:
        super().__init__(round_log, rebuilt_wall(round_log), ruleset)
        self.into = into
        self.keep("DEAL")

    def keep(self, caption: str) -> None:
        views = tuple(self.rnd.view(seat, legal=False) for seat in range(SEATS))
        self.into.steps.append(Step(caption, views))

    def _act(self, seat: int, action) -> None:
        super()._act(seat, action)
        if not isinstance(action, Pass):
            self.keep(caption(seat, action))


def caption(seat: int, action) -> str:
    """One short line for an action.

    >>> from game.rules.actions import Discard, Pon
    >>> caption(2, Discard(16)), caption(1, Pon((8, 9)))
    ('S2 DISCARD 0M', 'S1 PON')
    """
    name = type(action).__name__.upper()
    tile = getattr(action, "tile", None)
    return f"S{seat} {name}" + (f" {tile_name(tile).upper()}" if tile is not None else "")


class ReplayLog:
    """A read log; its rounds are stepped through when first opened."""

    def __init__(self, game: GameLog, name: str) -> None:
        self.game = game
        self.name = name
        self.ruleset = ruleset_for(game)
        self._rounds: dict[int, SteppedRound] = {}

    @classmethod
    def read(cls, path: str | Path) -> ReplayLog:
        """InputError (one line, naming the file) when it is not a log we can show."""
        game = read_log(path)
        if not game.rounds:
            raise InputError(f"{Path(path).name}: no rounds to show")
        if len(game.rounds[0].init.hands) != SEATS:
            raise InputError(f"{Path(path).name}: not a four-player game")
        return cls(game, Path(path).name)

    def __len__(self) -> int:
        return len(self.game.rounds)

    def round(self, index: int) -> SteppedRound:
        if index not in self._rounds:
            self._rounds = {index: self._step_through(index)}  # one round kept at a time
        return self._rounds[index]

    def _step_through(self, index: int) -> SteppedRound:
        round_log = self.game.rounds[index]
        init = round_log.init
        stepped = SteppedRound(f"{round_label(init.round_index)}.{init.honba}", init.round_index)
        try:
            _Recorder(round_log, self.ruleset, stepped).run()
        except Difference as difference:
            stepped.problem = str(difference)
        except InputError as error:
            stepped.problem = f"malformed round: {error}"
        except Exception as error:  # a log our rules cannot follow: show what there is, never crash
            stepped.problem = f"replay failed: {type(error).__name__}: {error}"
        if not stepped.steps:
            stepped.problem = stepped.problem or "nothing to show"
        if stepped.steps and stepped.steps[-1].views[0].over:
            stepped.steps.append(Step("RESULT", stepped.steps[-1].views))
        return stepped
