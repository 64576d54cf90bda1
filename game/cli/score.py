"""``picoriichi score HAND --win TILE [situation flags] [--json]``: the yaku, fu and points of a win.

HAND is the concealed tiles in MPSZ, the winning tile included; ``--win`` names which of
them won (``0p`` picks the red five). Each ``--meld KIND:TILES`` is one set outside HAND:
``chi:345m``, ``pon:777z``, ``kan:1111p`` (open kan), ``ankan:9999s``, ``kakan:5555p``.
``--dora``/``--ura`` take indicator tiles in one MPSZ string. Tile ids are handed out so that
HAND, melds and indicators never share a copy. ``-`` for HAND reads one query per stdin line
(the same arguments) and answers one JSON object per line. JSON answer::

    {"yaku": [[tenhou_id, han, name], ...], "han": h, "fu": f, "limit": "none|mangan|...|yakuman",
     "payments": {...}, "total": points}      or      {"error": "not complete"}

Each yaku is Tenhou's id, its han (13 per yakuman) and its romaji name (``[1, 1, "riichi"]``).

``payments`` (honba included): ``{"discarder": n}`` for ron; ``{"dealer": n, "non_dealer": m}``
for a non-dealer tsumo, ``{"non_dealer": m}`` for a dealer tsumo (m from each); ``total`` is
the hand's points without honba or sticks (Tenhou's ``ten``).
"""

from __future__ import annotations

import argparse

from game.cli import count, each_stdin_line, plural, print_json
from game.rules.errors import InputError
from game.rules.melds import Meld
from game.rules.ruleset import Ruleset
from game.rules.scoring import HandScore, check_situation, score_hand
from game.rules.tiles import is_red, parse_tiles
from game.rules.words import WIND_LETTERS
from game.rules.yaku import YAKU, WinSituation

FLAGS = ("tsumo", "riichi", "ippatsu", "double-riichi", "rinshan", "chankan", "haitei", "houtei", "tenhou",
         "chiihou")
MELD_SIZES = {"chi": 3, "pon": 3, "kan": 4, "ankan": 4, "kakan": 4}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hand", metavar="HAND",
                        help="concealed tiles with the winning tile (MPSZ), or - for one query per stdin line")
    parser.add_argument("--win", metavar="TILE", help="which tile of HAND won")
    for flag in FLAGS:
        parser.add_argument(f"--{flag}", action="store_true")
    parser.add_argument("--seat", default="E", type=str.upper, choices=list(WIND_LETTERS), help="seat wind (E)")
    parser.add_argument("--round", default="E", type=str.upper, choices=list(WIND_LETTERS), help="round wind (E)")
    parser.add_argument("--meld", action="append", default=[], metavar="KIND:TILES",
                        help="a set outside HAND: chi:345m pon:777z kan:1111p ankan:9999s kakan:5555p")
    parser.add_argument("--dora", default="", metavar="TILES", help="dora indicators (MPSZ)")
    parser.add_argument("--ura", default="", metavar="TILES", help="ura-dora indicators (MPSZ)")
    parser.add_argument("--honba", type=count, default=0, metavar="N")
    parser.add_argument("--sticks", type=count, default=0, metavar="N", help="riichi sticks on the table")
    parser.add_argument("--no-red", action="store_true", help="red fives are not dora")
    parser.add_argument("--no-open-tanyao", action="store_true", help="tanyao needs a closed hand")


def run(args: argparse.Namespace) -> int:
    if args.hand == "-":
        return each_stdin_line("score", add_arguments, answer_query)
    answer = answer_query(args)
    if args.json:
        print_json(answer)
    else:
        print(describe(answer))
    return 0


