"""One tenhou.net/6 round array into its events: the order of play rebuilt from the turn rules.

A round entry holds each seat's dealt hand, its takes (draws, or a call string such as
"c252627" / "4545p45" / "25m252525") and its discards (60 = the tile just drawn, "r17" a
riichi discard, "2525k2525" an added kan, "252525a52" a closed kan, 0 the place-holder after
an open kan). The reader plays them out seat by seat: the dealer draws first, a call takes
the turn, kan dora turn as Tenhou's do, riichi is accepted when its discard passes. The
entry's shape is checked first (``check_round``), so a malformed log fails in one line.
"""

from __future__ import annotations

import re

from game.records.model import (
    Agari, Call, Discard, Draw, Event, NewDora, Nuki, Riichi, RoundInit, RoundLog, Ryuukyoku,
)
from game.records.tenhou6_codes import DRAW_REASONS, LIMIT_NAMES, TENHOU6_RED, TSUMOGIRI, YAKU_IDS, kind_of
from game.rules.errors import InputError
from game.rules.melds import Meld
from game.rules.shanten import waits
from game.rules.tiles import RED_FIVES, counts34

MAX_POINTS = 10 ** 7  # scores and payments: far beyond any real game, well inside a float


class RoundReader:
    """Rebuilds one round's events from a tenhou.net/6 round array."""

    seats = 4

    def __init__(self, raw: list, red: bool, declined: frozenset[tuple[int, int]] = frozenset()) -> None:
        check_round(raw, self.seats)
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
        self.nukis: list[list[int]] = [[] for _ in range(self.seats)]  # three-player: Norths set aside
        self.events: list[Event] = []
        self.last_draw: int | None = None
        self.last_drawer: int | None = None
        self.riichi_seats: set[int] = set()  # seats that declared riichi: a win of theirs shows the ura dora
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
                         round_index % 4, tuple(tuple(hand) for hand in dealt))
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
                text = discards[seat].pop(0)
                if text == NUKI_TEXT:
                    self._nuki(seat)
                else:
                    self._closed_or_added_kan(seat, text)
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
        self.last_draw, self.last_drawer = tile, seat
        self.events.append(Draw(seat, tile))

    def _discard(self, seat: int, code) -> int | None:
        riichi = isinstance(code, str) and code.startswith("r")
        if riichi:
            self.events.append(Riichi(seat, 1))
            self.riichi_seats.add(seat)
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
        called_code, source = _call_source(text, seat, self.seats)
        if self.last_discard is None or self.last_discard[0] != source or \
                not self._is_code(self.last_discard[1], called_code):
            # a seat whose turn came with a call next: that call was of another discard (a reading
            # that took an earlier call too soon, or a broken log), never of this one
            raise InputError(f"seat {seat}'s call {text[:12]!r} does not take the discard just made")
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

    def _nuki(self, seat: int) -> None:
        """Three-player: a North set aside (``f44`` among the discards); its replacement draw
        is the seat's next take, unless a ron robs it."""
        if self.seats != 3:
            raise InputError("a North set aside (f44) in a four-player round")
        tile = self._take_from_hand(seat, NORTH_CODE)
        self.nukis[seat].append(tile)
        self.events.append(Nuki(seat, tile))
        self._reveal_pending_dora()
        self.last_discard = (seat, tile)  # a ron robs this tile

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
        kind34 = kind_of(code)
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
        return tile // 4 == kind_of(code) and not (self.red and tile in RED_FIVES)

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
                check_points(result[1], self.seats, "a draw's payments")
            deltas = tuple(result[1]) if len(result) > 1 else (0,) * self.seats
            self.events.append(Ryuukyoku(DRAW_REASONS[name], tuple(self.scores), deltas, honba, self.sticks,
                                         self._tenpai(name, deltas)))
        else:
            raise InputError(f"unknown round result {str(name)[:20]!r}")

    def _tenpai(self, name: str, deltas: tuple) -> dict[int, tuple[int, ...]]:
        """The hands a drawn round shows, which the JSON leaves out and Tenhou's mjlog holds: the
        tenpai hands at an exhaustive draw (the payments tell them; at a nagashi mangan they are
        the mangan's, so the rules' waits tell them, as the replay counts them), the hand of nine
        terminals, all four at four riichi, the three winners' at a triple ron."""
        if name == "流し満貫":
            shown = [seat for seat in range(self.seats) if waits(counts34(self.hands[seat]))]
        elif name in ("全員聴牌", "四家立直"):
            shown = range(self.seats)
        elif name == "流局":
            shown = [seat for seat, delta in enumerate(deltas) if delta > 0]
        elif name == "九種九牌" and self.last_drawer is not None:
            shown = [self.last_drawer]
        elif name == "三家和了" and self.last_discard is not None:
            shown = [seat for seat in range(self.seats) if seat != self.last_discard[0]]
        else:
            shown = []
        return {seat: tuple(sorted(self.hands[seat])) for seat in shown}

    def _agari(self, deltas: list, info: list, honba: int) -> Agari:
        check_points(deltas, self.seats, "a win's payments")
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
        fu, points, limit = _value_text(info[3], self.seats)
        yaku, yakuman = _yaku_texts(info[4:])
        return Agari(
            who=who, from_who=from_who, hand=tuple(sorted(hand)), melds=tuple(reversed(self.melds[who])),
            win_tile=win_tile, fu=fu, points=points, limit=limit,
            yaku=yaku, yakuman=yakuman, dora_indicators=tuple(self.dora[:self.dora_shown]),
            ura_indicators=tuple(self.ura) if who in self.riichi_seats else (),  # a riichi yakuman's too
            scores=tuple(self.scores), deltas=tuple(deltas),
            honba=honba, riichi_sticks=self.sticks, pao_who=None if pao == who else pao,
            nukis=tuple(self.nukis[who]),
        )


