"""The learned policy: the strong CPU, which chooses as Phoenix-room players do.

Every candidate cut's figures (``discard.style_facts``: shanten, ukeire, tenpai quality,
outlook, danger against each seat and, against a threat, expected value) are scored by
``style``'s discard scorer, learned from Phoenix-room players' cuts, and the best is cut; riichi
or dama is asked of ``style``'s riichi scorer, which reads what each answer is worth in points
(``riichi_worth``: Houou win rates by wait and turn, ura and ippatsu, the stick, the deal-in a
riichi cannot fold from) beside the hand's other figures, and the reason given is the figure
that moved its score most (``riichi.deciding_figure``; the value said as "RIICHI: +2,100
WORTH"); where that figure is the place but every score is level (the order of a tie is only
the seats'), the worths decide; a call of ``style``'s call scorer, the rules' own answer
(``calls.ruled_call``) one of its figures. The rules it replaced stay as vetoes: the folding
seat calls nothing, a call under a riichi needs its outlook (``calls.riichi_veto``), a riichi
that cannot better the last round's place is not declared. The three-player game asks its own
riichi scorer (``Scorers.riichi_for``), fitted on tests/data's three-player Phoenix games:
Tenhou's three-player players stay dama where four-player players declare, and the
four-player scorer, even made to clear a margin, answered them worse (``python
tools/train_style.py --check --part RIICHI_SANMA``: 83.9% of 1,970 turns in games left out of
the fit). Kans are weighed by what they give
and cost (``game.cpu.kans``: at tenpai, or a closed kan at one shanten early that breaks no
shape, never before tenpai against a threat).

    >>> LearnedPolicy(STRONG).name, LearnedPolicy(STRONG).kans_weighed
    ('learned', True)
"""

from __future__ import annotations

import math
from dataclasses import replace

from engine.tasks import TaskGen
from game.cpu import defence, style
from game.cpu.calls import RIICHI_OUT_WORTH, call_features, folding_pass, offered_calls, riichi_veto, ruled_call
from game.cpu.choice import Choice, Why
from game.cpu.discard import Candidate, candidates, riichi_or_cut, style_facts
from game.cpu.outlook import Outlook
from game.cpu.riichi import deciding_figure, riichi_features, scorer_why, worth_of
from game.cpu.strength import STRONG, Strength  # noqa: F401  (STRONG: the docstring's example)
from game.rules.actions import Pass
from game.rules.ruleset import Ruleset
from game.rules.view import PlayerView


class LearnedPolicy:
    """The learned scorers over one strength's figures (see the module)."""

    name = "learned"
    kans_weighed = True

    def __init__(self, strength: Strength, scorers: style.Scorers | None = None) -> None:
        self.strength = strength
        self.scorers = scorers or style.learned_scorers()

    def discard(self, view: PlayerView, ruleset: Ruleset, look: Outlook | None = None) -> TaskGen[Choice]:
        found = yield from candidates(view, self.strength, ruleset)
        threat = defence.threats(view) if self.strength.defence else {}
        look = look or Outlook(view, ruleset=ruleset)
        chosen, ranking = yield from _scored_cut(view, found, threat, ruleset, self.scorers.discard, look)
        choice = yield from riichi_or_cut(view, chosen, self.strength, ruleset, self._riichi(ruleset))
        return replace(choice, ranking=ranking, candidates=tuple(found))

    def _riichi(self, ruleset: Ruleset):
        def judge(view: PlayerView, chosen: Candidate) -> tuple[bool, Why]:
            threat = max(defence.threats(view).values(), default=0.0)
            kinds = sorted(chosen.advancing or ())
            features = riichi_features(view, chosen.waits_unseen, kinds, chosen.dama_points,
                                       chosen.riichi_points, chosen.furiten, threat, ruleset)
            scorer = self.scorers.riichi_for(ruleset.players)
            declare = style.decides(scorer, features)
            worth = worth_of(view, chosen.waits_unseen, kinds, chosen.dama_points, chosen.riichi_points)
            figure = deciding_figure(scorer, features)
            if figure == "place" and len(set(view.scores)) == 1:
                # level scores tell no place (their order is only the seats'): the worth decides
                declare, figure = worth.gain > 0, "value"
            why = scorer_why(declare, figure, view, chosen.waits_unseen, chosen.dama_points, chosen.riichi_points,
                             chosen.furiten, worth)
            return declare, why
        return judge

    def call(self, view: PlayerView, ruleset: Ruleset, folding: bool, threat: float,
             look: Outlook | None = None) -> TaskGen[Choice]:
        calls = offered_calls(view)
        if not self.strength.calls or not calls:
            return Choice(Pass())
        if folding:
            return folding_pass()
        look = look or Outlook(view, ruleset=ruleset)  # one for both: they weigh the same hands
        ruled = yield from ruled_call(view, self.strength, ruleset, calls, look)
        found = yield from call_features(view, ruleset, calls, ruled, threat, look)
        if found is None:
            return Choice(ruled)
        action, features, worth = found
        if riichi_veto(view, features, worth):
            need = RIICHI_OUT_WORTH[0 if "tenpai_after" in features else 1]
            why = Why(f"passes: under a riichi a call needs outlook {need}", ("PASS: RIICHI OUT", "PASS"),
                      "threat", "call")
            return Choice(Pass(), (why,))
        return Choice(action if style.decides(self.scorers.call, features) else Pass())


def _scored_cut(view: PlayerView, found: list[Candidate], threat: dict[int, float], ruleset: Ruleset,
                judge: style.Scorer, look: Outlook) -> TaskGen[tuple[Candidate, tuple[tuple[int, float], ...]]]:
    """The candidate a Phoenix-room player would cut, by ``style``'s learned scorer ``judge``,
    and every candidate's share of that choice, best first (the scorer was fitted as a choice
    among the candidates: the softmax of the scores is the chance it gives each cut)."""
    facts = yield from style_facts(view, found, threat, ruleset, look)
    yield
    rows = style.features(view, facts)
    scores = {}
    for cand in found:  # a network's pass a candidate: a step each, as thinking is sliced
        yield
        scores[cand.kind] = judge.score(rows[cand.kind])
    chosen = max(found, key=lambda c: scores[c.kind])
    return chosen, shares(scores, first=chosen.kind)


def shares(scores: dict[int, float], first: int) -> tuple[tuple[int, float], ...]:
    """Each kind's share of a choice among scores (their softmax), ``first`` first, then by share.

        >>> [(k, round(p, 3)) for k, p in shares({3: 1.0, 7: 0.0, 9: 1.0}, first=9)]
        [(9, 0.422), (3, 0.422), (7, 0.155)]
    """
    top = max(scores.values())
    weights = {k: math.exp(s - top) for k, s in scores.items()}
    total = sum(weights.values())
    order = sorted(weights, key=lambda k: (k != first, -weights[k], k))
    return tuple((k, weights[k] / total) for k in order)
