"""The simulator: whole headless games for any mix of seats, and what they show.

Every game is played by the one driver (:class:`game.play.driver.Game`). A seat kind is ``cpu``
(our CPU at its strongest) or ``cpu:weak|normal|strong``, a baseline (``tsumogiri``,
``efficiency``: see :mod:`game.play.baselines`), or ``mjai:COMMAND`` (an outside mjai bot run
as a process, :mod:`game.mjai.outside`). Game ``i`` of a run seeded ``S`` has its own seed
code, drawn from ``S`` and ``i`` alone, and its seats turned ``i`` places, so each kind sits
in each seat equally often; games may be played by several processes and the figures are
the same whatever their number.

    >>> game_seed("demo", 0), game_seed("demo", 1) != game_seed("demo", 0)
    ('ZQHFMAC9DB', True)
    >>> seats_of_game(["cpu", "efficiency", "efficiency", "tsumogiri"], 1)
    ['tsumogiri', 'cpu', 'efficiency', 'efficiency']

The figures of each kind are over its seats' games and the rounds they played: average
rank with its 95% interval (normal approximation), and the rates of rounds won, dealt in
(paid a ron), declared riichi, made an open call; the average hand value of its wins
(points without honba or sticks). Over all games: the share of rounds that ended in an
exhaustive draw, the thinking (CPU) time per decision (p50, p99, max over every seat's
decisions) and games per minute.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

from engine.tasks import run_to_end
from game.play.baselines import EfficiencyAgent
from game.cpu import DEFAULT_STRENGTH, STRENGTHS, CpuAgent
from game.rules.errors import InputError
from game.records.ours import export_game
from game.play.driver import Agent, Game, TsumogiriAgent
from game.rules.events import Called, Discarded, RoundDrawn, Won
from game.rules.ruleset import TENHOU, TENHOU_SANMA, Ruleset
from game.rules.wall import CODE_ALPHABET, CODE_LENGTH

BASELINES = ("tsumogiri", "efficiency")
SEED_DOMAIN = b"picoriichi sim v1:"  # frozen: changing it changes every simulated game
Z95 = 1.96
SEATS = 4


# --- seats ---------------------------------------------------------------------------

def cpu_agent(strength: str = DEFAULT_STRENGTH, ruleset: Ruleset = TENHOU) -> Agent:
    """Our CPU at ``strength``."""
    if strength not in STRENGTHS:
        raise InputError(f"strength {strength!r} is not one of {', '.join(STRENGTHS)}")
    return CpuAgent(strength, ruleset)


def parse_seats(text: str, players: int = SEATS) -> list[str]:
    """The seat kinds of a table of ``players`` from ``kind,kind,...``. A comma inside an mjai
    command stays in it (a piece that names no kind continues the command before it). mjai
    has no three-player standard: a three-player table seats no mjai bot.

        >>> parse_seats("cpu, efficiency,cpu:weak,mjai:bot --x=1,2")
        ['cpu', 'efficiency', 'cpu:weak', 'mjai:bot --x=1,2']
        >>> parse_seats("cpu,cpu:weak,efficiency", players=3)
        ['cpu', 'cpu:weak', 'efficiency']
    """
    kinds: list[str] = []
    for piece in text.split(","):
        word = piece.strip()
        if kinds and kinds[-1].startswith("mjai:") and not _names_a_kind(word):
            kinds[-1] += "," + piece
            continue
        if not _names_a_kind(word):
            raise InputError(f"seat kind {word[:40]!r}: use cpu, cpu:weak|normal|strong, "
                             f"tsumogiri, efficiency or mjai:COMMAND")
        kinds.append(word)
    if len(kinds) != players:
        raise InputError(f"--seats names {len(kinds)} seats, not {players}")
    if players == 3 and any(kind.startswith("mjai:") for kind in kinds):
        raise InputError("mjai has no three-player standard: an mjai bot plays four-player games only")
    return kinds


def _names_a_kind(word: str) -> bool:
    if word.startswith("mjai:"):
        return bool(word[5:].strip())
    return word in ("cpu", *BASELINES) or (word.startswith("cpu:") and word[4:] in STRENGTHS)


def make_agent(kind: str, ruleset: Ruleset = TENHOU) -> Agent:
    """The agent for one seat kind."""
    if kind == "cpu":
        return cpu_agent(ruleset=ruleset)
    if kind.startswith("cpu:"):
        return cpu_agent(kind[4:], ruleset)
    if kind == "tsumogiri":
        return TsumogiriAgent()
    if kind == "efficiency":
        return EfficiencyAgent()
    if kind.startswith("mjai:"):
        from game.mjai.outside import OutsideBot
        return OutsideBot(kind[5:].strip())
    raise InputError(f"unknown seat kind {kind!r}")


def game_seed(run_seed: str, index: int) -> str:
    """The seed code of game ``index`` of a run: SHA-256 over the run's seed and the index."""
    digest = hashlib.sha256(SEED_DOMAIN + run_seed.encode("utf-8") + b":" + str(index).encode()).digest()
    number = int.from_bytes(digest[:8], "big")
    return "".join(CODE_ALPHABET[(number >> (5 * k)) & 31] for k in range(CODE_LENGTH))


