"""Scoring against the `mahjong` 2.1.0 oracle (reference.md §6), the classic traps, and payments.

The oracle scores all 399 real four-player wins exactly as Tenhou (reference.md §6), so random
hands it agrees on are a wide check; the traps are the mistakes other projects' trackers list.
"""

from __future__ import annotations

import random

import pytest
from scoring_oracle import describe_case, differences, make_case, oracle_score, random_case

from game.rules.errors import InputError
from game.rules.melds import Meld
from game.rules.ruleset import Ruleset
from game.rules.scoring import base_points, check_situation, score_hand, win_deltas
from game.rules.yaku import YAKU

NO_RED = Ruleset(red_fives=False)
RANDOM_HANDS = 20_000


def _score(case):
    return score_hand(case.concealed, case.win_tile, case.melds, case.situation, case.ruleset)


def _yaku_ids(score) -> set[int]:
    return {y for y, _ in score.yaku}


def test_random_winning_hands_agree_with_the_oracle():
    rng = random.Random(20260521)
    problems: list[str] = []
    seen: set[int] = set()
    for _ in range(RANDOM_HANDS):
        case = random_case(rng)
        found = differences(case)
        if found:
            problems.append(f"{describe_case(case)}: {found}")
        seen |= oracle_score(case).yaku
    assert not problems, f"{len(problems)} differences; the first: {problems[:10]}"
    # the generator reaches every yaku the oracle knows in Tenhou's rules (renhou is not one)
    assert seen == set(YAKU) - {36}


def test_every_situation_that_can_happen_passes_the_checks():
    """Other players' kans turn kan-dora too: a hand without a kan of its own sees up to 5 indicators."""
    rng = random.Random(1405)
    cases = [random_case(rng) for _ in range(3000)]
    for case in cases:
        check_situation(case.situation, case.melds)
    seen = {len(c.situation.dora_indicators) for c in cases if not any(m.is_kan for m in c.melds)}
    assert seen == {1, 2, 3, 4, 5}


# --- the traps ---------------------------------------------------------------------------

def test_a_shanpon_completed_by_ron_is_an_open_triplet_for_fu_and_sanankou():
    ron = make_case("111m444p777s234s99m", "7s", ruleset=NO_RED, riichi=True, seat_wind=1)
    tsumo = make_case("111m444p777s234s99m", "7s", ruleset=NO_RED, riichi=True, tsumo=True, seat_wind=1)
    ron_score, tsumo_score = _score(ron), _score(tsumo)
    assert 29 not in _yaku_ids(ron_score) and 29 in _yaku_ids(tsumo_score)
    # 20 + 10 closed ron + 8 (111m concealed) + 4 (444p concealed) + 2 (777s open) = 44 -> 50
    assert ron_score.fu == 50
    assert differences(ron) == [] and differences(tsumo) == []


def test_four_concealed_triplets_won_by_ron_on_a_shanpon_are_not_suuankou():
    case = make_case("111m222p333s444m55p", "4m", ruleset=NO_RED, seat_wind=1)
    score = _score(case)
    assert _yaku_ids(score) == {28, 29} and differences(case) == []


@pytest.mark.parametrize("win", "123456789")
def test_pure_nine_gates_waits_on_all_nine(win):
    case = make_case("1112345678999m" + f"{win}m", f"{win}m", ruleset=NO_RED, seat_wind=1)
    assert _score(case).yaku == [(46, 13)] and differences(case) == []


def test_nine_gates_won_on_another_tile_is_not_pure():
    case = make_case("11123455678999m", "9m", ruleset=NO_RED, seat_wind=1)
    assert _score(case).yaku == [(45, 13)] and differences(case) == []


def test_yakuhai_beside_simples_is_not_tanyao():
    case = make_case("234m456p678s55p777z", "5p", ruleset=NO_RED, seat_wind=1)
    assert _yaku_ids(_score(case)) == {20} and differences(case) == []


def test_dora_without_a_yaku_is_not_a_win():
    case = make_case("22m456p678s345m444z", "2m", ruleset=NO_RED, seat_wind=1, dora="1m")
    score = _score(case)
    assert score.error == "no yaku (dora alone does not win)"
    assert oracle_score(case).error == "no_yaku"


def test_an_incomplete_hand_says_so():
    case = make_case("123m456p789s55p235s", "5s", seat_wind=1)
    assert _score(case).error == "not complete"


def test_pinfu_tsumo_is_20_fu():
    case = make_case("123m456p789s55p234s", "4s", ruleset=NO_RED, tsumo=True, seat_wind=1)
    score = _score(case)
    assert (score.fu, _yaku_ids(score)) == (20, {0, 7}) and differences(case) == []


