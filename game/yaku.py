"""Yaku: one table keyed by Tenhou's yaku id (0-54), each a small predicate.

A predicate looks at one reading of the hand (game.readings) and at the facts of
the win (``Win``: every tile's kind count, the situation flags, the rules) and says
whether the yaku is there. Dora entries (52 ura 53 aka 54) answer a count instead of
True/False: their han is the count. Han are per table row, closed and open (0 = the
yaku needs a closed hand); a yakuman row is worth 13 (26 for a special wait under
``Ruleset.double_yakuman``).

    >>> from game.readings import readings
    >>> from game.tiles import counts34, parse_tiles
    >>> tiles = parse_tiles("123m123p123s555z99m")      # riichi, won on the 2m
    >>> win = Win(tiles, tiles[1], [], WinSituation(riichi=True))
    >>> [find_yaku(r, win) for r in readings(counts34(tiles), 1, [], tsumo=False)]
    [[(1, 1), (18, 1), (23, 2), (25, 2)]]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.errors import InputError
from game.melds import Meld
from game.readings import Reading
from game.ruleset import TENHOU, Ruleset
from game.tiles import DRAGON_KINDS, EAST, HATSU, RED_FIVES, TERMINAL_KINDS, WIND_KINDS, YAOCHUU_KINDS


@dataclass(frozen=True)
class WinSituation:
    """How and when a hand won: everything but the tiles.

    seat_wind and round_wind are 0..3 (E S W N); seat 0 (east) is the dealer.
    Indicators are tile ids. ``renhou`` only counts under ``Ruleset.renhou``.
    """

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    renhou: bool = False

    @property
    def dealer(self) -> bool:
        return self.seat_wind == 0


class Win:
    """The facts of one win that do not depend on how the hand is read, worked out once.

    concealed34: the concealed kinds (the winning tile included); counts: all 34 kinds,
    called melds and kans included (the same list when there are no melds); tiles: every
    tile id, melds included. closed: no called meld (a closed kan keeps a hand closed);
    no_melds: not even a closed kan. suits: the number suits present (0 man, 1 pin, 2 sou);
    honours: some honour present. needs: the hand needs it meets (see hand_needs).
    InputError when the tiles cannot be a hand.
    """

    __slots__ = ("concealed34", "counts", "tiles", "closed", "no_melds", "win_kind", "kans", "aka", "situation",
                 "ruleset", "suits", "honours", "value_kinds", "dora", "ura", "chuuren", "junsei", "dora_yaku", "needs")

    def __init__(self, concealed: Sequence[int], win_tile: int, melds: Sequence[Meld], situation: WinSituation,
                 ruleset: Ruleset = TENHOU) -> None:
        concealed34 = [0] * 34
        for t in concealed:
            concealed34[t >> 2] += 1
        counts, tiles, closed, kans = concealed34, concealed, True, 0
        if melds:
            counts, tiles = concealed34[:], [*concealed]
            for m in melds:
                tiles += m.tiles
                closed = closed and m.kind == "ankan"
                kans += len(m.tiles) == 4
                for t in m.tiles:
                    counts[t >> 2] += 1
        _check_tiles(concealed, tiles, win_tile, len(melds))
        self.concealed34, self.counts, self.tiles = concealed34, counts, tiles
        self.closed, self.no_melds, self.kans = closed, not melds, kans
        self.win_kind = win_tile >> 2
        self.situation, self.ruleset = situation, ruleset
        suits = {t // 36 for t in tiles}  # 3: the honours
        self.honours = 3 in suits
        suits.discard(3)
        self.suits = suits
        self.value_kinds = (*DRAGON_KINDS, EAST + situation.seat_wind, EAST + situation.round_wind)
        self.dora = dora = sum([counts[DORA_OF[i >> 2]] for i in situation.dora_indicators])
        self.aka = aka = len(RED_SET.intersection(tiles)) if ruleset.red_fives else 0
        riichi = situation.riichi or situation.double_riichi
        self.ura = ura = sum([counts[DORA_OF[i >> 2]] for i in situation.ura_indicators]) if riichi else 0
        # Tenhou's order: dora, aka, ura; each only when there is some
        self.dora_yaku = [dora_yaku for dora_yaku in ((52, dora), (54, aka), (53, ura)) if dora_yaku[1]]
        self.chuuren = self.junsei = False
        if not melds and len(suits) == 1 and not self.honours:
            base = min(tiles) // 36 * 9
            self.chuuren = all([counts[base + i] >= need for i, need in enumerate(_NINE_GATES)])
            # pure nine gates: the hand less the winning tile is exactly 1112345678999
            self.junsei = self.chuuren and counts[self.win_kind] in (2, 4)
        self.needs = hand_needs(self)


def _check_tiles(concealed: Sequence[int], tiles: Sequence[int], win_tile: int, melds: int) -> None:
    if win_tile not in concealed:
        raise InputError(f"the winning tile {win_tile} is not in the hand")
    if len(concealed) + 3 * melds != 14:
        raise InputError(f"{len(concealed)} concealed tiles and {melds} melds: a winning hand has "
                         f"{14 - 3 * melds} concealed tiles beside {melds} melds")
    distinct = set(tiles)
    if len(distinct) != len(tiles) or not distinct <= TILE_IDS:
        raise InputError("the hand and melds must hold distinct tile ids 0..135")


TILE_IDS = frozenset(range(136))
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)

Test = Callable[[Reading, Win], "bool | int"]


@dataclass(frozen=True)
class Yaku:
    """One row of the table: Tenhou's id, a name, han closed and open, and the test."""

    id: int
    name: str
    closed_han: int
    open_han: int              # 0: not with a called meld
    test: Test
    yakuman: bool = False
    special_wait: bool = False  # a double yakuman under Ruleset.double_yakuman
    needs: int = 0              # a cheap precondition (one bit, see reading_needs): unmet, no test


