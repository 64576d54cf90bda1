"""The match between rounds: dealer, honba, sticks, the end, the final figures.

Every transition is also checked against the real logs by tests/test_replay.py (each
INIT's round, honba, sticks and scores, and each game's owari); here each rule alone.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from game.rules.match import Match, RoundEnd
from game.replay.door import ruleset_for
from game.rules.actions import Discard, Pass
from game.rules.round import Round
from game.rules.ruleset import Ruleset
from game.rules.wall import Shuffler, Wall, seed_words
from conftest import LOGS, collected_log


def test_a_non_dealer_win_moves_the_deal_and_clears_honba_and_sticks():
    m = Match()
    m.honba, m.sticks = 2, 1
    m.end_round(RoundEnd((-3900, 4900, 0, 0), winners=(1,)))
    assert (m.label, m.dealer, m.honba, m.sticks) == ("E2", 1, 0, 0)


def test_the_dealer_repeats_when_the_round_says_so():
    # the round decides (a dealer's win, the dealer tenpai, an abortive draw): tests/test_round.py
    m = Match()
    m.end_round(RoundEnd((6000, -2000, -2000, -2000), winners=(0,), dealer_continues=True))
    assert (m.label, m.honba) == ("E1", 1)
    m.end_round(RoundEnd((3000, -1000, -1000, -1000), dealer_continues=True, sticks_left=0))
    assert (m.label, m.honba) == ("E1", 2)
    m.end_round(RoundEnd((0, 0, 0, 0), dealer_continues=True, sticks_left=1))
    assert (m.label, m.honba, m.sticks) == ("E1", 3, 1)
    m.end_round(RoundEnd((-1000, 1000, 1000, -1000), sticks_left=1))  # dealer noten
    assert (m.label, m.dealer, m.honba, m.sticks) == ("E2", 1, 4, 1)


def test_below_zero_ends_the_game_and_leftover_sticks_go_to_the_top():
    m = Match()
    m.sticks = 2
    m.end_round(RoundEnd((-26000, 0, 26000, 0), winners=(2,), sticks_left=2))
    assert m.over
    assert m.scores == [-1000, 25000, 51000 + 2000, 25000]
    assert [s.seat for s in m.standings()] == [2, 1, 3, 0]  # ties: seat order from the first dealer


def _at_south_4(scores):
    m = Match()
    m.round_index = 7
    m.scores = list(scores)
    return m


def test_the_last_round_ends_the_game_when_someone_has_the_return_points():
    m = _at_south_4((31000, 23000, 23000, 23000))
    m.end_round(RoundEnd((0, 1000, -1000, 0), winners=(1,)))
    assert m.over


def test_west_extension_when_nobody_has_the_return_points():
    m = _at_south_4((26000, 25000, 25000, 24000))
    m.end_round(RoundEnd((-1000, 1000, 0, 0), winners=(1,)))
    assert not m.over and m.label == "W1"
    m.end_round(RoundEnd((-1000, 6000, -5000, 0), winners=(1,)))
    assert m.over  # seat 1 reached 30,000 in the west


def test_agari_yame_only_for_a_dealer_in_first_place():
    m = _at_south_4((20000, 20000, 20000, 40000))  # seat 3 deals South 4
    m.end_round(RoundEnd((-1000, -1000, -1000, 3000), winners=(3,), dealer_continues=True))
    assert m.over
    m = _at_south_4((40000, 20000, 20000, 20000))
    m.end_round(RoundEnd((-1000, -1000, -1000, 3000), winners=(3,), dealer_continues=True))
    assert not m.over and m.label == "S4" and m.honba == 1
    m = _at_south_4((20000, 20000, 20000, 40000))
    m.end_round(RoundEnd((0, 0, 0, 0), dealer_continues=True, sticks_left=0))
    assert not m.over  # an abortive draw: the dealer deals again


TENPAI_ALONE = RoundEnd((-1000, -1000, -1000, 3000), dealer_continues=True, sticks_left=0, dealer_tenpai=True)
NOTEN_ALONE = RoundEnd((1000, 1000, 1000, -3000), sticks_left=0)


def test_tenpai_yame_ends_the_game_for_a_dealer_in_first_place():
    m = _at_south_4((20000, 20000, 20000, 40000))  # seat 3 deals South 4
    m.end_round(TENPAI_ALONE)
    assert m.over and m.label == "S4" and m.scores == [19000, 19000, 19000, 43000]


def test_tenpai_yame_not_for_a_dealer_below_first():
    m = _at_south_4((40000, 20000, 20000, 20000))
    m.end_round(TENPAI_ALONE)
    assert not m.over and (m.label, m.honba) == ("S4", 1)


def test_tenpai_yame_ties_for_first_go_to_the_earlier_seat():
    # South 4's dealer is the last seat from the first dealer: a tie for first is not first
    m = _at_south_4((34000, 20000, 20000, 30000))  # after the draw seats 0 and 3 hold 33,000
    m.end_round(TENPAI_ALONE)
    assert not m.over and (m.label, m.honba) == ("S4", 1)
    # West 1's dealer is seat 0, the earliest: tied for first, it ranks first
    m = Match()
    m.round_index, m.scores = 8, [30000, 20000, 20000, 34000]
    m.end_round(RoundEnd((3000, -1000, -1000, -1000), dealer_continues=True, sticks_left=0, dealer_tenpai=True))
    assert m.scores[0] == m.scores[3] == 33000 and m.over


def test_a_noten_dealer_moves_on_as_before():
    m = _at_south_4((20000, 20000, 20000, 40000))
    m.end_round(NOTEN_ALONE)
    assert m.over  # someone holds 30,000 and the dealer passes the deal: the game ends
    m = _at_south_4((26000, 25000, 25000, 24000))
    m.end_round(NOTEN_ALONE)
    assert not m.over and m.label == "W1"  # nobody at 30,000: West


def test_tenpai_yame_needs_the_return_points():
    m = _at_south_4((24000, 24000, 24000, 26000))
    m.end_round(TENPAI_ALONE)
    assert not m.over and (m.label, m.honba) == ("S4", 1)  # first, but at 29,000 (below 30,000)


def test_tenpai_yame_in_the_west_extension_s_last_round():
    m = Match()
    m.round_index, m.scores = 11, [25000, 25000, 22000, 28000]  # seat 3 deals West 4
    m.end_round(TENPAI_ALONE)
    assert m.over and m.label == "W4"
    m = Match()
    m.round_index, m.scores = 11, [29000, 25000, 22000, 24000]
    m.end_round(TENPAI_ALONE)
    assert not m.over and (m.label, m.honba) == ("W4", 1)


def test_tenpai_yame_is_a_ruleset_switch():
    m = Match(Ruleset(tenpai_yame=False))
    m.round_index, m.scores = 7, [20000, 20000, 20000, 40000]
    m.end_round(TENPAI_ALONE)
    assert not m.over and (m.label, m.honba) == ("S4", 1)
    m = Match(Ruleset(east_south=False))
    m.round_index, m.scores = 3, [20000, 20000, 20000, 40000]  # East 4 is an east-only game's last round
    m.end_round(TENPAI_ALONE)
    assert m.over


def test_east_only_game_ends_after_east_4():
    m = Match(Ruleset(east_south=False))
    m.round_index = 3
    m.scores = [31000, 23000, 23000, 23000]
    m.end_round(RoundEnd((0, 1000, -1000, 0), winners=(1,)))
    assert m.over


def _final_figures(game, ruleset):
    m = Match(ruleset)
    m.scores = list(game.owari.scores)
    return tuple(s.figure for s in sorted(m.standings(), key=lambda s: s.seat))


FINISHED_GAMES = [(p.name, g) for p in sorted(LOGS.rglob("*")) if p.is_file()
                  for g in [collected_log(p)] if not g.three_player and g.owari is not None]


def test_final_figures_equal_tenhou_s_on_every_real_game():
    """Every finished four-player game, whatever its year or room, by its era's rules."""
    kinds = Counter()
    for name, game in FINISHED_GAMES:
        ruleset = ruleset_for(game)
        assert _final_figures(game, ruleset) == game.owari.results, name
        room = "ranked" if ruleset.start_points == 25000 else "other room"
        kinds[room, "rounded" if ruleset.rounded_figures else "decimal", ruleset.east_south] += 1
    assert kinds["ranked", "rounded", True] >= 40 and kinds["ranked", "rounded", False] >= 2
    assert kinds["ranked", "decimal", True] >= 8  # the June 2022 Phoenix games
    assert sum(n for (room, *_), n in kinds.items() if room == "other room") == 3


