"""The outside measure: our strongest CPU against three RulebaseBots, refereed by Mortal's arena.

    python benchmarks/cpu_vs_rulebase.py [--games N] [--jobs J] [--seed S] [--strength S]
                                         [--ours cpu|riichibot]

The referee and the opponents are nobody's here: the ``mjai`` package from PyPI (0.2.1,
AGPL-3.0) ships Mortal's libriichi arena (``mjai.mlibriichi.arena.Match``) and its
``RulebaseBot``. That package pins an old ``mahjong``, so this script makes a virtual
environment of its own, ``.venv-mjai`` (git-ignored), installs ``mjai`` and our package
(without pyxel: the game core needs none) into it, and runs itself there. The game never
imports ``mjai``.

Game i is played with the arena's seed (S + i, 0); our bot sits in seat i mod 4 (seat 0
deals first), so it sits in each seat equally often. Our bot is
:class:`game.mjai.bot.MjaiBot` around ``game.sim.cpu_agent(strength)``: it sees only the
mjai events the referee sends it (others' draws hidden). ``--ours riichibot`` seats the
package's RiichiBot instead (it riichis every tenpai), the scale the issue gives (about
1.8 against three RulebaseBots).

Read from each game's log (the referee's mjai log): our final rank (the last start_kyoku
scores, less the riichi deposits after it, plus the last deltas; ties go to the earlier
seat), and per round whether we won, dealt in, declared riichi, called. The referee prints
an action it refuses ("invalid action: ...", then the state with "player (abs): N"); those
lines are counted from its output, ours apart.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv-mjai"
VENV_PYTHON = VENV / "bin" / "python"
STAMP = VENV / ".installed-mjai"
MJAI_PACKAGE = "mjai==0.2.1"
Z95 = 1.96
MEASURE_GAMES = 400  # the games of the measure docs/measurements.md gives; fewer is a quick read


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


# --- one game, inside .venv-mjai ---------------------------------------------------------

def _engines(our_seat: int, ours: str, strength: str):
    import mjai.engine
    from mjai.bot.riichibot import RiichiBot
    from mjai.bot.rulebase import RulebaseBot

    from game.mjai.bot import MjaiBot
    from game.sim import cpu_agent

    class SeatedEngine(mjai.engine.DockerMjaiLogEngine):
        """The package's engine sends the game's index as start_game's id: send the seat."""

        def start_game(self, game_idx: int) -> None:
            seat = self.player_ids[game_idx]
            self.player.react(json.dumps([{"type": "start_game", "names": ["0", "1", "2", "3"], "id": seat}]))

    engines = []
    for seat in range(4):
        if seat != our_seat:
            player = RulebaseBot(player_id=seat)
        elif ours == "riichibot":
            player = RiichiBot(player_id=seat)
        else:
            player = MjaiBot(cpu_agent(strength), seat)
        engines.append(SeatedEngine(f"seat{seat}", player=player))
    return engines


def play_one(job: tuple[int, int, str, str]) -> dict:
    """Play game ``index`` in the arena; our seat's figures from the log."""
    seed, index, ours, strength = job
    from loguru import logger
    from mjai.mlibriichi.arena import Match

    logger.remove()  # RulebaseBot logs every discard otherwise
    our_seat = index % 4
    with tempfile.TemporaryDirectory() as logs, tempfile.TemporaryFile("w+") as said:
        engines = _engines(our_seat, ours, strength)
        start = time.process_time()
        saved = os.dup(1), os.dup(2)
        sys.stdout.flush()
        os.dup2(said.fileno(), 1)
        os.dup2(said.fileno(), 2)
        try:
            Match(log_dir=logs).py_match(*engines, seed_start=(seed + index, 0))
        finally:
            sys.stdout.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
        seconds = time.process_time() - start
        said.seek(0)
        invalid = invalid_actions(said.read())
        log = next(Path(logs).glob("*.json.gz"))
        with gzip.open(log, "rt") as f:
            events = [json.loads(line) for line in f if line.strip()]
    record = read_log(events, our_seat)
    record.update(invalid_ours=invalid.get(our_seat, 0), invalid_all=sum(invalid.values()), seconds=seconds)
    return record