def dora_kind(indicator_kind: int) -> int:
    """The kind an indicator points at: the next in its suit, winds and dragons cycling.

        >>> [dora_kind(k) for k in (8, 30, 33)]
        [0, 27, 31]
    """
    if indicator_kind < 27:
        return indicator_kind - indicator_kind % 9 + (indicator_kind % 9 + 1) % 9
    if indicator_kind < 31:
        return 27 + (indicator_kind - 26) % 4
    return 31 + (indicator_kind - 30) % 3


DORA_OF = tuple(dora_kind(k) for k in range(34))


# --- the predicates ---------------------------------------------------------------

GREEN_KINDS = frozenset((19, 20, 21, 23, 25, HATSU))  # 2 3 4 6 8 sou and green dragon
TERMINAL_SET = frozenset(TERMINAL_KINDS)
YAOCHUU_SET = frozenset(YAOCHUU_KINDS)
RED_SET = frozenset(RED_FIVES)


def _tile_ids(kinds: frozenset[int]) -> frozenset[int]:
    """The tile ids of some kinds: asking a hand's tile ids about them needs no kind set."""
    return frozenset(t for t in range(136) if t >> 2 in kinds)


GREEN_TILES, TERMINAL_TILES, YAOCHUU_TILES = _tile_ids(GREEN_KINDS), _tile_ids(TERMINAL_SET), _tile_ids(YAOCHUU_SET)


def pinfu(r: Reading, win: Win) -> bool:
    return (win.closed and r.wait == "ryanmen" and len(r.runs) == 4 and r.pair not in win.value_kinds)


def tanyao(r: Reading, win: Win) -> bool:
    return (win.closed or win.ruleset.open_tanyao) and YAOCHUU_TILES.isdisjoint(win.tiles)


def _identical_run_pairs(r: Reading) -> int:
    runs, pairs, i = r.runs, 0, 0
    if len(set(runs)) == len(runs):
        return 0
    while i + 1 < len(runs):
        if runs[i] == runs[i + 1]:
            pairs, i = pairs + 1, i + 2
        else:
            i += 1
    return pairs


def _every_part_has_yaochuu(r: Reading) -> bool:
    """Chanta/junchan shape: every run is 123 or 789, every triplet and the pair terminal or honour."""
    if r.pair not in YAOCHUU_SET:
        return False
    for first in r.runs:
        if first % 9 not in (0, 6):
            return False
    return YAOCHUU_SET.issuperset(r.triplets)


def _flag(name: str) -> Test:
    return lambda r, win: getattr(win.situation, name)


def _yakuhai(kind: int) -> Test:
    return lambda r, win: kind in r.triplets


def _seat_wind(wind: int) -> Test:
    return lambda r, win: win.situation.seat_wind == wind and EAST + wind in r.triplets


