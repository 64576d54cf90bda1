"""The mjlog XML reader: Tenhou's own log format, tag by tag, into a GameLog.

An mjlog is ``<mjloggm>`` holding the header (``SHUFFLE`` seed, ``GO`` rules, ``UN``
players, ``TAIKYOKU``) and then, per round, an ``INIT`` and its events: draws
``T``/``U``/``V``/``W`` and discards ``D``/``E``/``F``/``G`` by seat with the tile id in
the tag's name, calls ``N`` (see :mod:`game.records.meld_codec`), ``REACH``, ``DORA``,
and the result ``AGARI`` or ``RYUUKYOKU`` (the last one with ``owari``, the final
figures). Scores are written in hundreds.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from urllib.parse import unquote

from engine.tasks import TaskGen, run_to_end
from game.rules.errors import InputError, in_words
from game.records.meld_codec import decode_meld, nuki_tile
from game.records.model import (
    Agari, Bye, Call, Discard, Draw, Event, GameLog, GameRules, NewDora, Nuki, Owari, Player, Riichi, Rejoin,
    RoundInit, RoundLog, Ryuukyoku, value_at,
)

DRAW_TAGS, DISCARD_TAGS = "TUVW", "DEFG"
ROUND_EVENT_TAGS = {"N", "REACH", "DORA", "AGARI", "RYUUKYOKU", "BYE"}  # a mid-game UN is a Rejoin
HEADER_TAGS = {"SHUFFLE", "GO", "UN", "TAIKYOKU"}
FEED_CHARS = 1024  # XML read per step of ``parse_mjlog_task``: about 2.5 ms under the memory tracer


def parse_mjlog(text: str) -> GameLog:
    """A game from Tenhou's mjlog XML text.

    >>> hands = " ".join(f'hai{s}="{",".join(str(13 * s + i) for i in range(13))}"' for s in range(4))
    >>> game = parse_mjlog('<mjloggm ver="2.3"><GO type="169"/><UN n0="%41" n1="B" n2="C" n3="D"/>'
    ...     f'<INIT seed="0,0,0,2,3,60" ten="250,250,250,250" oya="0" {hands}/><T70/><D70/></mjloggm>')
    >>> game.players[0].name, game.rounds[0].init.dice, game.rounds[0].events
    ('A', (3, 4), [Draw(seat=0, tile=70), Discard(seat=0, tile=70, tsumogiri=True)])
    """
    return run_to_end(parse_mjlog_task(text))


def parse_mjlog_task(text: str) -> TaskGen[GameLog]:
    """Task: ``parse_mjlog`` in steps, ``FEED_CHARS`` of the XML a step (Expat's pull parser:
    the tags are read as they come)."""
    parser = ET.XMLPullParser(events=("start", "end"))
    reader = _MjlogReader()
    depth = 0
    for at in range(0, len(text), FEED_CHARS):
        for event, element in _pulled(parser, text[at:at + FEED_CHARS]):
            depth += 1 if event == "start" else -1
            if event == "start" and depth == 1 and element.tag != "mjloggm":
                raise InputError(f"an mjlog's root is <mjloggm>, not <{element.tag}>")
            if event == "end" and depth == 1:  # a tag of the game, read whole
                _read_tag(reader, element)
        yield
    _pulled(parser, None)
    if reader.rules is None:
        raise InputError("no <GO> tag: not a game log")
    _check_results(reader.rounds)
    for number, one_round in enumerate(reader.rounds, start=1):
        _check_tiles(number, one_round)
    return GameLog(reader.rules, reader.players, reader.seed, reader.rounds,
                   go_type=reader.go_type, lobby=reader.lobby, go_extras=reader.go_extras)


def _pulled(parser: ET.XMLPullParser, text: str | None) -> list[tuple[str, ET.Element]]:
    """The events ``text`` completes (None: the end of the text); InputError when it is no XML."""
    try:
        if text is None:
            parser.close()
        else:
            parser.feed(text)
        return list(parser.read_events())
    except ET.ParseError as exc:
        raise InputError(f"not a well-formed mjlog XML ({exc})") from None


def _read_tag(reader: _MjlogReader, element: ET.Element) -> None:
    try:
        reader.read(element)
    except InputError:
        raise
    except (ValueError, TypeError, KeyError, IndexError) as exc:  # e.g. too few numbers to unpack
        raise InputError(f"malformed <{element.tag}> ({in_words(exc)})") from None


def _check_results(rounds: list[RoundLog]) -> None:
    """Every round but the last ends in a result (a log may stop mid-round, but a round
    followed by another was played out): a stripped result is refused, not guessed."""
    for number, one_round in enumerate(rounds[:-1], start=1):
        if not one_round.results:
            raise InputError(f"round {number} has no result (no <AGARI> or <RYUUKYOKU> before the next <INIT>)")


def _check_tiles(number: int, one_round: RoundLog) -> None:
    """Each tile id of a round comes out of the wall once: dealt, drawn or turned as an indicator
    (a tile dealt to two seats is no game, whatever the reader after this would make of it).

    >>> _check_tiles(1, RoundLog(RoundInit(0, 0, 0, (1, 1), 5, (250,) * 4, 0, ((5, *range(12)),) + ((),) * 3)))
    Traceback (most recent call last):
    game.rules.errors.InputError: round 1: tile 5 comes out of the wall twice (the dora indicator, dealt to seat 0)
    """
    init = one_round.init
    places = [(init.dora_indicator, "the dora indicator")]
    places += [(tile, f"dealt to seat {seat}") for seat, hand in enumerate(init.hands) for tile in hand]
    ura = next((e.ura_indicators for e in one_round.events if isinstance(e, Agari) and e.ura_indicators), ())
    places += [(tile, "an ura-dora indicator") for tile in ura]
    for event in one_round.events:
        if isinstance(event, Draw):
            places.append((event.tile, f"drawn by seat {event.seat}"))
        elif isinstance(event, NewDora):
            places.append((event.tile, "a kan dora indicator"))
    first: dict[int, str] = {}
    for tile, where in places:
        if tile in first:
            raise InputError(f"round {number}: tile {tile} comes out of the wall twice ({first[tile]}, {where})")
        first[tile] = where


class _MjlogReader:
    """Reads an mjlog's tags in order, keeping what the next tag needs."""

    def __init__(self) -> None:
        self.rules: GameRules | None = None
        self.players: list[Player] = []
        self.seed: str | None = None
        self.rounds: list[RoundLog] = []
        self.go_type: int | None = None
        self.lobby: int | None = None
        self.go_extras: tuple[tuple[str, str], ...] = ()
        self.last_draw: list[int | None] = [None] * 4

    def read(self, element: ET.Element) -> None:
        tag = element.tag
        if tag[:1] in DRAW_TAGS + DISCARD_TAGS and tag[1:].isascii() and tag[1:].isdigit():
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
            self.go_type = _int(_attr(element, "type"), "GO type")
            self.rules = GameRules.from_go_type(self.go_type, element.get("csrule"))
            self.lobby = _int(element.get("lobby"), "GO lobby") if element.get("lobby") else None
            self.go_extras = tuple((k, v) for k, v in element.attrib.items() if k not in ("type", "lobby"))
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
        seats = len(self.rounds[-1].init.hands)
        if seats == 3:
            event = _three_seats(event)
        if getattr(event, "seat", 0) >= seats or getattr(event, "who", 0) >= seats:
            raise InputError(f"{type(event).__name__.lower()} by seat {max(getattr(event, 'seat', 0), getattr(event, 'who', 0))} "
                             f"at a table of {seats}")
        self.rounds[-1].events.append(event)


