"""game.rules.shanten against the mahjong 2.1.0 oracle: shanten and its three forms, ukeire, waits, discards.

The oracle counts a wait only on a tile the hand holds four of as not tenpai, as Tenhou does;
ukeire and waits are checked against brute force over the oracle (draw each kind, does the
shanten drop?).
"""

from __future__ import annotations

import itertools
import random

import pytest
from mahjong.shanten import Shanten

from engine.tasks import run_to_end
from game.rules import hand_record, kept_tiles
from game.rules import shanten as sh
from game.rules.errors import InputError
from game.rules.tiles import counts34, parse_tiles, to_mpsz
from draining import drain
from hand_families import (GENERATORS, SIZES, chiitoitsu_ish, flush, kokushi_ish, log_decisions,
                           log_files, near_complete, quads)

HANDS_PER_GENERATOR = 20_000  # 9 families: 180,000 hands, every size from 1 to 14 tiles
LOG_FILES_CHECKED = 8  # of the 52 real logs: about 4,500 decisions


def _name(counts):
    return to_mpsz(k * 4 + 1 for k in range(34) for _ in range(counts[k]))


@pytest.mark.parametrize("generator", GENERATORS, ids=lambda g: g.__name__)
def test_shanten_and_each_form_match_the_oracle(generator):
    rng = random.Random(generator.__name__)
    hand_record.clear_memos()  # from empty, as a game starts: the solver runs, not just the memos
    wrong = []
    for i in range(HANDS_PER_GENERATOR):
        size = SIZES[i % len(SIZES)]
        hand = generator(rng, size)
        assert sum(hand) == size and max(hand) <= 4
        regular, chiitoitsu, kokushi = sh.shanten_forms(hand)
        expected_regular = Shanten.calculate_shanten_for_regular_hand(hand)
        if size >= 13:
            expected = (expected_regular, Shanten.calculate_shanten_for_chiitoitsu_hand(hand),
                        Shanten.calculate_shanten_for_kokushi_hand(hand))
        else:
            expected = (expected_regular, None, None)
        best = sh.shanten(hand)
        if (regular, chiitoitsu, kokushi) != expected or best != Shanten.calculate_shanten(hand):
            wrong.append((_name(hand), best, (regular, chiitoitsu, kokushi), expected))
    assert wrong == []


def _forms_match_the_oracle(hand) -> bool:
    regular, chiitoitsu, kokushi = sh.shanten_forms(hand)
    expected_regular = Shanten.calculate_shanten_for_regular_hand(hand)
    if sum(hand) >= 13:
        expected = (expected_regular, Shanten.calculate_shanten_for_chiitoitsu_hand(hand),
                    Shanten.calculate_shanten_for_kokushi_hand(hand))
    else:
        expected = (expected_regular, None, None)
    return (regular, chiitoitsu, kokushi) == expected and sh.shanten(hand) == Shanten.calculate_shanten(hand)


