"""The round's rules, one by one, on walls built for the case.

``table(...)`` (tests/tables.py) builds a wall whose deal gives each seat the hand named
in MPSZ and whose live draws come in the order given (seat 0 deals and draws first), so
every test reads as a small scene at the table. The whole-game proof is tests/test_replay.py (real logs).
"""

from __future__ import annotations

import pytest

from game.rules.actions import (
    AddedKan, Chi, ClosedKan, Discard, IllegalAction, NineTerminals, OpenKan, Pass, Pon, Riichi, Ron, Tsumo,
)
from game.rules.events import Called, DoraRevealed, Drew, Kanned, Missed, RiichiAccepted, RoundDrawn
from game.rules.round import Round
from game.rules.tiles import parse_tile
from tables import CALLS, RIICHI, discard, pass_all, table, tile_of


def test_a_discard_waits_for_every_seat_that_may_claim():
    rnd = table(CALLS, ["5p"])
    discard(rnd, 0, "5p")
    assert rnd.phase == "claims" and rnd.awaiting() == [1, 2, 3]
    assert any(isinstance(a, Chi) for a in rnd.legal_actions(1))
    assert any(isinstance(a, Pon) for a in rnd.legal_actions(2))
    assert Ron() in rnd.legal_actions(3)
    assert rnd.legal_actions(0) == []


def test_pon_beats_chi_and_a_passed_ron_is_furiten():
    rnd = table(CALLS, ["5p"])
    discard(rnd, 0, "5p")
    chi = next(a for a in rnd.legal_actions(1) if isinstance(a, Chi))
    pon = next(a for a in rnd.legal_actions(2) if isinstance(a, Pon))
    rnd.apply(1, chi)
    rnd.apply(3, Pass())
    assert rnd.phase == "claims"  # seat 2 has not answered yet
    rnd.apply(2, pon)
    called = [e for e in rnd.events if isinstance(e, Called)]
    assert len(called) == 1 and called[0].seat == 2 and called[0].meld.kind == "pon"
    assert Missed(3) in rnd.events and rnd.furiten_temp[3]
    assert rnd.turn == 2 and rnd.phase == "turn"
    # kuikae: after a pon of 5p, no 5p may be discarded (there is none left), no tsumo, no kan
    assert all(isinstance(a, Discard) for a in rnd.legal_actions(2))


def test_ron_beats_calls():
    rnd = table(CALLS, ["5p"])
    discard(rnd, 0, "5p")
    rnd.apply(1, next(a for a in rnd.legal_actions(1) if isinstance(a, Chi)))
    rnd.apply(2, next(a for a in rnd.legal_actions(2) if isinstance(a, Pon)))
    rnd.apply(3, Ron())
    result = rnd.result
    assert [w.seat for w in result.wins] == [3] and result.wins[0].from_seat == 0
    assert (8, 1) in result.wins[0].score.yaku  # tanyao
    assert sum(result.deltas) == 0 and result.deltas[3] > 0 > result.deltas[0]
    assert not result.dealer_continues
    with pytest.raises(IllegalAction):
        rnd.apply(1, Pass())


