"""The tenhou.net/6 JSON reader: a whole log (header, rules, players, final figures) into the model.

The JSON log lists, per round, each seat's dealt hand, its takes (draws, or a call
string such as "c252627" / "4545p45" / "25m252525") and its discards (60 = the tile
just drawn, "r17" a riichi discard, "2525k2525" an added kan, "252525a52" a closed
kan, 0 the place-holder after an open kan). It names tiles by kind, not copy, and
does not record dice or the seed: the reader gives each tile the lowest free copy of
its kind (copy 0 of a five only to the red five) and leaves dice None, so a JSON log
and the mjlog of the same game agree up to copy numbers. The order of events is
rebuilt from the turn rules: the dealer draws first, a call takes the turn, and
Tenhou's timing of kan dora (as game.rules.kans has it: a closed kan's at once, written
before its replacement draw as in the mjlog; an open or added kan's at its maker's
discard, or at the next kan) and of riichi acceptance is reproduced. A three-player
log gives its rules and players only: its rounds are not read. One round's array is read by
:mod:`game.records.tenhou6_round`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import replace

from game.records.model import Agari, GameLog, GameRules, Owari, Player, RoundLog, Ryuukyoku, value_at
from game.records.tenhou6_codes import DAN_NAMES
from game.records.tenhou6_round import MAX_POINTS, RoundReader, is_int, is_number
from game.rules.errors import InputError

MAX_DIGITS = 15  # no number in a real log comes near; a float holds every such integer exactly


def parse_tenhou6(text: str) -> GameLog:
    """A game from a tenhou.net/6 JSON log (the format review tools read); a three-player
    log gives its rules and players, and no rounds.

    Numbers no log holds are refused while the JSON is read, each in one line:

    >>> parse_tenhou6('{"log": [[[0, 0, 0], [1e999, 0, 0, 0]]]}')
    Traceback (most recent call last):
    game.rules.errors.InputError: not a tenhou.net/6 log: 1e999 is not a finite number
    >>> parse_tenhou6('{"log": [[[0, 0, 0], [25000, 25000, 25000]]]}')
    Traceback (most recent call last):
    game.rules.errors.InputError: a tenhou.net/6 round has 2 parts, not 17
    """
    try:
        data = json.loads(text, parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant)
    except _NotANumber as exc:
        raise InputError(f"not a tenhou.net/6 log: {exc}") from None
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        raise InputError(f"broken JSON, not a tenhou.net/6 log ({exc.__class__.__name__}: {str(exc)[:60]})") from None
    try:
        return _tenhou6_game(data)
    except InputError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, StopIteration, ArithmeticError) as exc:
        raise InputError(f"malformed tenhou.net/6 log ({exc.__class__.__name__}: {str(exc)[:60]})") from None


class _NotANumber(Exception):
    """A number the JSON writes that no log holds (the parse hooks below raise it)."""


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _NotANumber(f"the number {text[:12]}... ({len(text)} digits) is too large")
    return int(text)


def _json_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or abs(value) >= 10 ** MAX_DIGITS:
        raise _NotANumber(f"{text[:20]} is not a finite number")
    return value


def _json_constant(name: str) -> float:
    raise _NotANumber(f"{name} is not a number a log holds")


def _tenhou6_game(data: dict) -> GameLog:
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise InputError("a tenhou.net/6 log is an object with a 'log' list")
    rule = data.get("rule", {})
    disp = rule.get("disp", "")
    names = data.get("name", [])
    three_player = "三" in disp or len(names) == 3
    red = any(rule.get(key, 0) for key in ("aka", "aka51", "aka52", "aka53"))
    rules = GameRules(red_fives=red, open_tanyao="喰" in disp, east_south="南" in disp,
                      three_player=three_player, fast="速" in disp)
    players = [
        Player(str(name), _dan_index(value_at(data.get("dan", []), seat)),
               value_at(data.get("rate", []), seat), value_at(data.get("sx", []), seat))
        for seat, name in enumerate(names)
    ]
    if three_player:  # the round reader knows four seats only; the replay reports the game unsupported
        return GameLog(rules, players, None, [])
    raws = data["log"]
    left = _left_mid_round(data)
    rounds = [_read_round(raw, red) for raw in (raws[:-1] if left else raws)]
    if left:
        rounds.append(_read_round(raws[-1], red, _LeftRound))
    if rounds and "sc" in data:
        _attach_owari(rounds[-1], data["sc"])
    ref = data.get("ref")
    lobby = data.get("lobby")
    return GameLog(rules, players, None, rounds, ref=ref if isinstance(ref, str) else None,
                   lobby=lobby if is_int(lobby) else None)


def _dan_index(name: str | None) -> int | None:
    return DAN_NAMES.index(name) if name in DAN_NAMES else None


def _attach_owari(last: RoundLog, final: list) -> None:
    """Give the last round's result the game's final figures (``sc``), if the game ends there.

    ``sc`` is the whole game's: a round shared alone, or a log cut short, carries the
    figures of a later end. They close the log only when they are the table after its
    last round (leftover sticks to the top), in points or in hundreds.
    """
    if not isinstance(final, list) or len(final) != 8 or not all(is_number(x) for x in final):
        raise InputError("the final figures ('sc') are not 4 pairs of numbers")
    if any(abs(s) >= MAX_POINTS for s in final[::2]):
        raise InputError("a final score ('sc') is out of range")
    if not last.results:
        return
    table = _table_after(last.results[-1])
    for unit in (1, 100):
        scores = tuple(round(s * unit) for s in final[::2])
        if scores == table:
            figures = tuple(float(r) for r in final[1::2])
            # JSON writes 20.0 as 20: only a figure with tenths shows they were written with one
            owari = Owari(scores, figures, decimals=any(r != int(r) for r in figures))
            index = last.events.index(last.results[-1])
            last.events[index] = replace(last.events[index], owari=owari)
            return


def _table_after(result: Agari | Ryuukyoku) -> tuple[int, ...]:
    """The points after a round's (last) result, the sticks left on the table given to the
    top (ties: the earlier seat), as at a game's end."""
    scores = [s + d for s, d in zip(result.scores, result.deltas)]
    if isinstance(result, Ryuukyoku) and result.riichi_sticks:
        top = max(range(len(scores)), key=lambda seat: (scores[seat], -seat))
        scores[top] += 1000 * result.riichi_sticks
    return tuple(scores)


