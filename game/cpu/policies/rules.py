"""The rules policy: hand-written rules over the CPU's figures (the weak and normal CPUs).

The turn's cut: with no threat the best candidate by shanten, then ukeire less the value lost;
with ``Strength.outlook``, one step from tenpai or nearer, the candidate of that shanten whose
hand is worth most by its outlook; against a threat (``Strength.defence``) each candidate by
expected value (``pushfold``: its chance to win and worth against its deal-in chance and the
threat's value), so the seat pushes, folds or keeps a hand with a safe tile (mawashi) by one
measure. Riichi or dama by ``riichi.riichi_rule``. A call by ``calls.ruled_call``.

    >>> RulesPolicy(WEAK).name, RulesPolicy(WEAK).kans_weighed
    ('rules', False)
"""

from __future__ import annotations

from dataclasses import replace

from engine.tasks import TaskGen
from game.cpu import defence, position
from game.cpu.calls import folding_pass, offered_calls, ruled_call
from game.cpu.choice import Choice, Why
from game.cpu.discard import Candidate, _ev_worths, candidates, outlook_of, riichi_or_cut
from game.cpu.outlook import Outlook
from game.cpu.riichi import riichi_rule
from game.cpu.strength import WEAK, Strength  # noqa: F401  (WEAK: the docstring's example)
from game.rules.actions import Pass
from game.rules.ruleset import Ruleset
from game.rules.view import PlayerView

PUSH_DANGER = 0.4        # ukeire tiles one percent of deal-in costs, between pushes of equal worth


class RulesPolicy:
    """The rules at one strength (see the module)."""

    name = "rules"
    kans_weighed = False

    def __init__(self, strength: Strength) -> None:
        self.strength = strength

    def discard(self, view: PlayerView, ruleset: Ruleset, look: Outlook | None = None) -> TaskGen[Choice]:
        strength = self.strength
        found = yield from candidates(view, strength, ruleset)
        threat = defence.threats(view) if strength.defence else {}
        if threat:
            danger = defence.dangers(view, threat)
            for cand in found:
                cand.danger = danger[cand.kind]
            chosen = _ev_choice(view, found, threat, ruleset)
        elif strength.outlook:
            chosen = yield from _outlook_choice(view, found, look or Outlook(view, ruleset=ruleset))
        else:
            chosen = min(found, key=lambda c: c.key(0.0))
        choice = yield from riichi_or_cut(view, chosen, strength, ruleset, self._riichi(ruleset))
        return replace(choice, candidates=tuple(found))

    def _riichi(self, ruleset: Ruleset):
        def judge(view: PlayerView, chosen: Candidate) -> tuple[bool, Why]:
            strength = self.strength
            keep_lead = (strength.position and position.leading_all_last(view, ruleset)
                         and chosen.dama_points > 0
                         and position.rank_after_win(view, chosen.dama_points, None) == 1)
            threatened = strength.defence and view.riichi_out
            return riichi_rule(chosen.waits_unseen, chosen.dama_points, chosen.riichi_points,
                               view.seat == view.dealer, chosen.furiten, keep_lead, view.tiles_left, threatened)
        return judge

    def call(self, view: PlayerView, ruleset: Ruleset, folding: bool, threat: float,
             look: Outlook | None = None) -> TaskGen[Choice]:
        calls = offered_calls(view)
        if not self.strength.calls or not calls:
            return Choice(Pass())
        if folding:
            return folding_pass()
        return Choice((yield from ruled_call(view, self.strength, ruleset, calls, look)))


def _ev_choice(view: PlayerView, found: list[Candidate], threat: dict[int, float], ruleset: Ruleset) -> Candidate:
    """Push, fold or mawashi by expected value (``discard._ev_worths``)."""
    worths = _ev_worths(view, found, threat, ruleset)
    best_key = min(found, key=lambda c: c.key(PUSH_DANGER))
    return max(found, key=lambda c: (round(worths[c.kind], 1), c is best_key, -c.danger))


def _outlook_choice(view: PlayerView, found: list[Candidate], look: Outlook) -> TaskGen[Candidate]:
    """With no threat, near tenpai: among the discards that keep the best shanten, the one
    whose hand is worth most (``outlook_of``). Further away, or when every hand is worth
    nothing (an open hand with no yaku within reach), the ukeire order decides."""
    ordered = sorted(found, key=lambda c: c.key(0.0))
    chosen, most = ordered[0], 0.0
    for cand in ordered:
        worth = yield from outlook_of(view, found, cand, look)
        if worth is None:
            break
        if worth > most + 1e-9:
            chosen, most = cand, worth
    return chosen
