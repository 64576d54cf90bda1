"""The CPUs' judgement, scene by scene: each test deals a small table where the rules say
what a sound player does, and asks the CPU from the seat's view alone.

Scenes are dealt by ``Wall.arranged`` (seat 0 deals unless said); hands in MPSZ.
"""

from __future__ import annotations

import dataclasses

import pytest

from engine.tasks import run_to_end
from game.cpu import CpuAgent
from game.cpu.strength import STRENGTHS as BY_NAME
from game.cpu.policies.rules import RulesPolicy
from game.cpu.calls import KEITEN_TILES
from game.cpu.defence import danger_of_kind, genbutsu
from game.rules.actions import Chi, Discard, Pass, Pon, Riichi, Ron, Tsumo
from game.rules.round import Round
from game.rules.shanten import evaluate_discards, shanten
from game.rules.tiles import counts34, parse_tile, parse_tiles
from game.rules.wall import Wall

STRENGTHS = ("weak", "normal", "strong")


def scene(hands: list[str], draws: list[str], dealer: int = 0, round_wind: int = 0,
          scores=(25000,) * 4, dora: str = "") -> Round:
    """A round with these four 13-tile hands (absolute seats), live draws and dora indicator."""
    used: set[int] = set()
    dealt = [parse_tiles(h, used) for h in hands]
    assert all(len(h) == 13 for h in dealt), [len(h) for h in dealt]
    indicator = parse_tiles(dora, used) if dora else []
    drawn = [t for d in draws for t in parse_tiles(d, used)]
    wall = Wall.arranged(dealt, dealer=dealer, draws=drawn, dora_indicators=indicator)
    return Round.start(wall, dealer=dealer, round_wind=round_wind, scores=scores, check=True)


def decide(rnd: Round, seat: int, strength: str = "strong"):
    view = rnd.view(seat)
    action = run_to_end(CpuAgent(strength).act(view))
    assert action in view.legal_actions
    return action


