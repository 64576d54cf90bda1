"""The CPU's policies: how a strength chooses, one room each, behind one interface.

A policy answers the three questions the agent (``game.cpu.agent``) puts to it, each with the
figures the rest of ``game.cpu`` works out: which tile to cut (and riichi or dama), whether to
call another seat's tile, whether to make a kan. Two exist, as different algorithms, not as
switches of one:

- ``rules`` (:class:`RulesPolicy`): hand-written rules over the figures, at the weak and normal
  strengths (``game.cpu.strength`` says which figures each works out);
- ``learned`` (:class:`LearnedPolicy`): the strong CPU, whose scorers were learned from
  Phoenix-room players' choices (``game.cpu.style``), with the rules kept as vetoes.

``policy_for(name)`` gives the policy of a strength by its name.

    >>> policy_for("normal").name, policy_for("strong").name
    ('rules', 'learned')
"""

from __future__ import annotations

from typing import Protocol

from engine.tasks import TaskGen
from game.cpu.choice import Choice
from game.cpu.outlook import Outlook
from game.cpu.policies.learned import LearnedPolicy
from game.cpu.policies.rules import RulesPolicy
from game.cpu.strength import NORMAL, STRONG, WEAK, Strength
from game.rules.ruleset import Ruleset
from game.rules.view import PlayerView


class Policy(Protocol):
    """How a CPU chooses (see the module)."""

    name: str
    strength: Strength  # which figures it works out and weighs
    kans_weighed: bool  # kans by what they give and cost (``game.cpu.kans``), not by the shanten alone

    # ``look``: the decision's Outlook, where the caller weighs the same hands too (the review)
    def discard(self, view: PlayerView, ruleset: Ruleset, look: Outlook | None = None) -> TaskGen[Choice]: ...

    def call(self, view: PlayerView, ruleset: Ruleset, folding: bool, threat: float,
             look: Outlook | None = None) -> TaskGen[Choice]: ...


POLICIES = {"weak": RulesPolicy(WEAK), "normal": RulesPolicy(NORMAL), "strong": LearnedPolicy(STRONG)}


def policy_for(strength: str) -> Policy:
    """The policy of the strength named ``strength`` (KeyError for another name)."""
    return POLICIES[strength]