def _round_wind(wind: int) -> Test:
    return lambda r, win: win.situation.round_wind == wind and EAST + wind in r.triplets


def _same_in_three_suits(firsts: tuple[int, ...]) -> bool:
    """True when some man kind n has n, its pin twin n+9 and its sou twin n+18 among ``firsts``."""
    if len(firsts) < 3:
        return False
    for n in firsts:
        if n < 9 and n + 9 in firsts and n + 18 in firsts:
            return True
    return False


def _sanshoku(r: Reading, win: Win) -> bool:
    return _same_in_three_suits(r.runs)


def _sanshoku_doukou(r: Reading, win: Win) -> bool:
    return _same_in_three_suits(r.triplets)


def _ittsu(r: Reading, win: Win) -> bool:
    runs = r.runs
    if len(runs) < 3:
        return False
    for s in (0, 9, 18):
        if s in runs and s + 3 in runs and s + 6 in runs:
            return True
    return False


def _chanta(r: Reading, win: Win) -> bool:
    return bool(r.runs) and win.honours and _every_part_has_yaochuu(r)


def _junchan(r: Reading, win: Win) -> bool:
    return bool(r.runs) and not win.honours and _every_part_has_yaochuu(r)


def _shousangen(r: Reading, win: Win) -> bool:
    return r.pair in DRAGON_KINDS and sum(k in r.triplets for k in DRAGON_KINDS) == 2


def _winds_triplets(r: Reading) -> int:
    return sum(k in r.triplets for k in WIND_KINDS)


def _toitoi(r: Reading, win: Win) -> bool:
    return r.form == "regular" and not r.runs


# What a row needs before its test is worth asking, one bit each. The needs a reading meets
# are worked out once per reading, the hand's once per hand; a row whose need is unmet is
# never asked, so most rows never see a hand they cannot fit.
TWO_RUNS, THREE_RUNS, FOUR_RUNS, YAOCHUU_PAIR = 1, 2, 4, 8          # a reading's
THREE_TRIPLETS, HONOUR_TRIPLET, SPECIAL = 16, 32, 64                 # (SPECIAL: seven pairs, thirteen orphans)
ONE_SUIT, YAOCHUU_ONLY, KANS, RARE_FLAG = 128, 256, 512, 1024       # the hand's
RUN_NEEDS = (0, 0, TWO_RUNS, TWO_RUNS | THREE_RUNS, TWO_RUNS | THREE_RUNS | FOUR_RUNS)  # by number of runs


def reading_needs(r: Reading) -> int:
    """The reading needs (bits) that the reading meets.

        >>> from game.readings import Group, regular_reading
        >>> r = regular_reading((Group(0, True), Group(3, True), Group(6, True), Group(27, False)), 8, "tanki")
        >>> reading_needs(r) == TWO_RUNS | THREE_RUNS | YAOCHUU_PAIR | HONOUR_TRIPLET
        True
    """
    if r.form != "regular":
        return SPECIAL
    triplets = r.triplets
    met = RUN_NEEDS[len(r.runs)]
    if r.pair in YAOCHUU_SET:
        met |= YAOCHUU_PAIR
    if len(triplets) >= 3:
        met |= THREE_TRIPLETS
    if triplets and max(triplets) >= 27:
        met |= HONOUR_TRIPLET
    return met


def hand_needs(win: Win) -> int:
    """The hand needs (bits) that the hand meets."""
    s = win.situation
    met = ONE_SUIT if len(win.suits) <= 1 else 0
    if YAOCHUU_TILES.issuperset(win.tiles):
        met |= YAOCHUU_ONLY
    if win.kans >= 3:
        met |= KANS
    if (s.ippatsu or s.chankan or s.rinshan or s.haitei or s.houtei or s.tenhou or s.chiihou or s.double_riichi
            or s.renhou):
        met |= RARE_FLAG
    return met


def _iipeikou(r: Reading, win: Win) -> bool:
    return len(r.runs) >= 2 and _identical_run_pairs(r) == 1


def _ryanpeikou(r: Reading, win: Win) -> bool:
    return len(r.runs) == 4 and _identical_run_pairs(r) == 2


def _daisangen(r: Reading, win: Win) -> bool:
    return all(k in r.triplets for k in DRAGON_KINDS)


def _shousuushii(r: Reading, win: Win) -> bool:
    return r.pair in WIND_KINDS and _winds_triplets(r) == 3