def invalid_actions(text: str) -> dict[int, int]:
    """The referee's refusals by seat: each "invalid action" line, seated by the next
    "player (abs): N" line of the state it prints."""
    counts: dict[int, int] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("invalid action"):
            seat = next((int(l.split(":")[1]) for l in lines[i + 1:i + 40] if l.startswith("player (abs):")), -1)
            counts[seat] = counts.get(seat, 0) + 1
    return counts


def read_log(events: list[dict], seat: int) -> dict:
    """Our rank and round figures from an mjai log."""
    rounds = wins = deal_ins = riichi = calls = 0
    scores: list[int] = [25000] * 4
    won = dealt = declared = called = False
    for e in events:
        kind = e["type"]
        if kind == "start_kyoku":
            rounds += 1
            scores = list(e["scores"])
            won = dealt = declared = called = False
        elif kind == "reach_accepted":
            scores[e["actor"]] -= 1000
            declared = declared or e["actor"] == seat
        elif kind in ("hora", "ryukyoku"):
            scores = [s + d for s, d in zip(scores, e.get("deltas", [0] * 4))]
            if kind == "hora":
                won = won or e["actor"] == seat
                dealt = dealt or (e["target"] == seat and e["actor"] != seat)
        elif kind in ("chi", "pon", "daiminkan"):
            called = called or e["actor"] == seat
        elif kind == "end_kyoku":
            wins, deal_ins, riichi, calls = wins + won, deal_ins + dealt, riichi + declared, calls + called
            won = dealt = declared = called = False
    order = sorted(range(4), key=lambda s: (-scores[s], s))
    return {"rank": order.index(seat) + 1, "rounds": rounds, "wins": wins, "deal_ins": deal_ins,
            "riichi": riichi, "calls": calls, "points": scores[seat]}


def report(records: list[dict], wall: float, ours: str, strength: str) -> str:
    ranks = [r["rank"] for r in records]
    n = len(ranks)
    mean = sum(ranks) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in ranks) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    rounds = sum(r["rounds"] for r in records)
    share = lambda key: sum(r[key] for r in records) / rounds if rounds else 0.0  # noqa: E731
    places = [ranks.count(k) for k in (1, 2, 3, 4)]
    who = f"our cpu ({strength})" if ours == "cpu" else "the mjai package's RiichiBot"
    return "\n".join([
        f"{who} against three RulebaseBots, refereed by Mortal's libriichi arena (mjai 0.2.1)",
        f"games: {n}   rounds: {rounds}   time: {wall:.0f} s",
        f"average rank: {mean:.3f}   95% interval: [{mean - half:.3f}, {mean + half:.3f}]   "
        f"places 1st-4th: {places}",
        f"win rate {share('wins'):.1%}   deal-in rate {share('deal_ins'):.1%}   riichi rate {share('riichi'):.1%}   "
        f"call rate {share('calls'):.1%}   (fractions of rounds)",
        f"invalid actions logged by the referee: ours {sum(r['invalid_ours'] for r in records)}, "
        f"all seats {sum(r['invalid_all'] for r in records)}",
        f"CPU seconds per game (whole table): {sum(r['seconds'] for r in records) / n:.2f}",
        *([] if n >= MEASURE_GAMES else [
            f"a quick read of {n} games: the measure is {MEASURE_GAMES} games (--games {MEASURE_GAMES}, "
            "docs/measurements.md)"]),
    ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 1)))
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--strength", default="strong")
    parser.add_argument("--ours", choices=("cpu", "riichibot"), default="cpu")
    parser.add_argument("--records", metavar="FILE", help="append each game's figures to FILE as it ends")
    parser.add_argument("--report", metavar="FILE", help="only report the games recorded in FILE")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.report:
        with open(args.report) as f:
            records = [json.loads(line) for line in f if line.strip()]
        print(report(records, sum(r["seconds"] for r in records), args.ours, args.strength))
        return 0
    if not args.inside:
        ensure_venv()
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), __file__, "--inside", *(argv or sys.argv[1:])])
    sys.path.insert(0, str(ROOT))
    jobs = [(args.seed, i, args.ours, args.strength) for i in range(args.games)]
    start = time.perf_counter()
    records = []
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for record in pool.imap(play_one, jobs):
            records.append(record)
            if args.records:
                with open(args.records, "a") as f:
                    f.write(json.dumps(record) + "\n")
            print(f"\r{len(records)}/{args.games} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(report(records, time.perf_counter() - start, args.ours, args.strength))
    return 0


if __name__ == "__main__":
    sys.exit(main())