def seats_of_game(kinds: list[str], index: int) -> list[str]:
    """The kinds in seats 0..3 (0..2 at a three-player table) for game ``index``: turned ``index`` places."""
    return [kinds[(seat - index) % len(kinds)] for seat in range(len(kinds))]


# --- one game -------------------------------------------------------------------------

@dataclass
class SeatRecord:
    """What one seat did in one game."""
    kind: str
    rank: int = 0
    rounds: int = 0
    wins: int = 0
    win_points: list[int] = field(default_factory=list)
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    invalid: int = 0


@dataclass
class GameRecord:
    seats: list[SeatRecord]
    rounds: int
    exhaustive: int
    think_seconds: list[float]


def play_game(kinds: list[str], run_seed: str, index: int, export: str | None = None) -> GameRecord:
    """Play game ``index`` of a run and record it; with ``export`` (a folder), also write its
    log there as mjlog XML and tenhou.net/6 JSON. Three kinds play Tenhou's three-player game."""
    seats = seats_of_game(kinds, index)
    ruleset = TENHOU_SANMA if len(kinds) == 3 else TENHOU
    game = Game([make_agent(kind, ruleset) for kind in seats], game_seed(run_seed, index), ruleset)
    try:
        standings = run_to_end(game.play())
    finally:
        for agent in game.agents:
            close = getattr(agent, "close", None)
            if close is not None:
                close()
    records = [SeatRecord(kind) for kind in seats]
    for standing in standings:
        records[standing.seat].rank = standing.rank
    exhaustive = 0
    for rnd in game.rounds:
        exhaustive += _record_round(rnd.events, records)
    for bad in game.invalid:
        records[bad.seat].invalid += 1
    if export is not None:
        export_game(game, export)
    return GameRecord(records, len(game.rounds), exhaustive, [c.seconds for c in game.costs])


def _record_round(events: list[Any], records: list[SeatRecord]) -> int:
    """Count one round's wins, deal-ins, riichi and calls; 1 if it ended exhaustively."""
    won, dealt_in, riichi, called = set(), set(), set(), set()
    exhaustive = 0
    for e in events:
        if isinstance(e, Won):
            won.add(e.seat)
            records[e.seat].win_points.append(e.score.total)
            if e.from_seat is not None:
                dealt_in.add(e.from_seat)
        elif isinstance(e, Discarded) and e.riichi:
            riichi.add(e.seat)
        elif isinstance(e, Called):
            called.add(e.seat)
        elif isinstance(e, RoundDrawn) and e.reason in ("exhaustive", "nm"):
            exhaustive = 1
    for seat, record in enumerate(records):
        record.rounds += 1
        record.wins += seat in won
        record.deal_ins += seat in dealt_in
        record.riichi += seat in riichi
        record.calls += seat in called
    return exhaustive


# --- many games ---------------------------------------------------------------------

def _play_indexed(job: tuple[list[str], str, int]) -> GameRecord:
    return play_game(*job)


