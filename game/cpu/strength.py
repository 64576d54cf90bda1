"""How much a CPU considers: the figures each strength works out, not random noise.

A strength is a set of switches: the figures its policy (``game.cpu.policies``) works out and
weighs. ``weak`` plays as a beginner does: for speed alone, by
shanten without counting the tiles that would advance the hand (among discards that keep the
shanten it throws honours first, then terminals, then the tiles furthest out), riichis every
tenpai and takes every win; ``normal`` counts the ukeire and its quality (the waits a
one-shanten hand can reach), adds hand value (yaku directions, dora), calls and a
riichi-or-dama judgement; ``strong`` adds defence (push or fold by expected value, safe
tiles, mawashi), position (the score situation in the last rounds) and, near tenpai, the
outlook (discards and calls weighed by the points each reaches times its chances), and all
those figures are weighed by its policy's scorers, learned from Phoenix-room players'
discards, riichi and calls (``game.cpu.policies.learned``). Both rules open a closed hand for tanyao with two dora,
not one (``open_with_dora``: one lost rank for each against its own opponents,
docs/measurements.md); the strong CPU's call scorer reads that rule's answer as one figure.

    >>> STRENGTHS["normal"].calls, STRENGTHS["normal"].defence
    (True, False)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Strength:
    name: str
    ukeire: bool     # count the tiles that advance the hand (else shanten and a beginner's order)
    shape: bool      # weigh a one-shanten discard by the waits its accepting draws reach
    value: bool      # weigh discards by hand value and yaku directions
    calls: bool      # chi, pon and open kan when they advance a hand that keeps a yaku
    judge_riichi: bool  # riichi or dama by wait, value and tiles left (else riichi every tenpai)
    defence: bool    # push or fold against threats; safe tiles by genbutsu, suji, kabe...
    position: bool   # the score situation: all-last, wins not worth taking
    outlook: bool = False  # near tenpai, weigh discards and calls by points times chances (outlook)
    open_with_dora: int = 2  # dora (red fives in) a closed hand needs to open for tanyao or toitoi


WEAK = Strength("weak", ukeire=False, shape=False, value=False, calls=False, judge_riichi=False, defence=False, position=False)
NORMAL = Strength("normal", ukeire=True, shape=True, value=True, calls=True, judge_riichi=True, defence=False, position=False)
STRONG = Strength("strong", ukeire=True, shape=True, value=True, calls=True, judge_riichi=True, defence=True, position=True, outlook=True)
STRENGTHS = {s.name: s for s in (WEAK, NORMAL, STRONG)}
DEFAULT_STRENGTH = "strong"
# The CPU that plays on for one that raised at the table (the weak CPU's stand-in is the driver's
# TsumogiriAgent): each asks less of the code than the one before it.
SIMPLER = {"strong": "normal", "normal": "weak"}