def test_an_open_hand_of_pinfu_shape_is_30_fu():
    case = make_case("456p678s55p234s", "4s", ("chi:234m",), NO_RED, seat_wind=1)
    score = _score(case)
    assert (score.fu, score.yaku) == (30, [(8, 1)]) and differences(case) == []


def test_chiitoitsu_is_25_fu():
    case = make_case("1133m5577p22s4466z", "1m", ruleset=NO_RED, seat_wind=1)
    score = _score(case)
    assert (score.fu, score.total) == (25, 1600) and differences(case) == []


def test_a_double_wind_pair_is_4_fu():
    # 30 (closed ron) + 8 (111m concealed) + the east pair: 4 as seat and round wind -> 50, 2 -> 40
    double = make_case("111m456p789s234s11z", "4s", ruleset=NO_RED, riichi=True, seat_wind=0, round_wind=0)
    single = make_case("111m456p789s234s11z", "4s", ruleset=NO_RED, riichi=True, seat_wind=1, round_wind=0)
    assert (_score(double).fu, _score(single).fu) == (50, 40)
    assert differences(double) == [] and differences(single) == []


def test_thirteen_han_is_a_counted_yakuman_unless_the_ruleset_caps_it():
    situation = dict(riichi=True, ippatsu=True, tsumo=True, seat_wind=1)
    kazoe = make_case("112233m456m789m55m", "4m", ruleset=NO_RED, **situation)
    capped = make_case("112233m456m789m55m", "4m", ruleset=Ruleset(red_fives=False, kazoe_yakuman=False),
                       **situation)
    assert (_score(kazoe).han, _score(kazoe).limit, _score(kazoe).total) == (13, "yakuman", 32000)
    assert (_score(capped).limit, _score(capped).total) == ("sanbaiman", 24000)
    assert differences(kazoe) == [] and differences(capped) == []


def test_several_yakuman_add_up_unless_the_ruleset_says_not():
    hand, melds = "555z666z777z22z", ("pon:111z",)
    both = make_case(hand, "2z", melds, NO_RED, seat_wind=1)
    single = make_case(hand, "2z", melds, Ruleset(red_fives=False, multiple_yakuman=False), seat_wind=1)
    assert (_score(both).yaku, _score(both).total) == ([(39, 13), (42, 13)], 64000)
    assert (_score(single).yakuman, _score(single).total) == (1, 32000)
    assert differences(both) == []


def test_special_waits_count_once_unless_double_yakuman():
    tenhou = make_case("111m222p333s444m55p", "5p", ruleset=NO_RED, seat_wind=1)
    double = make_case("111m222p333s444m55p", "5p", ruleset=Ruleset(red_fives=False, double_yakuman=True),
                       seat_wind=1)
    assert (_score(tenhou).total, _score(double).total) == (32000, 64000)
    assert differences(tenhou) == [] and differences(double) == []


def test_kiriage_mangan_switch():
    situation = dict(riichi=True, seat_wind=1, dora="1m")
    plain = make_case("234m456p678s55p234s", "4s", ruleset=NO_RED, **situation)
    kiriage = make_case("234m456p678s55p234s", "4s", ruleset=Ruleset(red_fives=False, kiriage_mangan=True),
                        **situation)
    assert (_score(plain).han, _score(plain).fu, _score(plain).total) == (4, 30, 7700)
    assert (_score(kiriage).total, _score(kiriage).limit) == (8000, "mangan")
    assert differences(plain) == [] and differences(kiriage) == []


def test_open_tanyao_and_red_five_switches():
    open_tanyao = make_case("456p678s55p234s", "4s", ("chi:234m",), NO_RED, seat_wind=1)
    no_kuitan = make_case("456p678s55p234s", "4s", ("chi:234m",), Ruleset(red_fives=False, open_tanyao=False),
                          seat_wind=1)
    assert _score(open_tanyao).error is None and _score(no_kuitan).error == "no yaku"
    red = make_case("123m406p789s55p234s", "4s", riichi=True, seat_wind=1)
    plain = make_case("123m406p789s55p234s", "4s", ruleset=NO_RED, riichi=True, seat_wind=1)
    assert (54, 1) in _score(red).yaku and 54 not in _yaku_ids(_score(plain))
    for case in (open_tanyao, no_kuitan, red, plain):
        assert differences(case) == []


def test_the_best_reading_wins():
    # 111222333m: three triplets (sanankou) or three identical runs (iipeikou); Tenhou keeps the higher
    case = make_case("111222333m789p55s", "5s", ruleset=NO_RED, riichi=True, seat_wind=1)
    score = _score(case)
    assert 29 in _yaku_ids(score) and differences(case) == []


# --- limits and payments -------------------------------------------------------------------

