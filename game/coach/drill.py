"""The drill (PRACTICE on the title): the cuts of your own games where your answer differed from
the strong CPU's, asked again without the answer.

A drill is rebuilt from the logs alone: each game's review (``game.coach.review``, the one
judge) gives its differing cuts (a discard where neither answer declared riichi, the verdict
``differ``); each becomes a :class:`Position` that carries what the review found: the CPU's
cut, the one played, the cost and the reason in words. The record kept in the data folder
(:class:`Record`) says how each was answered since; a position answered right twice leaves
the drill. The order (``queue``): the positions never asked, costliest first; then those
missed, the longest missed first; then those answered right once.

    >>> p = Position("g#3", "g", 0, 0, 12, cpu=20, played=100, severity=(0, 1, 2.0, 0.0, 0.0), reason="")
    >>> q = Position("g#9", "g", 0, 1, 30, cpu=8, played=9 * 4, severity=(0, 0, 4.5, 0.0, 0.0), reason="")
    >>> record = Record()
    >>> [x.key for x in queue([q, p], record)]
    ['g#3', 'g#9']
    >>> record.answer(p, 100), record.answer(q, 9), record.streak
    (False, True, 1)
    >>> [x.key for x in queue([q, p], record)]
    ['g#3', 'g#9']
    >>> record.answer(q, 10), [x.key for x in queue([q, p], record)], record.best
    (True, ['g#3'], 2)
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

from engine.tasks import TaskGen
from game.coach.review import Judged, Review, review_task, start_review
from game.coach.review_text import reason
from game.cpu import CpuAgent
from game.data.logs import Shelf, your_game_task
from game.play.driver import Game
from game.records import GameLog, parse_log_task
from game.records.ours import game_log
from game.records.tenhou6_write import write_tenhou6
from game.rules.actions import Discard
from game.rules.ruleset import Ruleset
from game.rules.tiles import is_red

RIGHT_TO_LEAVE = 2  # answered right this many times, a position leaves the drill
RECORD_VERSION = 1


@dataclass(frozen=True)
class Position:
    """One cut to ask again: where it stood (the log, the seat, the round, the viewer's step) and
    what the review found there."""

    key: str  # "<log>#<decision number>": the same position in every rebuild
    log: str  # the log's name on the shelf ("" for a game the CPUs played for the drill)
    seat: int
    round_index: int
    step: int
    cpu: int  # the strong CPU's cut (a tile id: its kind and red five count)
    played: int  # the cut played in the game
    severity: tuple[float, ...]  # the cost, to order by (see ``severity``)
    reason: str  # the review's reason for the CPU's cut, in words
    hand: tuple[int, ...] = ()  # the seat's concealed tiles then, the draw among them


def severity(judged: Judged) -> tuple[float, ...]:
    """A difference's cost as the review's summary orders its biggest: a yaku lost, then steps
    from a win, then what the CPU weighs (tiles, shape, value), then the outlook, then danger."""
    cost = judged.cost
    return (float(cost.yaku), float(cost.steps), max(cost.weighed, cost.tiles), cost.worth, cost.danger)


def positions_of(review: Review, log: str) -> list[Position]:
    """The review's differing cuts as positions (a riichi either side is left out: a drill asks
    which tile, with the table's keys and clicks)."""
    found = []
    for judged in review.differences:
        e = judged.explanation
        if judged.cost.verdict != "differ" or e.topic != "discard":
            continue
        if not (isinstance(e.cpu.action, Discard) and isinstance(e.player.action, Discard)):
            continue  # a riichi (or a kan) on one side
        found.append(Position(f"{log}#{judged.number}", log, review.seat, judged.round_index, judged.step,
                              e.cpu.action.tile, e.player.action.tile, severity(judged), reason(judged), judged.hand))
    return found


def same_cut(a: int, b: int) -> bool:
    """The same cut as the review tells them: the same kind, a red five apart from the others.

    >>> same_cut(17, 18), same_cut(16, 17), same_cut(16, 15)
    (True, False, False)
    """
    return a // 4 == b // 4 and is_red(a) == is_red(b)


@dataclass
class Record:
    """How the drill has been answered: right answers a position, the ones missed (oldest
    first), and the score (right of answered), the streak of right answers and the best one."""

    right: dict[str, int] = field(default_factory=dict)
    missed: list[str] = field(default_factory=list)
    score: int = 0
    answered: int = 0
    streak: int = 0
    best: int = 0

    def answer(self, position: Position, tile: int) -> bool:
        """Record ``tile`` as the answer to ``position``; whether it is the CPU's cut."""
        right = same_cut(tile, position.cpu)
        self.answered += 1
        if right:
            self.right[position.key] = self.right.get(position.key, 0) + 1
            self.score += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
            if position.key in self.missed:
                self.missed.remove(position.key)
        else:
            self.streak = 0
            if position.key in self.missed:
                self.missed.remove(position.key)
            self.missed.append(position.key)
        return right

    def cleared(self, position: Position) -> bool:
        return self.right.get(position.key, 0) >= RIGHT_TO_LEAVE

    def to_bytes(self) -> bytes:
        return json.dumps({"version": RECORD_VERSION, **asdict(self)}, separators=(",", ":")).encode("ascii")

    @classmethod
    def from_bytes(cls, data: bytes | None) -> Record:
        """The record kept; a fresh one when none is (ValueError when what is kept is not one).

            >>> Record.from_bytes(Record(score=3, answered=4).to_bytes()).score, Record.from_bytes(None).answered
            (3, 0)
        """
        if data is None:
            return cls()
        try:
            kept = json.loads(data.decode("ascii"))
            if kept.pop("version") != RECORD_VERSION:
                raise ValueError("another version")
            record = cls(**kept)
        except (UnicodeDecodeError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            raise ValueError(f"not a drill record ({type(exc).__name__})") from None
        if not (isinstance(record.right, dict) and isinstance(record.missed, list)
                and all(isinstance(v, int) for v in (record.score, record.answered, record.streak, record.best))):
            raise ValueError("not a drill record")
        return record


def queue(positions: list[Position], record: Record) -> list[Position]:
    """The positions still in the drill, in the order they are asked (see the module)."""
    open_ = [p for p in positions if not record.cleared(p)]
    fresh = [p for p in open_ if p.key not in record.right and p.key not in record.missed]
    fresh.sort(key=lambda p: tuple(-x for x in p.severity))  # stable: the review's order breaks ties
    missed = sorted((p for p in open_ if p.key in record.missed), key=lambda p: record.missed.index(p.key))
    once = [p for p in open_ if p.key in record.right and p.key not in record.missed]
    return fresh + missed + once



# --- building the drill -----------------------------------------------------------------------

ENOUGH = 12  # open positions that make a drill: reviewing stops once this many are found
GAMES_REVIEWED = 6  # at most this many of your latest games are reviewed for it
CPU_GAME_SEED = "DR111GAME0"  # the CPUs' game a drill is built from before you have games


@dataclass
class Drill:
    """What a drill was built from: its positions, and the games they stand in (by log name;
    "" the CPUs' game), kept to show a position."""

    positions: list[Position] = field(default_factory=list)
    games: dict[str, GameLog] = field(default_factory=dict)
    from_cpus: bool = False  # no game of yours had a position: the CPUs' game


def build_task(shelf: Shelf | None, record: Record, progress: list[int] | None = None) -> TaskGen[Drill]:
    """Task: your latest games reviewed, newest first, until ``ENOUGH`` positions are open in
    ``record`` (at most ``GAMES_REVIEWED`` games); with none, the CPUs' game of ``CPU_GAME_SEED``
    (a weak CPU's seat reviewed). ``progress`` is told (games reviewed, games to review)."""
    drill = Drill()
    entries = (yield from shelf.listed_task()) if shelf is not None else []
    ours = [entry for entry in entries if entry.ours][:GAMES_REVIEWED]
    progress = progress if progress is not None else [0, 0]
    progress[1] = len(ours)
    for entry in ours:
        found = yield from your_game_task(shelf, entry)
        if found is not None:
            game, summary = found
            yield from _add(drill, game, summary.seat, entry.name)
        progress[0] += 1
        if len(queue(drill.positions, record)) >= ENOUGH:
            break
    if not drill.positions:
        drill.from_cpus = True
        game = yield from cpu_game_task()
        yield from _add(drill, game, 0, "")
    return drill


def _add(drill: Drill, game: GameLog, seat: int, name: str) -> TaskGen[None]:
    review = yield from review_task(game, start_review(game, seat))
    found = positions_of(review, name)
    if found:
        drill.positions += found
        drill.games[name] = game


def cpu_game_task() -> TaskGen[GameLog]:
    """Task: the CPUs' east-only game of ``CPU_GAME_SEED``, a weak CPU in seat 0 beside three
    normal ones (its slips make the positions), as a log."""
    game = Game([CpuAgent("weak")] + [CpuAgent("normal") for _ in range(3)], CPU_GAME_SEED, Ruleset(east_south=False))
    yield from game.play()
    log = game_log(game)
    yield  # the log, its JSON and its reading again: each a step (under the memory tracer 7, 5 and 28 ms)
    data = json.dumps(write_tenhou6(log)).encode("utf-8")
    yield
    return (yield from parse_log_task(data, "drill.json"))
