"""``picoriichi sim --games N --seed S [--players 3|4] [--seats K,K,K,K] [--jobs J] [--json]``: headless games.

``--players 3`` plays Tenhou's three-player game (three seat kinds; no mjai seat: mjai has no
three-player standard).

Seat kinds: ``cpu`` (strongest), ``cpu:weak|normal|strong``, ``tsumogiri``, ``efficiency``,
``mjai:COMMAND``. Prints per seat kind: games, average rank with its 95% interval, the
rates of rounds won, dealt in, riichi and called; the average win; then the exhaustive
draw rate, the thinking time per decision and games per minute. A progress bar goes to
stderr for runs of 20 games or more. JSON (``--json``)::

    {"games", "seats": {KIND: {"games", "avg_rank", "rank_ci95": [lo, hi], "win_rate",
     "deal_in_rate", "riichi_rate", "call_rate", "avg_win_points", "illegal_answers"}},
     "draw_rate", "think_ms": {"p50", "p99", "max"}, "games_per_minute"}

Rates are fractions of the rounds played; ``illegal_answers`` counts the answers of that kind
of seat that were not legal (an outside bot's mistakes; the text shows them when there are
any). The text is written from the same figures, so the two never disagree. The same seed
gives the same figures whatever ``--jobs`` (but the timings).
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from game.cli import print_json
from game.rules.errors import InputError
from game.play import sim

MAX_GAMES = 1_000_000
MAX_JOBS = 256
PROGRESS_FROM = 20  # games


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", required=True, type=_count("--games", MAX_GAMES), metavar="N")
    parser.add_argument("--seed", required=True, type=_seed, metavar="S",
                        help="the run's seed (any ASCII text): game i's seed is drawn from it")
    parser.add_argument("--players", default=4, type=_players, metavar="3|4",
                        help="4 (default) or 3: Tenhou's three-player game")
    parser.add_argument("--seats", default=None, metavar="K,K,K,K",
                        help="seat kinds, one a player (default cpu for each): cpu, cpu:weak|normal|strong, "
                             "tsumogiri, efficiency, mjai:COMMAND (four players only)")
    parser.add_argument("--jobs", default=1, type=_count("--jobs", MAX_JOBS), metavar="J",
                        help="processes playing games at once (default 1)")
    parser.add_argument("--export", metavar="DIR",
                        help="write every game's log into DIR as mjlog XML and tenhou.net/6 JSON (a folder, not a link)")


def _count(option: str, most: int):
    def parse(text: str) -> int:
        if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= most:
            raise InputError(f"{option} takes a whole number from 1 to {most:,}, not {text[:20]!r}")
        return int(text)
    return parse


def _check_folder(folder: str) -> None:
    """The export folder exists (made if need be) and takes files: said now, not after the games.

    A link standing at DIR is refused, as ``export -o`` refuses one (a link to nothing would
    have its target made and written through); so is anything there that is not a folder. The
    probe is a new file of its own name (``mkstemp``), never a file that stood there before.
    """
    path = Path(folder)
    if path.is_symlink():
        raise InputError(f"--export: {folder} is a symbolic link: logs are not written through it")
    if path.exists() and not path.is_dir():
        raise InputError(f"--export: {folder} is not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=".picoriichi-probe.", dir=path)
        os.close(handle)
        os.unlink(probe)
    except OSError as exc:
        raise InputError(f"--export: cannot write into {folder} ({exc.strerror or type(exc).__name__})") from None


def _players(text: str) -> int:
    if text not in ("3", "4"):
        raise InputError(f"--players takes 3 or 4, not {text[:20]!r}")
    return int(text)


def _seed(text: str) -> str:
    if not text or not text.isascii() or not text.isprintable() or len(text) > 200:
        raise InputError(f"--seed takes printable ASCII text (1-200 characters), not {text[:20]!r}")
    return text


def run(args: argparse.Namespace) -> int:
    kinds = sim.parse_seats(args.seats or ",".join(["cpu"] * args.players), args.players)
    if args.export is not None:
        _check_folder(args.export)
    figures = sim.run(kinds, args.seed, args.games, args.jobs,
                      progress=args.games >= PROGRESS_FROM, export=args.export)
    if args.json:
        print_json(figures)
    else:
        print(describe(figures))
    return 0


def describe(figures: dict) -> str:
    """The figures for people: a table by seat kind, then the run's own figures."""
    lines = [f"{'kind':<22} {'games':>6}  {'avg rank (95%)':<21} {'win':>6} {'deal-in':>7} "
             f"{'riichi':>6} {'call':>6} {'avg win':>8}"]
    for kind, f in figures["seats"].items():
        lo, hi = f["rank_ci95"]
        avg_win = "-" if f["avg_win_points"] is None else f"{f['avg_win_points']:,.0f}"
        lines.append(f"{kind[:22]:<22} {f['games']:>6}  {f['avg_rank']:.2f} [{lo:.2f}, {hi:.2f}]{'':<4} "
                     f"{f['win_rate']:>6.1%} {f['deal_in_rate']:>7.1%} {f['riichi_rate']:>6.1%} "
                     f"{f['call_rate']:>6.1%} {avg_win:>8}")
    think = figures["think_ms"]
    lines.append(f"{figures['games']} games; exhaustive draws {figures['draw_rate']:.1%} of rounds; "
                 f"{figures['games_per_minute']:.1f} games per minute")
    lines.append(f"thinking per decision (CPU time): p50 {think['p50']:.2f} ms, p99 {think['p99']:.2f} ms, "
                 f"max {think['max']:.2f} ms")
    bad = {kind: f["illegal_answers"] for kind, f in figures["seats"].items() if f["illegal_answers"]}
    if bad:
        lines.append("answers that were not legal: " + ", ".join(f"{k} {n}" for k, n in bad.items()))
    return "\n".join(lines)