def play_games(kinds: list[str], run_seed: str, games: int, jobs: int = 1,
               export: str | None = None) -> Iterator[GameRecord]:
    """Every game's record, in game order, played by ``jobs`` processes."""
    work = [(kinds, run_seed, i, export) for i in range(games)]
    if jobs <= 1:
        yield from map(_play_indexed, work)
        return
    # spawn, not fork: forking a process that runs threads (a test runner, the UI) can deadlock
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_play_indexed, work)


def summarize(records: Iterable[GameRecord], seconds: float) -> dict:
    """The run's figures (the JSON of ``picoriichi sim``)."""
    records = list(records)
    by_kind: dict[str, list[SeatRecord]] = {}
    for record in records:
        for seat in record.seats:
            by_kind.setdefault(seat.kind, []).append(seat)
    rounds = sum(r.rounds for r in records)
    think = sorted(s * 1000 for r in records for s in r.think_seconds)
    return {
        "games": len(records),
        "seats": {kind: _kind_figures(seats) for kind, seats in by_kind.items()},
        "draw_rate": _share(sum(r.exhaustive for r in records), rounds),
        "think_ms": {"p50": _percentile(think, 50), "p99": _percentile(think, 99),
                     "max": think[-1] if think else 0.0},
        "games_per_minute": len(records) / (seconds / 60) if seconds > 0 else 0.0,
    }


def _kind_figures(seats: list[SeatRecord]) -> dict:
    ranks = [s.rank for s in seats]
    mean = sum(ranks) / len(ranks)
    half = 0.0
    if len(ranks) > 1:
        variance = sum((r - mean) ** 2 for r in ranks) / (len(ranks) - 1)
        half = Z95 * math.sqrt(variance / len(ranks))
    rounds = sum(s.rounds for s in seats)
    points = [p for s in seats for p in s.win_points]
    return {
        "games": len(seats),
        "avg_rank": mean,
        "rank_ci95": [mean - half, mean + half],
        "win_rate": _share(sum(s.wins for s in seats), rounds),
        "deal_in_rate": _share(sum(s.deal_ins for s in seats), rounds),
        "riichi_rate": _share(sum(s.riichi for s in seats), rounds),
        "call_rate": _share(sum(s.calls for s in seats), rounds),
        "avg_win_points": sum(points) / len(points) if points else None,
        "illegal_answers": sum(s.invalid for s in seats),  # an outside bot's mistakes
    }


def _share(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def _percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile of sorted values (0.0 for none)."""
    if not values:
        return 0.0
    rank = max(1, math.ceil(pct / 100 * len(values)))
    return values[rank - 1]


# --- progress ---------------------------------------------------------------------------

class Progress:
    """A progress bar on ``stream`` (a terminal: redrawn in place; else a line per tenth)."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO = sys.stderr, clock: Callable[[], float] = time.monotonic) -> None:
        self.total = total
        self.stream = stream
        self.clock = clock
        self.start = clock()
        self.live = hasattr(stream, "isatty") and stream.isatty()
        self.shown_tenth = 0

    def update(self, done: int) -> None:
        if self.live:
            self._draw(done, end="\r")
        elif done * 10 // self.total > self.shown_tenth or done == self.total:
            self.shown_tenth = done * 10 // self.total
            self._draw(done, end="\n")

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()

    def _draw(self, done: int, end: str) -> None:
        filled = self.WIDTH * done // self.total
        elapsed = self.clock() - self.start
        rate = done / elapsed * 60 if elapsed > 0 else 0.0
        bar = "#" * filled + "." * (self.WIDTH - filled)
        self.stream.write(f"[{bar}] {done}/{self.total} games, {rate:.1f}/min{end}")
        self.stream.flush()


def run(kinds: list[str], run_seed: str, games: int, jobs: int = 1, progress: bool = True,
        export: str | None = None) -> dict:
    """Play a whole run; its figures (:func:`summarize`: the JSON of ``picoriichi sim``, which the
    text report is written from). ``export``: a folder for every game's log (see :func:`play_game`)."""
    start = time.perf_counter()
    bar = Progress(games) if progress else None
    records = []
    for record in play_games(kinds, run_seed, games, jobs, export):
        records.append(record)
        if bar is not None:
            bar.update(len(records))
    if bar is not None:
        bar.close()
    return summarize(records, time.perf_counter() - start)
