"""``picoriichi wall SEED [--rounds N] [--players 3|4] [--json]``: the walls, dice and deals a seed gives.

``--players 3`` shuffles the 108 tiles of Tenhou's three-player game (no 2m-8m) and deals three
hands; a real three-player log's seed string gives that log's walls (tests/test_sanma.py).

SEED is a seed code (``7K3M-9QXD2P``) or a Tenhou seed string, with or without its
``mt19937ar-sha512-n288-base64,`` prefix. JSON answer::

    {"rounds": [{"wall": [136 ids (108 with three players), array order], "dice": [d1, d2],
                 "deal": [[13 sorted ids] x 4 (x 3), dealer first], "dora_indicator": id}, ...]}
"""

from __future__ import annotations

import argparse

from game.cli import count, print_json
from game.rules.errors import InputError
from game.rules.tiles import tile_name, to_mpsz
from game.rules.words import WIND_LETTERS
from game.rules.wall import Shuffler, Wall, is_hex_seed, is_tenhou_seed, normalize_code, seed_words

MAX_ROUNDS = 1000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("seed", metavar="SEED", help="a seed code or a Tenhou seed string")
    parser.add_argument("--rounds", type=count, default=1, metavar="N", help="how many rounds (default 1)")
    parser.add_argument("--players", type=int, choices=(3, 4), default=4,
                        help="4 (default) or 3: the 108 tiles of Tenhou's three-player game")


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.rounds <= MAX_ROUNDS:
        raise InputError(f"--rounds must be 1 to {MAX_ROUNDS}, not {args.rounds}")
    rounds = game_rounds(args.seed, args.rounds, args.players)
    if args.json:
        print_json({"rounds": rounds})
    else:
        print(describe_seed(args.seed))
        for number, one_round in enumerate(rounds, 1):
            print(describe_round(number, one_round))
    return 0


def game_rounds(seed: str, count: int, players: int = 4) -> list[dict]:
    """The first ``count`` rounds a seed gives, as the JSON answer lists them."""
    shuffler = Shuffler(seed_words(seed), three_player=players == 3)
    rounds = []
    for _ in range(count):
        shuffle = shuffler.next_round()
        wall = Wall(shuffle.wall, shuffle.dice, dead_wall_flipped=is_hex_seed(seed))
        hands = wall.deal(dealer=0)  # seat 0 as dealer: the hands come dealer first
        rounds.append({
            "wall": shuffle.wall,
            "dice": list(shuffle.dice),
            "deal": [sorted(hand) for hand in hands],
            "dora_indicator": wall.dora_indicators[0],
        })
    return rounds


def describe_seed(seed: str) -> str:
    if is_tenhou_seed(seed):
        return "Tenhou seed string"
    return f"seed code {normalize_code(seed)}"


def describe_round(number: int, one_round: dict) -> str:
    d1, d2 = one_round["dice"]
    lines = [f"round {number}: dice {d1}+{d2}, dora indicator {tile_name(one_round['dora_indicator'])}"]
    for wind, hand in zip(WIND_LETTERS, one_round["deal"]):
        lines.append(f"  {wind}  {to_mpsz(hand)}")
    wall = [tile_name(t) for t in one_round["wall"]]
    for start in range(0, len(wall), 34):
        lines.append(f"  w[{start:3}] " + " ".join(wall[start:start + 34]))
    return "\n".join(lines)