OURS = "picoriichi"  # the key of Pico Riichi's extras (game/data/logs.py)


def _left_mid_round(data: dict) -> bool:
    """A game of ours left from the pause menu mid-round: its last round stops before its result.

    Our extras say the game was left (``"finished": false``) and that round's result is empty;
    any other round, or any other log, without its result is refused."""
    extras = data.get(OURS)
    last = data["log"][-1] if data["log"] else None
    return (isinstance(extras, dict) and extras.get("finished") is False
            and isinstance(last, list) and len(last) == 17 and last[16] == [])


class _LeftRound(RoundReader):
    """The round a game of ours was left in: its play so far, and no result."""

    def _results(self, result: list, honba: int) -> None:
        if result:
            super()._results(result, honba)


def _read_round(raw: list, red: bool, reader: type[RoundReader] = RoundReader) -> RoundLog:
    """One round, with the calls the JSON leaves ambiguous settled by trying.

    The JSON does not say which discard a call took: a seat's next call of a kind from a player
    may take this discard or a later one of the same kind by the same player (when the seat
    does not draw meanwhile, because other calls skip it). The reader takes a call at once;
    when the rest of the round then does not fit (moves left over, a tile not in hand), it
    declines each call it took in turn, and keeps the first reading that fits. The readings
    it did not keep stay on offer (``RoundLog.other_readings``): only the rules can tell
    between two that both fit, and the replay knows the rules.
    """
    first = reader(raw, red)
    try:
        round_log = first.read()
        kept = None
    except InputError as problem:
        round_log = kept = None
        for point in first.ambiguous:
            try:
                round_log, kept = reader(raw, red, declined=frozenset({point})).read(), point
                break
            except InputError:
                continue
        if round_log is None:
            raise problem from None
    others = [point for point in first.ambiguous if point != kept]
    if others:
        round_log.other_readings = lambda: _other_readings(raw, red, others, reader)
    return round_log


def _other_readings(raw: list, red: bool, points: list[tuple[int, int]],
                    reader: type[RoundReader] = RoundReader) -> Iterator[RoundLog]:
    for point in points:
        try:
            yield reader(raw, red, declined=frozenset({point})).read()
        except InputError:
            continue

