"""Tenhou's game records: the mjlog meld bitfield, and readers for whole game logs.

``read_log(path)`` reads an mjlog XML or a tenhou.net/6 JSON file into a
:class:`GameLog` (rules, players, seed string, rounds; each round its
:class:`RoundInit` and its events in order): plain data for the replay.

The meld bitfield:

A call in an mjlog is ``<N who="2" m="47191"/>``: ``m`` packs the meld into 16 bits.
The low two bits say where the called tile came from, relative to the caller
(0 self, 1 right/shimocha, 2 across/toimen, 3 left/kamicha); bits 2..5 say the kind
(chi, pon, added kan, three-player nuki, else a kan); the rest names the tiles.

    >>> meld = decode_meld(47191, who=2)
    >>> meld.kind, meld.tiles, meld.called, meld.from_seat
    ('chi', (78, 82, 84), 82, 1)
    >>> encode_meld(meld, who=2)
    47191

The representation in :class:`game.melds.Meld`:

- chi, pon, open kan: ``called`` is the tile taken, ``from_seat`` the absolute seat
  ``(who + relative) % 4``.
- kakan: ``called`` is the original pon's called tile, ``added`` the fourth tile,
  ``from_seat`` the seat the pon was called from.
- ankan: ``from_seat`` is None; ``called`` is the copy the bitfield names (Tenhou
  writes a tile id there, usually copy 0 of the kind, but not always). Nobody called
  that tile: it is kept only so that ``encode_meld(decode_meld(m)) == m`` for every
  real log. A closed kan built by the game may leave ``called`` None; it is then
  written as copy 0.
- nuki (three-player north): not a Meld. ``decode_meld`` raises InputError for it;
  :func:`nuki_tile` / :func:`encode_nuki` handle it.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import unquote

from game.errors import InputError
from game.melds import Meld
from game.tiles import RED_FIVES

# Bits 2..5 of m: which kind of meld the rest of the bitfield describes.
_CHI_BIT, _PON_BIT, _KAKAN_BIT, _NUKI_BIT = 1 << 2, 1 << 3, 1 << 4, 1 << 5


def decode_meld(m: int, who: int) -> Meld:
    """The meld that bitfield ``m`` describes, called by absolute seat ``who``.

    >>> decode_meld(3689, who=0)        # a pon of 3m from the right
    Meld(kind='pon', tiles=(8, 9, 10), called=9, from_seat=1, added=None)
    >>> decode_meld(2560, who=1)        # a closed kan of 3m
    Meld(kind='ankan', tiles=(8, 9, 10, 11), called=10, from_seat=None, added=None)
    """
    if not 0 <= m < 1 << 16:
        raise InputError(f"meld bitfield {m} is not a 16-bit number")
    if not 0 <= who < 4:
        raise InputError(f"seat {who} is not 0..3")
    relative = m & 3
    from_seat = (who + relative) % 4
    if m & _CHI_BIT:
        return _decode_chi(m, from_seat)
    if m & (_PON_BIT | _KAKAN_BIT):
        return _decode_pon_or_kakan(m, from_seat)
    if m & _NUKI_BIT:
        raise InputError("three-player nuki is not a meld")
    return _decode_kan(m, relative, from_seat)


def encode_meld(meld: Meld, who: int) -> int:
    """Tenhou's bitfield for ``meld`` called by absolute seat ``who``; inverse of decode_meld.

    >>> encode_meld(Meld("pon", (8, 9, 10), called=9, from_seat=1), who=0)
    3689
    """
    relative = 0 if meld.from_seat is None else (meld.from_seat - who) % 4
    encoder = _ENCODERS[meld.kind]
    return encoder(meld, relative)


def nuki_tile(m: int) -> int | None:
    """The north tile set aside by a three-player nuki bitfield, or None if ``m`` is a meld.

    >>> nuki_tile(31008), nuki_tile(6729)
    (121, None)
    """
    if m & (_CHI_BIT | _PON_BIT | _KAKAN_BIT) or not m & _NUKI_BIT:
        return None
    return m >> 8


def encode_nuki(tile: int) -> int:
    """The bitfield of a three-player nuki of north tile ``tile``.

    >>> encode_nuki(121)
    31008
    """
    return tile << 8 | _NUKI_BIT


# --- chi: t = (suit * 7 + lowest number) * 3 + which tile was called; 2 copy bits per tile


def _decode_chi(m: int, from_seat: int) -> Meld:
    t, called_index = divmod(m >> 10, 3)
    if t >= 21:
        raise InputError(f"meld bitfield {m}: no chi starts at index {t}")
    base = (t // 7) * 9 + t % 7
    tiles = tuple((base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3))
    return Meld("chi", tiles, called=tiles[called_index], from_seat=from_seat)


def _encode_chi(meld: Meld, relative: int) -> int:
    tiles = sorted(meld.tiles)
    base = tiles[0] // 4
    t = (base // 9) * 7 + base % 9
    m = (t * 3 + tiles.index(meld.called)) << 10 | _CHI_BIT | relative
    for i, tile in enumerate(tiles):
        m |= (tile % 4) << (3 + 2 * i)
    return m


# --- pon and added kan: t = kind * 3 + which of the pon's tiles was called;
# 2 bits name the copy the pon leaves out (for an added kan: the added copy)


def _decode_pon_or_kakan(m: int, from_seat: int) -> Meld:
    other_copy = (m >> 5) & 3
    kind34, called_index = divmod(m >> 9, 3)
    if kind34 >= 34:
        raise InputError(f"meld bitfield {m}: no tile kind {kind34}")
    pon_tiles = tuple(kind34 * 4 + c for c in range(4) if c != other_copy)
    called = pon_tiles[called_index]
    if m & _PON_BIT:
        return Meld("pon", pon_tiles, called=called, from_seat=from_seat)
    all_four = tuple(kind34 * 4 + c for c in range(4))
    return Meld("kakan", all_four, called=called, from_seat=from_seat, added=kind34 * 4 + other_copy)


def _encode_pon(meld: Meld, relative: int) -> int:
    tiles = sorted(meld.tiles)
    kind34 = tiles[0] // 4
    other_copy = ({0, 1, 2, 3} - {t % 4 for t in tiles}).pop()
    return _pon_bits(kind34, tiles.index(meld.called), other_copy, relative) | _PON_BIT


def _encode_kakan(meld: Meld, relative: int) -> int:
    pon_tiles = sorted(t for t in meld.tiles if t != meld.added)
    kind34 = pon_tiles[0] // 4
    return _pon_bits(kind34, pon_tiles.index(meld.called), meld.added % 4, relative) | _KAKAN_BIT


def _pon_bits(kind34: int, called_index: int, other_copy: int, relative: int) -> int:
    return (kind34 * 3 + called_index) << 9 | other_copy << 5 | relative


# --- kans: the high byte is a tile id: the called tile of an open kan; for a closed
# kan, the copy Tenhou named (kept in Meld.called, see the module docstring)


def _decode_kan(m: int, relative: int, from_seat: int) -> Meld:
    named = m >> 8
    if m & 0xFC or named >= 136:
        raise InputError(f"meld bitfield {m} is not a kan Tenhou writes")
    tiles = tuple((named // 4) * 4 + c for c in range(4))
    if relative == 0:
        return Meld("ankan", tiles, called=named)
    return Meld("kan", tiles, called=named, from_seat=from_seat)


def _encode_kan(meld: Meld, relative: int) -> int:
    return meld.called << 8 | relative


def _encode_ankan(meld: Meld, relative: int) -> int:
    named = meld.called if meld.called is not None else min(meld.tiles)
    return named << 8


_ENCODERS = {
    "chi": _encode_chi,
    "pon": _encode_pon,
    "kakan": _encode_kakan,
    "kan": _encode_kan,
    "ankan": _encode_ankan,
}


# === the log readers ===================================================================
#
# Both Tenhou formats become the same plain data: a GameLog holds the rules, the
# players, the seed string (mjlog only) and the rounds; a round holds its RoundInit
# and its events in order. All scores are in points (the mjlog writes hundreds).
# Seats are absolute (0..3, seat 0 is the first player listed).


@dataclass(frozen=True)
class GameRules:
    """The rule switches of Tenhou's GO type bits (or the tenhou.net/6 ``rule.disp``)."""

    red_fives: bool = True
    open_tanyao: bool = True
    east_south: bool = True
    three_player: bool = False
    fast: bool = False

    @classmethod
    def from_go_type(cls, bits: int) -> GameRules:
        """The switches of a GO ``type``: 169 is Tenhou's four-player east-south room.

        >>> GameRules.from_go_type(169)
        GameRules(red_fives=True, open_tanyao=True, east_south=True, three_player=False, fast=False)
        """
        return cls(
            red_fives=not bits & 0x02,
            open_tanyao=not bits & 0x04,
            east_south=bool(bits & 0x08),
            three_player=bool(bits & 0x10),
            fast=bool(bits & 0x40),
        )


