"""The CPU players: every decision from a PlayerView alone (see agent.py).

One room per concern: ``efficiency`` (shanten, ukeire), ``value`` (yaku directions, dora,
scoring tenpai waits), ``discard`` (the turn's candidates, riichi or a plain cut), ``riichi``
(riichi or dama), ``calls`` (chi, pon, kans), ``defence`` (threats, safe tiles, push or fold),
``position`` (the score situation), ``strength`` (what each strength works out), ``policies``
(how each strength chooses: the rules, or the learned scorers), ``choice`` (an answer with its
reasons), ``agent`` (the Agent of the driver).
"""

from game.cpu.agent import CpuAgent
from game.cpu.strength import DEFAULT_STRENGTH, STRENGTHS

__all__ = ["CpuAgent", "DEFAULT_STRENGTH", "STRENGTHS"]
