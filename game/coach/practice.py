"""Practice: the player's cut judged against the hint as the review will judge it.

With the HINTS setting at AFTER CUT the table hides the hint's answer until the player has cut,
then says how the cut stands against it: agreed, a close call, or the hint's answer and what it
gains. ``judge_cut`` asks the review's own judge (``review.judge`` over ``explain``: the strong
CPU), so the verdict shown at the table is the verdict the review of the game gives.

    >>> CutVerdict("agree", Discard(8)).agrees, CutVerdict("close", Discard(8)).agrees
    (True, False)

A cut can be taken back (game/ui/take_back.py): the game is played again from its seed up to the
player's last cut (``last_cut``), and the question is asked again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.scheduler import gathered
from engine.tasks import TaskGen
from game.coach.explain import explain, same_choice
from game.coach.hint import HINT_GATHER, JUDGE, Advice
from game.coach.review import Verdict, judge
from game.coach.review_text import short_reason
from game.play.driver import Decision
from game.rules.actions import Action, Discard, Pass, Riichi
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


def last_cut(decisions: Sequence[Decision], seat: int) -> int | None:
    """Where ``seat``'s last cut (a discard or riichi's) stands in ``decisions``: the game played
    again up to there asks that question again. None when the seat has not cut, or has answered
    since with more than a pass (a call, a kan, a win: what is taken back is a cut).

        >>> from game.rules.actions import Chi
        >>> moves = [Decision(0, Discard(8)), Decision(1, Discard(20)), Decision(0, Pass())]
        >>> last_cut(moves, 0), last_cut(moves, 1), last_cut(moves, 2)
        (0, 1, None)
        >>> last_cut(moves + [Decision(0, Chi((16, 24)))], 0) is None
        True
    """
    for index in range(len(decisions) - 1, -1, -1):
        decision = decisions[index]
        if decision.seat != seat:
            continue
        if isinstance(decision.action, (Discard, Riichi)):
            return index
        if not isinstance(decision.action, Pass):
            return None
    return None
