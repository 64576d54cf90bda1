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
discard, or at the next kan) and of riichi acceptance is reproduced. What Tenhou's mjlog holds
and the JSON leaves out is worked out again: a limit hand's fu from the hand (the rules' scorer), a
riichi win's ura-dora entry of 0 han, a riichi winner's ura indicators (a yakuman's too), the hands
a drawn round shows (``tenhou6_round``), final figures written with one decimal. The last round
may stop before its result (an empty result entry), as an mjlog may stop. A three-player
round keeps the four-seat shape, its fourth seat empty (``three_seat_round`` leaves it out). One
round's array is read by
:mod:`game.records.tenhou6_round`.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import replace

from engine.tasks import TaskGen, run_to_end
from game.records import json_steps
from game.records.model import (
    Agari, Bye, Discard, Draw, GameLog, GameRules, Owari, Player, Rejoin, RoundLog, Ryuukyoku, value_at,
)
from game.records.tenhou6_codes import DAN_NAMES, LOBBY_NAMES
from game.records.tenhou6_round import MAX_POINTS, RoundReader, ThreeSeatReader, is_int, is_number
from game.rules.errors import InputError, in_words
from game.rules.ruleset import TENHOU, TENHOU_SANMA
from game.rules.scoring import WinSituation, score_hand

MAX_DIGITS = 15  # no number in a real log comes near; a float holds every such integer exactly


def parse_tenhou6(text: str) -> GameLog:
    """A game from a tenhou.net/6 JSON log (the format review tools read), four players or three.

    Numbers no log holds are refused while the JSON is read, each in one line:

    >>> parse_tenhou6('{"log": [[[0, 0, 0], [1e999, 0, 0, 0]]]}')
    Traceback (most recent call last):
    game.rules.errors.InputError: not a tenhou.net/6 log: 1e999 is not a finite number
    >>> parse_tenhou6('{"log": [[[0, 0, 0], [25000, 25000, 25000]]]}')
    Traceback (most recent call last):
    game.rules.errors.InputError: a tenhou.net/6 round has 2 parts, not 17
    """
    return run_to_end(parse_tenhou6_task(text))


def parse_tenhou6_task(text: str) -> TaskGen[GameLog]:
    """Task: ``parse_tenhou6`` in steps, its JSON 2 KiB at a time (``json_steps``), then a
    round a step."""
    try:
        data = yield from json_steps.read_task(text, _DECODER)
    except _NotANumber as exc:
        raise InputError(f"not a tenhou.net/6 log: {exc}") from None
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        raise InputError(f"broken JSON, not a tenhou.net/6 log ({in_words(exc)})") from None
    rules, players = _guarded(_tenhou6_header, data)
    raws = data["log"]
    left = _guarded(_left_mid_round, data)
    rounds = []
    for number, raw in enumerate(raws, 1):
        if rules.three_player:
            raw = _guarded(three_seat_round, raw)
            reader = _LeftThreeSeats if left and number == len(raws) else ThreeSeatReader
        else:
            reader = _LeftRound if left and number == len(raws) else RoundReader
        rounds.append(_guarded(_complete_round, raw, rules, reader))
        yield
    return _guarded(_tenhou6_game, data, rules, players, rounds)


def _guarded(read, *args):
    """``read(*args)``, whatever it finds wrong in the log said in one line (InputError)."""
    try:
        return read(*args)
    except InputError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, StopIteration, ArithmeticError) as exc:
        raise InputError(f"malformed tenhou.net/6 log ({in_words(exc)})") from None


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


_DECODER = json.JSONDecoder(parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant)


def _tenhou6_header(data: dict) -> tuple[GameRules, list[Player]]:
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise InputError("a tenhou.net/6 log is an object with a 'log' list")
    rule = data.get("rule", {})
    disp = rule.get("disp", "")
    names = data.get("name", [])
    red = any(rule.get(key, 0) for key in ("aka", "aka51", "aka52", "aka53"))
    three = "三" in disp or len(names) == 3 or (len(names) == 4 and names[3] == "")
    rules = GameRules(red_fives=red, open_tanyao="喰" in disp, east_south="南" in disp, three_player=three,
                      fast="速" in disp, **(dict(start_points=35000, return_points=40000) if three else {}))
    if three:
        names = names[:3]  # the fourth name of a three-player JSON is empty
    players = [
        Player(str(name), _dan_index(value_at(data.get("dan", []), seat)),
               value_at(data.get("rate", []), seat), value_at(data.get("sx", []), seat))
        for seat, name in enumerate(names)
    ]
    return rules, players


