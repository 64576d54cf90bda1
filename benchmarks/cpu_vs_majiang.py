"""The outside measure: one of our CPUs against three of kobalab's majiang-ai, refereed by Mortal's arena.

    python benchmarks/cpu_vs_majiang.py [--games N] [--jobs J] [--seed S] [--strength S]
                                        [--ours cpu|majiang]

The opponents are ``@kobalab/majiang-ai`` 1.0.13 (MIT; with ``@kobalab/majiang-core`` 1.3.2),
the AI of kobalab's 電脳麻将: it plays by expected value (the hand's points times its chance to
get there) and folds by a danger estimate of every tile. It runs under Node from
``benchmarks/majiang/``, pinned by its ``package-lock.json`` and installed there by this script
with ``npm ci``; ``benchmarks/majiang/mjai_player.js`` (ours) translates mjai.app's player
protocol into Majiang's messages and back. The referee, the environment (.venv-mjai), the
seating and what is read from each game's log are ``benchmarks/bots/arena.py``. ``--ours majiang``
seats a fourth majiang-ai in our place (its rank is 2.5 by symmetry: a check of the scale).

Each majiang-ai seat is one Node process for one game, spoken to line by line. Its time goes
to its look-ahead, mostly to majiang-core's shanten: ``benchmarks/majiang/fast_xiangting.js``
memoises that (the same answers, about twice as fast; ``check_xiangting.js`` compares it with
the original on random hands).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "bots"))
import arena  # noqa: E402

MAJIANG = Path(__file__).resolve().parent / "majiang"
PLAYER_JS = MAJIANG / "mjai_player.js"
INSTALLED = MAJIANG / "node_modules" / ".package-lock.json"


def ensure_node_modules() -> None:
    """``npm ci`` in benchmarks/majiang when its node_modules is missing or older than the lock."""
    if INSTALLED.exists() and INSTALLED.stat().st_mtime >= (MAJIANG / "package-lock.json").stat().st_mtime:
        return
    if not shutil.which("node") or not shutil.which("npm"):
        raise SystemExit("cpu_vs_majiang: majiang-ai runs under Node: install node and npm (Node 18+)")
    print("npm ci in benchmarks/majiang (majiang-ai) ...", file=sys.stderr)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=MAJIANG, check=True)


class MajiangPlayer:
    """majiang-ai in a Node process: ``react(line) -> answer``, one line each way."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(["node", str(PLAYER_JS)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)

    def react(self, line: str) -> str:
        self.process.stdin.write(line.strip() + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError(f"majiang-ai stopped (exit {self.process.poll()}) on {line[:200]}")
        return answer.strip()

    def close(self) -> None:
        self.process.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def play_one(job: tuple[int, int, str, str, str | None, bool]) -> dict:
    """Game ``index``: our seat is index mod 4; a Node process per majiang-ai seat."""
    seed, index, ours, strength, logs, duplicate = job
    our_seat = index % 4
    nodes = [MajiangPlayer() for seat in range(4) if seat != our_seat or ours == "majiang"]
    players = list(nodes)
    if ours != "majiang":
        players.insert(our_seat, arena.our_player(strength, our_seat))
    try:
        return arena.play_one(players, arena.seed_of(seed, index, duplicate), our_seat, logs)
    finally:
        for node in nodes:
            node.close()


def _title(ours: str, strength: str) -> str:
    who = f"our cpu ({strength})" if ours == "cpu" else "a fourth majiang-ai"
    return f"{who} against three majiang-ai 1.0.13, refereed by Mortal's libriichi arena (mjai 0.2.1)"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arena.add_arguments(parser)
    parser.add_argument("--ours", choices=("cpu", "majiang"), default="cpu")
    args = parser.parse_args(argv)
    if arena.answer_files(args, _title(args.ours, args.strength)):
        return 0
    ensure_node_modules()
    arena.run_inside(__file__, argv)
    jobs = arena.jobs(args)
    records, wall = arena.run_games(play_one, jobs, args.jobs, args.records)
    print(arena.report(records, wall, _title(args.ours, args.strength)))
    if args.json:
        print(json.dumps(records))
    return 0


if __name__ == "__main__":
    sys.exit(main())