def test_the_real_logs_decisions_match_the_oracle():
    """Every concealed hand a player decided on in some real logs (every size a call leaves)."""
    files = log_files()
    checked = [files[i * len(files) // LOG_FILES_CHECKED] for i in range(LOG_FILES_CHECKED)]
    hand_record.clear_memos()
    hands = [hand for path in checked for hand in log_decisions(path)]
    assert len(hands) > 3000 and {sum(h) for h in hands} >= {13, 14, 10, 11}
    assert [_name(h) for h in hands if not _forms_match_the_oracle(h)] == []


@pytest.mark.parametrize("mpsz, expected", [
    ("1111m2233p4455s66z", (2, 1, 10)),  # a quad is one pair to chiitoitsu, not two
    ("1111m22p33p44s55s6z", (2, 2, 10)),
    ("11112222m3333p44z", (0, 5, 10)),  # 111m 222m 12m 333p 44z: waits on 3m
    ("19m19p19s1234567z", (8, 6, 0)),  # kokushi, thirteen waits
    ("19m19p19s12345677z", (7, 5, -1)),  # kokushi complete
    ("19m19p19s1234566z", (7, 5, 0)),  # kokushi waiting on 7z alone
    ("1111m", (1, None, None)),  # four called sets: the pair would need a fifth 1m
    ("1111m2222p", (1, None, None)),
])
def test_edge_cases_follow_the_rules_and_the_oracle(mpsz, expected):
    hand = counts34(parse_tiles(mpsz))
    assert sh.shanten_forms(hand) == expected
    assert _forms_match_the_oracle(hand)


def test_a_wait_only_on_a_tile_held_four_times_is_not_tenpai():
    hand = counts34(parse_tiles("1111m234p567s789s"))
    assert sh.shanten(hand) == 1 == Shanten.calculate_shanten(hand)
    assert sh.waits(hand) == []
    assert sh.shanten(counts34(parse_tiles("1111m"))) == 1
    assert sh.shanten(counts34(parse_tiles("1111z2345m"))) == Shanten.calculate_shanten(
        counts34(parse_tiles("1111z2345m")))


# ------------------------------------------------------------------- the solver's shortcuts


def _blocks(length):
    """Runs of tiles (no two empty kinds in a row, none at the ends), no quads."""
    for block in itertools.product(range(4), repeat=length):
        if block[0] and block[-1] and sum(block) <= 14 and b"\0\0" not in bytes(block):
            yield bytes(block)


@pytest.mark.parametrize("length", range(1, 7))
def test_a_run_without_quads_needs_no_room_around_it(length):
    """_block_record pads a run without quads by one free kind (two kinds long) or not at all
    (three or more): every real amount of room keeps the same tiles."""
    for block in _blocks(length):
        padded = kept_tiles._exact_vector(bytes(2) + block + bytes(2))
        if length >= 3:
            assert kept_tiles._exact_vector(block) == padded, block
        if length == 2:
            assert kept_tiles._exact_vector(b"\0" + block) == padded, block
        for left, right in itertools.product(range(3), repeat=2):
            real = left + length + right <= 9 and (left == 2 or right == 2 or left + length + right == 9)
            if real:
                assert kept_tiles._exact_vector(bytes(left) + block + bytes(right)) == padded, (block, left, right)


def test_a_lone_suited_kind_without_a_quad_keeps_what_an_honour_keeps():
    """_block_record gives a suited kind alone in its run (one to three copies) the honour's
    record, whatever the room around it; a quad does use the room."""
    for count in (1, 2, 3, 4):
        honour = kept_tiles._exact_vector([count], sequences=False)
        for left, right in itertools.product(range(3), repeat=2):
            suited = kept_tiles._exact_vector(bytes(left) + bytes([count]) + bytes(right))
            assert (suited == honour) == (count < 4 or left + right < 2), (count, left, right)


def test_long_runs_without_quads_need_no_room_either():
    rng = random.Random(8)
    checked = 0
    while checked < 300:
        block = bytes(rng.choice((0, 1, 1, 2, 3)) for _ in range(rng.randint(7, 9)))
        if not (block[0] and block[-1] and sum(block) <= 14 and b"\0\0" not in block):
            continue
        checked += 1
        padded = kept_tiles._exact_vector(bytes(2) + block + bytes(2))
        room = 9 - len(block)
        assert kept_tiles._exact_vector(block) == padded == kept_tiles._exact_vector(bytes(room) + block), block


def _runs(length, most=4):
    """Runs of counts up to ``most`` (no two empty kinds in a row, none at the ends)."""
    for run in itertools.product(range(most + 1), repeat=length):
        if run[0] and run[-1] and sum(run) <= 14 and b"\0\0" not in bytes(run):
            yield bytes(run)


@pytest.mark.parametrize("length", range(3, 6))
def test_room_matters_only_beside_a_quad(length):
    """_block_record drops the room on a side whose last three kinds hold no quad."""
    for run in _runs(length):
        if 4 not in run:
            continue
        for run_here in (run, run[::-1]):  # the left side, then the right one
            if 4 in run_here[:3]:
                continue
            for right in range(3):
                figures = {tuple(kept_tiles._exact_vector(bytes(left) + run_here + bytes(right))) for left in range(3)}
                assert len(figures) == 1, (run_here, right)


@pytest.mark.parametrize("length", range(1, 6))
def test_two_equal_sequences_a_kind_are_enough(monkeypatch, length):
    """_block_figures starts at most MAX_EQUAL_SEQUENCES equal sequences at a kind; letting it
    start up to four (all the copies there are) keeps the same tiles, every run and room."""
    runs = list(_runs(length))
    capped = [kept_tiles._exact_vector(bytes(2) + run + bytes(2)) for run in runs]
    monkeypatch.setattr(kept_tiles, "MAX_EQUAL_SEQUENCES", 4)
    for run, figures in zip(runs, capped):
        assert kept_tiles._exact_vector(bytes(2) + run + bytes(2)) == figures, run


@pytest.mark.parametrize("length", range(2, 6))
def test_beside_a_quad_one_free_kind_keeps_what_two_keep(length):
    """_block_record gives a run of two or more kinds with a quad at most one free kind a
    side: every run, either side, whatever the other side has."""
    for run in _runs(length):
        if 4 not in run:
            continue
        for run_here in (run, run[::-1]):
            for right in range(3):
                one, two = (kept_tiles._exact_vector(bytes(left) + run_here + bytes(right)) for left in (1, 2))
                assert one == two, (run_here, right)


def _long_runs(rng: random.Random, quad_in_first_three: bool):
    """Random runs of 6-9 kinds with quads, at most 14 tiles, with or without a quad in their
    first three kinds; drawn lazily, so the caller may draw from ``rng`` between runs."""
    while True:
        run = bytes(rng.choice((0, 1, 2, 3, 4, 4)) for _ in range(rng.randint(6, 9)))
        if run[0] and run[-1] and sum(run) <= 14 and b"\0\0" not in run and (4 in run[:3]) == quad_in_first_three:
            yield run


def test_long_runs_beside_a_quad_need_one_free_kind():
    rng = random.Random(16)
    for run in itertools.islice(_long_runs(rng, quad_in_first_three=True), 300):
        right = rng.randint(0, 2)
        one, two = (kept_tiles._exact_vector(bytes(left) + run + bytes(right)) for left in (1, 2))
        assert one == two, (run, right)


def test_long_runs_need_room_only_beside_a_quad():
    rng = random.Random(12)
    for run in itertools.islice(_long_runs(rng, quad_in_first_three=False), 300):
        right = rng.randint(0, 2)
        figures = {tuple(kept_tiles._exact_vector(bytes(left) + run + bytes(right))) for left in range(3)}
        assert len(figures) == 1, (run, right)


def test_long_runs_need_no_more_than_two_equal_sequences(monkeypatch):
    rng = random.Random(11)
    runs = []
    while len(runs) < 400:
        run = bytes(rng.choice((0, 1, 2, 2, 3, 3, 4)) for _ in range(rng.randint(6, 9)))
        if run[0] and run[-1] and sum(run) <= 14:
            runs.append(run)
    capped = [kept_tiles._exact_vector(run) for run in runs]
    monkeypatch.setattr(kept_tiles, "MAX_EQUAL_SEQUENCES", 4)
    assert [kept_tiles._exact_vector(run) for run in runs] == capped


def _random_suits(rng: random.Random, count: int) -> list[bytes]:
    """Suits of nine counts, quads and gaps anywhere, at most 14 tiles."""
    suits: list[bytes] = []
    while len(suits) < count:
        suit = [0] * 9
        for _ in range(rng.randint(1, 14)):
            k = rng.randrange(9)
            suit[k] = min(4, suit[k] + rng.choice((1, 1, 2, 3, 4)))
        if sum(suit) <= 14:
            suits.append(bytes(suit))
    return suits


def test_suits_solved_by_pieces_equal_the_whole_suit_solved_at_once():
    """_suit_met cuts a suit at every two empty kinds and merges its pieces' records: the same
    as the DP over all nine kinds, each suit met cold and then with the memos other suits
    filled (where a piece's memo key must say all that its record depends on)."""
    suits = _random_suits(random.Random(4), 1500)
    expected = [kept_tiles._exact_vector(suit) for suit in suits]
    for cold in (True, False):
        hand_record.clear_memos()
        for suit, figures in zip(suits, expected):
            if cold:
                hand_record.clear_memos()
            assert hand_record._unpack(kept_tiles._suit_met(suit)) == figures, (suit, cold)
    hand_record.clear_memos()


def test_pieces_under_one_key_keep_alike():
    """A piece's memo key (the piece as it is, and whether it is the suit's first or last)
    tells its room: every piece met under one key keeps what the others keep, each solved
    with the room it really has in its suit."""
    by_key: dict[bytes, set] = {}
    for suit in _random_suits(random.Random(15), 20000):
        pieces = suit.split(b"\0\0")
        start = 0
        for i, piece in enumerate(pieces):
            run = piece.strip(b"\0")
            if run:
                first = start + len(piece) - len(piece.lstrip(b"\0"))
                end = first + len(run)
                room = bytes(min(first, 2)) + run + bytes(min(9 - end, 2))
                key = kept_tiles._PIECE_PLACES[(i == 0) | (i == len(pieces) - 1) << 1] + piece
                by_key.setdefault(key, set()).add(tuple(kept_tiles._exact_vector(room)))
            start += len(piece) + 2
    assert len(by_key) > 300
    assert all(len(figures) == 1 for figures in by_key.values())


def _random_runs(rng: random.Random, count: int) -> list[bytes]:
    """Runs of 1-9 kinds, empty kinds and quads anywhere, at most 14 tiles."""
    runs: list[bytes] = []
    while len(runs) < count:
        run = bytes(rng.choice((0, 1, 1, 2, 2, 3, 4)) for _ in range(rng.randint(1, 9)))
        if sum(run) <= 14:
            runs.append(run)
    return runs


def test_a_run_joined_from_head_and_tail_equals_the_dp_over_it():
    """_run_figures (memoised head forwards, tail backwards, joined in lanes) is the DP's
    answer, whatever the memos hold: cold, warm, and with memos cleared every few runs."""
    rng = random.Random(12)
    runs = _random_runs(rng, 6000)
    expected = [kept_tiles._block_figures(run) for run in runs]
    for clear_every in (1, 7, len(runs)):
        hand_record.clear_memos()
        for i, (run, figures) in enumerate(zip(runs, expected)):
            if i % clear_every == 0:
                hand_record.clear_memos()
            assert kept_tiles._run_figures(run) == figures, list(run)
    hand_record.clear_memos()


def test_the_rest_of_a_run_backwards_equals_the_dp_entered_in_each_state():
    rng = random.Random(13)
    for run in _random_runs(rng, 1500):
        if len(run) < 3:
            continue
        for started_1 in range(3):
            for started_2 in range(3):
                state = started_1 | started_2 << 3
                assert kept_tiles._rest(run, 0, state) - kept_tiles._ALL_REACHED == kept_tiles._block_figures(run, entry=state)
    hand_record.clear_memos()


def test_merge_steps_give_the_plain_convolution():
    """_merge moves one record by each of the other's steps; the full field-by-field
    convolution (every pair of fields) gives the same."""
    rng = random.Random(14)
    runs = _random_runs(rng, 300)
    records = [kept_tiles._run_figures(run) for run in runs if any(run)]
    for a, b in zip(records, records[1:]):
        fa, fb = hand_record._unpack(a), hand_record._unpack(b)
        plain = [max(fa[pa * 5 + ga] + fb[(p - pa) * 5 + g - ga]
                     for pa in range(p + 1) for ga in range(g + 1))
                 for p in range(2) for g in range(5)]
        assert hand_record._unpack(hand_record._merge(a, b)) == plain
    hand_record.clear_memos()


def test_memos_stay_bounded_and_do_not_change_answers(monkeypatch):
    rng = random.Random(9)
    hands = [generator(rng, size) for size in (13, 14, 8) for generator in GENERATORS for _ in range(200)]
    expected = [Shanten.calculate_shanten(h) for h in hands]
    hand_record.clear_memos()  # other tests may have left them nearly full (they clear when full)
    answers, most_suits = [], 0
    for hand in hands:
        answers.append(sh.shanten(hand))
        most_suits = max(most_suits, hand_record.memo_usage()["suit"][0])
    assert answers == expected
    assert most_suits > 1000  # the memos are in use
    small = {"suit": ("MAX_SUIT_MEMO", 50), "piece": ("MAX_PIECE_MEMO", 50), "run": ("MAX_RUN_MEMO", 50),
             "merge": ("MAX_MERGE_MEMO", 50),
             "head": ("MAX_HEAD_MEMO", 20), "rest": ("MAX_REST_MEMO", 50)}
    for constant, bound in small.values():
        monkeypatch.setattr(hand_record, constant, bound)
    hand_record.clear_memos()
    largest = dict.fromkeys(small, 0)
    for hand, answer in zip(hands, expected):
        assert sh.shanten(hand) == answer
        for name, (held, _) in hand_record.memo_usage().items():
            if name in largest:
                largest[name] = max(largest[name], held)
    hand_record.clear_memos()
    for name, (_, bound) in small.items():
        assert largest[name] == bound  # cleared when full


# ------------------------------------------------------------------- ukeire, waits, discards


def _brute_advancing(hand):
    current = Shanten.calculate_shanten(hand)
    kinds = []
    for k in range(34):
        if hand[k] < 4:
            hand[k] += 1
            if Shanten.calculate_shanten(hand) < current:
                kinds.append(k)
            hand[k] -= 1
    return current, kinds


def _visible(rng, hand):
    seen = [0] * 34
    for k in range(34):
        if rng.random() < 0.3:
            seen[k] = rng.randint(0, 4 - hand[k])
    return seen


@pytest.mark.parametrize("generator", GENERATORS, ids=lambda g: g.__name__)
def test_ukeire_matches_brute_force(generator):
    rng = random.Random("ukeire " + generator.__name__)
    for i in range(500):
        hand = generator(rng, (1, 4, 7, 10, 13, 13)[i % 6])
        seen = _visible(rng, hand)
        current, kinds = _brute_advancing(hand)
        result = sh.ukeire(hand, seen)
        unseen = {k: 4 - hand[k] - seen[k] for k in kinds}
        assert (result.shanten, result.kinds) == (current, unseen), _name(hand)
        assert result.total == sum(unseen.values())
        assert result.share == pytest.approx(result.total / (136 - sum(hand) - sum(seen)))


def test_ukeire_lists_kinds_with_none_left():
    hand = counts34(parse_tiles("123m456p789s1122z"))
    seen = counts34(parse_tiles("11z"))
    result = sh.ukeire(hand, seen)
    assert result.kinds == {27: 0, 28: 2} and result.total == 2


@pytest.mark.parametrize("generator", [near_complete, quads, chiitoitsu_ish, kokushi_ish, flush],
                         ids=lambda g: g.__name__)
def test_waits_match_brute_force(generator):
    rng = random.Random("waits " + generator.__name__)
    tenpai = 0
    for i in range(1500):
        hand = generator(rng, (1, 4, 7, 10, 13)[i % 5])
        current, kinds = _brute_advancing(hand)
        expected = kinds if current == 0 else []
        assert sh.waits(hand) == expected, _name(hand)
        assert all(hand[k] < 4 for k in expected)
        tenpai += current == 0
    assert tenpai > 100  # the generators do reach tenpai often enough to test something


def test_evaluate_discards_matches_brute_force_and_ranks_as_documented():
    rng = random.Random(14)
    for i in range(150):
        hand = GENERATORS[i % len(GENERATORS)](rng, (14, 14, 11, 8, 5, 2)[i % 6])
        seen = _visible(rng, hand)
        progress, options = drain(sh.evaluate_discards(hand, seen))
        held = [k for k in range(34) if hand[k]]
        # progress before each discard; between them, a checkpoint before each draw tried
        assert [p for p in progress if p is not None] == [i / len(held) for i in range(len(held))]
        assert progress.count(None) >= len(held)
        assert sorted(o.kind for o in options) == held
        for option in options:
            after = list(hand)
            after[option.kind] -= 1
            current, kinds = _brute_advancing(after)
            assert option.shanten == current
            assert option.ukeire.kinds == {k: 4 - hand[k] - seen[k] for k in kinds}
        keys = [(o.shanten, -o.ukeire.total, sh._loneliness(hand, o.kind), o.kind) for o in options]
        assert keys == sorted(keys)
        assert sh.ukeire(hand, seen) == options[0].ukeire


def test_ties_prefer_a_lone_honour_then_a_lone_terminal_then_the_lowest_kind():
    hand = counts34(parse_tiles("1m24669p25588s366z"))
    options = run_to_end(sh.evaluate_discards(hand))
    tied = [o.kind for o in options if (o.shanten, o.ukeire.total) == (options[0].shanten, options[0].ukeire.total)]
    # 3z is a lone honour; 1m and 9p lone terminals; 2p, 4p, 2s have neighbours
    assert tied == [29, 0, 17, 10, 12, 19]


@pytest.mark.parametrize("counts", [
    [0] * 34,
    counts34(parse_tiles("123m")),
    counts34(parse_tiles("123m456p789s11z22z33z")),  # 15
    [5] + [0] * 33,
    [-1, 2] + [0] * 32,
    [1] * 33,
    "not counts",
])
def test_bad_hands_raise_input_error(counts):
    with pytest.raises(InputError):
        sh.shanten(counts)
    with pytest.raises(InputError):
        sh.shanten_forms(counts)


def test_bad_calls_raise_input_error():
    thirteen = counts34(parse_tiles("123m456p789s1122z"))
    with pytest.raises(InputError):
        sh.waits(counts34(parse_tiles("123m456p789s1122z7z")))
    with pytest.raises(InputError):
        run_to_end(sh.evaluate_discards(thirteen))
    with pytest.raises(InputError):
        sh.ukeire(thirteen, counts34(parse_tiles("111z")))  # with the hand's two: five
    with pytest.raises(InputError):
        sh.ukeire(thirteen, [0] * 33)
