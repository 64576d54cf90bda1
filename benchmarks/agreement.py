"""The CPU's decisions beside Phoenix-room players': agreement by topic, with 95% intervals.

    python benchmarks/agreement.py [--strength S] [--jobs J] [--logs PATH ...] [--json]

Every seat of every four-player Phoenix-room log found (default: the Tenhou logs of
``tests/data/logs/mjx`` and ``tests/data/logs/mjx2022``; ``--logs`` takes other files or
folders of mjlog XML or tenhou.net/6 JSON) is reviewed by the review's own code
(``game.coach.review.review_game``: the seat's answer at each decision beside the CPU's, the one
judge), and the decisions are counted by the review's topics: a discard, a riichi (a discard
where either answer declares), a call or a pass, a kan, a win, the nine-terminals draw. A
decision agrees when the CPU answers the same (the same kinds: a log names no copies);
"close" is the share the review calls close (another answer, no cost by the CPU's figures).
The interval is Wilson's score interval. A game met twice (the same first deal and players:
tests/data keeps truncated copies of one game) is counted once; a log of another room or of
another number of players is left out and said (``--players 3`` counts Tenhou's three-player
games, by default tests/data's sanma logs).

It is the fast, low-noise measure of the CPU's play: 10,000 discards tell a change of one
percent, where games against outside AIs (``cpu_vs_majiang.py``) need thousands to tell a
change of rank. The CPU was tuned on the default logs only; measures on logs it never saw
are the honest ones.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.cpu.strength import STRENGTHS  # noqa: E402
from game.records import parse_log  # noqa: E402
from game.coach.review import review_game  # noqa: E402
from game.coach.review_text import topic_text  # noqa: E402
from game.rules.errors import InputError  # noqa: E402

DEFAULT_LOGS = (ROOT / "tests" / "data" / "logs" / "mjx", ROOT / "tests" / "data" / "logs" / "mjx2022")
DEFAULT_SANMA_LOGS = (ROOT / "tests" / "data" / "logs" / "sanma",)  # --players 3
LOG_SUFFIXES = (".mjlog", ".xml", ".json")
PHOENIX_BITS = 0xA0  # GO type bits 0x80 and 0x20 together: the Phoenix room (鳳凰卓)
TOPICS = ("discard", "riichi", "call", "kan", "win", "abort")
Z95 = 1.96


def wilson(agree: int, total: int) -> tuple[float, float]:
    """Wilson's 95% score interval of ``agree`` out of ``total``.

    >>> [round(x, 3) for x in wilson(65, 100)]
    [0.553, 0.736]
    """
    if total == 0:
        return 0.0, 1.0
    p = agree / total
    centre = p + Z95 * Z95 / (2 * total)
    spread = Z95 * math.sqrt(p * (1 - p) / total + Z95 * Z95 / (4 * total * total))
    scale = 1 + Z95 * Z95 / total
    return (centre - spread) / scale, (centre + spread) / scale


def log_files(paths: list[Path]) -> list[Path]:
    """The log files named, and those in the folders named (sorted)."""
    found = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in LOG_SUFFIXES)
        else:
            found.append(path)
    return found


def games(paths: list[Path], players: int = 4) -> tuple[list[Path], list[str]]:
    """The Phoenix-room games of ``players`` among ``paths``, each once (its longest copy); and why
    others are left out."""
    kept, left, seen = [], [], {}
    for path in paths:
        try:
            game = parse_log(path.read_bytes(), str(path))
        except (InputError, OSError) as error:
            left.append(f"{path.name}: {error}")
            continue
        if not game.rounds:
            left.append(f"{path.name}: no rounds")
            continue
        if (3 if game.three_player else 4) != players:
            left.append(f"{path.name}: {'three' if game.three_player else 'four'} players, not {players}")
            continue
        if game.go_type is not None and game.go_type & PHOENIX_BITS != PHOENIX_BITS:
            left.append(f"{path.name}: not the Phoenix room (GO type {game.go_type})")
            continue
        first = game.rounds[0].init
        signature = (tuple(p.name for p in game.players), first.hands, first.dora_indicator)
        size = sum(len(r.events) for r in game.rounds)
        if signature in seen:  # keep the longest copy (a cut copy stops early)
            other, other_size = seen[signature]
            if size <= other_size:
                left.append(f"{path.name}: the same game as {other.name}")
                continue
            left.append(f"{other.name}: the same game as {path.name}")
        seen[signature] = path, size
    kept = [path for path, _ in seen.values()]
    return kept, left


def review_seat(job: tuple[str, int, str]) -> list[tuple[str, str]]:
    """(topic, verdict) of each decision of one seat of one game."""
    path, seat, strength = job
    game = parse_log(Path(path).read_bytes(), path)
    review = review_game(game, seat, strength)
    return [(topic_text(d), d.cost.verdict) for d in review.decisions]


def tally(results: list[list[tuple[str, str]]]) -> dict[str, dict]:
    """Per topic (and "all"): decisions, agreements, close ones, the rate and its interval."""
    counts: Counter = Counter()
    for decisions in results:
        for topic, verdict in decisions:
            for key in (topic, "all"):
                counts[key, "n"] += 1
                counts[key, verdict] += 1
    table = {}
    for topic in (*TOPICS, "all"):
        total = counts[topic, "n"]
        if not total:
            continue
        agree = counts[topic, "agree"]
        low, high = wilson(agree, total)
        table[topic] = {"decisions": total, "agree": agree, "agreement": agree / total, "low": low, "high": high,
                        "close": counts[topic, "close"] / total}
    return table


def report(table: dict[str, dict], strength: str, games_count: int, seats: int, seconds: float) -> str:
    lines = [f"the {strength} CPU beside Phoenix-room players: {games_count} games, {seats} seats reviewed "
             f"({seconds:.0f} s)",
             f"{'topic':8} {'decisions':>9} {'agree':>7} {'95% interval':>16} {'close':>6}"]
    for topic, row in table.items():
        lines.append(f"{topic:8} {row['decisions']:9d} {100 * row['agreement']:6.1f}% "
                     f"[{100 * row['low']:5.1f}, {100 * row['high']:5.1f}] {100 * row['close']:5.1f}%")
    return "\n".join(lines)


def measure(kept: list[Path], strength: str = "strong", jobs: int = 2, players: int = 4) -> dict[str, dict]:
    """The table by topic of every seat of ``kept`` reviewed against ``strength``, ``jobs`` at once."""
    seats = [(str(path), seat, strength) for path in kept for seat in range(players)]
    with multiprocessing.Pool(max(1, jobs)) as pool:
        return tally(pool.map(review_seat, seats, chunksize=1))


def default_games() -> list[Path]:
    """The Phoenix-room games the measure reads by default (each counted once)."""
    return games(log_files(list(DEFAULT_LOGS)))[0]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--strength", choices=sorted(STRENGTHS), default="strong")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--players", type=int, choices=(3, 4), default=4,
                        help="count the games of three or four players (default 4)")
    parser.add_argument("--logs", type=Path, nargs="+", default=None,
                        help="log files or folders (default: tests/data's Phoenix logs)")
    parser.add_argument("--json", action="store_true", help="the table as JSON")
    args = parser.parse_args(argv)
    logs = args.logs or list(DEFAULT_SANMA_LOGS if args.players == 3 else DEFAULT_LOGS)
    kept, left = games(log_files(logs), args.players)
    for line in left:
        print(f"left out: {line}", file=sys.stderr)
    start = time.perf_counter()
    table = measure(kept, args.strength, args.jobs, args.players)
    if args.json:
        print(json.dumps({"strength": args.strength, "games": len(kept), "topics": table}, indent=1))
    else:
        print(report(table, args.strength, len(kept), len(kept) * args.players, time.perf_counter() - start))


if __name__ == "__main__":
    main()
