"""The tenhou.net/6 JSON reader: the format Tenhou's viewer and the reviewers read.

The JSON log lists, per round, each seat's dealt hand, its takes (draws, or a call
string such as "c252627" / "4545p45" / "25m252525") and its discards (60 = the tile
just drawn, "r17" a riichi discard, "2525k2525" an added kan, "252525a52" a closed
kan, 0 the place-holder after an open kan). It names tiles by kind, not copy, and
does not record dice or the seed: the reader gives each tile the lowest free copy of
its kind (copy 0 of a five only to the red five) and leaves dice None, so a JSON log
and the mjlog of the same game agree up to copy numbers. The order of events is
rebuilt from the turn rules: the dealer draws first, a call takes the turn, and
Tenhou's timing of kan dora (as game.rules.round has it: a closed kan's at once, written
before its replacement draw as in the mjlog; an open or added kan's at its maker's
discard, or at the next kan) and of riichi acceptance is reproduced. A three-player
log gives its rules and players only: its rounds are not read.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
import math
import re
from dataclasses import replace

from game.rules.errors import InputError
from game.rules.melds import Meld
from game.records.model import (
    Agari, Call, Discard, Draw, Event, GameLog, GameRules, NewDora, Owari, Player, Riichi, RoundLog, RoundInit,
    Ryuukyoku, value_at,
)
from game.rules.tiles import RED_FIVES

TENHOU6_RED = {51: 16, 52: 52, 53: 88}
TSUMOGIRI = 60
DAN_NAMES = ("新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級", "初段", "二段",
             "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳位")
YAKU_NAMES = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻",
    "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色", "人和",
    "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈",
    "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)  # index = Tenhou yaku id
YAKU_IDS = {name: index for index, name in enumerate(YAKU_NAMES)} | {"ダブル立直": 21}
LIMIT_NAMES = {"満貫": 1, "跳満": 2, "倍満": 3, "三倍満": 4, "役満": 5, "数え役満": 5}
DRAW_REASONS = {"流局": None, "全員聴牌": None, "全員不聴": None, "流し満貫": "nm", "九種九牌": "yao9",
                "四家立直": "reach4", "三家和了": "ron3", "四槓散了": "kan4", "四風連打": "kaze4"}


MAX_DIGITS = 15  # no number in a real log comes near; a float holds every such integer exactly
MAX_POINTS = 10 ** 7  # scores and payments: far beyond any real game, well inside a float


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
    rounds = [_read_round(raw, red) for raw in data["log"]]
    if rounds and "sc" in data:
        _attach_owari(rounds[-1], data["sc"])
    ref = data.get("ref")
    lobby = data.get("lobby")
    return GameLog(rules, players, None, rounds, ref=ref if isinstance(ref, str) else None,
                   lobby=lobby if _is_int(lobby) else None)


def _dan_index(name: str | None) -> int | None:
    return DAN_NAMES.index(name) if name in DAN_NAMES else None


def _attach_owari(last: RoundLog, final: list) -> None:
    """Give the last round's result the game's final figures (``sc``), if the game ends there.

    ``sc`` is the whole game's: a round shared alone, or a log cut short, carries the
    figures of a later end. They close the log only when they are the table after its
    last round (leftover sticks to the top), in points or in hundreds.
    """
    if not isinstance(final, list) or len(final) != 8 or not all(_is_number(x) for x in final):
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


def _read_round(raw: list, red: bool) -> RoundLog:
    """One round, with the calls the JSON leaves ambiguous settled by trying.

    The JSON does not say which discard a call took: a seat's next call of a kind from a player
    may take this discard or a later one of the same kind by the same player (when the seat
    does not draw meanwhile, because other calls skip it). The reader takes a call at once;
    when the rest of the round then does not fit (moves left over, a tile not in hand), it
    declines each call it took in turn, and keeps the first reading that fits. The readings
    it did not keep stay on offer (``RoundLog.other_readings``): only the rules can tell
    between two that both fit, and the replay knows the rules.
    """
    first = _Tenhou6Round(raw, red)
    try:
        round_log = first.read()
        kept = None
    except InputError as problem:
        round_log = kept = None
        for point in first.ambiguous:
            try:
                round_log, kept = _Tenhou6Round(raw, red, declined=frozenset({point})).read(), point
                break
            except InputError:
                continue
        if round_log is None:
            raise problem from None
    others = [point for point in first.ambiguous if point != kept]
    if others:
        round_log.other_readings = lambda: _other_readings(raw, red, others)
    return round_log


def _other_readings(raw: list, red: bool, points: list[tuple[int, int]]) -> Iterator[RoundLog]:
    for point in points:
        try:
            yield _Tenhou6Round(raw, red, declined=frozenset({point})).read()
        except InputError:
            continue


class _Tenhou6Round:
    """Rebuilds one round's events from a tenhou.net/6 round array."""

    seats = 4

    def __init__(self, raw: list, red: bool, declined: frozenset[tuple[int, int]] = frozenset()) -> None:
        _check_round(raw, self.seats)
        self.raw = raw
        self.declined = declined  # (discard count, seat): a call read as a later discard's
        self.ambiguous: list[tuple[int, int]] = []  # the calls taken, each a reading to decline
        self.discard_count = 0
        # copies not yet given out; with red fives, copy 0 of a five is only the red one
        self.free = {k: [c for c in range(4) if not (red and k * 4 + c in RED_FIVES)] for k in range(34)}
        self.free_red = set(RED_FIVES) if red else set()
        self.red = red
        self.hands: list[list[int]] = [[] for _ in range(self.seats)]
        self.melds: list[list[Meld]] = [[] for _ in range(self.seats)]
        self.events: list[Event] = []
        self.last_draw: int | None = None
        self.last_discard: tuple[int, int] | None = None  # (seat, tile)
        self.dora = [self._new_id(code) for code in raw[2]]
        self.ura = [self._new_id(code) for code in raw[3]]
        self.dora_shown = 1
        self.pending_dora = 0  # open kans whose dora waits for the next discard or kan

    # the round's start

    def read(self) -> RoundLog:
        (round_index, honba, sticks), scores = self.raw[0], self.raw[1]
        dealt = [[self._new_id(code) for code in self.raw[4 + 3 * seat]] for seat in range(self.seats)]
        for seat, hand in enumerate(dealt):
            self.hands[seat] = list(hand)
        self.scores = [int(s) for s in scores]
        self.sticks = sticks
        init = RoundInit(round_index, honba, sticks, None, self.dora[0], tuple(self.scores),
                         round_index % self.seats, tuple(tuple(hand) for hand in dealt))
        riichi_waiting = self._play(init.dealer)
        if riichi_waiting is not None and self.raw[-1][:1] == ["四家立直"]:
            self._accept_riichi(riichi_waiting)  # the fourth stick is paid, then the round is void
        self._results(self.raw[-1], honba)
        return RoundLog(init, self.events)

    # the play, turn by turn

    def _play(self, dealer: int) -> int | None:
        """Rebuild the events; returns the seat whose riichi discard ended the play, if any.
        Every seat's draws and discards must be used up by the end."""
        takes = [list(self.raw[5 + 3 * seat]) for seat in range(self.seats)]
        discards = [list(self.raw[6 + 3 * seat]) for seat in range(self.seats)]
        riichi_waiting = self._moves(dealer, takes, discards)
        left = [seat for seat in range(self.seats) if takes[seat] or discards[seat]]
        if left:
            raise InputError(f"seat {left[0]}'s draws or discards go on after the round's end")
        return riichi_waiting

    def _moves(self, dealer: int, takes: list[list], discards: list[list]) -> int | None:
        seat, riichi_waiting = dealer, None
        while takes[seat]:
            if riichi_waiting is not None:  # play goes on: the riichi discard passed
                self._accept_riichi(riichi_waiting)
                riichi_waiting = None
            take = takes[seat].pop(0)
            if isinstance(take, str):
                if self._open_call(seat, take).kind == "kan":
                    discards[seat].pop(0)  # the 0 place-holder: the replacement draw comes next
                    continue
            else:
                self._draw(seat, take)
            while discards[seat] and isinstance(discards[seat][0], str) and _is_kan_string(discards[seat][0]):
                self._closed_or_added_kan(seat, discards[seat].pop(0))
                if not takes[seat]:
                    return None  # robbed (chankan): the round ends
                self._draw(seat, takes[seat].pop(0))
            if not discards[seat]:
                return None  # tsumo, or nine terminals
            riichi_waiting = self._discard(seat, discards[seat].pop(0))
            seat = self._next_seat(seat, takes)
        return riichi_waiting

    def _next_seat(self, discarder: int, takes: list[list]) -> int:
        """Who acts after a discard: a pon or kan caller, else a chi by the next seat, else the next seat."""
        _, tile = self.last_discard
        for seat in range(self.seats):
            if seat != discarder and takes[seat] and isinstance(takes[seat][0], str):
                called_code, source = _call_source(takes[seat][0], seat, self.seats)
                if source == discarder and self._is_code(tile, called_code):
                    if (self.discard_count, seat) in self.declined:
                        continue
                    self.ambiguous.append((self.discard_count, seat))
                    return seat
        return (discarder + 1) % self.seats

    def _draw(self, seat: int, code: int) -> None:
        tile = self._new_id(code)
        self.hands[seat].append(tile)
        self.last_draw = tile
        self.events.append(Draw(seat, tile))

    def _discard(self, seat: int, code) -> int | None:
        riichi = isinstance(code, str) and code.startswith("r")
        if riichi:
            self.events.append(Riichi(seat, 1))
            code = int(code[1:])
        self._reveal_pending_dora()
        tsumogiri = code == TSUMOGIRI
        if tsumogiri and self.last_draw is None:
            raise InputError("a tsumogiri with no tile drawn")
        tile = self.last_draw if tsumogiri else self._from_hand(seat, code)
        self.hands[seat].remove(tile)
        self.events.append(Discard(seat, tile, tsumogiri=tsumogiri))
        self.discard_count += 1
        self.last_draw = None
        self.last_discard = (seat, tile)
        return seat if riichi else None

    def _accept_riichi(self, seat: int) -> None:
        self.scores[seat] -= 1000
        self.sticks += 1
        self.events.append(Riichi(seat, 2, tuple(self.scores)))

    def _open_call(self, seat: int, text: str) -> Meld:
        letter = next(c for c in text if c.isalpha())
        codes = _codes(text.replace(letter, ""))
        from_seat, called = self.last_discard
        own = [self._take_from_hand(seat, code) for code in _without_called(codes, text.index(letter) // 2)]
        kind = {"c": "chi", "p": "pon", "m": "kan"}[letter]
        meld = Meld(kind, tuple(sorted(own + [called])), called=called, from_seat=from_seat)
        self.melds[seat].append(meld)
        self.events.append(Call(seat, meld))
        if kind == "kan":
            self.pending_dora += 1
        return meld

    def _closed_or_added_kan(self, seat: int, text: str) -> None:
        if "a" in text:
            tiles = [self._take_from_hand(seat, code) for code in _codes(text.replace("a", ""))]
            meld = Meld("ankan", tuple(sorted(tiles)))
            self.events.append(Call(seat, meld))
            self.melds[seat].append(meld)
            self._reveal_pending_dora()  # an earlier open kan's, then this one's at once
            self._reveal_dora()
            return
        added = self._take_from_hand(seat, _codes(text[text.index("k") + 1:])[0])
        pon = next(m for m in self.melds[seat] if m.kind == "pon" and m.kind34 == added // 4)
        meld = Meld("kakan", tuple(sorted(pon.tiles + (added,))), called=pon.called, from_seat=pon.from_seat,
                    added=added)
        self.melds[seat][self.melds[seat].index(pon)] = meld
        self.events.append(Call(seat, meld))
        self._reveal_pending_dora()
        self.last_discard = (seat, added)  # a chankan robs this tile
        self.pending_dora += 1

    def _reveal_pending_dora(self) -> None:
        while self.pending_dora:
            self.pending_dora -= 1
            self._reveal_dora()

    def _reveal_dora(self) -> None:
        if self.dora_shown < len(self.dora):
            self.events.append(NewDora(self.dora[self.dora_shown]))
            self.dora_shown += 1

    # tiles: kinds in the log, ids here

    def _new_id(self, code: int) -> int:
        if code in TENHOU6_RED:
            tile = TENHOU6_RED[code]
            if tile not in self.free_red:
                raise InputError(f"red five {code} twice, or in a game without red fives")
            self.free_red.remove(tile)
            return tile
        kind34 = _kind_of(code)
        if not self.free[kind34]:
            raise InputError(f"a fifth copy of tile {code}")
        return kind34 * 4 + self.free[kind34].pop(0)

    def _from_hand(self, seat: int, code: int) -> int:
        for tile in self.hands[seat]:
            if self._is_code(tile, code):
                return tile
        raise InputError(f"seat {seat} plays tile {code} it does not hold")

    def _take_from_hand(self, seat: int, code: int) -> int:
        tile = self._from_hand(seat, code)
        self.hands[seat].remove(tile)
        return tile

    def _is_code(self, tile: int, code: int) -> bool:
        if code in TENHOU6_RED:
            return tile == TENHOU6_RED[code]
        return tile // 4 == _kind_of(code) and not (self.red and tile in RED_FIVES)

    # the end

    def _results(self, result: list, honba: int) -> None:
        if not result:
            raise InputError("a round's result is missing (an empty result entry)")
        name = result[0]
        if name == "和了":
            if len(result) < 3 or len(result) % 2 == 0:
                raise InputError("a win's result holds no payments and details")
            for k in range(1, len(result), 2):
                self.events.append(self._agari(result[k], result[k + 1], honba))
                # a double ron's second win is logged after the first's payments
                self.scores = [s + d for s, d in zip(self.scores, result[k])]
                self.sticks = 0
        elif name in DRAW_REASONS:
            if len(result) > 1:
                _check_points(result[1], self.seats, "a draw's payments")
            deltas = tuple(result[1]) if len(result) > 1 else (0,) * self.seats
            self.events.append(Ryuukyoku(DRAW_REASONS[name], tuple(self.scores), deltas, honba, self.sticks,
                                         self._tenpai(name, deltas)))
        else:
            raise InputError(f"unknown round result {str(name)[:20]!r}")

    def _tenpai(self, name: str, deltas: tuple) -> dict[int, tuple[int, ...]] | None:
        """The hands shown at an exhaustive draw (the JSON tells tenpai only through the payments;
        at a nagashi mangan the payments are the mangan's, so who was tenpai is unknown)."""
        if name == "流し満貫":
            return None
        if name == "全員聴牌":
            shown = range(self.seats)
        elif name == "流局":
            shown = [seat for seat, delta in enumerate(deltas) if delta > 0]
        else:
            shown = []
        return {seat: tuple(sorted(self.hands[seat])) for seat in shown}

    def _agari(self, deltas: list, info: list, honba: int) -> Agari:
        _check_points(deltas, self.seats, "a win's payments")
        if not isinstance(info, list) or len(info) < 4 or not all(_is_seat(x, self.seats) for x in info[:3]):
            raise InputError("a win's details do not start with three seats (who, from whom, liable)")
        if not all(isinstance(x, str) for x in info[3:]):
            raise InputError("a win's value and yaku are not texts")
        who, from_who, pao = info[0], info[1], info[2]
        if who == from_who:
            win_tile = self.last_draw
            hand = self.hands[who]
        else:
            win_tile = self.last_discard[1]
            hand = self.hands[who] + [win_tile]
        fu, points, limit = _value_text(info[3])
        yaku, yakuman = _yaku_texts(info[4:])
        return Agari(
            who=who, from_who=from_who, hand=tuple(sorted(hand)), melds=tuple(reversed(self.melds[who])),
            win_tile=win_tile, fu=fu, points=points, limit=limit,
            yaku=yaku, yakuman=yakuman, dora_indicators=tuple(self.dora[:self.dora_shown]),
            ura_indicators=tuple(self.ura) if {1, 21} & {i for i, _ in yaku} else (),
            scores=tuple(self.scores), deltas=tuple(deltas),
            honba=honba, riichi_sticks=self.sticks, pao_who=None if pao == who else pao,
        )


# --- the shape of a round entry, checked before it is read


def _check_round(raw, seats: int) -> None:
    """Refuse, in one line, a round entry that is not Tenhou's 17 parts of the right kinds.

    >>> _check_round([[0, 0, 0]], 4)
    Traceback (most recent call last):
    game.rules.errors.InputError: a tenhou.net/6 round has 1 parts, not 17
    """
    parts = 4 + 3 * seats + 1
    if not isinstance(raw, list) or len(raw) != parts:
        count = len(raw) if isinstance(raw, list) else "no list of"
        raise InputError(f"a tenhou.net/6 round has {count} parts, not {parts}")
    header = raw[0]
    if not (isinstance(header, list) and len(header) == 3 and all(_is_int(x) for x in header)):
        raise InputError("a tenhou.net/6 round does not start with [round, honba, sticks]")
    if not (0 <= header[0] < 16 and 0 <= header[1] < 1000 and 0 <= header[2] < 1000):
        raise InputError(f"round, honba or sticks out of range: {header}")
    _check_points(raw[1], seats, "a tenhou.net/6 round's start scores")
    for index, what in ((2, "dora indicators"), (3, "ura indicators")):
        if not (isinstance(raw[index], list) and len(raw[index]) <= 5 and all(_is_int(x) for x in raw[index])):
            raise InputError(f"a round's {what} are not up to 5 tile codes")
    if not raw[2]:
        raise InputError("a round shows no dora indicator")
    for seat in range(seats):
        hand, takes, discards = raw[4 + 3 * seat:7 + 3 * seat]
        if not (isinstance(hand, list) and len(hand) == 13 and all(_is_int(x) for x in hand)):
            raise InputError(f"seat {seat}'s dealt hand is not 13 tile codes")
        for what, moves in (("draws", takes), ("discards", discards)):
            if not (isinstance(moves, list) and all(_is_int(x) or isinstance(x, str) for x in moves)):
                raise InputError(f"seat {seat}'s {what} are not a list of tile codes and call texts")
    if not isinstance(raw[-1], list) or (raw[-1] and not isinstance(raw[-1][0], str)):
        raise InputError("a round's result is not a list starting with its name")


def _check_points(values, seats: int, what: str) -> None:
    if not (isinstance(values, list) and len(values) == seats and all(_is_int(x) for x in values)):
        raise InputError(f"{what} are not {seats} numbers")
    if any(abs(x) >= MAX_POINTS for x in values):
        raise InputError(f"{what} are out of range")


def _is_int(value) -> bool:
    return type(value) is int  # not bool


def _is_number(value) -> bool:
    return type(value) in (int, float)


def _is_seat(value, seats: int) -> bool:
    return _is_int(value) and 0 <= value < seats


def _is_kan_string(code: str) -> bool:
    return "a" in code or "k" in code


def _codes(text: str) -> list[int]:
    if len(text) % 2 or not (text.isascii() and text.isdigit()):
        raise InputError(f"bad tile codes {text[:20]!r}")
    return [int(text[i:i + 2]) for i in range(0, len(text), 2)]


def _without_called(codes: list[int], letter_slot: int) -> list[int]:
    """The caller's own tiles of a call string: all but the one after the letter."""
    return codes[:letter_slot] + codes[letter_slot + 1:]


def _call_source(text: str, caller: int, seats: int) -> tuple[int, int]:
    """(called tile code, the seat it came from) of a chi / pon / open-kan string."""
    letter_at = next(i for i, c in enumerate(text) if c.isalpha())
    called = int(text[letter_at + 1:letter_at + 3])
    relative = {0: 3, 2: 2, 4: 1, 6: 1}[letter_at]  # letter first: from the left; ...; last: the right
    return called, (caller + relative) % seats


def _kind_of(code: int) -> int:
    suit, number = divmod(code, 10)
    if code in TENHOU6_RED:
        return TENHOU6_RED[code] // 4
    if 1 <= suit <= 3 and 1 <= number <= 9:
        return (suit - 1) * 9 + number - 1
    if suit == 4 and 1 <= number <= 7:
        return 27 + number - 1
    raise InputError(f"{code} is not a tenhou.net/6 tile code")


def _value_text(text: str) -> tuple[int | None, int, int]:
    """(fu, points, limit) from a value text: '30符1飜1000点', '満貫2000-4000点', '役満16000点∀'."""
    match = re.fullmatch(r"(?:([0-9]{1,3})符([0-9]{1,3})飜|([^0-9]+?))([0-9]{1,7})(?:-([0-9]{1,7}))?点(∀?)", text)
    if not match:
        raise InputError(f"bad win value {text[:30]!r}")
    fu, _, limit_name, first, second, everyone = match.groups()
    if limit_name is not None and limit_name not in LIMIT_NAMES:
        raise InputError(f"unknown limit {limit_name[:10]!r}")
    if second is not None:
        points = 2 * int(first) + int(second)  # a non-dealer's tsumo: two children pay the first
    elif everyone:
        points = 3 * int(first)  # a dealer's tsumo: each pays the same
    else:
        points = int(first)
    return (int(fu) if fu else None), points, LIMIT_NAMES.get(limit_name, 0)


def _yaku_texts(texts: list[str]) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    yaku, yakuman = [], []
    for text in texts:
        match = re.fullmatch(r"(.+)\((?:([0-9]{1,2})飜|役満)\)", text)
        if not match or match[1] not in YAKU_IDS:
            raise InputError(f"unknown yaku {text[:20]!r}")
        if match[2] is None:
            yakuman.append(YAKU_IDS[match[1]])
        else:
            yaku.append((YAKU_IDS[match[1]], int(match[2])))
    return tuple(yaku), tuple(yakuman)


# === the writer: a GameLog as Tenhou's viewer and the reviewers read it ====================

LIMIT_TEXTS = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}
DRAW_TEXTS = {"nm": "流し満貫", "yao9": "九種九牌", "reach4": "四家立直", "ron3": "三家和了",
              "kan4": "四槓散了", "kaze4": "四風連打"}
ROOM_TEXTS = ((0xA0, "鳳"), (0x80, "特"), (0x20, "上"))  # GO type bits of the room, else 一般 (般)
CALL_LETTER_SLOT = {3: 0, 2: 1, 1: 2}  # the called tile's place in a call text, by where it came from


def write_tenhou6(game: GameLog, title: list[str] | None = None) -> dict:
    """The tenhou.net/6 JSON object of a game (``json.dumps(..., ensure_ascii=False)`` it).

    The inverse of :func:`parse_tenhou6` up to what the format drops (dice, copy numbers):
    each round's 17 entries, call texts, riichi and kan markers, the results with Tenhou's
    value and yaku texts, and the header fields the log knows (``name``, ``rule``, ``dan``,
    ``rate``, ``sx``, ``lobby``, ``ref``, ``sc``). ``title`` is added when given.

        >>> from game.records.mjlog import parse_mjlog
        >>> hands = " ".join(f'hai{s}="{",".join(str(13 * s + i) for i in range(13))}"' for s in range(4))
        >>> log = parse_mjlog('<mjloggm ver="2.3"><GO type="169"/><UN n0="A" n1="B" n2="C" n3="D"/>'
        ...     f'<INIT seed="0,0,0,2,3,60" ten="250,250,250,250" oya="0" {hands}/><T70/><D70/></mjloggm>')
        >>> data = write_tenhou6(log)
        >>> data["rule"]["disp"], data["log"][0][0], data["log"][0][5], data["log"][0][6]
        ('鳳南喰赤', [0, 0, 0], [29], [60])
    """
    red = game.rules.red_fives
    data: dict = {"ver": 2.3}
    if game.ref:
        data["ref"] = game.ref
    if title is not None:
        data["title"] = title
    data["log"] = [_write_round(round_log, red) for round_log in game.rounds]
    data["rule"] = {"disp": _rule_text(game), **({f"aka5{s}": 1 for s in (3, 2, 1)} if red else {})}
    if game.lobby is not None:
        data["lobby"] = game.lobby
    if any(p.dan is not None for p in game.players):
        data["dan"] = [DAN_NAMES[p.dan] if p.dan is not None else "" for p in game.players]
    if any(p.rate is not None for p in game.players):
        data["rate"] = [_plain_number(p.rate or 0.0) for p in game.players]
    if any(p.sex for p in game.players):
        data["sx"] = [p.sex or "" for p in game.players]
    owari = game.owari
    if owari is not None:
        data["sc"] = [_plain_number(x) for pair in zip(owari.scores, owari.results) for x in pair]
    data["name"] = [p.name for p in game.players]
    return data


def _rule_text(game: GameLog) -> str:
    """``rule.disp``: the room (鳳 特 上 般), the length, open tanyao, red fives, fast."""
    bits = game.go_type or 0
    room = next((text for mask, text in ROOM_TEXTS if bits & mask == mask), "般")
    rules = game.rules
    return ("三" if rules.three_player else "") + room + ("南" if rules.east_south else "東") + \
        ("喰" if rules.open_tanyao else "") + ("赤" if rules.red_fives else "") + ("速" if rules.fast else "")


def _plain_number(value: float) -> float | int:
    """Tenhou writes a whole number without its ``.0``."""
    return int(value) if value == int(value) else value


def tile_code(tile: int, red: bool = True) -> int:
    """The tenhou.net/6 code of a tile id: 11-19 man, 21-29 pin, 31-39 sou, 41-47 honours,
    51/52/53 the red fives.

        >>> tile_code(0), tile_code(16), tile_code(16, red=False), tile_code(135)
        (11, 51, 15, 47)
    """
    if red and tile in RED_FIVES:
        return 51 + RED_FIVES.index(tile)
    kind34 = tile // 4
    return (kind34 // 9 + 1) * 10 + kind34 % 9 + 1


class _RoundWriter:
    """Sorts one round's events into each seat's takes and discards, and writes its result."""

    def __init__(self, round_log: RoundLog, red: bool) -> None:
        self.round_log = round_log
        self.red = red
        self.takes: list[list] = [[] for _ in range(4)]
        self.discards: list[list] = [[] for _ in range(4)]
        self.dora = [round_log.init.dora_indicator]
        self.riichi_next = [False] * 4
        self.melds: list[list[Meld]] = [[] for _ in range(4)]

    def code(self, tile: int) -> int:
        return tile_code(tile, self.red)

    def write(self) -> list:
        init = self.round_log.init
        for event in self.round_log.events:
            self.take(event)
        results = self.round_log.results
        ura = next((list(map(self.code, r.ura_indicators)) for r in results
                    if isinstance(r, Agari) and r.ura_indicators), [])
        entry = [[init.round_index, init.honba, init.riichi_sticks], list(init.scores),
                 [self.code(t) for t in self.dora], ura]
        for seat in range(4):
            entry += [[self.code(t) for t in sorted(init.hands[seat])], self.takes[seat], self.discards[seat]]
        entry.append(self.result(results))
        return entry

    def take(self, event) -> None:
        if isinstance(event, Draw):
            self.takes[event.seat].append(self.code(event.tile))
        elif isinstance(event, Discard):
            code = TSUMOGIRI if event.tsumogiri else self.code(event.tile)
            if self.riichi_next[event.seat]:
                self.riichi_next[event.seat] = False
                code = f"r{code}"
            self.discards[event.seat].append(code)
        elif isinstance(event, Riichi) and event.step == 1:
            self.riichi_next[event.seat] = True
        elif isinstance(event, NewDora):
            self.dora.append(event.tile)
        elif isinstance(event, Call):
            self.call(event.seat, event.meld)

    def call(self, seat: int, meld: Meld) -> None:
        if meld.kind == "ankan":
            codes = [self.code(t) for t in sorted(meld.tiles, key=_red_last)]
            self.discards[seat].append("".join(map(str, codes[:3])) + "a" + str(codes[3]))
            return
        if meld.kind == "kakan":
            pon = self._pon_text(seat, meld, "k")
            self.discards[seat].append(pon)
            return
        own = [self.code(t) for t in sorted(meld.tiles) if t != meld.called]
        called = self.code(meld.called)
        relative = (meld.from_seat - seat) % 4
        if meld.kind == "chi":
            text = f"c{called}" + "".join(map(str, own))
        else:
            letter = "p" if meld.kind == "pon" else "m"
            slot = CALL_LETTER_SLOT[relative]
            if meld.kind == "kan" and relative == 1:
                slot = 3  # an open kan from the right: the called tile comes last
            parts = [str(c) for c in own]
            parts.insert(slot, f"{letter}{called}")
            text = "".join(parts)
        self.takes[seat].append(text)
        if meld.kind == "kan":
            self.discards[seat].append(0)  # the place-holder: the replacement draw comes next

    def _pon_text(self, seat: int, meld: Meld, letter: str) -> str:
        """An added kan: the pon's text with the added tile before the called one."""
        relative = (meld.from_seat - seat) % 4
        own = [str(self.code(t)) for t in sorted(meld.tiles) if t not in (meld.called, meld.added)]
        own.insert(CALL_LETTER_SLOT[relative], f"{letter}{self.code(meld.added)}{self.code(meld.called)}")
        return "".join(own)

    def result(self, results: list) -> list:
        if not results:
            return []
        if isinstance(results[0], Ryuukyoku):
            return self.draw_result(results[0])
        entry: list = ["和了"]
        for agari in results:
            dealer = self.round_log.init.dealer
            pao = agari.pao_who if agari.pao_who is not None else agari.who
            entry += [list(agari.deltas), [agari.who, agari.from_who, pao, value_text(agari, dealer),
                                           *yaku_texts(agari)]]
        return entry

    @staticmethod
    def draw_result(draw: Ryuukyoku) -> list:
        if draw.reason is None:
            tenpai = len(draw.tenpai)
            name = "全員聴牌" if tenpai == 4 else "全員不聴" if tenpai == 0 else "流局"
            return [name] if name != "流局" else [name, list(draw.deltas)]
        name = DRAW_TEXTS[draw.reason]
        return [name, list(draw.deltas)] if draw.reason == "nm" else [name]


def _red_last(tile: int) -> tuple[bool, int]:
    return tile in RED_FIVES, tile


def _write_round(round_log: RoundLog, red: bool) -> list:
    return _RoundWriter(round_log, red).write()


def value_text(agari: Agari, dealer: int) -> str:
    """Tenhou's value text of a win: '30符1飜1000点', '満貫2000-4000点', '役満16000点∀'.

        >>> win = Agari(0, 1, (), (), 0, 30, 1000, 0, ((1, 1),), (), (), (), (), (), 0, 0)
        >>> value_text(win, dealer=2)
        '30符1飜1000点'
    """
    han = sum(h for _, h in agari.yaku)
    if agari.limit:
        head = LIMIT_TEXTS[agari.limit]
    else:
        head = f"{agari.fu}符{han}飜"
    if not agari.tsumo:
        return f"{head}{agari.points}点"
    if agari.who == dealer:
        return f"{head}{agari.points // 3}点∀"
    base = _basic_points(agari, han)
    return f"{head}{_round_up(base)}-{_round_up(2 * base)}点"


def _basic_points(agari: Agari, han: int) -> int:
    limits = {1: 2000, 2: 3000, 3: 4000, 4: 6000}
    if agari.limit == 5:
        return 8000 * max(1, len(agari.yakuman))
    if agari.limit:
        return limits[agari.limit]
    return agari.fu * 2 ** (han + 2)


def _round_up(points: int) -> int:
    return -(-points // 100) * 100


def yaku_texts(agari: Agari) -> list[str]:
    """The yaku as Tenhou's JSON names them: '立直(1飜)', '国士無双(役満)' (no 0-han entries)."""
    texts = [f"{YAKU_NAMES[y]}({h}飜)" for y, h in agari.yaku if h]
    return texts + [f"{YAKU_NAMES[y]}(役満)" for y in agari.yakuman]