def _three_seats(event: Event) -> Event:
    """A three-player event's figures for its three seats: the mjlog writes a fourth score,
    delta and final figure, always 0, which the model leaves out (the writer puts them back)."""
    changes = {}
    for name in ("scores", "deltas"):
        values = getattr(event, name, None)
        if values is not None and len(values) == 4:
            if values[3]:
                raise InputError(f"a three-player {type(event).__name__.lower()} gives the absent fourth seat {values[3]}")
            changes[name] = values[:3]
    owari = getattr(event, "owari", None)
    if owari is not None and len(owari.scores) == 4:
        changes["owari"] = replace(owari, scores=owari.scores[:3], results=owari.results[:3])
    return replace(event, **changes) if changes else event


def _players(element: ET.Element) -> list[Player]:
    count = 4 if element.get("n3") else 3  # three-player logs leave n3 empty
    names = [unquote(element.get(f"n{seat}", "")) for seat in range(count)]
    dans = _numbers(element.get("dan"), int, "UN dan")
    rates = _numbers(element.get("rate"), float, "UN rate")
    sexes = element.get("sx", "").split(",") if element.get("sx") else []
    return [
        Player(name, value_at(dans, seat), value_at(rates, seat), value_at(sexes, seat))
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
    scores = scores[:len(hands)]  # a three-player INIT writes a fourth score, always 0
    dealer = _int(_attr(element, "oya"), "INIT oya")
    if not (0 <= die1 < 6 and 0 <= die2 < 6 and 0 <= dealer < len(hands)):
        raise InputError("INIT dice or dealer out of range")
    return RoundInit(round_index, honba, sticks, (die1 + 1, die2 + 1), _check_tile(dora, "INIT dora"),
                     scores, dealer, tuple(tuple(hand) for hand in hands), element.get("shuffle"))


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
        ratio=element.get("ratio"),
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
    decimals = "." in text.split(",", 2)[1] if "," in text else False
    return Owari(tuple(round(100 * s) for s in numbers[::2]), tuple(numbers[1::2]), decimals)


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


# the numbers an mjlog writes: ASCII digits, at most 9 of them (int() would also take
# "1_000", " 7", "٣" or 5,000 digits; float() "inf", "nan" and "1e999")
_INT = re.compile(r"-?[0-9]{1,9}")
_DECIMAL = re.compile(r"-?[0-9]{1,9}(?:\.[0-9]{1,9})?")


def _int(text: str, where: str) -> int:
    """An mjlog integer, or a one-line InputError.

    >>> _int("٣", "INIT oya")
    Traceback (most recent call last):
    game.rules.errors.InputError: INIT oya: '٣' is not a number
    """
    if not _INT.fullmatch(text):
        raise InputError(f"{where}: {text[:20]!r} is not a number") from None
    return int(text)


def _numbers(text: str | None, kind: type, where: str) -> list:
    if not text:
        return []
    pattern = _INT if kind is int else _DECIMAL
    parts = text.split(",")
    if not all(pattern.fullmatch(part) for part in parts):
        raise InputError(f"{where}: {text[:40]!r} is not a list of numbers")
    return [kind(part) for part in parts]


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
