"""Test helpers: random winning hands, and the `mahjong` 2.1.0 oracle configured as Tenhou (reference.md §6).

Used by tests/test_scoring.py, tests/test_yaku.py and benchmarks/score.py. Test-only: the oracle is
never imported by runtime code.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from mahjong.constants import EAST as ORACLE_EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as OracleMeld

from game.cli.score import parse_meld, winning_tile
from game.rules.melds import Meld
from game.records import decode_meld
from game.rules.ruleset import Ruleset
from game.rules.scoring import score_hand
from game.rules.tiles import YAOCHUU_KINDS, parse_tiles, tile_name, to_mpsz
from game.rules.yaku import WinSituation

# the oracle's yaku class names -> Tenhou ids
ORACLE_TO_TENHOU = {
    "Tsumo": 0, "Riichi": 1, "Ippatsu": 2, "Chankan": 3, "Rinshan": 4, "Haitei": 5, "Houtei": 6,
    "Pinfu": 7, "Tanyao": 8, "Iipeiko": 9,
    "SeatWindEast": 10, "SeatWindSouth": 11, "SeatWindWest": 12, "SeatWindNorth": 13,
    "RoundWindEast": 14, "RoundWindSouth": 15, "RoundWindWest": 16, "RoundWindNorth": 17,
    "Haku": 18, "Hatsu": 19, "Chun": 20, "DaburuRiichi": 21, "Chiitoitsu": 22, "Chantai": 23,
    "Ittsu": 24, "Sanshoku": 25, "SanshokuDoukou": 26, "SanKantsu": 27, "Toitoi": 28, "Sanankou": 29,
    "Shosangen": 30, "Honroto": 31, "Ryanpeikou": 32, "Junchan": 33, "Honitsu": 34, "Chinitsu": 35,
    "Renhou": 36, "Tenhou": 37, "Chiihou": 38, "Daisangen": 39, "Suuankou": 40, "SuuankouTanki": 41,
    "Tsuuiisou": 42, "Ryuuiisou": 43, "Chinroutou": 44, "ChuurenPoutou": 45, "DaburuChuurenPoutou": 46,
    "KokushiMusou": 47, "DaburuKokushiMusou": 48, "DaiSuushii": 49, "Shousuushii": 50, "Suukantsu": 51,
    "Dora": 52, "UraDora": 53, "AkaDora": 54,
}

ORACLE_MELD_TYPES = {"chi": OracleMeld.CHI, "pon": OracleMeld.PON, "kan": OracleMeld.KAN,
                     "ankan": OracleMeld.KAN, "kakan": OracleMeld.SHOUMINKAN}


@dataclass
class Case:
    """One win to score: our inputs (the oracle's are derived from them)."""

    concealed: list[int]
    win_tile: int
    melds: list[Meld]
    situation: WinSituation
    ruleset: Ruleset


def log_wins(paths) -> list[tuple]:
    """(Case, AGARI element, dealer, double-ron second) for every four-player win in mjlog files.

    The tag gives the hand (hai), melds (m), winning tile (machi), dora and ura, who won from whom
    (tsumo when equal) and honba and sticks (ba); the round's INIT the dealer and the round wind;
    GO's type bits red fives (0x02 off) and open tanyao (0x04 off); the yaku list the situation
    flags (riichi, ippatsu, rinshan, ...), which the tag does not carry otherwise. In a double ron
    the second AGARI follows the first directly.
    """
    wins = []
    for path in paths:
        ruleset, three_player, round_wind, dealer, previous = Ruleset(), False, 0, 0, None
        for element in ET.parse(path).getroot():
            second, previous = previous == "AGARI", element.tag
            if element.tag == "GO":
                rules = int(element.get("type"))
                three_player = bool(rules & 0x10)
                ruleset = Ruleset(red_fives=not rules & 0x02, open_tanyao=not rules & 0x04)
            elif element.tag == "INIT":
                three_player = three_player or not element.get("hai3")
                round_wind = ints(element.get("seed"))[0] // 4
                dealer = int(element.get("oya"))
            elif element.tag == "AGARI" and not three_player:
                wins.append((_log_case(element, round_wind, dealer, ruleset), element, dealer, second))
    return wins


FLAG_OF_YAKU = {1: "riichi", 21: "double_riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei",
                6: "houtei", 37: "tenhou", 38: "chiihou"}


def ints(text: str | None) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def _log_case(agari, round_wind: int, dealer: int, ruleset: Ruleset) -> Case:
    who, from_who = int(agari.get("who")), int(agari.get("fromWho"))
    honba, sticks = ints(agari.get("ba"))
    ids = set(ints(agari.get("yaku"))[::2]) | set(ints(agari.get("yakuman")))
    flags = {FLAG_OF_YAKU[y]: True for y in ids if y in FLAG_OF_YAKU}
    situation = WinSituation(
        tsumo=who == from_who, seat_wind=(who - dealer) % 4, round_wind=round_wind,
        dora_indicators=tuple(ints(agari.get("doraHai"))), ura_indicators=tuple(ints(agari.get("doraHaiUra"))),
        honba=honba, riichi_sticks=sticks, **flags)
    melds = [decode_meld(m, who) for m in ints(agari.get("m"))]
    return Case(ints(agari.get("hai")), int(agari.get("machi")), melds, situation, ruleset)


@dataclass
class OracleScore:
    error: str | None
    yaku: set[int]
    han: int
    fu: int
    payments: dict[str, int]
    received: int


def oracle_config(case: Case) -> HandConfig:
    s, rules = case.situation, case.ruleset
    options = OptionalRules(
        has_open_tanyao=rules.open_tanyao, has_aka_dora=rules.red_fives, has_double_yakuman=rules.double_yakuman,
        kiriage=rules.kiriage_mangan,
        kazoe_limit=HandConstants.KAZOE_LIMITED if rules.kazoe_yakuman else HandConstants.KAZOE_SANBAIMAN)
    return HandConfig(
        is_tsumo=s.tsumo, is_riichi=s.riichi, is_ippatsu=s.ippatsu, is_rinshan=s.rinshan, is_chankan=s.chankan,
        is_haitei=s.haitei, is_houtei=s.houtei, is_daburu_riichi=s.double_riichi, is_tenhou=s.tenhou,
        is_chiihou=s.chiihou, is_renhou=s.renhou, player_wind=ORACLE_EAST + s.seat_wind,
        round_wind=ORACLE_EAST + s.round_wind, tsumi_number=s.honba, kyoutaku_number=s.riichi_sticks, options=options)


def oracle_melds(melds: list[Meld]) -> list[OracleMeld]:
    return [OracleMeld(ORACLE_MELD_TYPES[m.kind], list(m.tiles), opened=m.is_open) for m in melds]


def oracle_score(case: Case) -> OracleScore:
    tiles = case.concealed + [t for m in case.melds for t in m.tiles]
    result = HandCalculator.estimate_hand_value(
        tiles, case.win_tile, oracle_melds(case.melds), list(case.situation.dora_indicators),
        oracle_config(case), ura_dora_indicators=list(case.situation.ura_indicators))
    if result.error:
        return OracleScore(result.error, set(), 0, 0, {}, 0)
    cost = result.cost
    s = case.situation
    if not s.tsumo:
        payments = {"discarder": cost["main"] + cost["main_bonus"]}
    elif s.seat_wind == 0:
        payments = {"non_dealer": cost["main"] + cost["main_bonus"]}
    else:
        payments = {"dealer": cost["main"] + cost["main_bonus"],
                    "non_dealer": cost["additional"] + cost["additional_bonus"]}
    return OracleScore(None, {ORACLE_TO_TENHOU[type(y).__name__] for y in result.yaku}, result.han, result.fu,
                       payments, cost["total"])


def make_case(hand: str, win: str, melds: tuple[str, ...] = (), ruleset: Ruleset = Ruleset(),
              dora: str = "", ura: str = "", **situation) -> Case:
    """A Case from MPSZ text, tile ids handed out as the CLI does: ``make_case("123m...", "4s", tsumo=True)``."""
    used: set[int] = set()
    tiles = parse_tiles(hand, used)
    meld_list = [parse_meld(text, used) for text in melds]
    dora_ids, ura_ids = tuple(parse_tiles(dora, used)), tuple(parse_tiles(ura, used))
    return Case(tiles, winning_tile(win, tiles), meld_list,
                WinSituation(dora_indicators=dora_ids, ura_indicators=ura_ids, **situation), ruleset)


def differences(case: Case) -> list[str]:
    """How our score of a case differs from the oracle's (error or not, yaku set, han, fu, payments)."""
    ours = score_hand(case.concealed, case.win_tile, case.melds, case.situation, case.ruleset)
    theirs = oracle_score(case)
    mine = (ours.error is None, {y for y, _ in ours.yaku}, ours.han, ours.fu, ours.payments)
    other = (theirs.error is None, theirs.yaku, theirs.han, theirs.fu, theirs.payments)
    names = ("wins", "yaku", "han", "fu", "payments")
    return [f"{name}: ours {a} oracle {b}" for name, a, b in zip(names, mine, other) if a != b]


def describe_case(case: Case) -> str:
    melds = " ".join(f"{m.kind}:{to_mpsz(m.tiles)}" for m in case.melds)
    return f"{to_mpsz(case.concealed)} win {tile_name(case.win_tile)} {melds} {case.situation} {case.ruleset}"


# --- random winning hands ----------------------------------------------------------------

GREEN = [19, 20, 21, 23, 25, 32]


def _palette(rng: random.Random) -> list[int]:
    """Which kinds a hand draws from: themes that reach the rarer yaku often enough."""
    suit = rng.randrange(3) * 9
    theme = rng.random()
    if theme < 0.45:
        return list(range(34))
    if theme < 0.65:
        return list(range(suit, suit + 9)) + list(range(27, 34))
    if theme < 0.75:
        return list(range(suit, suit + 9))
    if theme < 0.83:
        return list(YAOCHUU_KINDS)
    if theme < 0.88:
        return list(range(27, 34))
    if theme < 0.92:
        return GREEN
    if theme < 0.96:
        return [k for k in range(27) if k % 9 in (0, 8)] + rng.sample(range(27), 6)
    return [k for k in range(27) if 1 <= k % 9 <= 7]


def _random_groups(rng: random.Random, palette: list[int]) -> tuple[list[tuple[int, bool]], int] | None:
    counts = [0] * 34
    run_starts = [k for k in palette if k < 27 and k % 9 <= 6 and k + 1 in palette and k + 2 in palette]
    run_share = rng.choice((0.0, 0.3, 0.6, 0.9))
    groups = []
    for _ in range(4):
        for _attempt in range(20):
            if run_starts and rng.random() < run_share:
                k = rng.choice(run_starts)
                if all(counts[k + i] < 4 for i in range(3)):
                    for i in range(3):
                        counts[k + i] += 1
                    groups.append((k, True))
                    break
            else:
                k = rng.choice(palette)
                if counts[k] == 0:
                    counts[k] = 3
                    groups.append((k, False))
                    break
        else:
            return None
    pairs = [k for k in palette if counts[k] <= 2]
    if not pairs:
        return None
    return groups, rng.choice(pairs)


def _ids(rng: random.Random, kinds: list[int], taken: set[int]) -> list[int]:
    tiles = []
    for k in kinds:
        free = [k * 4 + c for c in range(4) if k * 4 + c not in taken]
        tile = rng.choice(free)
        taken.add(tile)
        tiles.append(tile)
    return tiles


def random_case(rng: random.Random) -> Case:
    """A random complete hand in a random situation, within what the oracle accepts."""
    while True:
        form = rng.random()
        taken: set[int] = set()
        melds: list[Meld] = []
        if form < 0.06:
            kinds = list(YAOCHUU_KINDS) + [rng.choice(YAOCHUU_KINDS)]
            concealed = _ids(rng, kinds, taken)
        elif form < 0.08:
            suit = rng.randrange(3) * 9
            kinds = [suit + n for n in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, rng.randrange(9))]
            concealed = _ids(rng, kinds, taken)
        elif form < 0.16:
            palette = _palette(rng)
            if len(palette) < 7:
                continue
            concealed = _ids(rng, [k for k in rng.sample(palette, 7) for _ in range(2)], taken)
        else:
            made = _random_groups(rng, _palette(rng))
            if made is None:
                continue
            groups, pair = made
            meld_share = rng.choice((0.0, 0.0, 0.25, 0.5, 0.9))
            concealed_kinds = [pair, pair]
            every_kind = [pair, pair] + [k for first, run in groups
                                         for k in ((first, first + 1, first + 2) if run else (first,) * 3)]
            for first, run in groups:
                if rng.random() < meld_share:
                    kind = "chi" if run else rng.choice(("pon", "pon", "kan", "ankan", "kakan"))
                    size = 4 if kind in ("kan", "ankan", "kakan") else 3
                    if size == 4 and every_kind.count(first) > 3:
                        kind, size = "pon", 3
                    kinds = [first, first + 1, first + 2] if run else [first] * size
                    tiles = tuple(sorted(_ids(rng, kinds, taken)))
                    called = None if kind == "ankan" else tiles[0]
                    melds.append(Meld(kind, tiles, called, None if called is None else 1,
                                      tiles[-1] if kind == "kakan" else None))
                else:
                    concealed_kinds += [first, first + 1, first + 2] if run else [first] * 3
            concealed = _ids(rng, concealed_kinds, taken)
        return Case(sorted(concealed), rng.choice(concealed), melds, _random_situation(rng, melds, taken),
                    Ruleset(red_fives=rng.random() < 0.8, open_tanyao=rng.random() < 0.8,
                            kiriage_mangan=rng.random() < 0.2, kazoe_yakuman=rng.random() < 0.8))


