"""One worked example per yaku (Tenhou ids 0-54).

Each example must show its yaku, and the whole score (yaku set, han, fu, payments) must equal
the `mahjong` 2.1.0 oracle's, configured as Tenhou (reference.md §6); the han a yaku is worth
is then checked against the oracle too, not against our own table.
"""

from __future__ import annotations

import pytest
from scoring_oracle import differences, describe_case, make_case

from game.rules.ruleset import Ruleset
from game.rules.scoring import score_hand
from game.rules.yaku import YAKU

PLAIN = "123m456p789s55p234s"  # pinfu shape; won on the 4s (a 2-3 ryanmen)
NO_RED = Ruleset(red_fives=False)

# yaku id -> (hand with the winning tile, winning tile, melds, situation and rules)
EXAMPLES: dict[int, tuple[str, str, tuple[str, ...], dict]] = {
    0: (PLAIN, "4s", (), dict(tsumo=True, seat_wind=1)),
    1: (PLAIN, "4s", (), dict(riichi=True, seat_wind=2)),
    2: (PLAIN, "4s", (), dict(riichi=True, ippatsu=True, seat_wind=2)),
    3: (PLAIN, "4s", (), dict(chankan=True, seat_wind=3)),
    4: ("123m456p55p234s", "4s", ("ankan:9999s",), dict(tsumo=True, rinshan=True, seat_wind=1)),
    5: (PLAIN, "4s", (), dict(tsumo=True, haitei=True, seat_wind=1)),
    6: (PLAIN, "4s", (), dict(houtei=True, seat_wind=1)),
    7: (PLAIN, "4s", (), dict(seat_wind=1)),
    8: ("234m456p678s55p234s", "4s", (), dict(seat_wind=1)),
    9: ("112233m456p678s55p", "3m", (), dict(seat_wind=1)),
    10: ("123m456p789s55p111z", "5p", (), dict(seat_wind=0, round_wind=1)),
    11: ("123m456p789s55p222z", "5p", (), dict(seat_wind=1)),
    12: ("123m456p789s55p333z", "5p", (), dict(seat_wind=2)),
    13: ("123m456p789s55p444z", "5p", (), dict(seat_wind=3)),
    14: ("123m456p789s55p111z", "5p", (), dict(seat_wind=1, round_wind=0)),
    15: ("123m456p789s55p222z", "5p", (), dict(seat_wind=2, round_wind=1)),
    16: ("123m456p789s55p333z", "5p", (), dict(seat_wind=1, round_wind=2)),
    17: ("123m456p789s55p444z", "5p", (), dict(seat_wind=1, round_wind=3)),
    18: ("123m456p789s55p555z", "5p", (), dict(seat_wind=1)),
    19: ("123m456p789s55p666z", "5p", (), dict(seat_wind=1)),
    20: ("123m456p789s55p777z", "5p", (), dict(seat_wind=1)),
    21: (PLAIN, "4s", (), dict(riichi=True, double_riichi=True, seat_wind=1)),
    22: ("1133m5577p22s4466z", "1m", (), dict(seat_wind=1)),
    23: ("123m789p123s11z999m", "3m", (), dict(seat_wind=1)),
    24: ("123456789m456p11s", "9m", (), dict(seat_wind=1)),
    25: ("123m123p123s456m99p", "9p", (), dict(seat_wind=1)),
    26: ("222m222p456m99p", "9p", ("pon:222s",), dict(seat_wind=1)),
    27: ("456m77p", "7p", ("ankan:1111m", "kan:2222p", "kan:3333s"), dict(seat_wind=1)),
    28: ("333s444m55p", "5p", ("pon:111m", "pon:222p"), dict(seat_wind=1)),
    29: ("111m222p333s456m55p", "6m", (), dict(seat_wind=1)),
    30: ("555z666z77z123m456p", "3m", (), dict(seat_wind=1)),
    31: ("999p111s111z22z", "2z", ("pon:111m",), dict(seat_wind=2)),
    32: ("112233m445566p77s", "7s", (), dict(seat_wind=1)),
    33: ("123m789m123p999s11p", "3m", (), dict(seat_wind=1)),
    34: ("123456789m111z22z", "2z", (), dict(seat_wind=2)),
    35: ("123m345m567m789m11m", "1m", (), dict(seat_wind=1)),
    37: ("123m456p789s55p234s", "4s", (), dict(tsumo=True, tenhou=True, seat_wind=0)),
    38: ("123m456p789s55p234s", "4s", (), dict(tsumo=True, chiihou=True, seat_wind=2)),
    39: ("555z666z777z123m44p", "4p", (), dict(seat_wind=1)),
    40: ("111m222p333s444m55p", "4m", (), dict(tsumo=True, seat_wind=1)),
    41: ("111m222p333s444m55p", "5p", (), dict(seat_wind=1)),
    42: ("222z333z555z66z", "6z", ("pon:111z",), dict(seat_wind=1)),
    43: ("22334466688s666z", "8s", (), dict(seat_wind=1)),
    44: ("999m111p999p11s", "1s", ("pon:111m",), dict(seat_wind=1)),
    45: ("11123455678999m", "1m", (), dict(seat_wind=1)),
    46: ("11123456789999m", "9m", (), dict(seat_wind=1)),
    47: ("119m19p19s1234567z", "9m", (), dict(seat_wind=1)),
    48: ("119m19p19s1234567z", "1m", (), dict(seat_wind=1)),
    49: ("222z333z444z55m", "5m", ("pon:111z",), dict(seat_wind=1)),
    50: ("222z333z44z123m", "3m", ("pon:111z",), dict(seat_wind=1)),
    51: ("55m", "5m", ("ankan:1111m", "kan:2222p", "kan:3333s", "kakan:4444z"), dict(seat_wind=1)),
    52: (PLAIN, "4s", (), dict(riichi=True, seat_wind=1, dora="4p")),
    53: (PLAIN, "4s", (), dict(riichi=True, seat_wind=1, dora="1z", ura="4p")),
    54: ("123m406p789s55p234s", "4s", (), dict(riichi=True, seat_wind=1)),
}


