"""What the outside measures share: Mortal's libriichi arena, in its own .venv-mjai.

Not a benchmark (so it lives beneath benchmarks/): ``cpu_vs_rulebase.py`` (three RulebaseBots)
and ``cpu_vs_majiang.py`` (three of kobalab's majiang-ai) seat one of our CPUs against three
outside bots through this.

The referee is nobody's here: the ``mjai`` package from PyPI (0.2.1, AGPL-3.0) ships Mortal's
libriichi arena (``mjai.mlibriichi.arena.Match``). That package pins an old ``mahjong``, so
:func:`ensure_venv` makes a virtual environment of its own, ``.venv-mjai`` (git-ignored),
with ``mjai`` and our package (without pyxel: the game core needs none); each benchmark
re-runs itself there (:func:`run_inside`). The game never imports ``mjai``.

Duplicate seating (the default, as Mortal's one-against-three evaluation plays): game i is
played with the arena's seed (S + i // 4, 0), and our bot sits in seat i mod 4 (seat 0 deals
first), so each wall is played four times, once with our bot in each seat, and a lucky or an
unlucky deal is shared by all four. The average rank's interval is then taken over the walls
(each wall's mean of its four games), which are independent; four games of one wall are not.
``--single`` plays one game a wall (seed S + i), as the measures before issue 40 did. Our bot is
:class:`game.mjai.bot.MjaiBot` around ``game.play.sim.cpu_agent(strength)``: it sees only the
mjai events the referee sends it (others' draws hidden).

Read from each game's log (the referee's mjai log): whether the game reached its end, our
final rank (the last start_kyoku scores, less the riichi deposits after it, plus the last
deltas; ties go to the earlier seat), and per round whether we won, dealt in, declared
riichi, called. The referee prints an action it refuses ("invalid action: ...", then the
state with "player (abs): N") on its **standard output** and plays on: both streams of the
process are sent to one file while a game is played, and those lines are counted there,
seat by seat. An answer it cannot use at all (a kan of tiles the seat does not hold) is not
such a line: it prints "unknown error" and ends the round as a draw with reason "error", the
erring seat paying most; those rounds are counted from the log, seat by seat.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
VENV = ROOT / ".venv-mjai"
VENV_PYTHON = VENV / "bin" / "python"
STAMP = VENV / ".installed-mjai"
MJAI_PACKAGE = "mjai==0.2.1"
Z95 = 1.96
MEASURE_GAMES = 400  # the games of the measures docs/measurements.md gives; fewer is a quick read
RELATIVE = ("ours", "next", "across", "previous")  # the opponents by seat after ours


# --- the environment --------------------------------------------------------------------

def ensure_venv() -> None:
    """Make .venv-mjai with the mjai package and our package, once."""
    if STAMP.exists():
        return
    print(f"making {VENV.name} (mjai and our package) ...", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    pip = [str(VENV_PYTHON), "-m", "pip", "install", "--quiet"]
    subprocess.run(pip + [MJAI_PACKAGE], check=True)
    subprocess.run(pip + ["--no-deps", "-e", str(ROOT)], check=True)
    STAMP.touch()


def run_inside(script: str, argv: list[str]) -> None:
    """Re-run ``script`` inside .venv-mjai (made first if need be); returns only there."""
    if "--inside" in argv:
        sys.path.insert(0, str(ROOT))
        return
    ensure_venv()
    os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), script, "--inside", *argv])


# --- one game, inside .venv-mjai ---------------------------------------------------------

def our_player(strength: str, seat: int):
    """Our CPU at ``strength`` as an mjai player object (``react(line) -> answer``)."""
    from game.mjai.bot import MjaiBot
    from game.play.sim import cpu_agent

    return MjaiBot(cpu_agent(strength), seat)


def seated_engine(name: str, player):
    """The package's engine, but start_game's id is the seat (the package sends the game's
    index there)."""
    import mjai.engine

    class SeatedEngine(mjai.engine.DockerMjaiLogEngine):
        def start_game(self, game_idx: int) -> None:
            seat = self.player_ids[game_idx]
            self.player.react(json.dumps([{"type": "start_game", "names": ["0", "1", "2", "3"], "id": seat}]))

    return SeatedEngine(name, player=player)


def play_one(players: list, seed: int, our_seat: int, keep_log: str | None = None) -> dict:
    """Play one game of four mjai ``players`` in the arena; our seat's figures from the log
    (kept as ``keep_log``/seed-S-seat-N.json.gz when given)."""
    from loguru import logger
    from mjai.mlibriichi.arena import Match

    logger.remove()  # RulebaseBot logs every discard otherwise
    engines = [seated_engine(f"seat{s}", p) for s, p in enumerate(players)]
    with tempfile.TemporaryDirectory() as logs, tempfile.TemporaryFile("w+") as said:
        start, wall = time.process_time(), time.perf_counter()
        saved = os.dup(1), os.dup(2)
        sys.stdout.flush()
        os.dup2(said.fileno(), 1)
        os.dup2(said.fileno(), 2)
        try:
            Match(log_dir=logs).py_match(*engines, seed_start=(seed, 0))
        finally:
            sys.stdout.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
        seconds, wall = time.process_time() - start, time.perf_counter() - wall
        said.seek(0)
        invalid = invalid_actions(said.read())
        log = next(Path(logs).glob("*.json.gz"))
        if keep_log:
            Path(keep_log).mkdir(parents=True, exist_ok=True)
            shutil.copy(log, Path(keep_log) / f"seed-{seed}-seat-{our_seat}.json.gz")
        with gzip.open(log, "rt") as f:
            events = [json.loads(line) for line in f if line.strip()]
    record = read_log(events, our_seat)
    by_place = [invalid.get((our_seat + k) % 4, 0) for k in range(4)]
    record.update(invalid=by_place, invalid_ours=by_place[0], invalid_all=sum(invalid.values()),
                  seconds=seconds, wall=wall, seed=seed, seat=our_seat)
    return record


def invalid_actions(text: str) -> dict[int, int]:
    """The referee's refusals by seat: each "invalid action" line, seated by the next
    "player (abs): N" line of the state it prints (-1 when none follows)."""
    counts: dict[int, int] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("invalid action"):
            seat = next((int(l.split(":")[1]) for l in lines[i + 1:i + 40] if l.startswith("player (abs):")), -1)
            counts[seat] = counts.get(seat, 0) + 1
    return counts


def final_scores(events: list[dict]) -> list[int]:
    """Each seat's points at the end: the last start_kyoku, less riichi deposits, plus deltas."""
    scores: list[int] = [25000] * 4
    for e in events:
        if e["type"] == "start_kyoku":
            scores = list(e["scores"])
        elif e["type"] == "reach_accepted":
            scores[e["actor"]] -= 1000
        elif e["type"] in ("hora", "ryukyoku"):
            scores = [s + d for s, d in zip(scores, e.get("deltas", [0] * 4))]
    return scores


