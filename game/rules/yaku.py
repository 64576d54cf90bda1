"""Yaku: one table keyed by Tenhou's yaku id (0-54), each a small predicate.

A predicate looks at one reading of the hand (game.rules.readings) and at the facts of
the win (``Win``: every tile's kind count, the situation flags, the rules) and says
whether the yaku is there. Dora entries (52 ura 53 aka 54) answer a count instead of
True/False: their han is the count. Han are per table row, closed and open (0 = the
yaku needs a closed hand); a yakuman row is worth 13 (26 for a special wait under
``Ruleset.double_yakuman``).

    >>> from game.rules.readings import readings
    >>> from game.rules.tiles import counts34, parse_tiles
    >>> tiles = parse_tiles("123m123p123s555z99m")      # riichi, won on the 2m
    >>> win = Win(tiles, tiles[1], [], WinSituation(riichi=True))
    >>> [find_yaku(r, win) for r in readings(counts34(tiles), 1, [], tsumo=False)]
    [[(1, 1), (18, 1), (23, 2), (25, 2)]]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from game.rules.errors import InputError
from game.rules.melds import Meld
from game.rules.readings import Reading
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.tiles import (CHUN, DRAGON_KINDS, EAST, HAKU, HATSU, NORTH, RED_FIVES, SOUTH, TERMINAL_KINDS, WEST,
                        WIND_KINDS)
from game.rules.words import kind_words, wind_letter
from game.rules.yaku_needs import (
    YAOCHUU_SET, YAOCHUU_TILES, THREE_RUNS, FOUR_RUNS, SAME_RUNS, YAOCHUU_PAIR, THREE_TRIPLETS, FOUR_TRIPLETS, WIND_TRIPLET, DRAGON_TRIPLET, HONOUR_TRIPLET, SPECIAL, FLUSH, HALF_FLUSH, HONOURS_ONLY, NO_YAOCHUU, YAOCHUU_ONLY, KANS, RARE_FLAG, hand_needs, reading_needs,
)


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
    nukis: int = 0  # three-player: the Norths the winner set aside, each a dora (and a North for the indicators)

    @property
    def dealer(self) -> bool:
        return self.seat_wind == 0


class Win:
    """The facts of one win that do not depend on how the hand is read, worked out once.

    concealed34: the concealed kinds (the winning tile included); counts: all 34 kinds,
    called melds and kans included (the same list when there are no melds); tiles: every
    tile id, melds included. closed: no called meld (a closed kan keeps a hand closed);
    no_melds: not even a closed kan. suits: the number suits present (0 man, 1 pin, 2 sou);
    honours: some honour present. needs: the hand needs it meets (see hand_needs); hand_rows,
    reading_rows: the yaku rows such a hand may have (see WorthAsking).
    InputError when the tiles cannot be a hand.
    """

    __slots__ = ("concealed34", "counts", "tiles", "closed", "no_melds", "win_kind", "kans", "aka", "situation",
                 "ruleset", "suits", "honours", "dora", "ura", "dora_yaku", "needs", "hand_rows", "reading_rows")

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
        dora_of = SANMA_DORA_OF if ruleset.players == 3 else DORA_OF
        nukis = situation.nukis
        self.dora = dora = _dora_count(counts, situation.dora_indicators, dora_of, nukis) + nukis
        self.aka = aka = len(RED_SET.intersection(tiles)) if ruleset.red_fives else 0
        riichi = situation.riichi or situation.double_riichi
        self.ura = ura = _dora_count(counts, situation.ura_indicators, dora_of, nukis) if riichi else 0
        # Tenhou's order: dora, aka, ura; each only when there is some
        self.dora_yaku = dora_yaku = [(52, dora)] if dora else []
        if aka:
            dora_yaku.append((54, aka))
        if ura:
            dora_yaku.append((53, ura))
        self.needs = hand_needs(self)
        self.hand_rows, self.reading_rows = WORTH_ASKING[closed, ruleset.double_yakuman]


def _dora_count(counts: list[int], indicators: Sequence[int], dora_of: Sequence[int], nukis: int = 0) -> int:
    """How many of the hand's tiles the indicators point at (the Norths set aside among them)."""
    found = 0
    for indicator in indicators:
        kind = dora_of[indicator >> 2]
        found += counts[kind] + (nukis if kind == NORTH else 0)
    return found


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
    by_hand: bool = False       # decided by the tiles and the situation alone, whatever the reading
    needs: int = 0              # cheap preconditions (bits, any will do; see reading_needs): unmet, no test


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
# Three-player has no 2m-8m: the dora after a 1m indicator is the 9m (and after the 9m, the 1m).
SANMA_DORA_OF = (8, *DORA_OF[1:])


