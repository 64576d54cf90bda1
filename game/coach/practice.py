"""Practice: the player's cut judged against the hint as the review will judge it.

With the HINTS setting at AFTER CUT the table hides the hint's answer until the player has cut,
then says how the cut stands against it: agreed, a close call, or the hint's answer and what it
gains. ``judge_cut`` asks the review's own judge (``review.judge`` over ``explain``: the strong
CPU), so the verdict shown at the table is the verdict the review of the game gives.

    >>> CutVerdict("agree", Discard(8)).agrees, CutVerdict("close", Discard(8)).agrees
    (True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.scheduler import gathered
from engine.tasks import TaskGen
from game.coach.explain import explain, same_choice
from game.coach.hint import HINT_GATHER, JUDGE, Advice
from game.coach.review import Verdict, judge
from game.coach.review_text import short_reason
from game.rules.actions import Action, Discard  # noqa: F401  (Discard: the docstring's example)
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.view import PlayerView


@dataclass(frozen=True)
class CutVerdict:
    """A player's answer judged against the hint's, as the review judges it."""

    verdict: Verdict
    answer: Action  # the hint's answer (the strong CPU's)
    reason: tuple[str, ...] = ()  # what the hint's answer gains, longest form first

    @property
    def agrees(self) -> bool:
        return self.verdict == "agree"


def judge_cut(view: PlayerView, action: Action, ruleset: Ruleset = TENHOU,
              advice: Advice | None = None) -> TaskGen[CutVerdict]:
    """Task: the player's ``action`` on ``view`` judged as the review will judge it (``advice``,
    the hint worked out on the same view, spares the work when the two agree)."""
    if advice is not None and same_choice(action, advice.answer):
        return CutVerdict("agree", advice.answer)
    explanation = yield from gathered(explain(view, action, JUDGE, ruleset), HINT_GATHER)
    judged = judge(view, explanation)
    return CutVerdict(judged.cost.verdict, explanation.cpu.action, short_reason(judged))