def _random_situation(rng: random.Random, melds: list[Meld], taken: set[int]) -> WinSituation:
    """A situation that can happen at a table: the flags agree with each other and the melds.

    Dora indicators: one, plus one per kan on the table, the winner's own or another's (up to 5);
    a riichi winner sees as many ura-dora indicators. A first-draw win comes before any call or
    riichi; ippatsu never meets rinshan (a kan ends it) or houtei (riichi needs 4 tiles left).
    """
    closed = not any(m.is_open for m in melds)
    tsumo = rng.random() < 0.5
    first_draw = tsumo and not melds and rng.random() < 0.02
    double_riichi = closed and not first_draw and rng.random() < 0.05
    riichi = closed and not first_draw and (double_riichi or rng.random() < 0.5)
    kans = sum(m.is_kan for m in melds)
    rinshan = tsumo and kans > 0 and rng.random() < 0.3
    chankan = not tsumo and rng.random() < 0.04
    houtei = not tsumo and not chankan and rng.random() < 0.05
    seat = rng.randrange(4)
    free = [t for t in range(136) if t not in taken]
    dora = rng.sample(free, 1 if first_draw else rng.randint(1 + kans, 5))
    ura = rng.sample([t for t in free if t not in dora], len(dora)) if riichi else []
    return WinSituation(
        tsumo=tsumo, riichi=riichi, double_riichi=double_riichi,
        ippatsu=riichi and not rinshan and not houtei and rng.random() < 0.2,
        rinshan=rinshan, chankan=chankan, haitei=tsumo and not rinshan and not first_draw and rng.random() < 0.05,
        houtei=houtei, tenhou=first_draw and seat == 0, chiihou=first_draw and seat != 0,
        seat_wind=seat, round_wind=rng.randrange(4), dora_indicators=tuple(dora), ura_indicators=tuple(ura),
        honba=rng.choice((0, 0, 1, 2, 5)), riichi_sticks=rng.choice((0, 0, 1, 3)))