@dataclass(frozen=True)
class Player:
    name: str
    dan: int | None = None  # Tenhou's rank index: 0 新人 (beginner) ... 9 初段 (1st dan) ... 20 天鳳位
    rate: float | None = None
    sex: str | None = None  # Tenhou's "M" / "F" / "C"


@dataclass(frozen=True)
class RoundInit:
    """The start of a round (mjlog ``INIT``)."""

    round_index: int  # 0 East 1, 1 East 2, ..., 4 South 1, ...
    honba: int
    riichi_sticks: int
    dice: tuple[int, int] | None  # None in a tenhou.net/6 log, which does not record them
    dora_indicator: int
    scores: tuple[int, ...]  # points, by seat
    dealer: int
    # the 13 dealt tiles by seat (3 seats in three-player), in the log's order: as dealt
    # in an mjlog, sorted in a tenhou.net/6 log
    hands: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Draw:
    seat: int
    tile: int


@dataclass(frozen=True)
class Discard:
    seat: int
    tile: int
    tsumogiri: bool  # the tile just drawn


@dataclass(frozen=True)
class Call:
    """A chi, pon or kan (mjlog ``N``)."""

    seat: int
    meld: Meld


@dataclass(frozen=True)
class Nuki:
    """Three-player: a north tile set aside (mjlog ``N`` with the nuki bit)."""

    seat: int
    tile: int


