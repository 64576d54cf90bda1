"""The hint: the strong CPU's answer on a seat's view, the figures beside it, and why.

``advise(view, ruleset)`` is a task (thinking, sliced across frames like a CPU's decision;
the CPU's own steps are run a couple of milliseconds together, as the review runs them:
``engine.scheduler.gathered``).
Its answer is the strong CPU's own on that very view, asked through
``game.coach.explain.explain``: the code the review asks, so a player who follows the hint is
told by the review of the game that they agreed (same view, same answer). Beside the answer
stand the seed's figures: the shanten and the share of the unseen tiles that advance the hand
after it. When the CPU's cut keeps fewer tiles than the most-tiles cut, one short reason says
why, in the review's own terms (``review_text.short_reason`` of the most-tiles cut judged
against the CPU's: "SAFE VS N RIICHI", "KEEPS DORA", "KEEPS YAKU"). The answer is one of the
view's legal actions, so it never names a move the rules forbid (kuikae, a riichi hand's other
tiles); there is no advice when there is nothing to decide (the round is over, or one legal
action is left: a riichi hand's draw goes by itself).

``judge_cut(view, action, ruleset)`` judges an answer the player gave against the hint as the
review will judge it (``review.judge``): agreed, a close call, or what the hint's answer gains.

    >>> Advice(Discard(8), 1, 0.2).word, Advice(Riichi(8), 0, 0.05).word, Advice(Pass(), 2, 0.1).word
    ('CUT', 'RIICHI', 'PASS')
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.scheduler import gathered
from engine.tasks import TaskGen
from game.cpu.agent import CpuAgent
from game.cpu.efficiency import discard_options, legal_discard_tiles, tile_of_kind
from game.coach.explain import explain, same_choice
from game.coach.review import judge
from game.coach.review_text import short_reason
from game.rules.actions import (
    AddedKan, Chi, ClosedKan, Discard, NineTerminals, OpenKan, Pass, Pon, Riichi, Ron, Tsumo,
)
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.shanten import ukeire
from game.rules.tiles import counts34
from game.rules.view import PlayerView
from game.rules.words import action_word

JUDGE = "strong"  # the CPU the hint, hold X, practice and the review all ask
HINT_GATHER = 0.0005  # the hint runs the CPU's steps in shorter runs than the review: it thinks beside the table


@dataclass(frozen=True)
class Advice:
    """The strong CPU's answer on a view, with the figures after it and why."""

    answer: object  # one of the view's legal actions
    shanten: int  # after the answer's cut (or of the hand as it stands)
    share: float  # the unseen tiles that advance the hand then, over every unseen tile
    reason: tuple[str, ...] = ()  # why not the most-tiles cut, longest form first (): it is one
    dama: bool = False  # the CPU could declare riichi with this cut and does not

    @property
    def tile(self) -> int | None:
        """The tile the answer throws or declares (None for a pass, a win, a call)."""
        if isinstance(self.answer, ClosedKan):
            return self.answer.kind * 4 + 1
        return getattr(self.answer, "tile", None) if isinstance(self.answer, (Discard, Riichi, AddedKan)) else None

    @property
    def word(self) -> str:
        """The answer in one word: CUT, RIICHI, DAMA (a cut that could have been a riichi), PON ..."""
        return "DAMA" if self.dama else action_word(self.answer).upper()


def decides(view: PlayerView) -> bool:
    """Whether the seat has anything to decide on ``view``."""
    return not view.over and len(view.legal_actions) > 1


def advise(view: PlayerView, ruleset: Ruleset = TENHOU) -> TaskGen[Advice | None]:
    """Task: the strong CPU's answer on ``view`` and its figures; None when there is nothing to
    decide (see the module)."""
    if not decides(view):
        return None
    options = (yield from discard_options(view)) if view.last_discard is None else []
    if not options:  # another seat's discard: a call, a ron or a pass
        answer = yield from gathered(CpuAgent(JUDGE, ruleset).act(view), HINT_GATHER)
        if isinstance(answer, Ron):
            return Advice(answer, -1, 0.0)
        now = ukeire(counts34(view.hand), view.visible_counts34())
        return Advice(answer, now.shanten, now.share)
    best = options[0]
    most = Discard(tile_of_kind(best.kind, legal_discard_tiles(view), view.drawn))  # the most-tiles cut
    explanation = yield from gathered(explain(view, most, JUDGE, ruleset), HINT_GATHER)
    answer = explanation.cpu
    if isinstance(answer, (Tsumo, Ron)):
        return Advice(answer, -1, 0.0)
    if not isinstance(answer, (Discard, Riichi)):  # a kan, the nine-terminals draw
        return Advice(answer, best.shanten, best.ukeire.share)
    tied = {o.kind for o in options if (o.shanten, o.ukeire.total) == (best.shanten, best.ukeire.total)}
    reason = ()
    if answer.tile // 4 not in tied:
        if isinstance(answer, Riichi) and Riichi(most.tile) in view.legal_actions:  # a riichi beside a riichi
            explanation = yield from gathered(explain(view, Riichi(most.tile), JUDGE, ruleset), HINT_GATHER)
        reason = short_reason(judge(view, explanation))
    dama = isinstance(answer, Discard) and any(
        isinstance(a, Riichi) and a.tile // 4 == answer.tile // 4 for a in view.legal_actions)
    return Advice(answer, explanation.theirs.shanten, explanation.theirs.share, reason, dama)


@dataclass(frozen=True)
class CutVerdict:
    """A player's answer judged against the hint's, as the review judges it."""

    verdict: str  # "agree", "close" or "differ" (the review's words)
    answer: object  # the hint's answer (the strong CPU's)
    reason: tuple[str, ...] = ()  # what the hint's answer gains, longest form first

    @property
    def agrees(self) -> bool:
        return self.verdict == "agree"


def judge_cut(view: PlayerView, action: object, ruleset: Ruleset = TENHOU,
              advice: Advice | None = None) -> TaskGen[CutVerdict]:
    """Task: the player's ``action`` on ``view`` judged as the review will judge it (``advice``,
    the hint worked out on the same view, spares the work when the two agree)."""
    if advice is not None and same_choice(action, advice.answer):
        return CutVerdict("agree", advice.answer)
    explanation = yield from gathered(explain(view, action, JUDGE, ruleset), HINT_GATHER)
    judged = judge(view, explanation)
    return CutVerdict(judged.verdict, explanation.cpu, short_reason(judged))