def throw(rnd: Round, seat: int, name: str) -> None:
    kind = parse_tile(name) // 4
    rnd.apply(seat, Discard(next(t for t in rnd.hand(seat) if t // 4 == kind)))


# Seat 0 throws 5p first. Seat 3 is tenpai on 5p (kanchan 46p, tanyao): a ron.
RON = ["1357m2468p1357s1z", "19m19s1234z19p56z2m", "28m28s4z666z3p7p8p11s", "234m678m234s55s46p"]


@pytest.mark.parametrize("strength", STRENGTHS)
def test_takes_a_ron(strength):
    rnd = scene(RON, ["5p"])
    throw(rnd, 0, "5p")
    assert decide(rnd, 3, strength) == Ron()


@pytest.mark.parametrize("strength", STRENGTHS)
def test_takes_a_tsumo(strength):
    # seat 1 draws its winning 5p (tanyao, menzen tsumo) after the dealer's dull north
    rnd = scene(["1357m1357s19p123z", "234m678m234s55s46p", "19m19s1234z19p56z2m", "28m28s4z666z3p7p8p11s"],
                ["4z", "5p"])
    throw(rnd, 0, "4z")
    assert decide(rnd, 1, strength) == Tsumo()


# Seat 1 (south, east round) holds 46p and may chi the dealer's 5p. With terminals in three
# suits, no value honour and no pairs to speak of, the open hand could have no yaku.
YAKULESS_CHI = ["1357m2368p1357s1z", "46p123m789s19p3z99m", "28m28s4z666z3p7p8p11s", "19m19s1234z9p56z1p2m"]
# The same chi into a hand of simples (tanyao) holding two dora: the red 5s, a dora again
# under the 4s indicator. (A bare tanyao is not worth opening a closed hand for.)
TANYAO_CHI = ["1357m2368p1357s1z", "46p234m678s33p0s78m", "28m28s4z666z3p7p8p11s", "19m19s1234z9p56z1p2m"]


@pytest.mark.parametrize("strength", STRENGTHS)
def test_never_calls_into_a_yakuless_open_hand(strength):
    rnd = scene(YAKULESS_CHI, ["5p"])
    throw(rnd, 0, "5p")
    view = rnd.view(1)
    assert any(isinstance(a, Chi) for a in view.legal_actions)
    after = list(view.hand)
    for t in next(a for a in view.legal_actions if isinstance(a, Chi)).tiles:
        after.remove(t)
    assert shanten(counts34(after)) - 1 < shanten(counts34(view.hand))  # the chi would advance it
    assert decide(rnd, 1, strength) == Pass()


@pytest.mark.parametrize("strength, calls", [("weak", False), ("normal", True), ("strong", True)])
def test_calls_a_chi_that_keeps_tanyao(strength, calls):
    rnd = scene(TANYAO_CHI, ["5p"], dora="4s")
    throw(rnd, 0, "5p")
    assert isinstance(decide(rnd, 1, strength), Chi) == calls


def test_normal_does_not_open_for_a_bare_tanyao():
    # (the strong CPU weighs this chi by its outlook, and takes it: tests/test_cpu_outlook.py)
    rnd = scene(["1357m2368p1357s1z", "46p234m678s33p5s78m", *TANYAO_CHI[2:]], ["5p"], dora="1z")
    throw(rnd, 0, "5p")
    assert any(isinstance(a, Chi) for a in rnd.view(1).legal_actions)
    assert decide(rnd, 1, "normal") == Pass()


# Seat 1 three steps from tenpai, all simples, the red 5s its one dora: the chi of 5p takes
# it two steps away with tanyao in reach. The bare hand has a 4s for its red 5s.
ONE_DORA_HAND, BARE_HAND = "46p2478m3068s228p", "46p2478m3468s228p"


@pytest.mark.parametrize("strength, dora_needed, hand, calls", [("normal", 2, ONE_DORA_HAND, False),
                                                               ("strong", 2, ONE_DORA_HAND, False),
                                                               ("strong", 1, ONE_DORA_HAND, True),
                                                               ("strong", 1, BARE_HAND, False)])
def test_a_closed_hand_opens_for_tanyao_with_dora_enough(strength, dora_needed, hand, calls):
    """Both strengths' rules wait for two dora (``open_with_dora``); set to one, the one-dora
    hand opens, and a bare tanyao never does. (The strong CPU's call scorer reads the rules'
    answer as one of its figures: here the rules alone, without the scorer.)"""
    rnd = scene([TANYAO_CHI[0], hand, *TANYAO_CHI[2:]], ["5p"], dora="1z")
    throw(rnd, 0, "5p")
    view = rnd.view(1)
    assert any(isinstance(a, Chi) for a in view.legal_actions)
    assert CpuAgent(strength).strength.open_with_dora == 2
    rules = RulesPolicy(dataclasses.replace(BY_NAME[strength], open_with_dora=dora_needed))
    agent = CpuAgent(strength, policy=rules)
    assert isinstance(run_to_end(agent.act(view)), Chi) == calls


@pytest.mark.parametrize("hand", [ONE_DORA_HAND, BARE_HAND])
def test_the_strong_cpu_keeps_a_far_tanyao_closed(hand):
    """Three steps from tenpai, Phoenix-room players rarely open for a tanyao of one dora or
    none: neither does the strong CPU's call scorer."""
    rnd = scene([TANYAO_CHI[0], hand, *TANYAO_CHI[2:]], ["5p"], dora="1z")
    throw(rnd, 0, "5p")
    assert decide(rnd, 1, "strong") == Pass()


def wind_pon_scene(pair: str) -> Round:
    # Seat 2 is west in the east round: west is a yaku for it, north (4z) is not. It holds a
    # pair of ``pair`` that the dealer throws; the pon would advance the hand (2 to 1 shanten).
    return scene([f"1357m2368p1357s{pair}", "19m19s12z19p6z7z1p5z2m",
                  f"{pair}{pair}13m57p24s789m99p", "28m28s666z3p7p8p11s2z"], [pair])


def test_does_not_pon_a_wind_that_is_no_yaku():
    rnd = wind_pon_scene("4z")
    throw(rnd, 0, "4z")
    assert any(isinstance(a, Pon) for a in rnd.view(2).legal_actions)
    for strength in STRENGTHS:
        assert decide(rnd, 2, strength) == Pass()


def test_pons_its_own_seat_wind():
    rnd = wind_pon_scene("3z")
    throw(rnd, 0, "3z")
    assert isinstance(decide(rnd, 2, "normal"), Pon)
    assert isinstance(decide(rnd, 2, "strong"), Pon)
    assert decide(rnd, 2, "weak") == Pass()  # the weak CPU never calls


# Seat 1, one step from tenpai with no yaku in sight (123m 789s 99m, 46p, 24s, 9p), may chi
# the dealer's 5p into a kanchan tenpai on 3s that still has none.
KEITEN_CHI = ["1357m2368p1357s1z", "123m789s99m46p24s9p", *YAKULESS_CHI[2:]]


def test_the_strong_cpu_calls_into_a_yakuless_tenpai_only_late_for_the_noten_payments():
    """Keiten: with KEITEN_TILES left or fewer and no riichi out, a tenpai at the draw is paid
    by the noten seats, yaku or not; earlier, or against a riichi, the call is not worth it."""
    rnd = scene(KEITEN_CHI, ["5p"])
    throw(rnd, 0, "5p")
    view = rnd.view(1)
    chi = next(a for a in view.legal_actions if isinstance(a, Chi))

    def answer(strength: str, **changes) -> object:
        changed = dataclasses.replace(view, **changes)
        return run_to_end(CpuAgent(strength).act(changed))

    assert answer("strong", tiles_left=KEITEN_TILES) == chi
    assert answer("strong", tiles_left=KEITEN_TILES + 1) == Pass()
    assert answer("strong", tiles_left=KEITEN_TILES, riichi=(False, False, True, False)) == Pass()
    assert answer("normal", tiles_left=KEITEN_TILES) == Pass()  # keiten is the strong CPU's (position)


# Seat 1 is tenpai with no yaku (111m 234p 678p 55s 23s, waits 1s 4s) and draws a dull 7z.
RIICHI_HAND = ["1357m1357s19p123z", "111m234p678p55s23s", "2468m2468p2468s5z", "29m19s9p5z6z6z7z12p34p"]


@pytest.mark.parametrize("strength", STRENGTHS)
def test_declares_riichi_on_a_live_wait_without_yaku(strength):
    rnd = scene(RIICHI_HAND, ["9m", "7z"])
    throw(rnd, 0, "9m")
    action = decide(rnd, 1, strength)
    assert isinstance(action, Riichi) and action.tile // 4 == parse_tile("7z") // 4


def fold_scene() -> Round:
    # Seat 1 declares riichi throwing a 5p. Seat 2 then holds a poor hand of middle tiles (three
    # shanten) with one 5p: genbutsu against the riichi, the one tile sure to be safe.
    rnd = scene(["1357m1357s19p123z", "111m234p678p55s23s", "258m369p258s47m5p1s", "29m19s9p5z6z6z7z12p34p"],
                ["9m", "5p", "8p"])
    throw(rnd, 0, "9m")
    five = next(t for t in rnd.hand(1) if t // 4 == parse_tile("5p") // 4)
    rnd.apply(1, Riichi(five))
    while rnd.phase == "claims":
        rnd.apply(rnd.awaiting()[0], Pass())
    return rnd


def test_folds_with_genbutsu_against_riichi():
    rnd = fold_scene()
    view = rnd.view(2)
    assert shanten(counts34(view.hand)) >= 2
    assert decide(rnd, 2, "strong").tile // 4 == parse_tile("5p") // 4


def test_weaker_cpus_do_not_fold():
    rnd = fold_scene()
    assert decide(rnd, 2, "weak").tile // 4 != parse_tile("5p") // 4


def test_genbutsu_counts_the_tiles_thrown_since_a_riichi():
    rnd = fold_scene()
    throw(rnd, 2, "8p")
    while rnd.phase == "claims":
        rnd.apply(rnd.awaiting()[0], Pass())
    assert parse_tile("8p") // 4 in genbutsu(rnd.view(3), 1)
    assert parse_tile("9m") // 4 not in genbutsu(rnd.view(3), 1)  # the dealer threw it before the riichi


def test_danger_suji_kabe_and_honours():
    unseen = [4] * 34
    fresh, suji = danger_of_kind(4, set(), unseen), danger_of_kind(4, {1, 7}, unseen)
    half = danger_of_kind(4, {1}, unseen)
    assert fresh > half > suji > 0
    walled = list(unseen)
    walled[5] = 0  # no 6m left: no ryanmen 67m waits on 5m
    assert danger_of_kind(4, {1}, walled) < half
    honour_left = list(unseen)
    honour_left[27] = 1
    assert danger_of_kind(27, set(), honour_left) < danger_of_kind(27, set(), unseen)


def test_all_last_skips_a_win_that_keeps_it_last():
    # South 4, seat 0 (a non-dealer) far behind: a cheap ron still leaves it fourth, so the
    # strong CPU waits for more; the normal one (no sense of position) takes it.
    hands = ["234m678m234s55s46p", "1357m1357s19p123z", "19m19s1234z19p56z2m", "28m28s4z666z3p7p8p11s"]
    rnd = scene([hands[0], hands[2], hands[3], hands[1]], ["5p"], dealer=3, round_wind=1,
                scores=(5000, 35000, 30000, 30000))
    throw(rnd, 3, "5p")
    assert decide(rnd, 0, "strong") == Pass()
    assert decide(rnd, 0, "normal") == Ron()


def test_all_last_takes_a_win_that_lifts_it():
    # the same ron lifts seat 0 from third to second: worth ending the game with
    hands = ["234m678m234s55s46p", "1357m1357s19p123z", "19m19s1234z19p56z2m", "28m28s4z666z3p7p8p11s"]
    rnd = scene([hands[0], hands[2], hands[3], hands[1]], ["5p"], dealer=3, round_wind=1,
                scores=(24000, 35000, 25000, 16000))
    throw(rnd, 3, "5p")
    assert decide(rnd, 0, "strong") == Ron()


def test_same_view_same_answer():
    rnd = scene(TANYAO_CHI, ["5p"], dora="4s")
    throw(rnd, 0, "5p")
    agent = CpuAgent("strong")
    answers = {run_to_end(agent.act(rnd.view(1))) for _ in range(3)}
    assert len(answers) == 1


def test_thinking_is_sliced_between_candidates():
    rnd = scene(RIICHI_HAND, ["9m", "7z"])
    throw(rnd, 0, "9m")
    view = rnd.view(1)
    task = CpuAgent("strong").act(view)
    steps = 0
    try:
        while True:
            next(task)
            steps += 1
    except StopIteration:
        pass
    kinds = len({t // 4 for t in view.hand})
    assert steps >= kinds  # at least one step per candidate discard


def _oracle_quality(hand34: list[int], discard: int) -> float:
    """The tenpai quality of throwing ``discard``, by the ``mahjong`` library's shanten alone:
    over each draw that advances the hand, the widest wait (unseen copies) of its best tenpai
    discard, averaged by the draws' unseen copies."""
    from mahjong.shanten import Shanten

    oracle = Shanten()
    unseen = [4 - n for n in hand34]
    rest = list(hand34)
    rest[discard] -= 1
    now = oracle.calculate_shanten(rest)

    def wait_copies(hand: list[int], left: list[int]) -> int:
        total = 0
        for w in range(34):
            if hand[w] < 4:
                hand[w] += 1
                total += left[w] if oracle.calculate_shanten(hand) == -1 else 0
                hand[w] -= 1
        return total

    weighted = copies = 0
    for k in range(34):
        if unseen[k] and rest[k] < 4:
            rest[k] += 1
            if oracle.calculate_shanten(rest) < now:
                left = list(unseen)
                left[k] -= 1
                widest = 0
                for d in range(34):
                    if rest[d]:
                        rest[d] -= 1
                        if oracle.calculate_shanten(rest) == 0:
                            widest = max(widest, wait_copies(rest, left))
                        rest[d] += 1
                weighted += unseen[k] * widest
                copies += unseen[k]
            rest[k] -= 1
    return weighted / copies


# Two one-shanten hands (seat 0's 13 tiles and its first draw) where two discards keep the
# same ukeire but lead to different waits; the others hold honours and terminals only.
SHAPES = [("2m2m3m4m4m3p3p6p6p3s4s4s5s", "5m"), ("4m5m7m7m8m3p3p5p5p6p7p2s3s", "4s")]
SHAPE_OTHERS = ["1112223334445z", "19m19p19s5556667z", "11m99m11p99p11s99s6z"]


@pytest.mark.parametrize("dealt,drawn", SHAPES)
def test_equal_ukeire_goes_to_the_better_shape(dealt, drawn):
    rnd = scene([dealt, *SHAPE_OTHERS], [drawn], dora="7z")
    hand34 = counts34(rnd.hand(0))
    options = [o for o in run_to_end(evaluate_discards(hand34)) if o.shanten == 1]
    tied = [o.kind for o in options if o.ukeire.total == options[0].ukeire.total]
    assert len(tied) == 2
    quality = {k: _oracle_quality(hand34, k) for k in tied}
    better = max(tied, key=quality.get)
    assert abs(quality[tied[0]] - quality[tied[1]]) > 1
    # (the strong CPU weighs these discards by their outlook: tests/test_cpu_outlook.py)
    assert decide(rnd, 0, "normal").tile // 4 == better
    assert better != tied[0]  # the first of the tie is not it: the shape made the difference
    weak = decide(rnd, 0, "weak").tile // 4  # a beginner keeps the shanten, counts nothing more
    assert next(o for o in options if o.kind == weak).shanten == 1


def test_weak_throws_as_a_beginner_does():
    # the honour goes first among discards that keep the shanten, whatever the ukeire says
    rnd = scene(["123m456p789s378m1z", *SHAPE_OTHERS], ["5s"], dora="7z")
    assert decide(rnd, 0, "weak").tile // 4 == parse_tile("1z") // 4


def test_every_strength_is_told_in_one_line():
    from game.data.settings import CHOICES, STRENGTH_LINES
    from game.cpu import STRENGTHS as ALL

    assert set(STRENGTH_LINES) == set(ALL) == set(CHOICES["cpu_strength"])
    assert all(0 < len(line) <= 30 for line in STRENGTH_LINES.values())  # the screen's width, a margin