# Columns: id, name, closed han, open han, test, then what else the row is (yakuman, a special
# wait) and what it needs before its test is worth asking.
Y = Yaku
YAKU: dict[int, Yaku] = {y.id: y for y in (
    Y(0, "menzen tsumo", 1, 0, lambda r, win: win.situation.tsumo),
    Y(1, "riichi", 1, 0, lambda r, win: win.situation.riichi and not win.situation.double_riichi),
    Y(2, "ippatsu", 1, 0, _flag("ippatsu"), needs=RARE_FLAG),
    Y(3, "chankan", 1, 1, _flag("chankan"), needs=RARE_FLAG),
    Y(4, "rinshan kaihou", 1, 1, _flag("rinshan"), needs=RARE_FLAG),
    Y(5, "haitei", 1, 1, _flag("haitei"), needs=RARE_FLAG),
    Y(6, "houtei", 1, 1, _flag("houtei"), needs=RARE_FLAG),
    Y(7, "pinfu", 1, 0, pinfu, needs=FOUR_RUNS),
    Y(8, "tanyao", 1, 1, tanyao),
    Y(9, "iipeikou", 1, 0, _iipeikou, needs=TWO_RUNS),
    *(Y(10 + w, f"seat wind {'ESWN'[w]}", 1, 1, _seat_wind(w), needs=HONOUR_TRIPLET) for w in range(4)),
    *(Y(14 + w, f"round wind {'ESWN'[w]}", 1, 1, _round_wind(w), needs=HONOUR_TRIPLET) for w in range(4)),
    *(Y(18 + i, name, 1, 1, _yakuhai(DRAGON_KINDS[i]), needs=HONOUR_TRIPLET)
      for i, name in enumerate(("haku", "hatsu", "chun"))),
    Y(21, "double riichi", 2, 0, _flag("double_riichi"), needs=RARE_FLAG),
    Y(22, "chiitoitsu", 2, 0, lambda r, win: r.form == "chiitoitsu", needs=SPECIAL),
    Y(23, "chanta", 2, 1, _chanta, needs=YAOCHUU_PAIR),
    Y(24, "ittsu", 2, 1, _ittsu, needs=THREE_RUNS),
    Y(25, "sanshoku doujun", 2, 1, _sanshoku, needs=THREE_RUNS),
    Y(26, "sanshoku doukou", 2, 2, _sanshoku_doukou, needs=THREE_TRIPLETS),
    Y(27, "sankantsu", 2, 2, lambda r, win: win.kans == 3, needs=KANS),
    Y(28, "toitoi", 2, 2, _toitoi, needs=THREE_TRIPLETS),
    Y(29, "sanankou", 2, 2, lambda r, win: r.concealed_triplets == 3, needs=THREE_TRIPLETS),
    Y(30, "shousangen", 2, 2, _shousangen, needs=HONOUR_TRIPLET),
    Y(31, "honroutou", 2, 2, lambda r, win: YAOCHUU_TILES.issuperset(win.tiles), needs=YAOCHUU_ONLY),
    Y(32, "ryanpeikou", 3, 0, _ryanpeikou, needs=FOUR_RUNS),
    Y(33, "junchan", 3, 2, _junchan, needs=YAOCHUU_PAIR),
    Y(34, "honitsu", 3, 2, lambda r, win: len(win.suits) == 1 and win.honours, needs=ONE_SUIT),
    Y(35, "chinitsu", 6, 5, lambda r, win: len(win.suits) == 1 and not win.honours, needs=ONE_SUIT),
    Y(36, "renhou", 5, 0, lambda r, win: win.ruleset.renhou and win.situation.renhou and win.no_melds,
      needs=RARE_FLAG),
    # yakuman: 13 han each (26 for a special wait under Ruleset.double_yakuman)
    Y(37, "tenhou", 13, 0, _flag("tenhou"), yakuman=True, needs=RARE_FLAG),
    Y(38, "chiihou", 13, 0, _flag("chiihou"), yakuman=True, needs=RARE_FLAG),
    Y(39, "daisangen", 13, 13, _daisangen, yakuman=True, needs=HONOUR_TRIPLET),
    Y(40, "suuankou", 13, 0, lambda r, win: r.concealed_triplets == 4 and r.wait != "tanki", yakuman=True,
      needs=THREE_TRIPLETS),
    Y(41, "suuankou tanki", 13, 0, lambda r, win: r.concealed_triplets == 4 and r.wait == "tanki",
      yakuman=True, special_wait=True, needs=THREE_TRIPLETS),
    Y(42, "tsuuiisou", 13, 13, lambda r, win: not win.suits, yakuman=True, needs=ONE_SUIT),
    Y(43, "ryuuiisou", 13, 13, lambda r, win: GREEN_TILES.issuperset(win.tiles), yakuman=True, needs=ONE_SUIT),
    Y(44, "chinroutou", 13, 13, lambda r, win: TERMINAL_TILES.issuperset(win.tiles), yakuman=True, needs=YAOCHUU_ONLY),
    Y(45, "chuuren poutou", 13, 0, lambda r, win: win.chuuren and not win.junsei, yakuman=True, needs=ONE_SUIT),
    Y(46, "junsei chuuren poutou", 13, 0, lambda r, win: win.junsei, yakuman=True, special_wait=True,
      needs=ONE_SUIT),
    Y(47, "kokushi musou", 13, 0, lambda r, win: r.form == "kokushi" and r.wait == "tanki", yakuman=True,
      needs=SPECIAL),
    Y(48, "kokushi 13-wait", 13, 0, lambda r, win: r.wait == "kokushi13", yakuman=True, special_wait=True,
      needs=SPECIAL),
    Y(49, "daisuushii", 13, 13, lambda r, win: _winds_triplets(r) == 4, yakuman=True, needs=HONOUR_TRIPLET),
    Y(50, "shousuushii", 13, 13, _shousuushii, yakuman=True, needs=HONOUR_TRIPLET),
    Y(51, "suukantsu", 13, 13, lambda r, win: win.kans == 4, yakuman=True, needs=KANS),
    # dora: the test answers a count, and each counts 1 han (only beside a real yaku)
    Y(52, "dora", 1, 1, lambda r, win: win.dora),
    Y(53, "ura dora", 1, 1, lambda r, win: win.ura),
    Y(54, "aka dora", 1, 1, lambda r, win: win.aka),
)}