@dataclass(frozen=True)
class Riichi:
    """step 1: declared (the discard follows); step 2: accepted, the stick paid."""

    seat: int
    step: int
    scores: tuple[int, ...] | None = None  # step 2: everyone's points after the stick, if logged


@dataclass(frozen=True)
class NewDora:
    """A kan dora indicator turned (mjlog ``DORA``)."""

    tile: int


@dataclass(frozen=True)
class Owari:
    """The end of the game: final points and Tenhou's results (points with uma, in thousands)."""

    scores: tuple[int, ...]
    results: tuple[float, ...]


@dataclass(frozen=True)
class Agari:
    """A win (mjlog ``AGARI``)."""

    who: int
    from_who: int  # == who for tsumo
    hand: tuple[int, ...]  # concealed tiles, winning tile included (``hai``)
    melds: tuple[Meld, ...]  # ``m``: as Tenhou lists them, the latest call first
    win_tile: int  # ``machi``
    fu: int | None  # ``ten``: fu (0 for yakuman); None when the record does not say
    points: int  # the hand's value without honba and sticks
    limit: int  # 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman
    yaku: tuple[tuple[int, int], ...]  # (Tenhou yaku id, han)
    yakuman: tuple[int, ...]  # Tenhou yaku ids, one per yakuman
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    scores: tuple[int, ...]  # points before the win
    deltas: tuple[int, ...]  # the win's changes, honba and sticks included
    honba: int
    riichi_sticks: int
    pao_who: int | None = None
    owari: Owari | None = None
    nukis: tuple[int, ...] = ()  # three-player: the north tiles set aside

    @property
    def tsumo(self) -> bool:
        return self.who == self.from_who


