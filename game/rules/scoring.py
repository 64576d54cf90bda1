"""Scoring: fu, han, limits and payments of a winning hand, as Tenhou counts them.

``score_hand`` reads the hand every way it can (game.rules.readings), finds each reading's
yaku (game.rules.yaku) and fu, and keeps the reading worth most (then most han, then most
fu). ``win_deltas`` turns the result into the four players' score changes.

    >>> from game.rules.tiles import parse_tiles
    >>> hand = parse_tiles("123m456p789s55p234s")     # won by drawing the 4s
    >>> s = score_hand(hand, hand[-1], [], WinSituation(riichi=True, tsumo=True, seat_wind=1))
    >>> s.yaku, s.han, s.fu, s.limit, s.total, s.payments
    ([(0, 1), (1, 1), (7, 1)], 3, 20, 'none', 2700, {'dealer': 1300, 'non_dealer': 700})
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.errors import InputError
from game.rules.melds import Meld
from game.rules.readings import Reading, readings
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.tiles import DRAGON_KINDS, EAST, YAOCHUU_KINDS
from game.rules.yaku import LIABLE_YAKUMAN, YAKU, Win, WinSituation, find_yaku

__all__ = ["HandScore", "WinSituation", "score_hand", "win_deltas", "check_situation", "fu_of", "base_points"]

YAOCHUU_SET = frozenset(YAOCHUU_KINDS)
LIMITS = ("none", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")  # Tenhou's 0..5
YAKUMAN_BASE = 8000


@dataclass(slots=True)
class HandScore:
    """The value of one win (or why it is not one: ``error``).

    yaku: (Tenhou id, han), yakuman 13 each. total: the points the hand is worth
    without honba or sticks (Tenhou's ``ten``). payments: what each payer hands over,
    honba included: ``{"discarder": n}`` for ron, ``{"dealer": n, "non_dealer": m}``
    for a non-dealer tsumo (m from each), ``{"non_dealer": m}`` for a dealer tsumo.
    base: basic points (fu x 2^(han+2), or the limit's). liable_yakuman: how many of the
    yakuman make a pao player liable (daisangen, daisuushii); with any, the liable player
    answers for the whole hand (see win_deltas).
    """

    error: str | None = None
    yaku: list[tuple[int, int]] = field(default_factory=list)
    han: int = 0
    fu: int = 0
    limit: str = "none"
    yakuman: int = 0
    total: int = 0
    payments: dict[str, int] = field(default_factory=dict)
    base: int = 0
    dealer: bool = False
    tsumo: bool = False
    liable_yakuman: int = 0
    reading: Reading | None = None

    @property
    def limit_index(self) -> int:
        """Tenhou's third ``ten`` figure: 0 none, 1 mangan ... 5 yakuman."""
        return LIMITS.index(self.limit)


def _round_up_100(points: int) -> int:
    return -(-points // 100) * 100


def fu_of(reading: Reading, win: Win, pinfu: bool) -> int:
    """Fu of one reading, rounded up to 10 (chiitoitsu 25; kokushi 0, as the oracle says).

        >>> from game.rules.readings import Group, regular_reading
        >>> from game.rules.tiles import parse_tiles
        >>> groups = (Group(0, False), Group(9, True), Group(18, True), Group(27, False, open=True))
        >>> r = regular_reading(groups, 31, "tanki")     # 111m 123p 123s, called 111z, 55z tanki
        >>> pon = Meld("pon", (108, 109, 110), called=110, from_seat=1)
        >>> fu_of(r, Win(parse_tiles("111m123p123s55z"), 124, [pon], WinSituation()), pinfu=False)
        40
    """
    if reading.form != "regular":
        return 25 if reading.form == "chiitoitsu" else 0
    s = win.situation
    tsumo = s.tsumo
    if pinfu:
        return 20 if tsumo else 30
    fu = 20 + (10 if win.closed and not tsumo else 0) + (2 if tsumo else 0)
    for first, run, called, kan in reading.groups:
        if not run:
            fu += (2 if called else 4) * (2 if first in YAOCHUU_SET else 1) * (4 if kan else 1)
    pair = reading.pair
    if pair >= EAST:  # a value pair: dragons, the seat wind, the round wind (a double wind twice)
        fu += 2 * ((pair in DRAGON_KINDS) + (pair == EAST + s.seat_wind) + (pair == EAST + s.round_wind))
    if reading.wait in ("kanchan", "penchan", "tanki"):
        fu += 2
    fu = -(-fu // 10) * 10
    return 30 if fu == 20 else fu  # an open hand of pinfu shape is 30 fu


def base_points(han: int, fu: int, yakuman: int, ruleset: Ruleset = TENHOU) -> tuple[int, str]:
    """Basic points and the limit name for han and fu (yakuman: how many).

        >>> base_points(4, 30, 0), base_points(4, 30, 0, Ruleset(kiriage_mangan=True))
        ((1920, 'none'), (2000, 'mangan'))
        >>> base_points(13, 40, 0), base_points(26, 40, 2)
        ((8000, 'yakuman'), (16000, 'yakuman'))
    """
    if yakuman:
        return YAKUMAN_BASE * yakuman, "yakuman"
    if han < 5:
        base = fu << (han + 2)
        if base > 2000 or (ruleset.kiriage_mangan and (han, fu) in ((4, 30), (3, 60))):
            return 2000, "mangan"
        return base, "none"
    if han >= 13:
        return (YAKUMAN_BASE, "yakuman") if ruleset.kazoe_yakuman else (6000, "sanbaiman")
    return _LIMIT_BY_HAN[han]


_LIMIT_BY_HAN = {5: (2000, "mangan"), 6: (3000, "haneman"), 7: (3000, "haneman"), 8: (4000, "baiman"),
                 9: (4000, "baiman"), 10: (4000, "baiman"), 11: (6000, "sanbaiman"), 12: (6000, "sanbaiman")}


def _payments(base: int, dealer: bool, tsumo: bool, honba: int, ruleset: Ruleset) -> dict[str, int]:
    per_honba_each = ruleset.honba_tsumo
    if not tsumo:
        return {"discarder": _round_up_100(base * (6 if dealer else 4)) + ruleset.honba_ron * honba}
    if dealer:
        return {"non_dealer": _round_up_100(base * 2) + per_honba_each * honba}
    return {"dealer": _round_up_100(base * 2) + per_honba_each * honba,
            "non_dealer": _round_up_100(base) + per_honba_each * honba}


def _total(base: int, dealer: bool, tsumo: bool, players: int = 4) -> int:
    """What the winner collects without honba: one discarder's payment, or the tsumo payments
    of the others (in three-player the absent seat's share is lost: a mangan by tsumo is
    2,000 + 4,000, as Tenhou's three-player logs pay it)."""
    if not tsumo:
        return _round_up_100(base * (6 if dealer else 4))
    if dealer:
        return (players - 1) * _round_up_100(base * 2)
    return _round_up_100(base * 2) + (players - 2) * _round_up_100(base)


MAX_DORA_INDICATORS = 5  # the first indicator and one per kan on the table, whoever made it


def _riichi(s: WinSituation) -> bool:
    return s.riichi or s.double_riichi


# (flags, what each needs, the message when it is missing); ``closed``: no called meld
_SITUATION_RULES = (
    (("riichi", "double_riichi", "ippatsu"), lambda s, closed, melds: closed, "{} needs a closed hand"),
    (("ippatsu",), lambda s, closed, melds: _riichi(s), "ippatsu needs riichi"),
    (("rinshan", "haitei", "tenhou", "chiihou"), lambda s, closed, melds: s.tsumo, "{} is a tsumo win"),
    (("chankan", "houtei", "renhou"), lambda s, closed, melds: not s.tsumo, "{} is a ron win"),
    (("haitei",), lambda s, closed, melds: not s.rinshan, "haitei and rinshan cannot both be"),
    (("houtei",), lambda s, closed, melds: not s.chankan, "houtei and chankan cannot both be"),
    (("rinshan",), lambda s, closed, melds: any(m.is_kan for m in melds), "rinshan needs a kan of the winner's"),
    # the winner's own kan ends ippatsu before its replacement tile is drawn
    (("ippatsu",), lambda s, closed, melds: not s.rinshan, "ippatsu and rinshan cannot both be"),
    # riichi needs 4 tiles left to draw, so the turn after it never reaches the last discard
    (("ippatsu",), lambda s, closed, melds: not s.houtei, "ippatsu and houtei cannot both be"),
    (("tenhou", "chiihou", "renhou"), lambda s, closed, melds: not melds, "{} needs a hand without melds"),
    (("tenhou", "chiihou", "renhou"), lambda s, closed, melds: not _riichi(s), "{} comes before any riichi"),
    (("tenhou", "chiihou", "renhou"), lambda s, closed, melds: not (s.haitei or s.houtei or s.chankan),
     "{} is in the first turn: no haitei, houtei or chankan"),
    (("tenhou", "chiihou", "renhou"), lambda s, closed, melds: len(s.dora_indicators) <= 1,
     "{} is in the first turn, before any kan: one dora indicator at most"),
    (("tenhou",), lambda s, closed, melds: s.dealer, "tenhou is the dealer's"),
    (("chiihou", "renhou"), lambda s, closed, melds: not s.dealer, "{} is a non-dealer's"),
)


def check_situation(situation: WinSituation, melds: list[Meld]) -> None:
    """InputError when the flags contradict each other, the melds or the indicators.

    Dora indicators: 1 to 5 whatever the winner's own kans (another player's kan turns a
    kan-dora too); ura-dora indicators: no more than the dora indicators.

        >>> check_situation(WinSituation(ippatsu=True), [])
        Traceback (most recent call last):
        ...
        game.rules.errors.InputError: ippatsu needs riichi
        >>> check_situation(WinSituation(riichi=True, dora_indicators=(0, 4, 8)), [])   # others' kans
    """
    if len(situation.dora_indicators) > MAX_DORA_INDICATORS:
        raise InputError(f"at most {MAX_DORA_INDICATORS} dora indicators (one, and one per kan on the table)")
    if len(situation.ura_indicators) > len(situation.dora_indicators):
        raise InputError("no more ura-dora indicators than dora indicators")
    closed = not any(m.is_open for m in melds)
    for flags, holds, message in _SITUATION_RULES:
        for flag in flags:
            if getattr(situation, flag) and not holds(situation, closed, melds):
                raise InputError(message.format(flag.replace("_", " ")))


def score_hand(concealed: list[int], win_tile: int, melds: list[Meld], situation: WinSituation,
               ruleset: Ruleset = TENHOU) -> HandScore:
    """Score a win: concealed tile ids (the winning tile included), the winning tile, melds.

    Returns a HandScore whose ``error`` says why the hand does not win ("not complete",
    "no yaku"). Raises InputError for tiles that cannot be a hand at all.

        >>> from game.rules.tiles import parse_tiles
        >>> hand = parse_tiles("22m456p678s345m444z")
        >>> score_hand(hand, hand[0], [], WinSituation(dora_indicators=(0,))).error
        'no yaku (dora alone does not win)'
    """
    win = Win(concealed, win_tile, melds, situation, ruleset)
    options = readings(win.concealed34, win.win_kind, melds, situation.tsumo)
    if not options:
        return HandScore(error="not complete")
    best: tuple | None = None
    for reading in options:
        value = _value(reading, win)
        if value and (best is None or value[:4] > best[:4]):
            best = value
    if best is None:
        return HandScore(error="no yaku (dora alone does not win)" if _dora_only(win) else "no yaku")
    total, yakuman, han, fu, yaku, base, limit, reading = best
    dealer = situation.dealer
    payments = _payments(base, dealer, situation.tsumo, situation.honba, ruleset)
    liable = sum([h // 13 for y, h in yaku if y in LIABLE_YAKUMAN]) if yakuman else 0
    return HandScore(None, yaku, han, fu, limit, yakuman, total, payments, base, dealer, situation.tsumo, liable,
                     reading)


def _dora_only(win: Win) -> bool:
    return bool(win.aka or win.dora)


def _value(reading: Reading, win: Win) -> tuple | None:
    """(total, yakuman, han, fu, yaku, base, limit, reading) of one reading; None without a yaku.

    Tuples compare in Tenhou's order of preference: most points, then most han, then most fu.
    """
    yaku = find_yaku(reading, win)
    if not yaku:
        return None
    han = sum([h for _, h in yaku])
    yakuman = han // 13 if yaku[0][0] in _YAKUMAN_IDS else 0
    # a yakuman hand of pinfu shape still has pinfu's fu
    pinfu = (7, 1) in yaku if not yakuman else win.closed and YAKU[7].test(reading, win)
    fu = fu_of(reading, win, pinfu)
    base, limit = base_points(han, fu, yakuman, win.ruleset)
    s = win.situation
    return _total(base, s.seat_wind == 0, s.tsumo, win.ruleset.players), yakuman, han, fu, yaku, base, limit, reading


_YAKUMAN_IDS = frozenset(range(37, 52))


def win_deltas(score: HandScore, winner: int, dealer: int, from_seat: int | None, honba: int,
               riichi_sticks: int, pao_seat: int | None = None, ruleset: Ruleset = TENHOU) -> list[int]:
    """The players' score changes for one win (from_seat None = tsumo).

    Honba: 300 from the discarder (200 in three-player), or 100 from each payer on tsumo. Riichi sticks go to the
    winner. Pao (Tenhou), when the hand scores a yakuman the liable player made possible
    (daisangen, daisuushii): the whole hand is the liable player's, a second yakuman
    beside it included, as Tenhou charged it in a real game (daisangen pao + tsuuiisou by
    tsumo: the liable player paid 64,000 + honba, the others nothing).

    - tsumo: the liable player alone pays the hand as if dealt into, honba too (300 each);
    - ron: the discarder and the liable player pay half of the hand each, and the liable
      player pays the honba (a real Tenhou log, 1 honba: +32300, -16300 liable, -16000
      discarder). A second yakuman on ron is halved with the rest: no real log shows the
      case, and Tenhou's tsumo treats the whole hand as liable, not its daisangen part.

        >>> from game.rules.tiles import parse_tiles
        >>> pons = [Meld("pon", tuple(parse_tiles(t)), from_seat=0) for t in ("555z", "666z", "777z")]
        >>> hand = parse_tiles("56m7m11p")      # seat 2 (south) draws the 7m; seat 0 fed the last dragon
        >>> s = score_hand(hand, hand[2], pons, WinSituation(tsumo=True, seat_wind=1))
        >>> win_deltas(s, winner=2, dealer=1, from_seat=None, honba=1, riichi_sticks=0, pao_seat=0)
        [-32300, 0, 32300, 0]
        >>> win_deltas(s, winner=2, dealer=1, from_seat=3, honba=1, riichi_sticks=0, pao_seat=0)
        [-16300, 0, 32300, -16000]
    """
    deltas = [0] * ruleset.players
    winner_is_dealer = winner == dealer
    if pao_seat is not None and ruleset.pao and score.liable_yakuman:
        whole = _round_up_100(score.base * (6 if winner_is_dealer else 4))
        payer = pao_seat if from_seat is None else from_seat
        deltas[payer] -= whole // 2
        deltas[pao_seat] -= whole - whole // 2 + ruleset.honba_ron * honba
    elif from_seat is None:
        for seat in ruleset.seats:
            if seat != winner:
                deltas[seat] -= _round_up_100(score.base * (2 if winner_is_dealer or seat == dealer else 1))
                deltas[seat] -= ruleset.honba_tsumo * honba
    else:
        deltas[from_seat] -= _round_up_100(score.base * (6 if winner_is_dealer else 4)) + ruleset.honba_ron * honba
    deltas[winner] = -sum(deltas) + 1000 * riichi_sticks
    return deltas