def read_log(events: list[dict], seat: int) -> dict:
    """Our rank and round figures from an mjai log."""
    rounds = wins = deal_ins = riichi = calls = 0
    won = dealt = declared = called = False
    errors = [0, 0, 0, 0]  # rounds the referee ended on a seat's error, by place from ours
    for e in events:
        kind = e["type"]
        if kind == "ryukyoku" and e.get("reason") == "error":
            deltas = e.get("deltas", [0] * 4)
            errors[(min(range(4), key=lambda s: deltas[s]) - seat) % 4] += 1
        if kind == "start_kyoku":
            rounds += 1
            won = dealt = declared = called = False
        elif kind == "reach_accepted":
            declared = declared or e["actor"] == seat
        elif kind == "hora":
            won = won or e["actor"] == seat
            dealt = dealt or (e["target"] == seat and e["actor"] != seat)
        elif kind in ("chi", "pon", "daiminkan"):
            called = called or e["actor"] == seat
        elif kind == "end_kyoku":
            wins, deal_ins, riichi, calls = wins + won, deal_ins + dealt, riichi + declared, calls + called
            won = dealt = declared = called = False
    scores = final_scores(events)
    order = sorted(range(4), key=lambda s: (-scores[s], s))
    return {"rank": order.index(seat) + 1, "rounds": rounds, "wins": wins, "deal_ins": deal_ins,
            "riichi": riichi, "calls": calls, "points": scores[seat], "scores": scores, "errors": errors,
            "complete": bool(events) and events[-1]["type"] == "end_game"}