def answer_query(args: argparse.Namespace) -> dict:
    """The JSON answer for parsed arguments; InputError for bad input."""
    if not args.win:
        raise InputError("--win TILE is required: which tile of HAND won")
    used: set[int] = set()
    hand = parse_tiles(args.hand, used)
    melds = [parse_meld(text, used) for text in args.meld]
    dora = tuple(parse_tiles(args.dora, used))
    ura = tuple(parse_tiles(args.ura, used))
    if len(hand) + 3 * len(melds) != 14:
        raise InputError(f"HAND has {plural(len(hand), 'tile')}; beside {plural(len(melds), 'meld')} a winning "
                         f"hand has {14 - 3 * len(melds)}")
    situation = WinSituation(
        **{flag.replace("-", "_"): getattr(args, flag.replace("-", "_")) for flag in FLAGS},
        seat_wind=WIND_LETTERS.index(args.seat), round_wind=WIND_LETTERS.index(args.round),
        dora_indicators=dora, ura_indicators=ura, honba=args.honba, riichi_sticks=args.sticks)
    check_situation(situation, melds)
    ruleset = Ruleset(red_fives=not args.no_red, open_tanyao=not args.no_open_tanyao)
    score = score_hand(hand, winning_tile(args.win, hand), melds, situation, ruleset)
    return to_json(score)


def winning_tile(text: str, hand: list[int]) -> int:
    """The id in HAND that ``--win`` names: a plain copy for ``5p`` when there is one, the red for ``0p``."""
    wanted = parse_tiles(text)
    if len(wanted) != 1:
        raise InputError(f"--win names one tile, not {text!r}")
    kind, red = wanted[0] // 4, is_red(wanted[0])
    copies = sorted((t for t in hand if t // 4 == kind and (is_red(t) or not red)), key=lambda t: is_red(t) != red)
    if not copies:
        raise InputError(f"the winning tile {text} is not in HAND")
    return copies[0]


def parse_meld(text: str, used: set[int]) -> Meld:
    """``chi:345m`` and the like: one Meld, its tile ids taken from those not yet used."""
    kind, sep, tiles_text = text.partition(":")
    kind = kind.strip().lower()
    if not sep or kind not in MELD_SIZES:
        raise InputError(f"--meld {text!r}: write KIND:TILES, KIND one of {', '.join(MELD_SIZES)}")
    tiles = parse_tiles(tiles_text, used)
    kinds = sorted(t // 4 for t in tiles)
    if len(tiles) != MELD_SIZES[kind]:
        raise InputError(f"--meld {text!r}: a {kind} holds {MELD_SIZES[kind]} tiles")
    if kind == "chi":
        if kinds[0] >= 27 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2] or kinds[0] % 9 > 6:
            raise InputError(f"--meld {text!r}: a chi is three tiles in a row of one suit")
    elif len(set(kinds)) != 1:
        raise InputError(f"--meld {text!r}: a {kind} is {MELD_SIZES[kind]} of the same tile")
    ordered = tuple(sorted(tiles))
    if kind == "ankan":
        return Meld(kind, ordered)
    return Meld(kind, ordered, called=tiles[0], added=tiles[-1] if kind == "kakan" else None)


def to_json(score: HandScore) -> dict:
    if score.error:
        return {"error": score.error}
    return {"yaku": [[yaku_id, han, YAKU[yaku_id].name] for yaku_id, han in score.yaku], "han": score.han,
            "fu": score.fu,
            "limit": score.limit, "payments": score.payments, "total": score.total}


def describe(answer: dict) -> str:
    """The answer for a person: yaku and han, then han, fu, limit, points and who pays.

        >>> print(describe({"yaku": [[1, 1, "riichi"], [7, 1, "pinfu"]], "han": 2, "fu": 30, "limit": "none",
        ...                 "payments": {"discarder": 2000}, "total": 2000}))
        riichi 1, pinfu 1
        2 han 30 fu: 2000 points
        the discarder pays 2000
    """
    if "error" in answer:
        return f"no win: {answer['error']}"
    yaku = ", ".join(f"{name} {han}" for _, han, name in answer["yaku"])
    limit = "" if answer["limit"] == "none" else f" {answer['limit']}"
    pays = {"discarder": "the discarder pays {}", "dealer": "the dealer pays {}",
            "non_dealer": "each non-dealer pays {}"}
    payments = ", ".join(pays[who].format(points) for who, points in answer["payments"].items())
    return f"{yaku}\n{answer['han']} han {answer['fu']} fu{limit}: {answer['total']} points\n{payments}"