def _tenhou6_game(data: dict, rules: GameRules, players: list[Player], rounds: list[RoundLog]) -> GameLog:
    """The game of the log's rounds, read: the final figures and the connections put in."""
    if rounds and "sc" in data:
        _attach_owari(rounds[-1], data["sc"])
    _attach_connections(rounds, data.get("connection", []))
    ref = data.get("ref")
    lobby = data.get("lobby")
    disp = data.get("rule", {}).get("disp", "")
    return GameLog(rules, players, None, rounds, ref=ref if isinstance(ref, str) else None,
                   go_type=_go_type(disp, rules), lobby=lobby if is_int(lobby) else None)


URA_DORA = 53
RIICHI_IDS = frozenset({1, 21})  # riichi, double riichi
# the situation's flags, by the Tenhou yaku id that says each (Tenhou has no renhou)
SITUATION_YAKU = {"riichi": 1, "double_riichi": 21, "ippatsu": 2, "chankan": 3, "rinshan": 4, "haitei": 5,
                  "houtei": 6, "tenhou": 37, "chiihou": 38}


def _complete_wins(round_log: RoundLog, rules: GameRules) -> None:
    """Give each win what Tenhou's mjlog of it holds and the JSON leaves out: the fu of a limit
    hand, whose value text ('満貫8000点') names none, and the ura-dora entry of 0 han after a
    riichi win without ura-dora (Tenhou's ``53,0``), which the JSON does not list."""
    events = round_log.events
    for index, event in enumerate(events):
        if isinstance(event, Agari):
            ids = {y for y, _ in event.yaku}
            yaku = event.yaku
            if not event.yakuman and ids & RIICHI_IDS and URA_DORA not in ids:
                yaku += ((URA_DORA, 0),)
            fu = event.fu if event.fu is not None else _fu_from_hand(event, round_log, rules)
            events[index] = replace(event, yaku=yaku, fu=fu)


def _fu_from_hand(agari: Agari, round_log: RoundLog, rules: GameRules) -> int | None:
    """The fu of a win as the rules' one scorer counts it (the replay checks Tenhou's fu against
    the same count), from the hand, the melds and the situation the yaku tell; None when the
    scorer finds no win there (the replay will say what is wrong)."""
    init = round_log.init
    ids = {y for y, _ in agari.yaku} | set(agari.yakuman)
    situation = WinSituation(
        tsumo=agari.tsumo, seat_wind=(agari.who - init.dealer) % len(init.hands), round_wind=init.round_index // 4 % 4,
        nukis=len(agari.nukis),
        dora_indicators=agari.dora_indicators, ura_indicators=agari.ura_indicators,
        **{flag: yaku_id in ids for flag, yaku_id in SITUATION_YAKU.items()})
    table = TENHOU_SANMA if rules.three_player else TENHOU
    ruleset = replace(table, red_fives=rules.red_fives, open_tanyao=rules.open_tanyao)
    try:
        score = score_hand(list(agari.hand), agari.win_tile, list(agari.melds), situation, ruleset)
    except InputError:
        return None
    return None if score.error else score.fu


DISP = re.compile(r"三?([鳳特上般])[東南]喰?赤?速?")


def _go_type(disp: object, rules: GameRules) -> int | None:
    """The GO type bits a Tenhou ``disp`` stands for (its lobby and rules), so that the mjlog
    written from the JSON, and the JSON from that, name the same room; None for a ``disp``
    that is not Tenhou's (another site's log)."""
    match = DISP.fullmatch(disp) if isinstance(disp, str) else None
    if match is None:
        return None
    lobby = next(bits for bits, name in LOBBY_NAMES.items() if name == match[1])
    return (0x01 | lobby | (0 if rules.red_fives else 0x02) | (0 if rules.open_tanyao else 0x04)
            | (0x08 if rules.east_south else 0) | (0x10 if rules.three_player else 0) | (0x40 if rules.fast else 0))