def _case(yaku_id: int, ruleset: Ruleset = Ruleset()):
    hand, win, melds, situation = EXAMPLES[yaku_id]
    return make_case(hand, win, melds, ruleset if yaku_id == 54 else NO_RED, **situation)


@pytest.mark.parametrize("yaku_id", sorted(EXAMPLES), ids=lambda i: f"{i}-{YAKU[i].name}")
def test_worked_example_shows_its_yaku_as_the_oracle_scores_it(yaku_id):
    case = _case(yaku_id)
    score = score_hand(case.concealed, case.win_tile, case.melds, case.situation, case.ruleset)
    assert score.error is None, describe_case(case)
    assert yaku_id in {y for y, _ in score.yaku}, (score.yaku, describe_case(case))
    assert differences(case) == [], describe_case(case)


def test_every_tenhou_yaku_id_has_a_table_row_and_an_example():
    assert sorted(YAKU) == list(range(55))
    assert set(EXAMPLES) | {36} == set(YAKU)  # renhou: not a Tenhou yaku, see the ruleset test


def test_renhou_counts_only_when_the_ruleset_plays_it():
    hand, win = PLAIN, "4s"
    played = make_case(hand, win, (), Ruleset(renhou=True, red_fives=False), seat_wind=1, renhou=True)
    assert differences(played) == []  # the oracle's renhou: 5 han, as ours
    score = score_hand(played.concealed, played.win_tile, [], played.situation, played.ruleset)
    assert (36, 5) in score.yaku
    tenhou = make_case(hand, win, (), NO_RED, seat_wind=1, renhou=True)
    score = score_hand(tenhou.concealed, tenhou.win_tile, [], tenhou.situation, tenhou.ruleset)
    assert 36 not in {y for y, _ in score.yaku}


def test_open_hand_loses_the_closed_only_yaku_and_a_han_of_the_others():
    closed = make_case("123456789m111z22z", "2z", (), NO_RED, seat_wind=2)
    opened = make_case("456789m111z22z", "2z", ("chi:123m",), NO_RED, seat_wind=2)
    for case in (closed, opened):
        assert differences(case) == [], describe_case(case)
    closed_score = score_hand(closed.concealed, closed.win_tile, [], closed.situation, closed.ruleset)
    open_score = score_hand(opened.concealed, opened.win_tile, opened.melds, opened.situation, opened.ruleset)
    assert dict(closed_score.yaku)[24] == 2 and dict(open_score.yaku)[24] == 1   # ittsu
    assert dict(closed_score.yaku)[34] == 3 and dict(open_score.yaku)[34] == 2   # honitsu