class ThreeSeatReader(RoundReader):
    """A three-player round (its array read with the empty fourth seat left out)."""

    seats = 3



# --- the shape of a round entry, checked before it is read


def check_round(raw, seats: int) -> None:
    """Refuse, in one line, a round entry that is not Tenhou's 17 parts of the right kinds.

    >>> check_round([[0, 0, 0]], 4)
    Traceback (most recent call last):
    game.rules.errors.InputError: a tenhou.net/6 round has 1 parts, not 17
    """
    parts = 4 + 3 * seats + 1
    if not isinstance(raw, list) or len(raw) != parts:
        count = len(raw) if isinstance(raw, list) else "no list of"
        raise InputError(f"a tenhou.net/6 round has {count} parts, not {parts}")
    header = raw[0]
    if not (isinstance(header, list) and len(header) == 3 and all(is_int(x) for x in header)):
        raise InputError("a tenhou.net/6 round does not start with [round, honba, sticks]")
    if not (0 <= header[0] < 16 and 0 <= header[1] < 1000 and 0 <= header[2] < 1000):
        raise InputError(f"round, honba or sticks out of range: {header}")
    check_points(raw[1], seats, "a tenhou.net/6 round's start scores")
    for index, what in ((2, "dora indicators"), (3, "ura indicators")):
        if not (isinstance(raw[index], list) and len(raw[index]) <= 5 and all(is_int(x) for x in raw[index])):
            raise InputError(f"a round's {what} are not up to 5 tile codes")
    if not raw[2]:
        raise InputError("a round shows no dora indicator")
    for seat in range(seats):
        hand, takes, discards = raw[4 + 3 * seat:7 + 3 * seat]
        if not (isinstance(hand, list) and len(hand) == 13 and all(is_int(x) for x in hand)):
            raise InputError(f"seat {seat}'s dealt hand is not 13 tile codes")
        for what, moves in (("draws", takes), ("discards", discards)):
            if not (isinstance(moves, list) and all(is_int(x) or isinstance(x, str) for x in moves)):
                raise InputError(f"seat {seat}'s {what} are not a list of tile codes and call texts")
    if not isinstance(raw[-1], list) or (raw[-1] and not isinstance(raw[-1][0], str)):
        raise InputError("a round's result is not a list starting with its name")


def check_points(values, seats: int, what: str) -> None:
    if not (isinstance(values, list) and len(values) == seats and all(is_int(x) for x in values)):
        raise InputError(f"{what} are not {seats} numbers")
    if any(abs(x) >= MAX_POINTS for x in values):
        raise InputError(f"{what} are out of range")


def is_int(value) -> bool:
    return type(value) is int  # not bool


def is_number(value) -> bool:
    return type(value) in (int, float)


def _is_seat(value, seats: int) -> bool:
    return is_int(value) and 0 <= value < seats


NUKI_TEXT = "f44"  # a North set aside, among a three-player seat's discards
NORTH_CODE = 44


def _is_kan_string(code: str) -> bool:
    """A closed or added kan's text, or a nuki's: the moves of a turn before its discard."""
    return "a" in code or "k" in code or code == NUKI_TEXT


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
    return called, (caller + relative) % 4  # three-player too: seats 0..2 of a table of four (as the mjlog's m)


def _value_text(text: str, seats: int = 4) -> tuple[int | None, int, int]:
    """(fu, points, limit) from a value text: '30符1飜1000点', '満貫2000-4000点', '役満16000点∀'
    (with three seats a tsumo's points are those of the two payers)."""
    match = re.fullmatch(r"(?:([0-9]{1,3})符([0-9]{1,3})飜|([^0-9]+?))([0-9]{1,7})(?:-([0-9]{1,7}))?点(∀?)", text)
    if not match:
        raise InputError(f"bad win value {text[:30]!r}")
    fu, _, limit_name, first, second, everyone = match.groups()
    if limit_name is not None and limit_name not in LIMIT_NAMES:
        raise InputError(f"unknown limit {limit_name[:10]!r}")
    if second is not None:
        points = (seats - 2) * int(first) + int(second)  # a non-dealer's tsumo: the other children pay the first
    elif everyone:
        points = (seats - 1) * int(first)  # a dealer's tsumo: each pays the same
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