DORA_IDS = (52, 54, 53)
LIABLE_YAKUMAN = (39, 49)  # pao: the player who fed the last set pays


def _han(yaku: Yaku, closed: bool, double_yakuman: bool) -> int:
    """The yaku's han in a closed or open hand; 0 when it needs a closed hand."""
    han = yaku.closed_han if closed else yaku.open_han
    if yaku.yakuman and han:
        return 26 if yaku.special_wait and double_yakuman else 13
    return han


Candidates = tuple[tuple[Test, int, int], ...]
FIRST_YAKUMAN = 37  # the yakuman rows are 37..51: after every other yaku, before the dora


@lru_cache(maxsize=256)  # a few hundred bytes an entry; a game meets far fewer kinds of hand
def _candidates(closed: bool, double_yakuman: bool, met: int) -> Candidates:
    """(test, id, han) of the yaku worth asking about, by id: those whose need is met (``met``:
    the hand's and the reading's, as bits) and that a closed or open hand can have."""
    rows = [(y, _han(y, closed, double_yakuman)) for y in sorted(YAKU.values(), key=lambda y: y.id)
            if y.id not in DORA_IDS and (y.needs & met or not y.needs)]
    return tuple([(y.test, y.id, han) for y, han in rows if han])


def find_yaku(reading: Reading, win: Win) -> list[tuple[int, int]]:
    """The (Tenhou id, han) of every yaku this reading has, by id; [] when it has none.

    Yakuman push the other yaku (and dora) out; several yakuman add up unless
    ``Ruleset.multiple_yakuman`` is off. Dora count only beside a real yaku.

        >>> sorted(y.id for y in YAKU.values() if y.yakuman) == list(range(FIRST_YAKUMAN, 52))
        True
    """
    candidates = _candidates(win.closed, win.ruleset.double_yakuman, win.needs | reading_needs(reading))
    found = [(yaku_id, han) for test, yaku_id, han in candidates if test(reading, win)]
    if not found:
        return found
    if found[-1][0] >= FIRST_YAKUMAN:  # the yakuman come last, when there are any
        found = [(yaku_id, han) for yaku_id, han in found if yaku_id >= FIRST_YAKUMAN]
        return found if win.ruleset.multiple_yakuman else [max(found, key=lambda y: y[1])]
    return found + win.dora_yaku