@dataclass(frozen=True)
class Ryuukyoku:
    """A drawn round (mjlog ``RYUUKYOKU``)."""

    reason: str | None  # None: wall exhausted; yao9 reach4 ron3 kan4 kaze4 nm
    scores: tuple[int, ...]
    deltas: tuple[int, ...]
    honba: int
    riichi_sticks: int
    tenpai: dict[int, tuple[int, ...]]  # seat -> concealed hand, for the hands shown
    owari: Owari | None = None


@dataclass(frozen=True)
class Bye:
    """A player dropped out (the server plays on for them)."""

    seat: int


@dataclass(frozen=True)
class Rejoin:
    seat: int


Event = Draw | Discard | Call | Nuki | Riichi | NewDora | Agari | Ryuukyoku | Bye | Rejoin


@dataclass
class RoundLog:
    init: RoundInit
    events: list[Event] = field(default_factory=list)

    @property
    def results(self) -> list[Agari | Ryuukyoku]:
        """The round's wins (several on a double ron) or its draw; empty if the log stops."""
        return [e for e in self.events if isinstance(e, (Agari, Ryuukyoku))]


@dataclass
class GameLog:
    rules: GameRules
    players: list[Player]
    seed: str | None  # the SHUFFLE seed string (mjlog only)
    rounds: list[RoundLog]

    @property
    def three_player(self) -> bool:
        return self.rules.three_player

    @property
    def owari(self) -> Owari | None:
        """The game's final result, or None for a log that stops before the end."""
        results = self.rounds[-1].results if self.rounds else []
        return results[-1].owari if results else None


def read_log(path: str | Path) -> GameLog:
    """Read an mjlog XML or a tenhou.net/6 JSON file (chosen by its first character)."""
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path.name}: cannot read ({exc.__class__.__name__})") from None
    try:
        if text.lstrip().startswith("{"):
            return parse_tenhou6(text)
        return parse_mjlog(text)
    except InputError as exc:
        raise InputError(f"{path.name}: {exc}") from None


# --- mjlog XML -------------------------------------------------------------------------

DRAW_TAGS, DISCARD_TAGS = "TUVW", "DEFG"
ROUND_EVENT_TAGS = {"N", "REACH", "DORA", "AGARI", "RYUUKYOKU", "BYE"}  # a mid-game UN is a Rejoin
HEADER_TAGS = {"SHUFFLE", "GO", "UN", "TAIKYOKU"}


def parse_mjlog(text: str) -> GameLog:
    """A game from Tenhou's mjlog XML text.

    >>> hands = " ".join(f'hai{s}="{",".join(str(13 * s + i) for i in range(13))}"' for s in range(4))
    >>> game = parse_mjlog('<mjloggm ver="2.3"><GO type="169"/><UN n0="%41" n1="B" n2="C" n3="D"/>'
    ...     f'<INIT seed="0,0,0,2,3,60" ten="250,250,250,250" oya="0" {hands}/><T70/><D70/></mjloggm>')
    >>> game.players[0].name, game.rounds[0].init.dice, game.rounds[0].events
    ('A', (3, 4), [Draw(seat=0, tile=70), Discard(seat=0, tile=70, tsumogiri=True)])
    """
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise InputError(f"not a well-formed mjlog XML ({exc})") from None
    if root.tag != "mjloggm":
        raise InputError(f"an mjlog's root is <mjloggm>, not <{root.tag}>")
    reader = _MjlogReader()
    for element in root:
        try:
            reader.read(element)
        except InputError:
            raise
        except (ValueError, TypeError, KeyError, IndexError) as exc:  # e.g. too few numbers to unpack
            raise InputError(f"malformed <{element.tag}> ({exc.__class__.__name__}: {str(exc)[:60]})") from None
    if reader.rules is None:
        raise InputError("no <GO> tag: not a game log")
    return GameLog(reader.rules, reader.players, reader.seed, reader.rounds)


