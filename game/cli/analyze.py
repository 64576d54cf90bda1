"""``picoriichi analyze HAND [--visible TILES] [--json]``: shanten, ukeire and the best discard.

HAND is the concealed tiles in MPSZ (``0`` = red five), 1 to 14 tiles, not a multiple of
three: the called melds follow from its size. ``--visible`` names tiles seen elsewhere
(discards, open melds, dora indicators) in one MPSZ string; they lower the unseen counts.
``-`` for HAND reads one query per stdin line (the same arguments) and answers one JSON
object per line. JSON answer::

    {"shanten": n, "regular": n, "chiitoitsu": n|null, "kokushi": n|null,
     "ukeire": {"tiles": {"1z": 3, ...}, "total": n, "share": x}}

and for a hand of 3n+2 tiles also ``"discards": [{"tile": "7z", "shanten": n, "ukeire":
{...}}, ...]`` (every distinct discard, best first) and ``"recommended": "7z"``. Tiles in
the answer are kinds (``5m``, never ``0m``). ``ukeire`` of a 3n+1 hand lists the kinds
that lower its shanten when drawn, with how many of each are unseen (a kind with none
left is still listed, with 0); ``share`` is ``total`` over all unseen tiles. For a 3n+2
hand, ``ukeire`` is that of the recommended discard. Chiitoitsu and kokushi are null for
hands under 13 tiles.
"""

from __future__ import annotations

import argparse

from engine.tasks import run_to_end
from game.cli import each_stdin_line, plural, print_json
from game.rules.errors import InputError
from game.rules.shanten import Ukeire, evaluate_discards, shanten_forms, ukeire
from game.rules.tiles import counts34, kind_name, parse_tiles


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hand", metavar="HAND",
                        help="concealed tiles (MPSZ, 1-14 tiles), or - for one query per stdin line")
    parser.add_argument("--visible", default="", metavar="TILES",
                        help="tiles seen elsewhere: discards, open melds, dora indicators (MPSZ)")


def run(args: argparse.Namespace) -> int:
    if args.hand == "-":
        return each_stdin_line("analyze", add_arguments, lambda a: answer_query(a.hand, a.visible))
    answer = answer_query(args.hand, args.visible)
    print_json(answer) if args.json else print(describe(args.hand, answer))
    return 0


def answer_query(hand_text: str, visible_text: str = "") -> dict:
    """The JSON answer for a hand and the visible tiles; InputError for bad input.

        >>> answer_query("123m456p789s1122z")["ukeire"]
        {'tiles': {'1z': 2, '2z': 2}, 'total': 4, 'share': 0.0325...}
    """
    used: set[int] = set()
    hand = counts34(parse_tiles(hand_text, used))
    visible = counts34(parse_tiles(visible_text, used))  # shares `used`: no fifth copy
    size = sum(hand)
    if size == 0 or size > 14 or size % 3 == 0:
        raise InputError(f"HAND has {plural(size, 'tile')}; a hand has 1-14 tiles, not a multiple of 3")
    regular, chiitoitsu, kokushi = shanten_forms(hand)
    best = min(form for form in (regular, chiitoitsu, kokushi) if form is not None)
    answer: dict = {"shanten": best, "regular": regular, "chiitoitsu": chiitoitsu, "kokushi": kokushi}
    if size % 3 == 1:
        answer["ukeire"] = ukeire_json(ukeire(hand, visible))
        return answer
    options = run_to_end(evaluate_discards(hand, visible))
    answer["ukeire"] = ukeire_json(options[0].ukeire)
    answer["discards"] = [
        {"tile": kind_name(o.kind), "shanten": o.shanten, "ukeire": ukeire_json(o.ukeire)} for o in options
    ]
    answer["recommended"] = kind_name(options[0].kind)
    return answer


def ukeire_json(value: Ukeire) -> dict:
    return {"tiles": {kind_name(k): n for k, n in value.kinds.items()}, "total": value.total,
            "share": value.share}


def describe(hand_text: str, answer: dict) -> str:
    """The answer for people: a few lines."""
    forms = ", ".join(f"{name} {answer[name]}" for name in ("regular", "chiitoitsu", "kokushi")
                      if answer[name] is not None)
    lines = [f"{hand_text.strip()}: {_shanten_words(answer['shanten'])} ({forms})"]
    if "discards" in answer:
        lines.append(f"recommended discard: {answer['recommended']}")
        for option in answer["discards"]:
            lines.append(f"  discard {option['tile']:<3} {_shanten_words(option['shanten']):<10} "
                         f"{_ukeire_words(option['ukeire'], option['shanten'])}")
    else:
        lines.append(_ukeire_words(answer["ukeire"], answer["shanten"]))
    return "\n".join(lines)


def _shanten_words(value: int) -> str:
    return {-1: "complete", 0: "tenpai"}.get(value, f"{value}-shanten")


def _ukeire_words(value: dict, shanten_after: int) -> str:
    if shanten_after < 0:
        return "complete"
    what = "waits" if shanten_after == 0 else "ukeire"
    tiles = " ".join(f"{name}:{n}" for name, n in value["tiles"].items()) or "none"
    return f"{what} {tiles}: {plural(value['total'], 'tile')} ({value['share']:.1%} of the unseen)"
