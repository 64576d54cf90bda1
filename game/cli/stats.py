"""``picoriichi stats [LOGS...] [--name NAME] [--last N] [--agreement] [--json]``: your figures
over your games (``game.coach.stats``): games, average place, and the win, deal-in, riichi and
call rates over the rounds played, as Tenhou's stats page counts them.

LOGS are log files or folders of them; with none, the ``logs/`` of ``$PICORIICHI_DATA_DIR``
(the data folder the table keeps every game in, when that names it). Our logs say which seat was yours; a Tenhou log counts for the player called
``--name`` and is passed over without one. ``--last N`` keeps the N latest games. ``--agreement``
also reviews each game beside the strong CPU (a few seconds a game) and prints how often your
answer was the CPU's, by topic. A file that is not a log we read is named on stderr and passed
over; exit 2 when no game is left to count.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from game.cli import count, print_json
from game.coach.review import review_game
from game.coach.stats import RATES, SeatGame, Stats, count_agreement, seat_game, stats_of
from game.cpu.strength import DEFAULT_STRENGTH
from game.data.files import read_file
from game.data.logs import LOG_SUFFIXES, extras_of, stamp_of
from game.data.storage import DATA_DIR_VARIABLE
from game.records import GameLog, parse_log
from game.rules.errors import InputError

RATE_WORDS = {"won": "won", "dealt_in": "dealt in", "riichi": "riichi", "called": "called"}
PLACE_WORDS = ("1st", "2nd", "3rd", "4th")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("logs", metavar="LOGS", nargs="*", help="log files or folders (default: the game's logs folder)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--name", help="your name in Tenhou logs (our logs know your seat)")
    which.add_argument("--every-seat", action="store_true",
                       help="count every seat of every log (a room's figures, as from strong players' logs)")
    parser.add_argument("--last", type=count, help="only the N latest games")
    parser.add_argument("--agreement", action="store_true", help="review each game beside the strong CPU")


def run(args: argparse.Namespace) -> int:
    games = []  # (SeatGame, GameLog, seat)
    for path in _log_paths(args.logs):
        games += _read_games(path, args.name, args.every_seat)
    games.sort(key=lambda found: found[0].when)
    if args.last is not None:
        games = games[len(games) - args.last:] if args.last else []
    if not games:
        raise InputError("no game to count" + ("" if args.name else " (a Tenhou log needs --name)"))
    stats = stats_of(g for g, _, _ in games)
    agreement = _agreement(games) if args.agreement else None
    if args.json:
        print_json(_json(stats, agreement))
    else:
        for line in report_lines(stats, agreement, "seat-game" if args.every_seat else "game"):
            print(line)
    return 0


def _log_paths(given: list[str]) -> list[Path]:
    if not given:  # the table's folder when PICORIICHI_DATA_DIR names it (Pyxel's own needs a window)
        chosen = os.environ.get(DATA_DIR_VARIABLE)
        folder = Path(chosen) / "logs" if chosen else None
        if folder is None or not folder.is_dir():
            raise InputError(f"no logs folder {'at ' + str(folder) if folder else 'named'}: "
                             f"name the logs to count, or set {DATA_DIR_VARIABLE} to the game's data folder")
        given = [str(folder)]
    paths = []
    for name in given:
        path = Path(name)
        if path.is_dir():
            paths += sorted(p for p in path.iterdir() if p.suffix in LOG_SUFFIXES and p.is_file())
        else:
            paths.append(path)
    return paths


def _read_games(path: Path, name: str | None, every_seat: bool) -> list[tuple[SeatGame, GameLog, int]]:
    """The game of ``path``, with the seat counted (every seat's, with ``every_seat``); none
    (said on stderr) when it is not a log with rounds."""
    try:
        data = read_file(path)
        game = parse_log(data, path)
    except InputError as exc:
        _skip(path, str(exc))
        return []
    if not game.rounds:
        _skip(path, "no rounds")
        return []
    when = stamp_of(path.name, path.stat().st_mtime)
    if every_seat:
        return [(seat_game(game, seat, None, when), game, seat) for seat in range(len(game.players))]
    found = _read_game(path, data, game, name, when)
    return [found] if found is not None else []


def _read_game(path: Path, data: bytes, game: GameLog, name: str | None, when: str
               ) -> tuple[SeatGame, GameLog, int] | None:
    extras = _extras(data) if path.suffix == ".json" else None
    if extras is not None and name is None:
        seat, finished = extras.get("seat"), extras.get("finished") is True
    else:
        seat, finished = _named_seat(game, name), None
    if not isinstance(seat, int) or not 0 <= seat < len(game.players):
        return None  # a Tenhou log with nobody named: not one of yours
    return seat_game(game, seat, finished, when), game, seat


def _extras(data: bytes) -> dict | None:
    try:
        return extras_of(json.loads(data.decode("utf-8")))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None


def _named_seat(game: GameLog, name: str | None) -> int | None:
    seats = [s for s, p in enumerate(game.players) if name is not None and p.name == name]
    return seats[0] if len(seats) == 1 else None


def _skip(path: Path, why: str) -> None:
    print(f"picoriichi stats: {path}: passed over: {why}", file=sys.stderr)


def _agreement(games: list[tuple[SeatGame, GameLog, int]]) -> dict[str, tuple[int, int]]:
    """By topic, (agreed, decisions) beside the strong CPU over the games."""
    tally: dict[str, list[int]] = {}
    for _, game, seat in games:
        count_agreement(tally, review_game(game, seat, DEFAULT_STRENGTH).decisions)
    return {topic: (agreed, total) for topic, (agreed, total) in sorted(tally.items())}


def report_lines(stats: Stats, agreement: dict[str, tuple[int, int]] | None = None, unit: str = "game") -> list[str]:
    """The report as lines.

        >>> report_lines(Stats([SeatGame(8, 2, 1, 3, 2, 1, True, 41000), SeatGame(4, 0, 2, 1, 0, 4, False, 2000)]))
        ['2 games (1 finished), 12 rounds', 'average place 1.00: 1st 1, 2nd 0, 3rd 0, 4th 0', \
'won 16.7%, dealt in 25.0%, riichi 33.3%, called 16.7%']
    """
    games, done = len(stats.games), len(stats.finished)
    lines = [f"{games} {unit}{'s' * (games != 1)} ({done} finished), {stats.rounds} rounds"]
    if stats.average_place is not None:
        places = ", ".join(f"{PLACE_WORDS[p - 1]} {n}" for p, n in stats.places().items())
        lines.append(f"average place {stats.average_place:.2f}: {places}")
    lines.append(", ".join(f"{RATE_WORDS[name]} {100 * stats.rate(name):.1f}%" for name in RATES))
    if agreement is not None:
        shown = ", ".join(f"{topic} {100 * a / n:.1f}% ({a}/{n})" for topic, (a, n) in agreement.items())
        lines.append(f"as the strong CPU: {shown or 'no decisions'}")
    return lines


def _json(stats: Stats, agreement: dict[str, tuple[int, int]] | None) -> dict:
    result = {"games": len(stats.games), "finished": len(stats.finished), "rounds": stats.rounds,
              "average_place": stats.average_place, "places": stats.places(),
              "rates": {name: stats.rate(name) for name in RATES},
              "per_game": [vars(g) for g in stats.games]}
    if agreement is not None:
        result["agreement"] = {topic: {"agreed": a, "decisions": n} for topic, (a, n) in agreement.items()}
    return result
