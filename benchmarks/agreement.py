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
Beside the riichi topic, "riichi or dama" counts every turn on which riichi was legal and the
answer was a cut (either may declare): it agrees when both declare or both stay dama, whatever
tile each cuts, so the question the hint answers most often is seen whole. Each topic prints
beside it the agreement of a naive rule (``BASELINES``: cut the drawn tile, always riichi,
always pass, never kan, always win, always abort), so a figure can be told from a rule of
thumb. The interval is Wilson's score interval. A game met twice (the same first deal and players:
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
from game.coach.review import Judged, review_game  # noqa: E402
from game.coach.review_text import topic_text  # noqa: E402
from game.rules.actions import AddedKan, ClosedKan, Discard, NineTerminals, Nuki, Pass, Riichi, Ron, Tsumo  # noqa: E402
from game.rules.errors import InputError  # noqa: E402

DEFAULT_LOGS = (ROOT / "tests" / "data" / "logs" / "mjx", ROOT / "tests" / "data" / "logs" / "mjx2022")
DEFAULT_SANMA_LOGS = (ROOT / "tests" / "data" / "logs" / "sanma",)  # --players 3
LOG_SUFFIXES = (".mjlog", ".xml", ".json")
PHOENIX_BITS = 0xA0  # GO type bits 0x80 and 0x20 together: the Phoenix room (鳳凰卓)
TOPICS = ("discard", "riichi", "riichi or dama", "call", "kan", "win", "abort")
RIICHI_OR_DAMA = "riichi or dama"
BASELINES = {"discard": "cut the drawn tile", "riichi": "always riichi", RIICHI_OR_DAMA: "always riichi",
             "call": "always pass", "kan": "never kan", "win": "always win", "abort": "always abort"}
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


Row = tuple[str, str, bool]  # (topic, verdict, whether the topic's naive rule answers as the seat did)


def naive_agrees(topic: str, judged: Judged) -> bool:
    """Whether the topic's naive rule (``BASELINES``) answers as the seat did.

        >>> from types import SimpleNamespace as Fake
        >>> naive_agrees("kan", Fake(explanation=Fake(player=Fake(action=Pass())), drawn=None))
        True
    """
    action = judged.explanation.player.action
    if topic == "discard":
        return isinstance(action, Discard) and judged.drawn is not None and action.tile // 4 == judged.drawn // 4
    if topic in ("riichi", RIICHI_OR_DAMA):
        return isinstance(action, Riichi)
    if topic == "kan":
        return not isinstance(action, (ClosedKan, AddedKan, Nuki))
    if topic == "win":
        return isinstance(action, (Tsumo, Ron))
    if topic == "abort":
        return isinstance(action, NineTerminals)
    return isinstance(action, Pass)


def rows_of(judged: Judged) -> list[Row]:
    """A decision's rows: its topic's, and "riichi or dama" on a cut where riichi was legal."""
    topic = topic_text(judged)
    rows = [(topic, judged.cost.verdict, naive_agrees(topic, judged))]
    if judged.riichi_legal and topic in ("discard", "riichi"):
        player, cpu = judged.explanation.player.action, judged.explanation.cpu.action
        same = isinstance(player, Riichi) == isinstance(cpu, Riichi)
        rows.append((RIICHI_OR_DAMA, "agree" if same else "differ", naive_agrees(RIICHI_OR_DAMA, judged)))
    return rows


def review_seat(job: tuple[str, int, str]) -> list[Row]:
    """The rows (``rows_of``) of each decision of one seat of one game."""
    path, seat, strength = job
    game = parse_log(Path(path).read_bytes(), path)
    review = review_game(game, seat, strength)
    return [row for d in review.decisions for row in rows_of(d)]


def tally(results: list[list[Row]]) -> dict[str, dict]:
    """Per topic (and "all", the decisions once each): decisions, agreements, close ones, the
    rate and its interval, and the naive rule's rate."""
    counts: Counter = Counter()
    for decisions in results:
        for topic, verdict, naive in decisions:
            for key in (topic, "all") if topic != RIICHI_OR_DAMA else (topic,):
                counts[key, "n"] += 1
                counts[key, verdict] += 1
                counts[key, "naive"] += naive
    table = {}
    for topic in (*TOPICS, "all"):
        total = counts[topic, "n"]
        if not total:
            continue
        agree = counts[topic, "agree"]
        low, high = wilson(agree, total)
        table[topic] = {"decisions": total, "agree": agree, "agreement": agree / total, "low": low, "high": high,
                        "close": counts[topic, "close"] / total, "baseline": counts[topic, "naive"] / total,
                        "baseline_rule": BASELINES.get(topic, "")}
    return table


def report(table: dict[str, dict], strength: str, games_count: int, seats: int, seconds: float) -> str:
    lines = [f"the {strength} CPU beside Phoenix-room players: {games_count} games, {seats} seats reviewed "
             f"({seconds:.0f} s)",
             f"{'topic':14} {'decisions':>9} {'agree':>7} {'95% interval':>16} {'close':>6}  naive rule"]
    for topic, row in table.items():
        naive = f"  {100 * row['baseline']:5.1f}% {row['baseline_rule']}" if row["baseline_rule"] else ""
        lines.append(f"{topic:14} {row['decisions']:9d} {100 * row['agreement']:6.1f}% "
                     f"[{100 * row['low']:5.1f}, {100 * row['high']:5.1f}] {100 * row['close']:5.1f}%{naive}")
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