def _attach_connections(rounds: list[RoundLog], entries: object) -> None:
    """Put the ``connection`` list's drop-outs (``what`` 0) and returns (1) into their rounds
    (``log``) after the ``step``-th draw or discard, as the mjlog's ``BYE`` and mid-game ``UN``
    stand (docs/reference.md §4). The other readings a round offers do not carry them: the
    replay passes over them anyway."""
    if not isinstance(entries, list):
        raise InputError("the 'connection' entry is not a list")
    for entry in entries:
        if not (isinstance(entry, dict) and entry.get("what") in (0, 1) and is_int(entry.get("log"))
                and 0 <= entry["log"] < len(rounds) and is_int(entry.get("who")) and 0 <= entry["who"] < 4
                and is_int(entry.get("step")) and entry["step"] >= 0):
            raise InputError(f"a 'connection' entry is not Tenhou's {{what, log, who, step}}: {str(entry)[:60]}")
        events = rounds[entry["log"]].events
        event = (Rejoin if entry["what"] else Bye)(entry["who"])
        events.insert(_after_moves(events, entry["step"]), event)


def _after_moves(events: list, step: int) -> int:
    """The place after the ``step``-th draw or discard of a round (and what dropped out or came
    back there before)."""
    moves, place = 0, 0
    while moves < step:
        if place == len(events):
            raise InputError(f"a 'connection' entry's step {step} is past the round's {moves} draws and discards")
        moves += isinstance(events[place], (Draw, Discard))
        place += 1
    while place < len(events) and isinstance(events[place], (Bye, Rejoin)):
        place += 1
    return place


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
    if len(last.init.hands) == 3:
        final = final[:6]  # three-player: the fourth pair is 0, 0
    if any(abs(s) >= MAX_POINTS for s in final[::2]):
        raise InputError("a final score ('sc') is out of range")
    if not last.results:
        return
    table = _table_after(last.results[-1])
    for unit in (1, 100):
        scores = tuple(round(s * unit) for s in final[::2])
        if scores == table:
            figures = tuple(float(r) for r in final[1::2])
            # JSON writes 20.0 as 20; Tenhou's mjlog writes one decimal in every era (-46.0, 2010 to 2022)
            owari = Owari(scores, figures, decimals=True)
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


def _left_mid_round(data: dict) -> bool:
    """A log that stops mid-round: its last round's result entry is empty (a game of ours left
    from the pause menu, or a Tenhou log cut short, as an mjlog may stop after its last round's
    play). Any other round without its result is refused: a round followed by another was
    played out, as the mjlog reader holds too.

        >>> _left_mid_round({"log": [[[0, 0, 0]] + [[]] * 16]}), _left_mid_round({"log": []})
        (True, False)
    """
    last = data["log"][-1] if data["log"] else None
    return isinstance(last, list) and len(last) == 17 and last[16] == []


class _LeftRound(RoundReader):
    """The round a log stops in: its play so far, and no result."""

    def _results(self, result: list, honba: int) -> None:
        if result:
            super()._results(result, honba)


class _LeftThreeSeats(_LeftRound):
    seats = 3


def three_seat_round(raw: object) -> list:
    """A three-player round's array with its fourth seat left out: the fourth start score
    (0), the fourth seat's three empty lists, the fourth figure (0) of each payment. The
    JSON keeps Tenhou's four-seat shape, as the mjlog does (docs/reference.md §9).

        >>> empty = [[0, 0, 0], [35000, 35000, 35000, 0], [1], []] + [[]] * 12 + [["流局", [1000, -2000, 1000, 0]]]
        >>> raw = three_seat_round(empty)
        >>> len(raw), raw[1], raw[-1]
        (14, [35000, 35000, 35000], ['流局', [1000, -2000, 1000]])
    """
    if not isinstance(raw, list) or len(raw) != 17:
        raise InputError("a tenhou.net/6 round has 17 parts, three-player too")
    if not isinstance(raw[1], list) or len(raw[1]) != 4 or raw[1][3] != 0 or any(raw[13:16]):
        raise InputError("a three-player round gives its fourth seat points or tiles")
    result = list(raw[16]) if isinstance(raw[16], list) else raw[16]
    if isinstance(result, list):
        for k in range(1, len(result)):
            part = result[k]
            if isinstance(part, list) and len(part) == 4 and all(isinstance(x, int) for x in part):
                if part[3]:
                    raise InputError("a three-player result pays the fourth seat")
                result[k] = part[:3]
    return [*raw[:1], raw[1][:3], *raw[2:13], result]


def _complete_round(raw: list, rules: GameRules, reader: type[RoundReader]) -> RoundLog:
    """One round read (``_read_round``), its wins completed (``_complete_wins``)."""
    round_log = _read_round(raw, rules.red_fives, reader)
    _complete_wins(round_log, rules)
    return round_log


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