# --- the predicates ---------------------------------------------------------------

GREEN_KINDS = frozenset((19, 20, 21, 23, 25, HATSU))  # 2 3 4 6 8 sou and green dragon
TERMINAL_SET = frozenset(TERMINAL_KINDS)
RED_SET = frozenset(RED_FIVES)


def _tile_ids(kinds: frozenset[int]) -> frozenset[int]:
    """The tile ids of some kinds: asking a hand's tile ids about them needs no kind set."""
    return frozenset(t for t in range(136) if t >> 2 in kinds)


GREEN_TILES, TERMINAL_TILES = _tile_ids(GREEN_KINDS), _tile_ids(TERMINAL_SET)


def pinfu(r: Reading, win: Win) -> bool:
    s, pair = win.situation, r.pair
    # four runs, a two-sided wait, a pair worth no fu (no dragon, no seat or round wind)
    return (win.closed and r.wait == "ryanmen" and len(r.runs) == 4 and pair < HAKU
            and pair != EAST + s.seat_wind and pair != EAST + s.round_wind)


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
    return ((0 in runs and 3 in runs and 6 in runs) or (9 in runs and 12 in runs and 15 in runs)
            or (18 in runs and 21 in runs and 24 in runs))


def _chanta(r: Reading, win: Win) -> bool:
    return bool(r.runs) and win.honours and _every_part_has_yaochuu(r)


def _junchan(r: Reading, win: Win) -> bool:
    return bool(r.runs) and not win.honours and _every_part_has_yaochuu(r)


def _dragon_triplets(r: Reading) -> int:
    triplets = r.triplets
    return (HAKU in triplets) + (HATSU in triplets) + (CHUN in triplets)


def _shousangen(r: Reading, win: Win) -> bool:
    return r.pair in DRAGON_KINDS and _dragon_triplets(r) == 2


def _winds_triplets(r: Reading) -> int:
    triplets = r.triplets
    return (EAST in triplets) + (SOUTH in triplets) + (WEST in triplets) + (NORTH in triplets)


def _toitoi(r: Reading, win: Win) -> bool:
    return r.form == "regular" and not r.runs


def _nine_gates(win: Win) -> bool:
    """No meld, one suit alone, and 1112345678999 of it plus one more tile."""
    if not win.no_melds or len(win.suits) != 1 or win.honours:
        return False
    base = min(win.tiles) // 36 * 9
    return all([win.counts[base + i] >= need for i, need in enumerate(_NINE_GATES)])


def _pure_nine_gates(win: Win) -> bool:
    """Nine gates, and the hand less the winning tile is exactly 1112345678999 (a nine-sided wait)."""
    return _nine_gates(win) and win.counts[win.win_kind] in (2, 4)


_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _iipeikou(r: Reading, win: Win) -> bool:
    return len(r.runs) >= 2 and _identical_run_pairs(r) == 1


def _ryanpeikou(r: Reading, win: Win) -> bool:
    return len(r.runs) == 4 and _identical_run_pairs(r) == 2


def _daisangen(r: Reading, win: Win) -> bool:
    return _dragon_triplets(r) == 3


def _shousuushii(r: Reading, win: Win) -> bool:
    return r.pair in WIND_KINDS and _winds_triplets(r) == 3