def test_the_other_era_s_figures_would_differ():
    """The era decides: each game's figures, worked out the other era's way, disagree
    wherever the final points are not whole thousands."""
    differing = 0
    for name, game in FINISHED_GAMES:
        ruleset = ruleset_for(game)
        if all(s % 1000 == 0 for s in game.owari.scores):
            continue
        other = dataclasses.replace(ruleset, rounded_figures=not ruleset.rounded_figures)
        assert _final_figures(game, other) != game.owari.results, name
        differing += 1
    assert differing >= 50


def test_new_games_follow_today_s_tenhou():
    for ruleset in (Ruleset(), Ruleset(east_south=False)):
        assert ruleset.uma == (20, 10, -10, -20) and not ruleset.rounded_figures and ruleset.tenpai_yame
    m = Match(Ruleset(east_south=False))
    m.scores = [31400, 14800, 24900, 28900]  # figures with one decimal, as Tenhou writes them since 2022
    assert [(s.seat, s.figure) for s in m.standings()] == [(0, 41.4), (3, 8.9), (2, -15.1), (1, -35.2)]


def test_rounded_figures_round_half_away_from_zero_and_the_top_takes_the_rest():
    m = Match(Ruleset(rounded_figures=True))
    m.scores = [25500, 40100, 35900, -1500]  # 25.5 -> 26, 35.9 -> 36, -1.5 -> -2
    assert {s.seat: s.figure for s in m.standings()} == {1: 50.0, 2: 16.0, 0: -14.0, 3: -52.0}


def test_a_whole_game_of_random_play_ends_with_points_conserved():
    rng = random.Random(11)
    shuffler = Shuffler(seed_words("PICORIICHI"))
    m = Match()
    rounds = 0
    while not m.over:
        shuffle = shuffler.next_round()
        rnd = Round.start(Wall(shuffle.wall, shuffle.dice), **m.round_args(), check=True)
        while rnd.result is None:
            seat = rnd.awaiting()[0]
            actions = rnd.legal_actions(seat)
            wins = [a for a in actions if type(a).__name__ in ("Tsumo", "Ron")]
            plain = [a for a in actions if isinstance(a, (Discard, Pass))]
            rnd.apply(seat, wins[0] if wins else rng.choice(plain))
        m.end_round(RoundEnd.of_round(rnd))
        rounds += 1
        assert sum(m.scores) + 1000 * m.sticks == 100000
        assert rounds < 40
    assert m.sticks == 0 and sum(m.scores) == 100000
    assert sum(s.figure for s in m.standings()) == 0