def test_chi_forbids_swap_discards():
    rnd = table(CALLS, ["5p"])
    discard(rnd, 0, "5p")
    rnd.apply(3, Pass())
    rnd.apply(2, Pass())
    rnd.apply(1, Chi((tile_of(rnd, 1, "6p"), tile_of(rnd, 1, "7p"))))
    kinds = {a.tile // 4 for a in rnd.legal_actions(1)}
    assert parse_tile("8p") // 4 not in kinds  # the other end of 5-6-7p: suji kuikae
    assert parse_tile("5p") // 4 not in kinds
    assert parse_tile("1m") // 4 in kinds
    with pytest.raises(IllegalAction):
        discard(rnd, 1, "8p")


def test_temporary_furiten_blocks_the_next_ron_until_the_own_discard():
    # the red 5p comes to seat 1, who throws it: seat 3 passed 5p a moment ago
    rnd = table(CALLS, ["5p", "0p"])
    discard(rnd, 0, "5p")
    pass_all(rnd)
    assert rnd.turn == 1
    rnd.apply(1, Discard(16 + 36))  # the red 5p (id 52)
    assert Ron() not in rnd.legal_actions(3)
    assert rnd.furiten_temp[3]


def test_own_discard_furiten():
    # seat 3 waits on 5p-8p and throws the 8p it draws: a later 5p cannot be ronned
    hands = ["1357m2468p1357s1z", "19m19s123z777z289p", "28m28s4z666z3p7p9p1s1p", "234m678m234s55s67p"]
    rnd = table(hands, ["1z", "2z", "3z", "8p", "5p"])
    for seat in range(3):
        rnd.apply(seat, Discard(rnd.drawn))
        pass_all(rnd)
    assert Tsumo() in rnd.legal_actions(3)  # 8p completes the hand; seat 3 declines
    rnd.apply(3, Discard(rnd.drawn))
    pass_all(rnd)
    discard(rnd, 0, "5p")
    assert Missed(3) in rnd.events and rnd.turn == 1  # nobody could claim: seat 1 draws


def test_riichi_needs_tenpai_and_the_points():
    rnd = table(RIICHI, ["7z"])
    riichi = [a for a in rnd.legal_actions(0) if isinstance(a, Riichi)]
    assert [a.tile // 4 for a in riichi] == [parse_tile("7z") // 4]
    poor = table(RIICHI, ["7z"], scores=(900, 25000, 25000, 49100))
    assert not any(isinstance(a, Riichi) for a in poor.legal_actions(0))


def test_riichi_stick_ippatsu_double_riichi_and_tsumogiri_only():
    rnd = table(RIICHI, ["7z", "1z", "1z", "1z", "9m"])
    rnd.apply(0, Riichi(tile_of(rnd, 0, "7z")))
    assert rnd.riichi[0] and rnd.double_riichi[0] and rnd.ippatsu[0]
    pass_all(rnd)
    assert RiichiAccepted(0) in rnd.events and rnd.sticks == 1 and rnd.scores[0] == 24000
    for seat in (1, 2, 3):
        rnd.apply(seat, Discard(rnd.drawn))
        pass_all(rnd)
    assert rnd.turn == 0
    assert rnd.legal_actions(0) == [Discard(rnd.drawn)]  # in riichi: only the drawn tile


def test_a_call_breaks_ippatsu():
    # seat 1 pons seat 2's 9p right after seat 0's riichi
    rnd = table(RIICHI, ["7z", "1z", "9p"])
    rnd.apply(0, Riichi(tile_of(rnd, 0, "7z")))
    pass_all(rnd)
    rnd.apply(1, Discard(rnd.drawn))
    pass_all(rnd)
    discard(rnd, 2, "9p")
    rnd.apply(1, next(a for a in rnd.legal_actions(1) if isinstance(a, Pon)))
    assert not rnd.ippatsu[0]


def test_closed_kan_in_riichi_only_when_it_keeps_the_wait():
    # 111m held, the fourth 1m drawn: the waits (1s 4s) stay, so the kan is allowed;
    # the kan dora turns at once, before the discard
    rnd = table(RIICHI, ["7z", "1z", "1z", "1z", "1m"])
    rnd.apply(0, Riichi(tile_of(rnd, 0, "7z")))
    pass_all(rnd)
    for seat in (1, 2, 3):
        rnd.apply(seat, Discard(rnd.drawn))
        pass_all(rnd)
    assert ClosedKan(0) in rnd.legal_actions(0)
    rnd.apply(0, ClosedKan(0))
    assert isinstance(rnd.events[-2], Drew) and rnd.events[-2].rinshan
    assert isinstance(rnd.events[-1], DoraRevealed) and len(rnd.wall.dora_indicators) == 2


def test_closed_kan_in_riichi_refused_when_the_wait_changes():
    # 11123m: waits 1m 4m and, with the 55s pair, 5s; a kan of 1m leaves 23m: the waits change
    hands = ["11123m456p789s55s"] + RIICHI[1:]
    rnd = table(hands, ["7z", "1z", "1z", "1z", "1m"])
    rnd.apply(0, Riichi(tile_of(rnd, 0, "7z")))
    pass_all(rnd)
    for seat in (1, 2, 3):
        rnd.apply(seat, Discard(rnd.drawn))
        pass_all(rnd)
    assert Tsumo() in rnd.legal_actions(0)
    assert not any(isinstance(a, ClosedKan) for a in rnd.legal_actions(0))


def test_closed_kan_in_riichi_refused_when_a_reading_changes():
    # 111222333m6m: the wait is 6m with or without a kan of 3m, but 123m 123m 123m is
    # also a reading: Tenhou refuses the kan since it would change how the hand reads
    hands = ["1112223336m111z", "19p19s234z99p46s7m5z", "28s4z666z3p7p8p6p1p55s", "7m7s2z5z5z6z4z9s8m8s4p5p4s"]
    rnd = table(hands, ["7z", "3s", "3s", "3s", "3m"])
    rnd.apply(0, Riichi(tile_of(rnd, 0, "7z")))
    pass_all(rnd)
    for seat in (1, 2, 3):
        rnd.apply(seat, Discard(rnd.drawn))
        pass_all(rnd)
    assert rnd.drawn // 4 == 2 and rnd.legal_actions(0) == [Discard(rnd.drawn)]


def test_open_kan_dora_turns_with_the_discard():
    # seat 1 holds 777z and kans seat 0's discarded 7z: the indicator waits for seat 1's discard
    hands = ["1357m2468p1357s1z", "19m19s123z777z289p", "28m28s4z666z3p7p9p1s1p", "3m7m3p7p3s7s2z2z5z5z6z4z9s"]
    rnd = table(hands, ["7z"])
    discard(rnd, 0, "7z")
    rnd.apply(1, OpenKan())
    pass_all(rnd)
    assert isinstance(rnd.events[-1], Drew) and rnd.events[-1].rinshan
    assert len(rnd.wall.dora_indicators) == 1
    before = len(rnd.events)
    rnd.apply(1, Discard(rnd.drawn))
    kinds = [type(e).__name__ for e in rnd.events[before:]]
    assert kinds[:2] == ["DoraRevealed", "Discarded"] and len(rnd.wall.dora_indicators) == 2


def test_chankan_robs_an_added_kan():
    # seat 1 pons 5p, later draws the red 5p and adds it; seat 3 waits on 5p (kanchan)
    hands = ["1357m2468p1357s1z", "19m19s123z55p2899p", "28m28s4z555z3p7p9p1s1p", "234m678m234s55s46p"]
    rnd = table(hands, ["5p", "2z", "3z", "4z", "0p"])
    discard(rnd, 0, "5p")
    assert Ron() in rnd.legal_actions(3)
    rnd.apply(3, Pass())
    rnd.apply(1, next(a for a in rnd.legal_actions(1) if isinstance(a, Pon)))
    discard(rnd, 1, "1m")
    pass_all(rnd)
    for seat in (2, 3, 0):  # seat 3's own discard ends its temporary furiten
        rnd.apply(seat, Discard(rnd.drawn))
        pass_all(rnd)
    assert AddedKan(52) in rnd.legal_actions(1)
    rnd.apply(1, AddedKan(52))
    assert isinstance(rnd.events[-1], Kanned) and rnd.awaiting() == [3]
    assert rnd.legal_actions(3) == [Ron(), Pass()]  # only a ron may answer a kan
    rnd.apply(3, Ron())
    win = rnd.result.wins[0]
    assert (3, 1) in win.score.yaku and win.from_seat == 1  # chankan


def test_kokushi_robs_a_closed_kan():
    # seat 3 waits on east alone for kokushi; the dealer kans east on its first draw
    hands = ["111z2345m2345p23s", "6789m6789p45678s", "1m1p1s8s8s6m7m6p7p9p5s6z6z", "19m19p19s23456z77z"]
    rnd = table(hands, ["1z"])
    rnd.apply(0, ClosedKan(27))
    assert rnd.awaiting() == [3] and rnd.legal_actions(3) == [Ron(), Pass()]
    rnd.apply(3, Ron())
    assert rnd.result.wins[0].score.yakuman == 1 and rnd.result.wins[0].from_seat == 0


# Seat 1 waits on 2m/5m (34m, tanyao); seat 2 holds all four 5m; seat 3 holds a 2m to discard.
WAIT_25M = ["179m2468p13579s1z", "34m234p678p555s88s", "5555m19p19s1234z6z", "2m8m3p7p3s7s2z2z5z5z6z4z9s"]


@pytest.mark.parametrize("riichi", [False, True])
def test_a_closed_kan_of_a_waiting_tile_makes_no_furiten(riichi):
    """Only kokushi may rob a closed kan: for any other hand it is no missed chance (Tenhou)."""
    rnd = table(WAIT_25M, ["8m", "7z", "3z", "9m"])
    rnd.apply(0, Discard(rnd.drawn))
    pass_all(rnd)
    rnd.apply(1, Riichi(rnd.drawn) if riichi else Discard(rnd.drawn))
    pass_all(rnd)
    rnd.apply(2, ClosedKan(parse_tile("5m") // 4))
    assert Missed(1) not in rnd.events and not rnd.furiten_temp[1] and not rnd.furiten_riichi[1]
    discard(rnd, 2, "3z")
    pass_all(rnd)
    discard(rnd, 3, "2m")
    assert Ron() in rnd.legal_actions(1)
    rnd.apply(1, Ron())
    assert [w.seat for w in rnd.result.wins] == [1]


def test_a_passed_chankan_is_a_missed_win():
    # the scene of test_chankan_robs_an_added_kan, but seat 3 lets the added kan stand
    hands = ["1357m2468p1357s1z", "19m19s123z55p2899p", "28m28s4z555z3p7p9p1s1p", "234m678m234s55s46p"]
    rnd = table(hands, ["5p", "2z", "3z", "4z", "0p"])
    discard(rnd, 0, "5p")
    rnd.apply(3, Pass())
    rnd.apply(1, next(a for a in rnd.legal_actions(1) if isinstance(a, Pon)))
    discard(rnd, 1, "1m")
    pass_all(rnd)
    for seat in (2, 3, 0):
        rnd.apply(seat, Discard(rnd.drawn))
        pass_all(rnd)
    events = len(rnd.events)
    rnd.apply(1, AddedKan(52))
    rnd.apply(3, Pass())
    assert Missed(3) in rnd.events[events:] and rnd.furiten_temp[3]


def test_a_passed_kokushi_robbing_of_a_closed_kan_is_a_missed_win():
    hands = ["111z2345m2345p23s", "6789m6789p45678s", "1m1p1s8s8s6m7m6p7p9p5s6z6z", "19m19p19s23456z77z"]
    rnd = table(hands, ["1z"])
    rnd.apply(0, ClosedKan(27))
    rnd.apply(3, Pass())
    assert Missed(3) in rnd.events and rnd.furiten_temp[3]


def test_no_ron_without_a_yaku():
    # the same kanchan 5p wait as seat 3 of CALLS, but 123m spoils tanyao: no yaku, no ron
    hands = CALLS[:3] + ["123m678m234s55s46p"]
    rnd = table(hands, ["5p"])
    discard(rnd, 0, "5p")
    assert 3 not in rnd.awaiting()
    pass_all(rnd)
    assert Missed(3) in rnd.events  # the shape was complete: temporary furiten all the same


def test_four_winds_abort():
    hands = ["1z2468p1357s1357m", "1z19m19s23z99p46s7m5z", "1z28m28s4z666z3p7p8p6p", "1z3m7m3p7p3s7s2z5z5z6z4z9s"]
    rnd = table(hands, ["2s", "4s", "6s", "8s"])
    for seat in range(4):
        discard(rnd, seat, "1z")
        pass_all(rnd)
    assert rnd.result.draw_reason == "kaze4" and rnd.result.dealer_continues


def test_nine_terminals_only_on_the_first_uninterrupted_turn():
    hands = ["19m19p19s1234z5m6m7m", "19m19s123z99p46s7m5z", "28m28s4z666z3p7p8p6p1p", "3m7m3p7p3s7s2z2z5z5z6z4z9s"]
    rnd = table(hands, ["5z", "1s", "2s", "3s", "4s"])
    assert NineTerminals() in rnd.legal_actions(0)
    discard(rnd, 0, "5m")
    pass_all(rnd)
    assert NineTerminals() in rnd.legal_actions(1)  # seat 1 holds nine kinds too, on its first turn
    for seat in (1, 2, 3):
        rnd.apply(seat, Discard(rnd.drawn))
        pass_all(rnd)
    assert rnd.turn == 0 and NineTerminals() not in rnd.legal_actions(0)  # not the first turn
    rnd2 = table(hands, ["5z"])
    rnd2.apply(0, NineTerminals())
    assert rnd2.result.draw_reason == "yao9" and rnd2.result.deltas == [0, 0, 0, 0]


def test_triple_ron_is_an_abortive_draw_and_double_ron_pays_both():
    # seats 1, 2, 3 all wait on 5p (kanchan 46p, tanyao)
    hands = ["1357m2468p1357s1z", "234m678m234s66s46p", "345m567m345s77s46p", "234m678m456s88s46p"]
    rnd = table(hands, ["5p"], sticks=1, honba=1, scores=(25000, 25000, 25000, 24000))
    discard(rnd, 0, "5p")
    assert rnd.awaiting() == [1, 2, 3]
    for seat in (1, 2, 3):
        rnd.apply(seat, Ron())
    assert rnd.result.draw_reason == "ron3" and not rnd.result.wins
    double = table(hands, ["5p"], sticks=1, honba=1, scores=(25000, 25000, 25000, 24000))
    discard(double, 0, "5p")
    double.apply(1, Ron())
    double.apply(2, Pass())
    double.apply(3, Ron())
    wins = double.result.wins
    assert [w.seat for w in wins] == [1, 3]
    assert wins[0].sticks_taken == 1 and wins[1].sticks_taken == 0  # the first after the discarder
    assert wins[0].deltas[1] == wins[0].score.total + 1000 + 300  # and the honba
    assert wins[1].deltas[3] == wins[1].score.total
    assert double.sticks == 0


def test_replay_of_the_events_gives_the_same_state():
    rnd = table(CALLS, ["5p", "0p"])
    discard(rnd, 0, "5p")
    pass_all(rnd)
    again = Round.replay(rnd.setup, rnd.events, check=True)
    assert again.snapshot() == rnd.snapshot()
    assert again.legal_actions(1) == rnd.legal_actions(1)


def test_illegal_actions_raise():
    rnd = table(CALLS, ["5p"])
    with pytest.raises(IllegalAction):
        rnd.apply(1, Discard(rnd.hand(1)[0]))  # not seat 1's turn
    with pytest.raises(IllegalAction):
        rnd.apply(0, Discard(rnd.hand(1)[0]))  # not in seat 0's hand
    with pytest.raises(IllegalAction):
        rnd.apply(0, Tsumo())


def test_exhaustive_draw_pays_tenpai():
    rnd = table(RIICHI, [])
    while rnd.result is None:
        waiting = rnd.awaiting()
        seat = waiting[0]
        actions = rnd.legal_actions(seat)
        plain = [a for a in actions if isinstance(a, (Discard, Pass))]
        # seat 0 keeps its tenpai hand by throwing what it draws
        rnd.apply(seat, Discard(rnd.drawn) if isinstance(plain[0], Discard) else Pass())
    result = rnd.result
    assert result.draw_reason == "exhaustive" and isinstance(rnd.events[-1], RoundDrawn)
    tenpai = [s for s in range(4) if result.tenpai[s]]
    assert 0 in tenpai and result.dealer_continues
    gain = 3000 // len(tenpai) if len(tenpai) < 4 else 0
    assert result.deltas[0] == gain and sum(result.deltas) == 0