class _MjlogReader:
    """Reads an mjlog's tags in order, keeping what the next tag needs."""

    def __init__(self) -> None:
        self.rules: GameRules | None = None
        self.players: list[Player] = []
        self.seed: str | None = None
        self.rounds: list[RoundLog] = []
        self.last_draw: list[int | None] = [None] * 4

    def read(self, element: ET.Element) -> None:
        tag = element.tag
        if tag[:1] in DRAW_TAGS + DISCARD_TAGS and tag[1:].isdigit():
            self._draw_or_discard(tag)
        elif tag == "INIT":
            self.rounds.append(RoundLog(_round_init(element)))
            self.last_draw = [None] * 4
        elif tag == "UN" and self.rounds:  # mid-game: a player reconnects
            self._emit(_rejoin(element))
        elif tag in HEADER_TAGS:
            self._header(element)
        elif tag in ROUND_EVENT_TAGS:
            self._emit(_ROUND_EVENT_READERS[tag](element))
        else:
            raise InputError(f"unknown tag <{tag}>")

    def _header(self, element: ET.Element) -> None:
        if element.tag == "SHUFFLE":
            self.seed = element.get("seed")
        elif element.tag == "GO":
            self.rules = GameRules.from_go_type(_int(_attr(element, "type"), "GO type"))
        elif element.tag == "UN":
            self.players = _players(element)

    def _draw_or_discard(self, tag: str) -> None:
        tile = _tile(tag[1:], f"<{tag}>")
        if tag[0] in DRAW_TAGS:
            seat = DRAW_TAGS.index(tag[0])
            self.last_draw[seat] = tile
            self._emit(Draw(seat, tile))
        else:
            seat = DISCARD_TAGS.index(tag[0])
            self._emit(Discard(seat, tile, tsumogiri=tile == self.last_draw[seat]))
            self.last_draw[seat] = None

    def _emit(self, event: Event) -> None:
        if not self.rounds:
            if isinstance(event, Bye):
                return  # a player left before the first deal: nothing to attach it to
            raise InputError(f"{type(event).__name__.lower()} before the first <INIT>")
        self.rounds[-1].events.append(event)


def _players(element: ET.Element) -> list[Player]:
    count = 4 if element.get("n3") else 3  # three-player logs leave n3 empty
    names = [unquote(element.get(f"n{seat}", "")) for seat in range(count)]
    dans = _numbers(element.get("dan"), int, "UN dan")
    rates = _numbers(element.get("rate"), float, "UN rate")
    sexes = element.get("sx", "").split(",") if element.get("sx") else []
    return [
        Player(name, _at(dans, seat), _at(rates, seat), _at(sexes, seat))
        for seat, name in enumerate(names)
    ]


def _rejoin(element: ET.Element) -> Rejoin:
    seats = [seat for seat in range(4) if element.get(f"n{seat}") is not None]
    if len(seats) != 1:
        raise InputError("a mid-game <UN> names one player")
    return Rejoin(seats[0])


