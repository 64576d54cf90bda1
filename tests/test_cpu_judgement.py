"""The strong CPU's weighing, piece by piece: push or fold by expected value, reading open
hands, riichi and the score in the last round, kans, tenpai for the noten payments."""

from __future__ import annotations

import pytest

import math
import sys
from dataclasses import replace
from pathlib import Path

from game.cpu import defence, position, pushfold
from game.cpu.calls import kan_worth
from game.cpu.riichi import should_riichi
from game.cpu.value import _view
from game.rules.melds import Meld
from game.rules.actions import ClosedKan


def _all_last(scores, seat=0, dealer=3):
    return replace(_view(seat=seat, dealer=dealer), round_wind=1, scores=scores, tiles_left=40,
                   seat_winds=tuple((s - dealer) % 4 for s in range(4)))


def test_win_chance_falls_with_shanten_and_the_wall():
    early = [pushfold.win_chance(s, 12, 60, 80, True) for s in (0, 1, 2)]
    assert early[0] > early[1] > early[2]
    assert pushfold.win_chance(0, 8, 8, 80, True) < pushfold.win_chance(0, 8, 60, 80, True)
    assert pushfold.win_chance(0, 8, 40, 80, False) > pushfold.win_chance(0, 8, 40, 80, True)


def test_a_cheap_narrow_tenpai_folds_a_fresh_tile_but_a_good_one_pushes():
    view = replace(_view(), tiles_left=40, riichi=(False, True, False, False))
    threat = pushfold.threat_value(view, 1)  # a riichi would cost about this
    fresh = threat * 0.11  # a tile with no suji against it: about 11% (tools/danger_table.py)

    def worth(shanten, count, points, loss):
        return pushfold.candidate_worth(view, shanten, count, points, loss, True, 80, _ruleset(), threat)

    fold = worth(2, 0, 1000, 0.0)
    assert worth(0, 3, 1000, fresh) < fold           # kanchan, 1,000 points: give it up
    assert worth(0, 8, 3900, fresh) > fold           # ryanmen, 3,900: push
    assert worth(1, 20, 8000, fresh) > fold          # a wide one-shanten mangan, early: push
    assert worth(1, 8, 1000, fresh) < fold           # a cheap narrow one-shanten: fold


def _ruleset():
    from game.rules.ruleset import TENHOU

    return TENHOU


def test_a_riichi_costs_more_than_an_open_hand_and_the_dealer_more_again():
    view = replace(_view(), riichi=(False, True, False, False))
    riichi, open_hand = pushfold.threat_value(view, 1), pushfold.threat_value(view, 2)
    assert riichi > open_hand
    dealer = replace(view, riichi=(True, False, False, False))
    assert pushfold.threat_value(dealer, 0) > riichi


def test_open_hands_are_read_by_their_calls():
    pon = Meld("pon", (36, 37, 38), 38, 0)     # 1p pon
    chi = Meld("chi", (44, 48, 53), 44, 0)     # 345p chi, a plain 5p
    flush = replace(_view(), melds=((), (pon, chi), (), ()), tiles_left=30)
    assert defence.tenpai_chance(flush, 1) > defence.tenpai_chance(replace(flush, tiles_left=65), 1)
    assert 1 not in defence.threats(flush)  # two calls, 30 tiles left: not yet likely tenpai (MIN_THREAT)
    red = replace(flush, melds=((), (pon, Meld("chi", (44, 48, 52), 44, 0)), (), ()))  # the red 5p shown
    assert 1 in defence.threats(red)  # a han shown makes the same calls a threat sooner (VISIBLE_THREAT)
    late = replace(flush, tiles_left=10)
    threat = defence.threats(late)
    assert 1 in threat
    row = defence.dangers_by_seat(late, threat)[1]
    assert row[9 + 4] > row[4] and row[9 + 4] > row[18 + 4]  # 5p in its suit, 5m and 5s off it


def test_an_open_hand_is_valued_by_the_han_its_melds_show():
    haku = Meld("pon", (124, 125, 126), 126, 2)   # a value honour: the yaku, nothing more
    chi = Meld("chi", (40, 44, 48), 40, 0)        # 234p
    view = replace(_view(), melds=((), (haku, chi), (), ()))
    assert pushfold.open_points(view, 1) == 2600  # one suit with two calls is no flush yet
    with_dora = replace(view, dora_indicators=(36,))  # 1p shown: 2p is dora, one in the chi
    assert pushfold.open_points(with_dora, 1) == 4100
    chun = Meld("pon", (132, 133, 134), 134, 2)
    assert pushfold.open_points(replace(view, melds=((), (haku, chun), (), ())), 1) == 4100  # a second one
    assert pushfold.open_points(replace(with_dora, melds=((), (haku, chun, chi), (), ())), 1) == 8500  # + dora, flush
    flush = replace(view, melds=((), (chi, Meld("chi", (60, 64, 69), 60, 0), Meld("pon", (68, 70, 71), 71, 2)),
                                 (), ()))
    assert pushfold.open_points(flush, 1) == 4100  # three calls in the pinzu
    dealer = replace(view, dealer=1)
    assert pushfold.threat_value(dealer, 1) == 1.5 * 2600


sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import danger_table  # noqa: E402  (tools/danger_table.py)
import threat_table  # noqa: E402  (tools/threat_table.py)

LIVE_SIDES = ("half-suji 4/5/6", "one-chance", "no suji 1/9", "no suji 2/8", "no suji 3/7", "no suji 4/5/6")
CALIBRATION_DEVIATIONS = 2.58  # two-sided 99%: a model this far from real rons is miscalibrated


@pytest.mark.long
@pytest.mark.xdist_group("danger and threat samples")  # tests/test_docs.py's tables read the same samples
def test_the_danger_model_predicts_as_many_deal_ins_as_real_riichi_took():
    """tools/danger_table.py over the 60 Tenhou logs of tests/data. Over every throw against a
    riichi through a live ryanmen side (the categories of ``LIVE_SIDES``: 850 throws, 72 of
    them dealt in), the deal-ins the model predicts (its chances summed) are within 2.58
    standard deviations of those the logs show; so are they over every throw outside
    genbutsu. Each category's prediction lies within its observed rate's 95% interval, as
    docs/measurements.md says. A ryanmen side weighed at half (``RYANMEN_SIDE`` 3, not 6)
    predicts 42 deal-ins where 72 were seen: 4.7 deviations."""
    samples = danger_table.all_samples(tuple(danger_table.log_paths([])))

    def deviations(chosen) -> float:
        predicted = sum(p / 100 for _, p, _ in chosen)
        spread = math.sqrt(sum(p / 100 * (1 - p / 100) for _, p, _ in chosen))
        return (sum(dealt for *_, dealt in chosen) - predicted) / spread

    live = [s for s in samples if s[0] in LIVE_SIDES]
    assert len(live) >= 500 and sum(dealt for *_, dealt in live) >= 50  # enough to tell
    assert abs(deviations(live)) <= CALIBRATION_DEVIATIONS
    assert abs(deviations([s for s in samples if s[0] != "genbutsu"])) <= CALIBRATION_DEVIATIONS
    for name, (n, predicted, dealt) in danger_table.rows(danger_table.log_paths([])).items():
        low, high = danger_table.interval(dealt, n)
        assert 100 * low <= predicted / n <= 100 * high, (name, n, predicted / n, low, high)


@pytest.mark.xdist_group("danger and threat samples")
def test_threat_values_are_near_what_real_rons_cost():
    """tools/threat_table.py over the Tenhou logs of tests/data: where twenty rons or more
    make a row, the predicted value is within a quarter of the observed one."""
    rows = threat_table.sums(danger_table.log_paths([]))
    big = {key: row for key, row in rows.items() if row[0] >= 20}
    assert {kind for kind, _ in big} == {"riichi", "open, 0 han shown"}
    for n, predicted, observed in big.values():
        assert abs(predicted - observed) <= 0.25 * observed


def test_riichi_in_the_last_round_only_when_it_can_better_the_place():
    far_last = _all_last((5000, 40000, 30000, 25000))
    assert not position.riichi_can_help(far_last, riichi_points=2000, dama_points=0)
    close_third = _all_last((24000, 30000, 25000, 21000))
    assert position.riichi_can_help(close_third, riichi_points=2000, dama_points=0)
    assert not position.riichi_can_help(close_third, riichi_points=2000, dama_points=2000)  # dama does as much
    dealer = replace(far_last, dealer=0, seat_winds=(0, 1, 2, 3))
    assert position.riichi_can_help(dealer, riichi_points=2000, dama_points=0)  # the dealer plays on


def test_a_furiten_riichi_only_when_wide_early_and_unopposed():
    assert should_riichi(8, 0, False, furiten=True, tiles_left=50)
    assert not should_riichi(4, 0, False, furiten=True, tiles_left=50)
    assert not should_riichi(8, 0, False, furiten=True, tiles_left=20)
    assert not should_riichi(8, 0, False, furiten=True, tiles_left=50, threatened=True)


def test_a_cheap_tenpai_with_a_yaku_declares_until_ten_tiles_are_left():
    # against majiang-ai on seeds 1600 to 1999, declaring until 10 tiles left (not 18) gained
    # rank and points (docs/measurements.md, the line on LATE_TILES)
    assert should_riichi(5, 2000, False, furiten=False, tiles_left=12)
    assert should_riichi(5, 2000, False, furiten=False, tiles_left=10)
    assert not should_riichi(5, 2000, False, furiten=False, tiles_left=9)
    assert should_riichi(5, 0, False, furiten=False, tiles_left=4)  # no yaku: riichi to win at all


def test_a_kan_in_riichi_always_and_against_riichi_only_from_tenpai():
    hand = tuple(range(0, 4)) + tuple(range(36, 46))  # four 1m, then pinzu
    mine = replace(_view(), hand=hand, riichi=(True, False, False, False))
    assert kan_worth(mine, ClosedKan(0), best_shanten=0, threatened=True)
    theirs = replace(_view(), hand=hand, riichi=(False, True, False, False))
    assert not kan_worth(theirs, ClosedKan(0), best_shanten=1, threatened=True)
