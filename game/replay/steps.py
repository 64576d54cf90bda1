"""A game log as steps to look at: each round, action by action, every seat's view.

The replay viewer (game/ui/viewer.py) shows any log ``game.records.read_log`` reads (ours or
Tenhou's). Its states come from the replay's own machinery (``game.replay.door``): each round is
driven through a real ``Round`` by the log's actions, on the wall rebuilt from the log's own
tiles, and after every action the four seats' views are kept. No second rules engine: what
the viewer shows is what our rules make of the log. A round our rules cannot follow to the end
stops at its last good step, and says why.

    >>> from pathlib import Path
    >>> data = Path(__file__).resolve().parents[2] / "tests" / "data"  # wherever we run from
    >>> log = ReplayLog.read(data / "validation" / "2016022509gm-0009-0000-b327da61.xml")
    >>> steps = log.round(0)
    >>> steps.label, steps.steps[0].caption, len(steps.steps[0].views)
    ('E1.0', 'DEAL', 4)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from engine.tasks import TaskGen, run_to_end
from game.data.files import read_file
from game.data.logs import extras_of
from game.rules.errors import InputError
from game.rules.match import round_label
from game.records import GameLog, RoundLog, json_steps, parse_log_task
from game.replay.door import Difference, rebuilt_wall, ruleset_for
from game.replay.rounds import RoundReplay, Watcher
from game.coach.review import gathered
from game.rules.words import WIND_WORDS, action_words
from game.rules.actions import Action, Pass
from game.rules.ruleset import Ruleset
from game.rules.view import PlayerView

SEATS = 4
FOUR_SEATS = (4,)


@dataclass(frozen=True)
class Step:
    caption: str  # what just happened: "DEAL", "WEST CUT 5M", "SOUTH PON CHUN", "RESULT"
    views: tuple[PlayerView, ...]  # each seat's view then (hand face up for that seat)
    seat: int | None = None  # the seat that acted (None for DEAL and RESULT)
    action: Action | None = None  # what it did (tools read this, never the caption's words)


@dataclass
class SteppedRound:
    label: str  # "E1.0"
    round_index: int
    steps: list[Step] = field(default_factory=list)
    problem: str = ""  # why the round stops early, if it does


class _Recorder(Watcher):
    """Watches the replay of a round, keeping the views after each action."""

    def __init__(self, round_log: RoundLog, ruleset: Ruleset, into: SteppedRound) -> None:
        self.replay = RoundReplay(round_log, rebuilt_wall(round_log), ruleset, self)
        self.into = into
        self.shared = _Shared()
        self.offered: int | None = None
        self.wind = 0
        self.keep("DEAL")

    def keep(self, caption: str, actor: int | None = None, action: Action | None = None) -> None:
        rnd = self.replay.rnd
        views = tuple(self.shared.view(rnd.view(seat, legal=False)) for seat in range(rnd.players))
        self.into.steps.append(Step(caption, views, actor, action))

    def acting(self, replay: RoundReplay, seat: int, action: Action) -> None:
        rnd = replay.rnd
        self.offered = rnd.offer.tile if rnd.offer is not None else None  # the tile a call takes
        self.wind = rnd.seat_wind(seat)

    def acted(self, replay: RoundReplay, seat: int, action: Action) -> None:
        if not isinstance(action, Pass):
            self.keep(caption(self.wind, action, self.offered), seat, action)


class _Shared:
    """One copy of each equal part of the views a round keeps.

    Every seat sees the same ponds, melds and scores, and from one step to the next all but
    one pond stay the same: kept once, a round's views take a tenth of the memory (a real
    round's 1.3 MiB became 0.1 MiB, which the viewer's 2 MiB budget needs). The ponds come
    shared from the round (``Round.pond_views``); the rest is shared here."""

    def __init__(self) -> None:
        self.parts: dict = {}

    def one(self, value):
        return self.parts.setdefault(value, value)

    def view(self, view: PlayerView) -> PlayerView:
        one = self.one
        return replace(
            view, seat_winds=one(view.seat_winds), hand=one(view.hand), hand_sizes=one(view.hand_sizes),
            melds=one(tuple(one(tuple(one(m) for m in melds)) for melds in view.melds)),
            discards=view.discards,  # shared already: the round hands out one pond tuple until it changes
            riichi=one(view.riichi), dora_indicators=one(view.dora_indicators), scores=one(view.scores),
            awaiting=one(view.awaiting), last_discard=one(view.last_discard))


def caption(wind: int, action, offered: int | None = None) -> str:
    """One short line for an action: the seat by its wind that round (0..3: E S W N), the action
    and its tile as the table names them.

    >>> from game.rules.actions import Discard, Pon
    >>> caption(2, Discard(16)), caption(1, Pon((116, 117)), offered=118)
    ('WEST CUT RED 5M', 'SOUTH PON WEST')
    """
    return f"{WIND_WORDS[wind]} {action_words(action, offered)}".upper()


class ReplayLog:
    """A read log; its rounds are stepped through when first opened. ``player`` is the seat
    of the player who played it, for a log of ours (None for any other)."""

    def __init__(self, game: GameLog, name: str, player: int | None = None) -> None:
        self.game = game
        self.name = name
        self.player = player
        self.ruleset = ruleset_for(game)
        self._rounds: dict[int, SteppedRound] = {}

    @classmethod
    def read(cls, path: str | Path, seats: tuple[int, ...] = FOUR_SEATS) -> ReplayLog:
        """InputError (one line, naming the file) when it is not a log we can show."""
        return cls.parse(read_file(path), path, seats)

    @classmethod
    def parse(cls, data: bytes, path: str | Path, seats: tuple[int, ...] = FOUR_SEATS) -> ReplayLog:
        """The log of a file's (or a stored blob's) bytes; InputError as ``read``."""
        return run_to_end(cls.parse_task(data, path, seats))

    @classmethod
    def parse_task(cls, data: bytes, path: str | Path, seats: tuple[int, ...] = FOUR_SEATS) -> TaskGen[ReplayLog]:
        """Task: ``parse`` in steps (the list of replays opens a log as thinking). ``seats``: the
        tables the caller can show; the steps are as good for three seats (``(3, 4)``, as the
        viewer asks), but the four-player tools (the danger and threat tables) take the default,
        which refuses a three-player log."""
        game = yield from parse_log_task(data, path)
        name = Path(path).name
        if not game.rounds:
            raise InputError(f"{name}: no rounds to show")
        if len(game.rounds[0].init.hands) not in seats:
            raise InputError(f"{name}: not a four-player game" if seats == FOUR_SEATS
                             else f"{name}: a game of {len(game.rounds[0].init.hands)} players")
        player = yield from _player_of(data)
        return cls(game, name, player)

    def __len__(self) -> int:
        return len(self.game.rounds)

    def round(self, index: int) -> SteppedRound:
        """The round stepped through (at once: the CLI and tests; the viewer uses ``round_task``)."""
        return run_to_end(self.round_task(index))

    def stepped(self, index: int) -> SteppedRound | None:
        """The round if it has been stepped through already."""
        return self._rounds.get(index)

    def round_task(self, index: int) -> TaskGen[SteppedRound]:
        """Task: the round stepped through, one of the log's events a step; one round is kept."""
        if index not in self._rounds:
            self._rounds = {}  # the round shown before is let go first
            stepped = yield from self._step_through(index)
            self._rounds = {index: stepped}
        return self._rounds[index]

    def _step_through(self, index: int) -> TaskGen[SteppedRound]:
        round_log = self.game.rounds[index]
        init = round_log.init
        stepped = SteppedRound(f"{round_label(init.round_index)}.{init.honba}", init.round_index)
        recorder = None
        try:
            recorder = _Recorder(round_log, self.ruleset, stepped)
            yield from gathered(recorder.replay.run_task())  # a few events a step
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
        elif recorder is not None and stepped.steps and recorder.replay.rnd.over:
            recorder.keep("RESULT")  # a win the others' passes ended: the table as it ended
        return stepped


def _player_of(data: bytes) -> TaskGen[int | None]:
    """Task: the player's seat, when the log is one of ours (its extras say)."""
    if not data.lstrip()[:1] == b"{":
        return None  # no JSON object: an mjlog
    try:
        extras = extras_of((yield from json_steps.read_task(data.decode("utf-8"))))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    seat = extras.get("seat") if extras else None
    return seat if seat in range(SEATS) else None
