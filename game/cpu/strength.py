"""How much a CPU considers: three strengths of the same code, not random noise.

A strength is a set of switches. ``weak`` plays for speed alone (shanten and ukeire),
riichis every tenpai and takes every win; ``normal`` adds the ukeire's quality (the waits a
one-shanten hand can reach), hand value (yaku directions, dora), calls and a riichi-or-dama
judgement; ``strong`` adds defence (push or fold,
safe tiles) and position (the score situation in the last rounds).

    >>> STRENGTHS["normal"].calls, STRENGTHS["normal"].defence
    (True, False)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Strength:
    name: str
    shape: bool      # weigh a one-shanten discard by the waits its accepting draws reach
    value: bool      # weigh discards by hand value and yaku directions
    calls: bool      # chi, pon and open kan when they advance a hand that keeps a yaku
    judge_riichi: bool  # riichi or dama by wait, value and tiles left (else riichi every tenpai)
    defence: bool    # push or fold against threats; safe tiles by genbutsu, suji, kabe...
    position: bool   # the score situation: all-last, wins not worth taking


WEAK = Strength("weak", shape=False, value=False, calls=False, judge_riichi=False, defence=False, position=False)
NORMAL = Strength("normal", shape=True, value=True, calls=True, judge_riichi=True, defence=False, position=False)
STRONG = Strength("strong", shape=True, value=True, calls=True, judge_riichi=True, defence=True, position=True)
STRENGTHS = {s.name: s for s in (WEAK, NORMAL, STRONG)}
DEFAULT_STRENGTH = "strong"
