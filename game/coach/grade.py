"""A grade for a round and for the game: the review's agreement weighted by what each difference
cost, by the CPU's figures (``game.coach.review``'s ``Cost``).

Each decision reviewed scores up to one point: an answer the CPU makes scores 1, a close call
(another answer no figure calls worse) 1; a difference scores 1 less its cost in points, at
least 0, where each figure's cost counts (its scale, the ``PENALTIES``): a yaku lost or a step
back from a win, a whole point; tiles lost or value given up, a point for every 8 tiles the CPU
weighs; the outlook, a point for 50% of it lost; danger, a point for every 10% more of a deal-in.
The grade is the points over the decisions, in percent, and its letter (``LETTERS``):

    >>> from types import SimpleNamespace as Fake
    >>> agree, slip = Fake(verdict="agree"), Fake(verdict="differ", yaku=False, steps=0, weighed=4.0, tiles=4.0,
    ...                                          worth=0.0, danger=5.0)
    >>> points(agree), points(slip)
    (1.0, 0.0)
    >>> letter(100 * (3 + 0.5) / 4)
    'B'
"""

from __future__ import annotations

from dataclasses import dataclass

from game.coach.review import Cost, Review

PENALTIES = {"step": 1.0, "tiles": 8.0, "worth": 50.0, "danger": 10.0}  # a point of cost: see the module
LETTERS = ((95.0, "S"), (90.0, "A"), (80.0, "B"), (70.0, "C"), (0.0, "D"))  # from this percent up
SCALE = "S 95+ A 90+ B 80+ C 70+ D"  # the scale as the screen says it


def points(cost: Cost) -> float:
    """What one decision scores (see the module)."""
    if cost.verdict != "differ":
        return 1.0
    lost = (cost.yaku + cost.steps) * PENALTIES["step"] + max(cost.weighed, cost.tiles) / PENALTIES["tiles"]
    lost += cost.worth / PENALTIES["worth"] + cost.danger / PENALTIES["danger"]
    return max(0.0, 1.0 - lost)


def letter(percent: float) -> str:
    return next(mark for floor, mark in LETTERS if percent >= floor)


@dataclass(frozen=True)
class Grade:
    label: str  # "E1.0", or "GAME"
    decisions: int
    percent: float

    @property
    def letter(self) -> str:
        return letter(self.percent)


def grades(review: Review) -> list[Grade]:
    """A grade for each round reviewed (in the game's order), then the game's."""
    by_round: dict[int, list] = {}
    for judged in review.decisions:
        by_round.setdefault(judged.round_index, []).append(judged)
    found = [_grade(js[0].label, js) for _, js in sorted(by_round.items())]
    return found + [_grade("GAME", review.decisions)] if review.decisions else found


def _grade(label: str, decisions: list) -> Grade:
    return Grade(label, len(decisions), 100 * sum(points(j.cost) for j in decisions) / len(decisions))