def _round_init(element: ET.Element) -> RoundInit:
    fields = _ints(_attr(element, "seed"), "INIT seed")
    if len(fields) != 6:
        raise InputError(f"INIT seed has {len(fields)} numbers, not 6")
    round_index, honba, sticks, die1, die2, dora = fields
    scores = tuple(100 * s for s in _ints(_attr(element, "ten"), "INIT ten"))
    hands = [_tiles(element.get(f"hai{seat}", ""), f"INIT hai{seat}") for seat in range(4)]
    if not hands[3]:
        hands = hands[:3]  # three-player
    if any(len(hand) != 13 for hand in hands):
        raise InputError("an INIT hand does not hold 13 tiles")
    if len(scores) not in (len(hands), 4):
        raise InputError(f"INIT ten holds {len(scores)} scores")
    dealer = _int(_attr(element, "oya"), "INIT oya")
    if not (0 <= die1 < 6 and 0 <= die2 < 6 and 0 <= dealer < len(hands)):
        raise InputError("INIT dice or dealer out of range")
    return RoundInit(round_index, honba, sticks, (die1 + 1, die2 + 1), _check_tile(dora, "INIT dora"),
                     scores, dealer, tuple(tuple(hand) for hand in hands))


def _call(element: ET.Element) -> Call | Nuki:
    who = _seat_of(element, "N")
    m = _int(_attr(element, "m"), "N m")
    tile = nuki_tile(m)
    if tile is not None:
        return Nuki(who, tile)
    return Call(who, decode_meld(m, who))


def _riichi(element: ET.Element) -> Riichi:
    step = _int(_attr(element, "step"), "REACH step")
    if step not in (1, 2):
        raise InputError(f"REACH step {step} is not 1 or 2")
    ten = element.get("ten")
    scores = tuple(100 * s for s in _ints(ten, "REACH ten")) if ten else None
    return Riichi(_seat_of(element, "REACH"), step, scores)


def _agari(element: ET.Element) -> Agari:
    fu, points, limit = _ints(_attr(element, "ten"), "AGARI ten")
    yaku_numbers = _ints(element.get("yaku", ""), "AGARI yaku")
    if len(yaku_numbers) % 2:
        raise InputError("AGARI yaku holds an odd count of numbers")
    who = _seat_of(element, "AGARI")
    bitfields = _ints(element.get("m", ""), "AGARI m")
    melds = tuple(decode_meld(m, who) for m in bitfields if nuki_tile(m) is None)
    nukis = tuple(nuki_tile(m) for m in bitfields if nuki_tile(m) is not None)
    honba, sticks = _pair(element, "ba", "AGARI")
    scores, deltas = _score_pairs(element, "AGARI")
    pao = element.get("paoWho")
    return Agari(
        who=who,
        from_who=_seat_of(element, "AGARI", "fromWho"),
        hand=tuple(_tiles(_attr(element, "hai"), "AGARI hai")),
        melds=melds,
        win_tile=_tile(_attr(element, "machi"), "AGARI machi"),
        fu=fu, points=points, limit=limit,
        yaku=tuple(zip(yaku_numbers[::2], yaku_numbers[1::2])),
        yakuman=tuple(_ints(element.get("yakuman", ""), "AGARI yakuman")),
        dora_indicators=tuple(_tiles(_attr(element, "doraHai"), "AGARI doraHai")),
        ura_indicators=tuple(_tiles(element.get("doraHaiUra", ""), "AGARI doraHaiUra")),
        scores=scores, deltas=deltas, honba=honba, riichi_sticks=sticks,
        pao_who=None if pao is None else _int(pao, "AGARI paoWho"),
        owari=_owari(element),
        nukis=nukis,
    )


def _ryuukyoku(element: ET.Element) -> Ryuukyoku:
    honba, sticks = _pair(element, "ba", "RYUUKYOKU")
    scores, deltas = _score_pairs(element, "RYUUKYOKU")
    tenpai = {
        seat: tuple(_tiles(element.get(f"hai{seat}"), f"RYUUKYOKU hai{seat}"))
        for seat in range(4)
        if element.get(f"hai{seat}") is not None
    }
    return Ryuukyoku(element.get("type"), scores, deltas, honba, sticks, tenpai, _owari(element))


