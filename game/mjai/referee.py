"""What an mjai referee would refuse in one event, whatever came before it: the checks the
tracker makes before it folds an event (:mod:`game.mjai.tracker` adds those that need the
table: the order of the game, whose turn it is, riichi, copies of a tile).

Seats are 0-3; tiles are mjai names (``?`` only where a tile may be hidden); numbers are whole
and in a range a game can reach; a chi takes two number tiles of the called tile's suit that
make a run with it, from the seat on the caller's left; a pon, an open kan or a closed kan
takes tiles of the called kind only, and never from the caller's own discards. Each refusal is
one line, for :meth:`MjaiTracker.update` to name the event it belongs to.

    >>> check_event({"type": "pon", "actor": 1, "target": 1, "pai": "E", "consumed": ["E", "E"]})
    Traceback (most recent call last):
    game.rules.errors.InputError: seat 1 cannot call its own discard
    >>> check_event({"type": "chi", "actor": 1, "target": 0, "pai": "E", "consumed": ["S", "W"]})
    Traceback (most recent call last):
    game.rules.errors.InputError: a chi takes number tiles, not E S W
"""

from __future__ import annotations

import json
from typing import Any

from game.mjai.protocol import HIDDEN, WINDS, kind_of
from game.rules.errors import InputError

MAX_POINTS = 10 ** 7  # scores and payments: far beyond any real game
MAX_COUNT = 999  # honba and riichi sticks
HONOURS_FROM = 27  # kinds 27..33 are the honours
CONSUMED = {"chi": 2, "pon": 2, "daiminkan": 3, "ankan": 4, "kakan": 3}


def check_event(event: dict) -> None:
    """InputError (one line, without the event's name) when no referee would send ``event``."""
    checker = _CHECKS.get(event["type"])
    if checker is not None:
        checker(event)


def seat(value: Any, what: str = "seat") -> int:
    """``value`` as a seat 0-3 (not a bool, not 1.0), or InputError."""
    if type(value) is not int or not 0 <= value <= 3:
        raise InputError(f"{what} {_short(value)} is not a seat (0 to 3)")
    return value


def whole(value: Any, least: int, most: int, what: str) -> int:
    """``value`` as a whole number from ``least`` to ``most``, or InputError."""
    if type(value) is not int or not least <= value <= most:
        raise InputError(f"{what} {_short(value)} is not a whole number from {least:,} to {most:,}")
    return value


def _points(values: Any, what: str) -> None:
    if not isinstance(values, list) or len(values) != 4:
        raise InputError(f"{what} {_short(values)} are not four numbers")
    for value in values:
        whole(value, -MAX_POINTS, MAX_POINTS, f"a number of {what},")


def _short(value: Any) -> str:
    """A value as the refusal shows it: at most 24 characters."""
    text = json_text(value)
    return text if len(text) <= 24 else text[:21] + "..."


def json_text(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return str(value)


def _tile(name: Any, hidden: bool = False) -> int | None:
    """The kind of a tile name; None for ``?`` where a tile may be hidden."""
    if hidden and name == HIDDEN:
        return None
    return kind_of(name)


def _start_game(e: dict) -> None:
    if "id" in e:
        seat(e["id"], "id")


def _start_kyoku(e: dict) -> None:
    if e.get("bakaze") not in WINDS:
        raise InputError(f"bakaze {_short(e.get('bakaze'))} is not one of E S W N")
    whole(e.get("kyoku"), 1, 4, "kyoku")
    whole(e.get("honba"), 0, MAX_COUNT, "honba")
    whole(e.get("kyotaku"), 0, MAX_COUNT, "kyotaku")
    seat(e.get("oya"), "oya")
    _points(e.get("scores"), "scores")
    _tile(e.get("dora_marker"))
    tehais = e.get("tehais")
    if not isinstance(tehais, list) or len(tehais) != 4 or \
            not all(isinstance(t, list) and len(t) == 13 for t in tehais):
        raise InputError("tehais are four hands of 13 tiles")
    for hand in tehais:
        for name in hand:
            _tile(name, hidden=True)


def _tsumo(e: dict) -> None:
    seat(e.get("actor"), "actor")
    _tile(e.get("pai"), hidden=True)


def _dahai(e: dict) -> None:
    seat(e.get("actor"), "actor")
    _tile(e.get("pai"))
    if not isinstance(e.get("tsumogiri", False), bool):
        raise InputError(f"tsumogiri {_short(e.get('tsumogiri'))} is not true or false")


def _actor(e: dict) -> None:
    seat(e.get("actor"), "actor")


def _meld(e: dict) -> None:
    """A call's or a kan's tiles: the called kind only, or a run for a chi."""
    kind = e["type"]
    actor = seat(e.get("actor"), "actor")
    consumed = e.get("consumed")
    if not isinstance(consumed, list) or len(consumed) != CONSUMED[kind]:
        raise InputError(f"a {kind} consumes {CONSUMED[kind]} tiles, not {_short(consumed)}")
    kinds = [_tile(name) for name in consumed]
    if kind in ("chi", "pon", "daiminkan"):
        target = seat(e.get("target"), "target")
        if target == actor:
            raise InputError(f"seat {actor} cannot call its own discard")
        if kind == "chi" and target != (actor + 3) % 4:
            raise InputError(f"seat {actor} may chi only from seat {(actor + 3) % 4} on its left, not {target}")
    if kind != "ankan":
        kinds.append(_tile(e.get("pai")))
    if kind == "chi":
        _run(kinds, [e.get("pai"), *consumed])
    elif len(set(kinds)) != 1:
        raise InputError(f"a {kind} is of one kind of tile, not {' '.join(map(str, consumed))} and {e.get('pai')}")


def _run(kinds: list[int], tile_names: list) -> None:
    low = min(kinds)
    if max(kinds) >= HONOURS_FROM:
        raise InputError(f"a chi takes number tiles, not {' '.join(map(str, tile_names))}")
    if sorted(kinds) != [low, low + 1, low + 2] or low // 9 != (low + 2) // 9:
        raise InputError(f"a chi is a run of one suit, not {' '.join(map(str, tile_names))}")


def _dora(e: dict) -> None:
    _tile(e.get("dora_marker"))


def _hora(e: dict) -> None:
    seat(e.get("actor"), "actor")
    seat(e.get("target"), "target")
    if "pai" in e:
        _tile(e["pai"])
    _result(e)
    markers = e.get("ura_markers", [])
    if not isinstance(markers, list) or len(markers) > 5:
        raise InputError(f"ura_markers {_short(markers)} are not up to five tiles")
    for name in markers:
        _tile(name)


def _result(e: dict) -> None:
    for key in ("deltas", "scores"):
        if key in e:
            _points(e[key], key)


_CHECKS = {
    "start_game": _start_game, "start_kyoku": _start_kyoku, "tsumo": _tsumo, "dahai": _dahai,
    "reach": _actor, "reach_accepted": _actor, "chi": _meld, "pon": _meld, "daiminkan": _meld,
    "ankan": _meld, "kakan": _meld, "dora": _dora, "hora": _hora, "ryukyoku": _result,
}
