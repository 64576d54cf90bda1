"""The review's alternatives (game/coach/explain.py) and grades (game/coach/grade.py): at each
discard the strong CPU's three best cuts, as its own learned scorer ranks them (the first its
answer), each measured as the seat's own answer would be; a grade per round and for the game."""

from __future__ import annotations

from types import SimpleNamespace as Fake

import pytest
from conftest import LOGS

from engine.tasks import run_to_end
from game.coach.explain import explain, same_choice
from game.coach.grade import Grade, grades, letter, points
from game.coach.review import Cost, Review, decision_view, review_task, start_review
from game.cpu import defence, style
from game.cpu.discard import candidates, style_facts
from game.cpu.strength import STRENGTHS
from game.records import read_log
from game.replay.door import ruleset_for
from game.rules.actions import Discard

PHOENIX = LOGS / "mjx2022" / "2022060100gm-00a9-0000-01481d95.mjlog"


def scorers_order(view, ruleset) -> list[int]:
    """The kinds the learned scorer would cut, best first, worked out from its parts."""
    strength = STRENGTHS["strong"]
    found = run_to_end(candidates(view, strength, ruleset))
    facts = run_to_end(style_facts(view, found, defence.threats(view), ruleset))
    rows = style.features(view, facts)
    scorer = style.learned_scorers().discard
    return sorted((c.kind for c in found), key=lambda k: -scorer.score(rows[k]))


class Seen:
    """A judge that keeps each view it explains (the review lets its views go)."""

    def __init__(self) -> None:
        self.views = []

    def __call__(self, view, action, strength, ruleset):
        self.views.append((view, action))
        return explain(view, action, strength, ruleset, alternatives=3)


def test_the_alternatives_are_the_cpus_own_three_best_each_measured_as_an_answer():
    game = read_log(PHOENIX)
    seen = Seen()
    review = run_to_end(review_task(game, start_review(game, 1, judge=seen)))
    ruleset = ruleset_for(game)
    checked = 0
    for (view, action), judged in zip(seen.views, review.decisions):
        e = judged.explanation
        if e.topic != "discard" or view.riichi[view.seat]:
            assert e.alternatives == () or e.topic == "discard"
            continue
        order = scorers_order(view, ruleset)
        assert same_choice(e.alternatives[0].action, e.cpu.action)
        assert [m.action.tile // 4 for m in e.alternatives] == order[:3]
        likely = [m.likely for m in e.alternatives]
        assert likely == sorted(likely, reverse=True) and 0 < likely[-1] and sum(likely) <= 1 + 1e-9
        if checked < 8:  # each measured as the seat's answer would be (a few: each is a whole explain)
            for m in e.alternatives[1:]:
                alone = run_to_end(explain(view, Discard(m.action.tile), "strong", ruleset)).player
                assert (alone.shanten, alone.ukeire, alone.danger, alone.worth) == (m.shanten, m.ukeire, m.danger, m.worth)
        checked += 1
    assert checked > 40


def test_without_alternatives_asked_the_review_measures_none():
    game = read_log(PHOENIX)
    review = run_to_end(review_task(game, start_review(game, 2)))
    assert all(d.explanation.alternatives == () for d in review.decisions)


def decision(label: str, index: int, cost: Cost):
    return Fake(label=label, round_index=index, cost=cost)


def test_the_grades_weigh_each_difference_by_its_cost():
    slip = Cost("differ", tiles=4.0, weighed=4.0)  # half a point lost
    deal_in_risk = Cost("differ", danger=10.0)  # a whole point
    review = Review(0, "you", "strong")
    review.decisions = [decision("E1.0", 0, Cost("agree")), decision("E1.0", 0, slip),
                        decision("E2.0", 1, Cost("close")), decision("E2.0", 1, deal_in_risk)]
    assert [points(d.cost) for d in review.decisions] == [1.0, 0.5, 1.0, 0.0]
    assert grades(review) == [Grade("E1.0", 2, 75.0), Grade("E2.0", 2, 50.0), Grade("GAME", 4, 62.5)]
    assert [letter(p) for p in (95, 94.9, 90, 80, 70, 69.9)] == ["S", "A", "A", "B", "C", "D"]


def test_the_viewer_measures_the_best_cuts_of_the_decision_shown(make_cart):
    from test_ui_viewer import our_log

    from game.ui.viewer import ViewerScene

    log = our_log(seat=3, decisions=120)
    review = run_to_end(review_task(log.game, start_review(log.game, 3, ruleset=log.ruleset)))
    judged = next(j for j in review.decisions if j.explanation.topic == "discard" and j.round_index == 0
                  and j.explanation.player.action != j.explanation.cpu.action)
    cart = make_cart(lambda c: ViewerScene(c, log))
    viewer = cart.scene
    viewer.choosing, viewer.review = False, review
    run_to_end(log.round_task(0))
    viewer.step = judged.step
    for _ in range(300):
        cart.update()
        cart.draw()
        if viewer.best[0] == (0, judged.step):
            break
    _, best = viewer.best
    assert best and same_choice(best[0].action, judged.explanation.cpu.action)  # the review's answer first
    view = run_to_end(decision_view(log.game, 3, 0, judged.step, judged.hand, log.ruleset))
    assert view.hand == judged.hand and view.drawn == judged.drawn
    again = run_to_end(explain(view, judged.explanation.player.action, "strong", log.ruleset, alternatives=3))
    assert best == again.alternatives


def test_the_summary_shows_the_grades_and_their_scale_and_overlaps_nothing(make_cart):
    from test_ui_overlaps import no_overlaps

    from game.coach.grade import SCALE
    from game.ui import review_panel

    game = read_log(PHOENIX)
    review = run_to_end(review_task(game, start_review(game, 1)))
    found = grades(review)
    texts = [text for text, _ in review_panel.summary_rows(review)]
    assert texts[0] == f"{len(review.decisions)} DECISIONS, GRADE {found[-1].letter} {found[-1].percent:.0f}%"
    assert texts[2].startswith(f"E1:{found[0].letter} ")  # the rounds' grades, two lines at most
    shown = " ".join(texts[2:4]).split(" ")
    assert shown == [f"{g.label.removesuffix('.0')}:{g.letter}" for g in found[:-1]][:len(shown)]
    assert len(found) > 10 and len(review.biggest("tiles")) == len(review.biggest("danger")) == 3  # a full page
    drawn = []
    with pytest.MonkeyPatch.context() as patches:
        patches.setattr(review_panel.paint, "text_centered", lambda y, words, colour: drawn.append(words))
        review_panel.draw_summary(review, None, 0)
    assert f"GRADE {SCALE}" in drawn
    leads = len([j for _, j in review_panel.summary_rows(review) if j is not None])
    assert all(no_overlaps(lambda: review_panel.draw_summary(review, None, c)) == [] for c in range(leads))
