"""The shared log model: what both Tenhou formats become once read.

A :class:`GameLog` holds the rules, the players, the seed string (mjlog only) and the
rounds; a :class:`RoundLog` holds its :class:`RoundInit` and its events in order. All
scores are in points (the mjlog writes hundreds). Seats are absolute (0..3, seat 0 is
the first player listed); a three-player game has three seats, and its scores three
entries (the mjlog writes a fourth, always 0). The readers (:mod:`game.records.mjlog_read`,
:mod:`game.records.tenhou6_read`) build it; the replay reads it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from game.rules.errors import InputError
from game.rules.melds import Meld


RANKED_BITS = 0xFF  # GO type bits of the ranked lobbies' rooms; a higher bit marks another kind of room


@dataclass(frozen=True)
class GameRules:
    """The rule switches of Tenhou's GO type bits (or the tenhou.net/6 ``rule.disp``),
    and the room's points: start, return and uma (in thousands, by rank).

    A ranked room starts at 25,000 and returns 30,000 (35,000 and 40,000 with three players),
    with Tenhou's uma of the log's era (``uma`` None). A room outside the ranked lobbies (a GO type bit above 0xFF) plays
    for its own stakes: with a ``csrule`` the custom lobby states start, return and uma,
    and its tied players share their ranks' uma; without one (the two such logs of
    tests/data: skill and gold rooms starting at 1,000), there is no uma or oka and the
    start (``start_points`` None) is the table's total at the first deal.
    """

    red_fives: bool = True
    open_tanyao: bool = True
    east_south: bool = True
    three_player: bool = False
    fast: bool = False
    start_points: int | None = 25000
    return_points: int | None = 30000  # None: the start points
    uma: tuple[int, ...] | None = None
    shared_ties: bool = False

    @classmethod
    def from_go_type(cls, bits: int, csrule: str | None = None) -> GameRules:
        """The switches of a GO ``type``: 169 is Tenhou's four-player east-south room.

        >>> GameRules.from_go_type(169).east_south, GameRules.from_go_type(169).start_points
        (True, 25000)
        >>> GameRules.from_go_type(185).three_player, GameRules.from_go_type(185).start_points  # 三鳳南喰赤
        (True, 35000)
        >>> rules = GameRules.from_go_type(257, "0FE0BF0B,0000001F,,,30000,30000,30000" + "," * 15 + "5,-5,-15")
        >>> rules.east_south, rules.start_points, rules.return_points, rules.uma, rules.shared_ties
        (False, 30000, 30000, (15, 5, -5, -15), True)
        """
        switches = dict(red_fives=not bits & 0x02, open_tanyao=not bits & 0x04, east_south=bool(bits & 0x08),
                        three_player=bool(bits & 0x10), fast=bool(bits & 0x40))
        if not bits & ~RANKED_BITS:
            if switches["three_player"]:  # Tenhou's three-player rooms: 35,000 returning 40,000
                return cls(**switches, start_points=35000, return_points=40000)
            return cls(**switches)
        if csrule is None:
            return cls(**switches, start_points=None, return_points=None,
                       uma=(0,) * (3 if switches["three_player"] else 4))
        return cls(**switches, **_custom_points(csrule))


def _custom_points(csrule: str) -> dict:
    """A custom lobby's points from its ``csrule``: start and return at fields 4 and 5,
    the uma of ranks 2..4 at fields 21..23 (first place takes what sums them to zero)."""
    fields = csrule.split(",")
    try:
        start, back = int(fields[4]), int(fields[5])
        lower = tuple(int(f) for f in fields[21:24])
    except (IndexError, ValueError):
        raise InputError(f"GO csrule {csrule[:40]!r} does not state the room's points") from None
    if len(lower) != 3 or not 0 < start < 10 ** 7 or not 0 < back < 10 ** 7 or max(map(abs, lower)) > 1000:
        raise InputError(f"GO csrule {csrule[:40]!r} does not state the room's points")
    return dict(start_points=start, return_points=back, uma=(-sum(lower), *lower), shared_ties=True)


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
    shuffle: str | None = None  # older mjlogs: the round's own shuffle record (INIT ``shuffle``), kept as written


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
    decimals: bool = True  # written with one decimal, as Tenhou's mjlog has them (-46.0); else whole (-46)


@dataclass(frozen=True)
class Agari:
    """A win (mjlog ``AGARI``)."""

    who: int
    from_who: int  # == who for tsumo
    hand: tuple[int, ...]  # concealed tiles, winning tile included (``hai``)
    melds: tuple[Meld, ...]  # ``m``: as Tenhou lists them, the latest call first
    win_tile: int  # ``machi``
    fu: int | None  # ``ten``'s fu (a yakuman's too; 0 for kokushi); a JSON's limit hand: the scorer's count
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
    ratio: str | None = None  # a special room's payout ratio (AGARI ``ratio``), kept as written

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
    tenpai: dict[int, tuple[int, ...]] | None  # seat -> concealed hand, for the hands shown; None: unknown
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
    # a format that leaves the order of play open (tenhou.net/6) offers its other readings of
    # the round here, for a replay whose first reading breaks the rules
    other_readings: Callable[[], Iterator[RoundLog]] | None = field(default=None, compare=False, repr=False)

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
    ref: str | None = None  # Tenhou's game id, "2016022509gm-0009-0000-b327da61": its date (JSON ``ref``)
    go_type: int | None = None  # the mjlog's GO type bits as written (room and rules)
    lobby: int | None = None
    # the GO tag's other attributes in order, kept as written: a custom lobby's title, rule,
    # ranking and csrule (its points: GameRules.from_go_type reads them)
    go_extras: tuple[tuple[str, str], ...] = ()

    @property
    def three_player(self) -> bool:
        return self.rules.three_player

    @property
    def owari(self) -> Owari | None:
        """The game's final result, or None for a log that stops before the end."""
        results = self.rounds[-1].results if self.rounds else []
        return results[-1].owari if results else None


def value_at(values: list, index: int):
    """``values[index]``, or None past the end (a log may list fewer players' details).

    >>> value_at([1500.0, 1600.0], 1), value_at([1500.0], 3)
    (1600.0, None)
    """
    return values[index] if index < len(values) else None
