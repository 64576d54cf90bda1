"""The match between rounds: dealer, honba, sticks, the end, the final figures.

Every transition is also checked against the real logs by tests/test_replay.py (each
INIT's round, honba, sticks and scores, and each game's owari); here each rule alone.
"""

from __future__ import annotations

import random

from game.match import Match, RoundEnd
from game.records import read_log
from game.round import Discard, Pass, Round
from game.ruleset import Ruleset
from game.wall import Shuffler, Wall, seed_words
from conftest import LOGS


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
    m.end_round(RoundEnd((-1000, -1000, -1000, 3000), dealer_continues=True, sticks_left=0))
    assert not m.over  # tenpai-yame is not Tenhou's rule


def test_east_only_game_ends_after_east_4():
    m = Match(Ruleset(east_south=False))
    m.round_index = 3
    m.scores = [31000, 23000, 23000, 23000]
    m.end_round(RoundEnd((0, 1000, -1000, 0), winners=(1,)))
    assert m.over


def test_final_figures_equal_tenhou_s_on_every_real_game():
    checked = {True: 0, False: 0}  # by east_south
    for path in sorted(p for p in LOGS.rglob("*") if p.is_file()):
        game = read_log(path)
        owari = game.owari
        if game.three_player or owari is None or sum(owari.scores) != 100000:
            continue
        m = Match(Ruleset(east_south=game.rules.east_south))  # the uma follows the game's length
        m.scores = list(owari.scores)
        figures = tuple(s.figure for s in sorted(m.standings(), key=lambda s: s.seat))
        assert figures == owari.results, path.name
        checked[game.rules.east_south] += 1
    assert checked[True] >= 40 and checked[False] >= 1


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
