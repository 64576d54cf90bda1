"""The outlook (game/cpu/outlook.py) against a brute force built on the `mahjong` oracle.

The oracle's own shanten, agari check and scorer (tests/scoring_oracle.py) work out, for random
closed hands in tenpai, one and two steps from it, the same definition the CPU uses: each wait's
unseen copies times the points of a riichi tsumo on it, over 12; each advancing draw's unseen
copies (one fewer unseen on the way on) times the best hand its discards reach, over 72, then
216. None of our shanten, waits or scoring is used on the oracle's side.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from engine.tasks import run_to_end
from game.cpu.outlook import SCALES, Outlook
from game.cpu.value import _view
from game.rules.tiles import RED_FIVES, counts34
from game.rules.yaku import WinSituation
from scoring_oracle import Case, oracle_score
from game.rules.ruleset import Ruleset

SHANTEN, AGARI = Shanten(), Agari()
DORA_INDICATOR = 8          # 3m: 4m is dora
VIEW = dataclasses.replace(_view(seat=1, dealer=0), dora_indicators=(DORA_INDICATOR,))


def oracle_tiles(counts: list[int], reds: set[int]) -> list[int]:
    """Tile ids for ``counts``, the red five first where the hand held it."""
    tiles = []
    for kind, n in enumerate(counts):
        copies = [kind * 4 + c for c in (3, 2, 1, 0) if kind * 4 + c != DORA_INDICATOR]
        if kind in reds:
            copies.sort(key=lambda t: t not in RED_FIVES)
        tiles.extend(copies[:n])
    return tiles


def oracle_points(counts: list[int], kind: int, reds: set[int]) -> int:
    """The oracle's points for a riichi tsumo on ``kind`` (a plain copy before the red one)."""
    if counts[kind] >= 4:
        return 0
    hand = list(counts)
    hand[kind] += 1
    if not AGARI.is_agari(hand):
        return 0
    tiles = oracle_tiles(counts, reds)
    win = next(t for t in (kind * 4 + 3, kind * 4 + 2, kind * 4 + 1, kind * 4)
               if t not in tiles and t != DORA_INDICATOR)
    situation = WinSituation(tsumo=True, riichi=True, seat_wind=VIEW.seat_winds[VIEW.seat],
                             round_wind=VIEW.round_wind, dora_indicators=(DORA_INDICATOR,))
    return oracle_score(Case([*tiles, win], win, [], situation, Ruleset())).received


def oracle_worth(counts: list[int], unseen: list[int], reds: set[int]) -> float:
    steps = SHANTEN.calculate_shanten(counts)
    if steps == 0:
        return sum(unseen[k] * oracle_points(counts, k, reds) for k in range(34) if unseen[k]) / SCALES[0]
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
                        best = max(best, oracle_worth(counts, unseen, reds))
                    counts[out] += 1
            total += copies * best
            unseen[draw] += 1
        counts[draw] -= 1
    return total / SCALES[steps]


def random_hands(steps: int, count: int, seed: int) -> list[list[int]]:
    """``count`` closed 13-tile hands ``steps`` from tenpai (the oracle's shanten)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        wall = [t for t in range(136) if t != DORA_INDICATOR]
        rng.shuffle(wall)
        hand = wall[:13]
        if SHANTEN.calculate_shanten(counts34(hand)) == steps:
            found.append(hand)
    return found


CASES = [(0, h) for h in random_hands(0, 12, 1)] + [(1, h) for h in random_hands(1, 6, 2)] \
    + [(2, h) for h in random_hands(2, 1, 3)]


@pytest.mark.parametrize("steps, hand", CASES)
def test_the_outlook_is_the_oracles_points_times_chances(steps, hand):
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
