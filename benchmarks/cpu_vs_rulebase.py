"""The outside measure: our strongest CPU against three RulebaseBots, refereed by Mortal's arena.

    python benchmarks/cpu_vs_rulebase.py [--games N] [--jobs J] [--seed S] [--strength S]
                                         [--ours cpu|riichibot]

The opponents are the ``mjai`` package's ``RulebaseBot`` (wins, riichi, pons value honours,
chis once open, discards by shanten/ukeire, no defence); the referee, the environment
(.venv-mjai), the seating and what is read from each game's log are ``benchmarks/bots/arena.py``.
``--ours riichibot`` seats the package's RiichiBot instead of our CPU (it riichis every
tenpai), the scale the issue gives (about 1.8 against three RulebaseBots).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "bots"))
import arena  # noqa: E402


def _players(our_seat: int, ours: str, strength: str) -> list:
    from mjai.bot.riichibot import RiichiBot
    from mjai.bot.rulebase import RulebaseBot

    players = []
    for seat in range(4):
        if seat != our_seat:
            players.append(RulebaseBot(player_id=seat))
        elif ours == "riichibot":
            players.append(RiichiBot(player_id=seat))
        else:
            players.append(arena.our_player(strength, seat))
    return players


def play_one(job: tuple[int, int, str, str, str | None, bool]) -> dict:
    """Game ``index``: our seat is index mod 4."""
    seed, index, ours, strength, logs, duplicate = job
    our_seat = index % 4
    return arena.play_one(_players(our_seat, ours, strength), arena.seed_of(seed, index, duplicate), our_seat, logs)


def _title(ours: str, strength: str) -> str:
    who = f"our cpu ({strength})" if ours == "cpu" else "the mjai package's RiichiBot"
    return f"{who} against three RulebaseBots, refereed by Mortal's libriichi arena (mjai 0.2.1)"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arena.add_arguments(parser)
    parser.add_argument("--ours", choices=("cpu", "riichibot"), default="cpu")
    args = parser.parse_args(argv)
    if arena.answer_files(args, _title(args.ours, args.strength)):
        return 0
    arena.run_inside(__file__, argv)
    jobs = arena.jobs(args)
    records, wall = arena.run_games(play_one, jobs, args.jobs, args.records)
    print(arena.report(records, wall, _title(args.ours, args.strength)))
    if args.json:
        print(json.dumps(records))
    return 0


if __name__ == "__main__":
    sys.exit(main())
