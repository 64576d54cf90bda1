"""The outlook (game/cpu/outlook.py) against a brute force built on the `mahjong` oracle.

The oracle's own shanten, agari check and scorer (tests/scoring_oracle.py) work out, for random
closed hands in tenpai, one and two steps from it, the same definition the CPU uses: each wait's
unseen copies times the points of a riichi tsumo on it, over 12; each advancing draw's unseen
copies (one fewer unseen on the way on) times the best hand its discards reach, over 72, then
216. None of our shanten, waits or scoring is used on the oracle's side (our shanten only
finds the rare random tenpai quickly, and the oracle's is asked to agree).
"""

from __future__ import annotations

import dataclasses
import functools
import random
import types

import pytest
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from engine.tasks import run_to_end
from game.cpu.outlook import SCALES, Outlook
from game.cpu.value import _view
from game.cpu.calls import RIICHI_OUT_WORTH, folding_pass
from game.cpu.choice import Choice
from game.coach.explain import Explanation, Measure, explain
from game.rules.actions import Chi, Discard, Pass, Pon, Riichi
from game.rules.claims import kuikae_kinds
from game.rules.melds import Meld
from game.rules.shanten import shanten
from game.rules.tiles import RED_FIVES, counts34, parse_tile
from game.rules.yaku import WinSituation
from game.coach.review_text import figure_rows, reason
from scoring_oracle import Case, oracle_score
from test_cpu import SHAPE_OTHERS, SHAPES, TANYAO_CHI, YAKULESS_CHI, decide, scene, throw
from game.rules.ruleset import Ruleset

SHANTEN, AGARI = Shanten(), Agari()
DORA_INDICATOR = 8          # 3m: 4m is dora
VIEW = dataclasses.replace(_view(seat=1, dealer=0), dora_indicators=(DORA_INDICATOR,))


def oracle_tiles(counts: list[int], reds: set[int], taken: set[int] = frozenset()) -> list[int]:
    """Tile ids for ``counts`` apart from ``taken`` (meld tiles), the red five first where the
    hand held it."""
    tiles = []
    for kind, n in enumerate(counts):
        copies = [kind * 4 + c for c in (3, 2, 1, 0) if kind * 4 + c not in taken]
        if kind in reds:
            copies.sort(key=lambda t: t not in RED_FIVES)
        tiles.extend(copies[:n])
    return tiles