# --- many games, and the report -----------------------------------------------------------

def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1)) if n > 1 else 0.0
    return mean, Z95 * sd / math.sqrt(n)


def seed_of(seed: int, index: int, duplicate: bool) -> int:
    """The arena seed of game ``index``: four games a wall with duplicate seating.

    >>> [seed_of(1000, i, True) for i in range(6)], seed_of(1000, 5, False)
    ([1000, 1000, 1000, 1000, 1001, 1001], 1005)
    """
    return seed + index // 4 if duplicate else seed + index


def jobs(args: argparse.Namespace) -> list[tuple]:
    """The games of a measure, one job each: (seed, index, ours, strength, logs, duplicate).
    Game ``index`` is dealt from ``seed_of`` its wall and seats our bot in seat ``index % 4``,
    so with duplicate seating (the default; ``--single`` plays each wall once) every wall is
    played four times, our bot once in each seat."""
    return [(args.seed, i, args.ours, args.strength, args.logs, not args.single) for i in range(args.games)]


def rank_interval(records: list[dict]) -> tuple[float, float]:
    """The average rank and its 95% half-width: over walls when every wall was played in each
    seat (duplicate seating), else over games."""
    walls: dict[int, list[int]] = {}
    for r in records:
        walls.setdefault(r["seed"], []).append(r["rank"])
    if len(walls) > 1 and all(len(ranks) == 4 for ranks in walls.values()):
        return interval([sum(ranks) / 4 for ranks in walls.values()])
    return interval([r["rank"] for r in records])


def report(records: list[dict], wall: float, title: str) -> str:
    ranks = [r["rank"] for r in records]
    n = len(ranks)
    mean, half = rank_interval(records)
    rounds = sum(r["rounds"] for r in records)
    share = lambda key: sum(r[key] for r in records) / rounds if rounds else 0.0  # noqa: E731
    places = [ranks.count(k) for k in (1, 2, 3, 4)]
    invalid = [sum(r.get("invalid", [r["invalid_ours"], 0, 0, 0])[k] for r in records) for k in range(4)]
    errors = [sum(r.get("errors", [0] * 4)[k] for r in records) for k in range(4)]
    unseated = sum(r["invalid_all"] for r in records) - sum(invalid)
    return "\n".join([
        title,
        f"games: {n}   complete: {sum(r.get('complete', True) for r in records)}   rounds: {rounds}   "
        f"time: {wall:.0f} s",
        f"average rank: {mean:.3f}   95% interval: [{mean - half:.3f}, {mean + half:.3f}]"
        f"{' (over walls, four seats each)' if _duplicated(records) else ''}   "
        f"places 1st-4th: {places}",
        f"win rate {share('wins'):.1%}   deal-in rate {share('deal_ins'):.1%}   riichi rate {share('riichi'):.1%}   "
        f"call rate {share('calls'):.1%}   (fractions of rounds)",
        "invalid actions logged by the referee: "
        + ", ".join(f"{who} {count}" for who, count in zip(RELATIVE, invalid))
        + (f", unseated {unseated}" if unseated else ""),
        "rounds ended on an error (answers the referee could not read): "
        + ", ".join(f"{who} {count}" for who, count in zip(RELATIVE, errors)),
        f"seconds per game: {sum(r.get('wall', r['seconds']) for r in records) / n:.2f} wall, "
        f"{sum(r['seconds'] for r in records) / n:.2f} CPU in the referee's process",
        *([] if n >= MEASURE_GAMES else [
            f"a quick read of {n} games: the measure is {MEASURE_GAMES} games (--games {MEASURE_GAMES}, "
            "docs/measurements.md)"]),
    ])