@pytest.mark.parametrize("han, fu, expected", [
    (1, 30, (240, "none")), (3, 70, (2000, "mangan")), (4, 40, (2000, "mangan")), (5, 30, (2000, "mangan")),
    (6, 30, (3000, "haneman")), (8, 30, (4000, "baiman")), (11, 30, (6000, "sanbaiman")),
    (13, 30, (8000, "yakuman")),
])
def test_limits(han, fu, expected):
    assert base_points(han, fu, 0) == expected


def test_ron_and_tsumo_payments_with_honba_and_sticks():
    ron = make_case("123m456p789s55p234s", "4s", ruleset=NO_RED, riichi=True, seat_wind=1, honba=2)
    score = _score(ron)  # 2 han 30 fu non-dealer ron: 2000, + 600 for two honba
    assert score.payments == {"discarder": 2600} and score.total == 2000
    assert win_deltas(score, winner=1, dealer=0, from_seat=3, honba=2, riichi_sticks=1) == [0, 3600, 0, -2600]
    tsumo = make_case("123m456p789s55p234s", "4s", ruleset=NO_RED, tsumo=True, riichi=True, seat_wind=0, honba=1)
    score = _score(tsumo)  # 3 han 20 fu dealer tsumo: 1300 all, + 100 each
    assert score.payments == {"non_dealer": 1400} and score.total == 3900
    assert win_deltas(score, winner=2, dealer=2, from_seat=None, honba=1, riichi_sticks=0) == [-1400, -1400,
                                                                                               4200, -1400]


def test_pao_on_ron_the_liable_player_pays_half_and_the_honba():
    # a real Tenhou game (issue 15), 1 honba: +32300, -16300 (liable), -16000 (discarder)
    case = make_case("555z666z22m789p", "2m", ("pon:777z",), NO_RED, seat_wind=1, honba=1)
    score = _score(case)
    assert score.yaku == [(39, 13)]
    deltas = win_deltas(score, winner=1, dealer=0, from_seat=2, honba=1, riichi_sticks=0, pao_seat=3)
    assert deltas == [0, 32300, -16000, -16300]
    dealer_win = make_case("555z666z22m789p", "2m", ("pon:777z",), NO_RED, seat_wind=0, honba=2)
    deltas = win_deltas(_score(dealer_win), winner=0, dealer=0, from_seat=1, honba=2, riichi_sticks=1, pao_seat=2)
    assert deltas == [48600 + 1000, -24000, -24600, 0]


def test_pao_ron_dealt_by_the_liable_player_is_an_ordinary_ron():
    case = make_case("555z666z22m789p", "2m", ("pon:777z",), NO_RED, seat_wind=1, honba=1)
    deltas = win_deltas(_score(case), winner=1, dealer=0, from_seat=3, honba=1, riichi_sticks=0, pao_seat=3)
    assert deltas == [0, 32300, 0, -32300]


def test_pao_with_a_second_yakuman_by_tsumo_is_all_the_liable_players():
    # Tenhou (issue 14): daisangen pao + tsuuiisou, non-dealer tsumo: 64,000 + honba from the liable player
    case = make_case("111z22z", "1z", ("pon:555z", "pon:666z", "pon:777z"), NO_RED, tsumo=True, seat_wind=2,
                     honba=1)
    score = _score(case)
    assert _yaku_ids(score) == {39, 42} and score.liable_yakuman == 1
    deltas = win_deltas(score, winner=2, dealer=0, from_seat=None, honba=1, riichi_sticks=0, pao_seat=1)
    assert deltas == [0, -64300, 64300, 0]
    # on ron the whole double yakuman is halved between discarder and liable player (our choice)
    ron = make_case("111z22z", "1z", ("pon:555z", "pon:666z", "pon:777z"), NO_RED, seat_wind=2, honba=1)
    deltas = win_deltas(_score(ron), winner=2, dealer=0, from_seat=3, honba=1, riichi_sticks=0, pao_seat=1)
    assert deltas == [0, -32300, 64300, -32000]


def test_without_a_liable_yakuman_pao_changes_nothing():
    case = make_case("123m456p789s55p234s", "4s", ruleset=NO_RED, tsumo=True, riichi=True, seat_wind=1)
    score = _score(case)
    usual = win_deltas(score, winner=1, dealer=0, from_seat=None, honba=0, riichi_sticks=0)
    assert win_deltas(score, winner=1, dealer=0, from_seat=None, honba=0, riichi_sticks=0, pao_seat=2) == usual


def test_score_hand_rejects_tiles_that_are_not_a_hand():
    case = make_case("123m456p789s55p234s", "4s")
    with pytest.raises(InputError):
        score_hand(case.concealed[:-1], case.win_tile, [], case.situation)
    with pytest.raises(InputError):
        score_hand(case.concealed, 135, [], case.situation)
    with pytest.raises(InputError):
        score_hand(case.concealed[:11], case.concealed[0], [Meld("pon", tuple(case.concealed[:3]))], case.situation)