def oracle_points(counts: list[int], kind: int, reds: set[int], view, melds=(), closed=True) -> int:
    """The oracle's points for a tsumo on ``kind`` (riichi when closed; a plain copy before the
    red one)."""
    taken = {t for m in melds for t in m.tiles} | set(view.dora_indicators)
    hand = list(counts)
    hand[kind] += 1
    if hand[kind] + sum(t // 4 == kind for t in taken - set(view.dora_indicators)) > 4:
        return 0
    if not AGARI.is_agari(hand):
        return 0
    tiles = oracle_tiles(counts, reds, taken)
    win = next(t for t in (kind * 4 + 3, kind * 4 + 2, kind * 4 + 1, kind * 4)
               if t not in tiles and t not in taken)
    situation = WinSituation(tsumo=True, riichi=closed, seat_wind=view.seat_winds[view.seat],
                             round_wind=view.round_wind, dora_indicators=tuple(view.dora_indicators))
    return oracle_score(Case([*tiles, win], win, list(melds), situation, Ruleset())).received


def oracle_worth(counts: list[int], unseen: list[int], reds: set[int], view=VIEW, melds=(), closed=True) -> float:
    """The outlook's definition (see the module), worked out with the oracle alone."""
    steps = SHANTEN.calculate_shanten(counts)
    if steps >= len(SCALES):
        return 0.0
    if steps == 0:
        return sum(unseen[k] * oracle_points(counts, k, reds, view, melds, closed)
                   for k in range(34) if unseen[k]) / SCALES[0]
    total = 0.0
    for draw in range(34):
        if not unseen[draw] or counts[draw] >= 4:
            continue
        counts[draw] += 1
        if SHANTEN.calculate_shanten(counts) == steps - 1:
            copies = unseen[draw]
            unseen[draw] -= 1
            best = 0.0
            for out in range(34):
                if counts[out]:
                    counts[out] -= 1
                    if SHANTEN.calculate_shanten(counts) == steps - 1:
                        best = max(best, oracle_worth(counts, unseen, reds, view, melds, closed))
                    counts[out] += 1
            total += copies * best
            unseen[draw] += 1
        counts[draw] -= 1
    return total / SCALES[steps]


def random_hands(steps: int, count: int, seed: int) -> list[list[int]]:
    """``count`` closed 13-tile hands ``steps`` from tenpai, drawn at random (a tenpai comes
    about once in 19,000 draws: our quick shanten finds them, and the oracle's must agree)."""
    rng = random.Random(seed)
    wall = [t for t in range(136) if t != DORA_INDICATOR]
    found = []
    while len(found) < count:
        hand = rng.sample(wall, 13)
        if shanten(counts34(hand)) == steps:
            assert SHANTEN.calculate_shanten(counts34(hand)) == steps, hand
            found.append(hand)
    return found


CASE_DRAWS = ((0, 12, 1), (1, 6, 2), (2, 1, 3))  # (steps from tenpai, hands, seed)


@functools.cache
def cases() -> list[tuple[int, list[int]]]:
    """The hands, drawn when a test first asks (never while the tests are collected, in every
    worker), then kept."""
    return [(steps, hand) for steps, count, seed in CASE_DRAWS for hand in random_hands(steps, count, seed)]


@pytest.mark.xdist_group("outlook-oracle")  # the hands drawn once, on one worker
@pytest.mark.parametrize("index", range(sum(count for _, count, _ in CASE_DRAWS)))
def test_the_outlook_is_the_oracles_points_times_chances(index):
    steps, hand = cases()[index]
    view = dataclasses.replace(VIEW, hand=tuple(hand))
    counts = counts34(hand)
    unseen = [4 - n for n in counts]
    unseen[DORA_INDICATOR // 4] -= 1
    reds = {t // 4 for t in hand if t in RED_FIVES}
    expected = oracle_worth(list(counts), unseen, reds)
    ours = run_to_end(Outlook(view).worth(counts, [], closed=True))
    assert ours == pytest.approx(expected, rel=1e-9)
    if steps == 0:
        assert expected > 0  # a closed tenpai always has riichi: some wait is worth something


# --- the strong CPU's choices are the outlook's best ----------------------------------------

def scene_unseen(view) -> list[int]:
    """4 less the seat's hand, melds and everything the table shows (worked out here)."""
    unseen = [4] * 34
    shown = [*view.hand, *view.dora_indicators, *(t for ms in view.melds for m in ms for t in m.tiles),
             *(d.tile for pond in view.discards for d in pond if d.called_by is None)]
    for t in shown:
        unseen[t // 4] -= 1
    return unseen


@pytest.mark.parametrize("dealt, drawn", SHAPES)
def test_the_strong_discard_is_the_oracles_best_outlook(dealt, drawn):
    rnd = scene([dealt, *SHAPE_OTHERS], [drawn], dora="7z")
    view = rnd.view(0)
    counts = counts34(view.hand)
    reds = {t // 4 for t in view.hand if t in RED_FIVES}
    unseen = scene_unseen(view)
    worth = {}
    for kind in range(34):
        if counts[kind]:
            counts[kind] -= 1
            if SHANTEN.calculate_shanten(counts) == 1:
                worth[kind] = oracle_worth(counts, unseen, reds, view)
            counts[kind] += 1
    best = max(worth, key=worth.get)
    assert sorted(worth.values())[-2] < worth[best]  # one best, no tie to break
    assert decide(rnd, 0, "strong").tile // 4 == best


def oracle_call_worth(view, action) -> float:
    """The best outlook after ``action`` (a Chi or Pon) and a legal discard nearest tenpai."""
    _, called = view.last_discard
    meld = Meld("chi" if isinstance(action, Chi) else "pon", tuple(sorted([*action.tiles, called])),
                called, view.last_discard[0])
    melds = [*view.melds[view.seat], meld]
    rest = [t for t in view.hand if t not in action.tiles]
    counts = counts34(rest)
    reds = {t // 4 for t in rest if t in RED_FIVES}
    unseen = scene_unseen(view)
    options = {}
    for kind in range(34):
        if counts[kind] and kind not in kuikae_kinds(meld):
            counts[kind] -= 1
            options[kind] = SHANTEN.calculate_shanten(counts)
            counts[kind] += 1
    nearest = min(options.values())
    best = 0.0
    for kind, steps in options.items():
        if steps == nearest:
            counts[kind] -= 1
            best = max(best, oracle_worth(counts, unseen, reds, view, melds, closed=False))
            counts[kind] += 1
    return best


CALL_SCENES = {
    # a closed one-shanten hand (46p kanchan, 78m) may chi 5p into a tanyao tenpai on 6m-9m,
    # only 6m with a yaku
    "bare tanyao chi": (["1357m2368p1357s1z", "46p234m678s33p5s78m", *TANYAO_CHI[2:]], "5p", 1, "1z"),
    "tanyao chi with dora": (TANYAO_CHI, "5p", 1, "4s"),
    # a closed one-shanten hand whose chi would only take a 5p into 345p it already holds
    "chi that does not advance": (["1357m2368p1357s1z", "345p234m678s22s7m9p", *TANYAO_CHI[2:]], "5p", 1, "1z"),
    # the same chi into a hand with terminals in three suits: no yaku on any wait
    "yakuless chi": (YAKULESS_CHI, "5p", 1, ""),
    "pon of the seat wind": (["1357m2368p1357s3z", "19m19s12z19p6z7z1p5z2m", "3z3z13m57p24s789m99p",
                              "28m28s666z3p7p8p11s2z"], "3z", 2, ""),
}


@pytest.mark.parametrize("name", CALL_SCENES)
def test_the_strong_cpu_calls_when_the_oracles_outlook_says_so(name):
    hands, tile, seat, dora = CALL_SCENES[name]
    rnd = scene(hands, [tile], dora=dora)
    throw(rnd, 0, tile)
    view = rnd.view(seat)
    calls = [a for a in view.legal_actions if isinstance(a, (Chi, Pon))]
    assert calls
    counts = counts34(view.hand)
    stay = oracle_worth(counts, scene_unseen(view), {t // 4 for t in view.hand if t in RED_FIVES}, view)
    worths = {a: oracle_call_worth(view, a) for a in calls}
    best = max(worths, key=worths.get)
    answer = decide(rnd, seat, "strong")
    if worths[best] > stay:
        assert answer == best
    else:
        assert answer == Pass()


def riichi_out_scene(seat_one: str, dora: str, riichi: bool):
    """The dealer (tenpai on 1s-4s) throws 5p, with a riichi or without; seat 1 may chi it."""
    rnd = scene(["123m456m789m99p23s", seat_one, *TANYAO_CHI[2:]], ["5p"], dora=dora)
    five = next(t for t in rnd.hand(0) if t // 4 == parse_tile("5p") // 4)
    rnd.apply(0, Riichi(five) if riichi else Discard(five))
    return rnd


@pytest.mark.parametrize("seat_one, dora", [("46p234m678s33p5s78m", "1z"), ("46p234m678s33p0s78m", "4s")])
def test_with_a_riichi_out_a_call_must_be_worth_its_danger(seat_one, dora):
    """majiang-ai's rule: against a riichi a call into tenpai needs an outlook of 500 at least.
    A bare tanyao chi (one wait of four with the yaku) is worth less and is taken only when no
    one is in riichi; the same chi holding two dora is worth more, and is taken either way."""
    answers = {}
    for riichi in (False, True):
        rnd = riichi_out_scene(seat_one, dora, riichi)
        view = rnd.view(1)
        assert view.riichi[0] == riichi
        chis = [a for a in view.legal_actions if isinstance(a, Chi)]
        stay = oracle_worth(counts34(view.hand), scene_unseen(view), {t // 4 for t in view.hand if t in RED_FIVES}, view)
        worths = {a: oracle_call_worth(view, a) for a in chis}
        best = max(worths, key=worths.get)
        assert worths[best] > stay  # with no riichi out the outlook takes the chi
        answers[riichi] = decide(rnd, 1, "strong")
        assert answers[riichi] == (best if not riichi or worths[best] >= RIICHI_OUT_WORTH[0] else Pass())
    assert answers[False] != Pass()
    if answers[True] == Pass():  # a review of a player who called says why the CPU passes
        e = run_to_end(explain(view, best, "strong"))
        assert e.player.outlook == pytest.approx(worths[best]) and e.cpu.action == Pass()
        words = reason(types.SimpleNamespace(cost=types.SimpleNamespace(verdict="differ"), explanation=e))
        assert words == f"passes: under a riichi a call needs outlook {RIICHI_OUT_WORTH[0]}"
        assert e.choice.why_of("call").figure == "threat"  # the CPU's own veto, not worked out again


@pytest.mark.parametrize("whys, says", [((), "passes, to stay ready to fold"),
                                         ((folding_pass().why_of("call"),), "passes, folding against the threat")])
def test_the_review_names_the_riichi_rule_only_where_it_decided(whys, says):
    """A call worth 800 into tenpai passed the rule: if the CPU passed under a riichi, it was
    for another reason (folding, say, when its choice says so), and the reason line must not
    blame the rule: it says what the CPU's choice says, or compares the figures."""
    chi = Measure(Chi((48, 56)), 0, paths=("tanyao",), outlook=800.0)
    stay = Measure(Pass(), 1, outlook=193.0)
    e = Explanation("call", Choice(Pass(), whys), chi, stay, ((0, 1.0, True),), 80)
    words = reason(types.SimpleNamespace(cost=types.SimpleNamespace(verdict="differ"), explanation=e))
    assert words == says and "needs outlook" not in words


@pytest.mark.parametrize("chi_outlook, pass_outlook, row", [
    (-1.0, 0.0, None),            # a far hand's chi by the old rules, the pass worth 0: no row
    (-1.0, 193.0, ("-", "193")),  # the pass weighed, the chi not: the row says so
    (367.0, 193.0, ("367", "193")),
    (0.0, 0.0, ("0", "0")),       # both weighed at 0 (no yaku on any wait): the reason quotes them
])
def test_the_outlook_row_shows_only_where_it_says_something(chi_outlook, pass_outlook, row):
    chi = Measure(Chi((48, 56)), 2, paths=("yakuhai",), outlook=chi_outlook)
    stay = Measure(Pass(), 3, outlook=pass_outlook)
    judged = types.SimpleNamespace(explanation=Explanation("call", Choice(Pass()), chi, stay, (), 80), melds=())
    rows = {label: (a, b) for label, a, b in figure_rows(judged)}
    assert rows.get("outlook") == row