# Hand-level rows (H) are decided by the tiles and the situation alone (what they need is the
# hand's); the others (Y) depend on the reading. Columns: id, name, closed han, open han, test,
# then what else the row is (yakuman, a special wait) and what it needs before its test is worth asking.
H = partial(Yaku, by_hand=True)
Y = Yaku
YAKU: dict[int, Yaku] = {y.id: y for y in (
    H(0, "menzen tsumo", 1, 0, lambda r, win: win.situation.tsumo),
    H(1, "riichi", 1, 0, lambda r, win: win.situation.riichi and not win.situation.double_riichi),
    H(2, "ippatsu", 1, 0, lambda r, win: win.situation.ippatsu, needs=RARE_FLAG),
    H(3, "chankan", 1, 1, lambda r, win: win.situation.chankan, needs=RARE_FLAG),
    H(4, "rinshan kaihou", 1, 1, lambda r, win: win.situation.rinshan, needs=RARE_FLAG),
    H(5, "haitei", 1, 1, lambda r, win: win.situation.haitei, needs=RARE_FLAG),
    H(6, "houtei", 1, 1, lambda r, win: win.situation.houtei, needs=RARE_FLAG),
    Y(7, "pinfu", 1, 0, pinfu, needs=FOUR_RUNS),
    H(8, "tanyao", 1, 1, tanyao, needs=NO_YAOCHUU),
    Y(9, "iipeikou", 1, 0, _iipeikou, needs=SAME_RUNS),
    *(Y(10 + w, f"seat wind {wind_letter(w)}", 1, 1, _seat_wind(w), needs=HONOUR_TRIPLET[EAST + w])
      for w in range(4)),
    *(Y(14 + w, f"round wind {wind_letter(w)}", 1, 1, _round_wind(w), needs=HONOUR_TRIPLET[EAST + w])
      for w in range(4)),
    *(Y(18 + i, kind_words(kind), 1, 1, _yakuhai(kind), needs=HONOUR_TRIPLET[kind])  # named as the tiles are
      for i, kind in enumerate(DRAGON_KINDS)),
    H(21, "double riichi", 2, 0, lambda r, win: win.situation.double_riichi, needs=RARE_FLAG),
    Y(22, "chiitoitsu", 2, 0, lambda r, win: r.form == "chiitoitsu", needs=SPECIAL),
    Y(23, "chanta", 2, 1, _chanta, needs=YAOCHUU_PAIR),
    Y(24, "ittsu", 2, 1, _ittsu, needs=THREE_RUNS),
    Y(25, "sanshoku doujun", 2, 1, _sanshoku, needs=THREE_RUNS),
    Y(26, "sanshoku doukou", 2, 2, _sanshoku_doukou, needs=THREE_TRIPLETS),
    H(27, "sankantsu", 2, 2, lambda r, win: win.kans == 3, needs=KANS),
    Y(28, "toitoi", 2, 2, _toitoi, needs=FOUR_TRIPLETS),
    Y(29, "sanankou", 2, 2, lambda r, win: r.concealed_triplets == 3, needs=THREE_TRIPLETS),
    Y(30, "shousangen", 2, 2, _shousangen, needs=DRAGON_TRIPLET),
    H(31, "honroutou", 2, 2, lambda r, win: YAOCHUU_TILES.issuperset(win.tiles), needs=YAOCHUU_ONLY),
    Y(32, "ryanpeikou", 3, 0, _ryanpeikou, needs=SAME_RUNS),
    Y(33, "junchan", 3, 2, _junchan, needs=YAOCHUU_PAIR),
    H(34, "honitsu", 3, 2, lambda r, win: len(win.suits) == 1 and win.honours, needs=HALF_FLUSH),
    H(35, "chinitsu", 6, 5, lambda r, win: len(win.suits) == 1 and not win.honours, needs=FLUSH),
    H(36, "renhou", 5, 0, lambda r, win: win.ruleset.renhou and win.situation.renhou and win.no_melds,
      needs=RARE_FLAG),
    # yakuman: 13 han each (26 for a special wait under Ruleset.double_yakuman)
    H(37, "tenhou", 13, 0, lambda r, win: win.situation.tenhou, yakuman=True, needs=RARE_FLAG),
    H(38, "chiihou", 13, 0, lambda r, win: win.situation.chiihou, yakuman=True, needs=RARE_FLAG),
    Y(39, "daisangen", 13, 13, _daisangen, yakuman=True, needs=HONOUR_TRIPLET[HAKU]),
    Y(40, "suuankou", 13, 0, lambda r, win: r.concealed_triplets == 4 and r.wait != "tanki", yakuman=True,
      needs=FOUR_TRIPLETS),
    Y(41, "suuankou tanki", 13, 0, lambda r, win: r.concealed_triplets == 4 and r.wait == "tanki",
      yakuman=True, special_wait=True, needs=FOUR_TRIPLETS),
    H(42, "tsuuiisou", 13, 13, lambda r, win: not win.suits, yakuman=True, needs=HONOURS_ONLY),
    H(43, "ryuuiisou", 13, 13, lambda r, win: GREEN_TILES.issuperset(win.tiles), yakuman=True,
      needs=FLUSH | HALF_FLUSH),
    H(44, "chinroutou", 13, 13, lambda r, win: TERMINAL_TILES.issuperset(win.tiles), yakuman=True,
      needs=YAOCHUU_ONLY),
    H(45, "chuuren poutou", 13, 0, lambda r, win: _nine_gates(win) and not _pure_nine_gates(win), yakuman=True,
      needs=FLUSH),
    H(46, "junsei chuuren poutou", 13, 0, lambda r, win: _pure_nine_gates(win), yakuman=True, special_wait=True,
      needs=FLUSH),
    Y(47, "kokushi musou", 13, 0, lambda r, win: r.form == "kokushi" and r.wait == "tanki", yakuman=True,
      needs=SPECIAL),
    Y(48, "kokushi 13-wait", 13, 0, lambda r, win: r.wait == "kokushi13", yakuman=True, special_wait=True,
      needs=SPECIAL),
    Y(49, "daisuushii", 13, 13, lambda r, win: _winds_triplets(r) == 4, yakuman=True,
      needs=HONOUR_TRIPLET[EAST]),
    Y(50, "shousuushii", 13, 13, _shousuushii, yakuman=True, needs=WIND_TRIPLET),
    H(51, "suukantsu", 13, 13, lambda r, win: win.kans == 4, yakuman=True, needs=KANS),
    # dora: the test answers a count, and each counts 1 han (only beside a real yaku)
    H(52, "dora", 1, 1, lambda r, win: win.dora),
    H(53, "ura dora", 1, 1, lambda r, win: win.ura),
    H(54, "aka dora", 1, 1, lambda r, win: win.aka),
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


class WorthAsking(dict):
    """The rows of one kind (hand-level or not) that a closed or open hand can have, and, by the
    needs met (bits), the (test, id, han) of those worth asking, in id order: filled on first use
    of each combination of needs met (a few hundred).

        >>> hand_rows, reading_rows = WORTH_ASKING[True, False]      # closed, no double yakuman
        >>> [yaku_id for _, yaku_id, _ in reading_rows[THREE_RUNS | FOUR_RUNS]]   # pinfu, ittsu, sanshoku
        [7, 24, 25]
    """

    def __init__(self, by_hand: bool, closed: bool, double_yakuman: bool) -> None:
        super().__init__()
        rows = [(y, _han(y, closed, double_yakuman)) for y in sorted(YAKU.values(), key=lambda y: y.id)
                if y.by_hand == by_hand and y.id not in DORA_IDS]
        self.rows = [(y.needs, (y.test, y.id, han)) for y, han in rows if han]

    def __missing__(self, met: int) -> Candidates:
        found = tuple([row for needs, row in self.rows if needs & met or not needs])
        if len(self) < 512:  # about 130 bytes an entry; 10,000 random hands fill about 300
            self[met] = found
        return found


# (hand-level rows, the others) for a closed or open hand, with double yakuman or not
WORTH_ASKING = {(closed, double): (WorthAsking(True, closed, double), WorthAsking(False, closed, double))
                for closed in (False, True) for double in (False, True)}


def clear_caches() -> None:
    """Forget which rows were worth asking for each combination of needs (benchmarks start cold)."""
    for tables in WORTH_ASKING.values():
        for table in tables:
            table.clear()


def find_yaku(reading: Reading, win: Win) -> list[tuple[int, int]]:
    """The (Tenhou id, han) of every yaku this reading has, by id; [] when it has none.

    Yakuman push the other yaku (and dora) out; several yakuman add up unless
    ``Ruleset.multiple_yakuman`` is off. Dora count only beside a real yaku.

        >>> sorted(y.id for y in YAKU.values() if y.yakuman) == list(range(FIRST_YAKUMAN, 52))
        True
    """
    candidates = win.hand_rows[win.needs] + win.reading_rows[reading_needs(reading)]
    found = [(yaku_id, han) for test, yaku_id, han in candidates if test(reading, win)]
    if not found:
        return found
    found.sort()  # the hand-level rows came first
    if found[-1][0] >= FIRST_YAKUMAN:  # the yakuman come last, when there are any
        found = [(yaku_id, han) for yaku_id, han in found if yaku_id >= FIRST_YAKUMAN]
        return found if win.ruleset.multiple_yakuman else [max(found, key=lambda y: y[1])]
    return found + win.dora_yaku