def _duplicated(records: list[dict]) -> bool:
    walls: dict[int, int] = {}
    for r in records:
        walls[r["seed"]] = walls.get(r["seed"], 0) + 1
    return len(walls) > 1 and all(n == 4 for n in walls.values())


def run_games(play: Callable[[tuple], dict], jobs_list: list[tuple], jobs: int,
              records_file: str | None) -> tuple[list[dict], float]:
    """Play every job on ``jobs`` processes; each record appended to ``records_file`` as it ends."""
    start = time.perf_counter()
    records = []
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for record in pool.imap(play, jobs_list):
            records.append(record)
            if records_file:
                with open(records_file, "a") as f:
                    f.write(json.dumps(record) + "\n")
            print(f"\r{len(records)}/{len(jobs_list)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return records, time.perf_counter() - start


def compare(before: list[dict], after: list[dict]) -> str:
    """A paired comparison of two runs on the same games (seed and seat): the mean change of
    rank and of final points, each with its 95% interval. Two versions of the CPU play the
    same walls from the same seat, so much of the luck of the deal is shared and the
    difference is seen in far fewer games than two independent runs need."""
    old = {(r["seed"], r["seat"]): r for r in before}
    pairs = [(old[(r["seed"], r["seat"])], r) for r in after if (r["seed"], r["seat"]) in old]
    if len(pairs) < 2:
        return "compare: fewer than two games in common (same seed and seat)"
    ranks, half = _paired([(a["seed"], b["rank"] - a["rank"]) for a, b in pairs])
    points, points_half = _paired([(a["seed"], b["points"] - a["points"]) for a, b in pairs])
    same = sum(a["scores"] == b["scores"] for a, b in pairs)
    return "\n".join([
        f"paired games: {len(pairs)}   played identically: {same}",
        f"average rank: {interval([a['rank'] for a, _ in pairs])[0]:.3f} -> {interval([b['rank'] for _, b in pairs])[0]:.3f}",
        f"rank change: {ranks:+.3f}   95% interval: [{ranks - half:+.3f}, {ranks + half:+.3f}]   (negative: better)",
        f"points change: {points:+.0f}   95% interval: [{points - points_half:+.0f}, {points + points_half:+.0f}]",
    ])


def _paired(changes: list[tuple[int, float]]) -> tuple[float, float]:
    """The mean change and its 95% half-width: over walls when each was played in four seats."""
    walls: dict[int, list[float]] = {}
    for seed, change in changes:
        walls.setdefault(seed, []).append(change)
    if len(walls) > 1 and all(len(c) == 4 for c in walls.values()):
        return interval([sum(c) / 4 for c in walls.values()])
    return interval([change for _, change in changes])


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every outside measure takes."""
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 1)))
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--strength", default="strong")
    parser.add_argument("--records", metavar="FILE", help="append each game's figures to FILE as it ends")
    parser.add_argument("--report", metavar="FILE", help="only report the games recorded in FILE")
    parser.add_argument("--json", action="store_true", help="print the records as one JSON list too")
    parser.add_argument("--logs", metavar="DIR", help="keep each game's referee log in DIR")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"),
                        help="only compare two runs' --records files, game by game (same seed and seat)")
    parser.add_argument("--single", action="store_true",
                        help="one game a wall (seed S+i) instead of each wall four times, once in each seat")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)


def answer_files(args: argparse.Namespace, title: str) -> bool:
    """--report and --compare need no game played: print their answer (True) or nothing."""
    if args.compare:
        print(compare(read_records(args.compare[0]), read_records(args.compare[1])))
    elif args.report:
        records = read_records(args.report)
        print(report(records, sum(r.get("wall", r["seconds"]) for r in records), title))
    return bool(args.compare or args.report)


def read_records(path: str) -> list[dict]:
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]
