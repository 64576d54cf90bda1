"""A CPU's answer with the reasons that decided it, as the code that decided says them.

``CpuAgent.choose(view)`` answers a :class:`Choice`: the action, and a :class:`Why` for each
decision a rule or a scorer of the CPU's settled by a figure of its own on the way: riichi or
dama, a call passed while folding or under a riichi, a win declined for its place, a kan made
or not. The hint, hold X and the review print the ``Why`` the CPU gave; they never work a
reason out again from other thresholds. Where no single figure decided (the learned scorer
weighing every discard's figures), there is none, and the review compares the two answers'
figures, the CPU's own (``game.coach.explain``).

    >>> why = Why("stays dama, worth 7700 already", ("DAMA: 7700 ALREADY", "DAMA"), "value", "riichi")
    >>> choice = Choice(Discard(8), (why,))
    >>> choice.why_of("riichi").short[0], choice.why_of("kan") is None
    ('DAMA: 7700 ALREADY', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.actions import Action, Discard  # noqa: F401  (Discard: the docstring's example)


@dataclass(frozen=True, slots=True)
class Why:
    """What decided one question of a choice (``about``: "riichi", "call", "win", "kan"): in
    words, in short capitals for the hint line (longest first), and the figure's name (what a
    test or a tool may group reasons by: "value", "wait", "time", "threat", "place" ...)."""

    words: str
    short: tuple[str, ...] = ()
    figure: str = ""
    about: str = ""


@dataclass(frozen=True, slots=True)
class Choice:
    """A CPU's answer on a view: one of its legal actions, and why, question by question."""

    action: Action
    whys: tuple[Why, ...] = ()
    # the cuts the policy weighed, best first: (kind, its share of the scorer's choice, 0..1);
    # empty where the policy ranks none (a call, a rule's cut)
    ranking: tuple[tuple[int, float], ...] = ()
    # every candidate cut as the policy worked it out (game.cpu.discard.Candidate), so the
    # review measures the same cuts without working them out again; empty where none was
    candidates: tuple = ()

    def why_of(self, about: str) -> Why | None:
        """The reason the choice gives for its question ``about``, or None."""
        return next((why for why in self.whys if why.about == about), None)