_ROUND_EVENT_READERS = {
    "N": _call,
    "REACH": _riichi,
    "DORA": lambda element: NewDora(_tile(_attr(element, "hai"), "DORA hai")),
    "AGARI": _agari,
    "RYUUKYOKU": _ryuukyoku,
    "BYE": lambda element: Bye(_seat_of(element, "BYE")),
}


def _owari(element: ET.Element) -> Owari | None:
    text = element.get("owari")
    if text is None:
        return None
    numbers = _numbers(text, float, "owari")
    if len(numbers) % 2:
        raise InputError("owari holds an odd count of numbers")
    return Owari(tuple(round(100 * s) for s in numbers[::2]), tuple(numbers[1::2]))


def _score_pairs(element: ET.Element, where: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    numbers = _ints(_attr(element, "sc"), f"{where} sc")
    if len(numbers) % 2:
        raise InputError(f"{where} sc holds an odd count of numbers")
    return tuple(100 * s for s in numbers[::2]), tuple(100 * d for d in numbers[1::2])


def _pair(element: ET.Element, name: str, tag: str) -> tuple[int, int]:
    where = f"{tag} {name}"
    numbers = _ints(_attr(element, name), where)
    if len(numbers) != 2:
        raise InputError(f"{where} holds {len(numbers)} numbers, not 2")
    return numbers[0], numbers[1]


# --- small readers that turn bad text into one-line InputErrors


def _attr(element: ET.Element, name: str) -> str:
    value = element.get(name)
    if value is None:
        raise InputError(f"<{element.tag}> lacks its {name} attribute")
    return value


def _seat_of(element: ET.Element, where: str, name: str = "who") -> int:
    seat = _int(_attr(element, name), f"{where} {name}")
    if not 0 <= seat < 4:
        raise InputError(f"{where} {name}={seat} is not a seat")
    return seat


def _int(text: str, where: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(f"{where}: {text[:20]!r} is not a number") from None


def _numbers(text: str | None, kind: type, where: str) -> list:
    if not text:
        return []
    try:
        return [kind(part) for part in text.split(",")]
    except ValueError:
        raise InputError(f"{where}: {text[:40]!r} is not a list of numbers") from None


def _ints(text: str | None, where: str) -> list[int]:
    return _numbers(text, int, where)


def _check_tile(tile: int, where: str) -> int:
    if not 0 <= tile < 136:
        raise InputError(f"{where}: {tile} is not a tile id")
    return tile


def _tile(text: str, where: str) -> int:
    return _check_tile(_int(text, where), where)


def _tiles(text: str, where: str) -> list[int]:
    return [_check_tile(tile, where) for tile in _ints(text, where)]


def _at(values: list, index: int):
    return values[index] if index < len(values) else None


# --- tenhou.net/6 JSON --------------------------------------------------------------------
#
# The JSON log lists, per round, each seat's dealt hand, its takes (draws, or a call
# string such as "c252627" / "4545p45" / "25m252525") and its discards (60 = the tile
# just drawn, "r17" a riichi discard, "2525k2525" an added kan, "252525a52" a closed
# kan, 0 the place-holder after an open kan). It names tiles by kind, not copy, and
# does not record dice or the seed: the reader gives each tile the lowest free copy of
# its kind (copy 0 of a five only to the red five) and leaves dice None, so a JSON log
# and the mjlog of the same game agree up to copy numbers. The order of events is
# rebuilt from the turn rules: the dealer draws first, a call takes the turn, and
# Tenhou's timing of kan dora (as game.round has it: a closed kan's at once, written
# before its replacement draw as in the mjlog; an open or added kan's at its maker's
# discard, or at the next kan) and of riichi acceptance is reproduced. A three-player
# log gives its rules and players only: its rounds are not read.

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


def parse_tenhou6(text: str) -> GameLog:
    """A game from a tenhou.net/6 JSON log (the format review tools read); a three-player
    log gives its rules and players, and no rounds."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise InputError(f"not a tenhou.net/6 JSON log ({exc.__class__.__name__}: {str(exc)[:60]})") from None
    try:
        return _tenhou6_game(data)
    except InputError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, StopIteration) as exc:
        raise InputError(f"malformed tenhou.net/6 log ({exc.__class__.__name__}: {str(exc)[:60]})") from None


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
        Player(str(name), _dan_index(_at(data.get("dan", []), seat)), _at(data.get("rate", []), seat),
               _at(data.get("sx", []), seat))
        for seat, name in enumerate(names)
    ]
    if three_player:  # the round reader knows four seats only; the replay reports the game unsupported
        return GameLog(rules, players, None, [])
    rounds = [_Tenhou6Round(raw, red).read() for raw in data["log"]]
    if rounds and "sc" in data:
        _attach_owari(rounds[-1], data["sc"])
    return GameLog(rules, players, None, rounds)


def _dan_index(name: str | None) -> int | None:
    return DAN_NAMES.index(name) if name in DAN_NAMES else None


def _attach_owari(last: RoundLog, final: list) -> None:
    if not last.results:
        return
    owari = Owari(tuple(int(s) for s in final[::2]), tuple(float(r) for r in final[1::2]))
    index = last.events.index(last.results[-1])
    last.events[index] = replace(last.events[index], owari=owari)


class _Tenhou6Round:
    """Rebuilds one round's events from a tenhou.net/6 round array."""

    seats = 4

    def __init__(self, raw: list, red: bool) -> None:
        if not isinstance(raw, list) or len(raw) != 4 + 3 * self.seats + 1:
            raise InputError("a tenhou.net/6 round has the wrong number of parts")
        self.raw = raw
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
        """Rebuild the events; returns the seat whose riichi discard ended the play, if any."""
        takes = [list(self.raw[5 + 3 * seat]) for seat in range(self.seats)]
        discards = [list(self.raw[6 + 3 * seat]) for seat in range(self.seats)]
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
        name = result[0] if result else "不明"
        if name == "和了":
            for k in range(1, len(result), 2):
                self.events.append(self._agari(result[k], result[k + 1], honba))
                # a double ron's second win is logged after the first's payments
                self.scores = [s + d for s, d in zip(self.scores, result[k])]
                self.sticks = 0
        elif name in DRAW_REASONS:
            deltas = tuple(result[1]) if len(result) > 1 else (0,) * self.seats
            self.events.append(Ryuukyoku(DRAW_REASONS[name], tuple(self.scores), deltas, honba, self.sticks,
                                         self._tenpai(name, deltas)))
        else:
            raise InputError(f"unknown round result {str(name)[:20]!r}")

    def _tenpai(self, name: str, deltas: tuple) -> dict[int, tuple[int, ...]]:
        """The hands shown at an exhaustive draw (the JSON tells tenpai only through the payments)."""
        if name == "全員聴牌":
            shown = range(self.seats)
        elif name == "流局":
            shown = [seat for seat, delta in enumerate(deltas) if delta > 0]
        else:
            shown = []
        return {seat: tuple(sorted(self.hands[seat])) for seat in shown}

    def _agari(self, deltas: list, info: list, honba: int) -> Agari:
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


def _is_kan_string(code: str) -> bool:
    return "a" in code or "k" in code


def _codes(text: str) -> list[int]:
    if len(text) % 2 or not text.isdigit():
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
    match = re.fullmatch(r"(?:(\d+)符(\d+)飜|(\D+?))(\d+)(?:-(\d+))?点(∀?)", text)
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
        match = re.fullmatch(r"(.+)\((?:(\d+)飜|役満)\)", text)
        if not match or match[1] not in YAKU_IDS:
            raise InputError(f"unknown yaku {text[:20]!r}")
        if match[2] is None:
            yakuman.append(YAKU_IDS[match[1]])
        else:
            yaku.append((YAKU_IDS[match[1]], int(match[2])))
    return tuple(yaku), tuple(yakuman)
