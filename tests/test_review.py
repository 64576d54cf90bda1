"""The review (game/coach/review.py, game/coach/explain.py) and ``picoriichi review``.

One judge: on our own games, the review of a CPU seat finds every one of its recorded
decisions agreeing, since the review asks the same CPU on the view the replay rebuilds. On a
seat of ``efficiency`` baselines, every difference the review lists costs something real: its
ukeire figures are checked with the ``mahjong`` library's shanten, and the seat's discard
scores lower on efficiency (shanten, the CPU's weighed tiles) or safety (danger).
"""

from __future__ import annotations

import json

import pytest
from conftest import LOGS, VALIDATION
from mahjong.shanten import Shanten

from engine.tasks import run_to_end
from game.coach import review as review_module
from game.play.baselines import EfficiencyAgent
from game.cli import main
from game.cpu import CpuAgent
from game.data.logs import log_document
from game.play.driver import Game
from game.records import parse_log
from game.records.ours import game_log
from game.records.tenhou6_write import write_tenhou6
from game.coach.review import EPSILON, WORTH_PERCENT, review_game, review_task, start_review
from game.coach.review_text import decision_line, figure_rows, reason
from game.rules.actions import Riichi
from game.rules.ruleset import Ruleset
from game.rules.tiles import RED_FIVES, counts34
from test_cpu_outlook import oracle_worth

REAL_LOGS = sorted(p for p in LOGS.rglob("*") if p.is_file()) + sorted(VALIDATION.glob("2016*"))


class Recording:
    """A seat that remembers each answer it gave with more than one legal action."""

    def __init__(self, agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.answers: list = []

    def observe(self, event) -> None:
        observe = getattr(self.agent, "observe", None)
        if observe is not None:
            observe(event)

    def act(self, view):
        answer = yield from self.agent.act(view)
        if len(view.legal_actions) > 1:
            self.answers.append(answer)
        return answer


def our_log(game: Game, seat: int = 0):
    """The game as the table keeps it (tenhou.net/6 JSON with our extras), read back."""
    document = log_document(write_tenhou6(game_log(game)), game.seed, {}, seat, game.match.over, game.decisions)
    return parse_log(document, "game.json")


def played(agents, seed: str) -> Game:
    game = Game(agents, seed, Ruleset(east_south=False))
    run_to_end(game.play())
    return game


@pytest.mark.parametrize("seed, strengths", [("JVDGE00001", ("strong",) * 4),
                                             ("JVDGE00002", ("strong", "normal", "weak", "strong"))])
def test_one_judge_a_cpu_seat_agrees_with_every_decision_it_made(seed, strengths):
    seats = [Recording(CpuAgent(strength)) for strength in strengths]
    game = played(seats, seed)
    log = our_log(game)
    for seat, strength in enumerate(strengths):
        review = review_game(log, seat, strength)
        assert review.problems == []
        assert [d.cost.verdict for d in review.decisions] == ["agree"] * len(review.decisions), \
            [decision_line(d) for d in review.differences]
        answers = seats[seat].answers
        assert len(review.decisions) + review.unknown == len(answers) and review.unknown <= 2
        assert len(review.decisions) > 40


def test_a_strength_reviewed_by_another_differs_somewhere():
    """The judge is the strength asked for: the weak CPU's play seen by the strong one differs."""
    seats = [Recording(CpuAgent("weak"))] + [Recording(CpuAgent()) for _ in range(3)]
    log = our_log(played(seats, "JVDGE00003"))
    assert review_game(log, 0, "weak").differences == []
    assert review_game(log, 0, "strong").differences != []


def ukeire_by_the_oracle(hand34: list[int], visible: list[int], kind: int) -> tuple[int, int]:
    """(shanten, ukeire) after throwing ``kind``: each kind drawn in turn, shanten by the mahjong
    library; a draw counts its unseen copies (4 less the 14 tiles' own and what the table shows)."""
    after = list(hand34)
    after[kind] -= 1
    now = Shanten.calculate_shanten(after)
    count = 0
    for k in range(34):
        unseen = 4 - hand34[k] - visible[k]
        if after[k] >= 4 or unseen <= 0:
            continue
        after[k] += 1
        if Shanten.calculate_shanten(after) < now:
            count += unseen
        after[k] -= 1
    return now, count


def outlook_by_the_oracle(view, kind: int) -> float:
    """The outlook of the hand after throwing ``kind``, by the brute force on the oracle."""
    counts = counts34(view.hand)
    counts[kind] -= 1
    unseen = [max(0, 4 - n - v) for n, v in zip(counts34(view.hand), view.visible_counts34())]
    melds = view.melds[view.seat]
    return oracle_worth(counts, unseen, {t // 4 for t in view.hand if t in RED_FIVES}, view, melds,
                        closed=not any(m.is_open for m in melds))


def test_the_differences_listed_for_an_efficiency_seat_are_real():
    views = {}

    def remembering(view, action, *args):  # the view of each explanation, for the oracle
        explanation = yield from review_module.explain(view, action, *args)
        views[id(explanation)] = view
        return explanation

    game = played([CpuAgent(), EfficiencyAgent(), EfficiencyAgent(), EfficiencyAgent()], "FFFC1ENCY1")
    log = our_log(game)
    checked = {"tiles": 0, "danger": 0, "worth": 0}
    for seat in (1, 2):
        review = run_to_end(review_task(log, start_review(log, seat, judge=remembering)))
        listed = [d for d in review.listed if d.explanation.topic == "discard"
                  and isinstance(d.explanation.player.action, Riichi) == isinstance(d.explanation.cpu.action, Riichi)]
        assert listed
        for judged in listed:
            e = judged.explanation
            view = views[id(e)]
            hand, visible = counts34(view.hand), view.visible_counts34()
            for measure in (e.player, e.cpu):  # the figures shown are the oracle's
                assert (measure.shanten, measure.ukeire) == ukeire_by_the_oracle(hand, visible, measure.action.tile // 4)
            player, cpu = e.player, e.cpu
            safer = player.danger - cpu.danger > EPSILON
            further = player.weighed_shanten > cpu.weighed_shanten
            fewer = player.weighed_shanten == cpu.weighed_shanten and cpu.weighed - player.weighed > EPSILON
            lower = 0 <= player.outlook < cpu.outlook and judged.cost.worth > WORTH_PERCENT
            assert safer or further or fewer or lower, decision_line(judged)
            if further and player.shanten > cpu.shanten:  # a step by the tiles alone, the oracle's
                assert player.shanten > cpu.shanten
            if lower and checked["worth"] < 3:  # the outlooks shown are the oracle's (a few: it is slow)
                for measure in (player, cpu):
                    assert measure.outlook == pytest.approx(outlook_by_the_oracle(view, measure.action.tile // 4))
            checked["danger" if safer else "worth" if lower else "tiles"] += 1
            assert reason(judged) and not reason(judged).startswith("an equal")
    assert checked["tiles"] + checked["worth"] > 5 and checked["worth"], checked


def test_an_efficiency_seat_differs_on_riichi_and_the_reasons_say_why():
    game = played([CpuAgent(), EfficiencyAgent(), EfficiencyAgent(), EfficiencyAgent()], "FFFC1ENCY2")
    review = review_game(our_log(game), 1)
    assert review.decisions and review.agreed < len(review.decisions)
    for judged in review.decisions:
        rows = figure_rows(judged)
        assert rows and all(isinstance(a, str) and isinstance(b, str) for _, a, b in rows)
        words = reason(judged)
        assert words and "\n" not in words
        if judged.cost.verdict == "agree":
            assert judged.explanation.player is judged.explanation.cpu


def test_a_left_game_reviews_its_rounds_so_far():
    """A game left from the pause menu mid-round: its log reviews up to where it stopped."""
    seats = [Recording(CpuAgent()) for _ in range(4)]
    game = Game(seats, "JVDGE00004", Ruleset(east_south=False))
    task = game.play()
    while len(game.decisions) < 150:
        next(task)
    log = our_log(game)
    assert not log.rounds[-1].results
    review = review_game(log, 2)
    assert review.problems == [] and review.agreed == len(review.decisions) > 10


# --- the command line ---------------------------------------------------------------------------


def test_review_of_our_log_reviews_the_players_seat(tmp_path, capsys):
    game = played([CpuAgent("weak")] + [CpuAgent() for _ in range(3)], "JVDGE00005")
    path = tmp_path / "ours.json"
    path.write_bytes(log_document(write_tenhou6(game_log(game)), game.seed, {}, 0, True, game.decisions))
    assert main(["review", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == 0 and out["strength"] == "strong" and out["summary"]["reviewed"] == len(out["decisions"])
    listed = [d for d in out["decisions"] if d["verdict"] == "differ"]
    assert listed and all(d["reason"] and d["figures"] and d["cost"] for d in listed if d["topic"] == "discard")
    assert main(["review", str(path)]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0].endswith("reviewed against the strong CPU")
    assert len([line for line in text if " vs CPU " in line]) == len(listed)
    assert any(line.strip().startswith("cpu:weak (seat 0, east in the first round): ") and "decisions reviewed" in line
               for line in text)


def test_a_tenhou_player_reviews_their_own_game_by_name(capsys):
    path = VALIDATION / "2016022509gm-0009-0000-b327da61.json"
    name = json.loads(path.read_text(encoding="utf-8"))["name"][2]
    assert main(["review", str(path), "--name", name, "--json"]) == 0
    by_name = json.loads(capsys.readouterr().out)
    assert main(["review", str(path), "--seat", "2", "--json", "--strength", "normal"]) == 0
    by_seat = json.loads(capsys.readouterr().out)
    assert by_name["seat"] == by_seat["seat"] == 2 and by_seat["strength"] == "normal"


@pytest.mark.parametrize("args, words", [
    ([str(LOGS / "dnovikoff" / "bug1.xml")], "--seat N or --name NAME"),
    ([str(LOGS / "dnovikoff" / "bug1.xml"), "--seat", "4"], "a seat is 0 to 3"),
    ([str(LOGS / "dnovikoff" / "bug1.xml"), "--seat", "١"], "digits 0-9"),
    ([str(LOGS / "dnovikoff" / "bug1.xml"), "--name", "nobody"], "no single player named"),
    ([str(LOGS / "dnovikoff" / "bug1.xml"), "--strength", "godlike"], "invalid choice"),
    (["/dev/zero", "--seat", "0"], "not a regular file"),
    ([str(LOGS)], "not a regular file"),
    (["/no/such/log.json", "--seat", "0"], "cannot read"),
])
def test_bad_input_is_one_line_and_exit_2(args, words, capsys):
    assert main(["review", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_a_broken_log_is_one_line(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"log": [[[0, 0, 0], [25000]]], "picoriichi": {"version": 1, "seat": 0}}')
    assert main(["review", str(path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("path", REAL_LOGS, ids=lambda p: p.name)
def test_review_completes_on_every_real_log(path, capsys):
    assert main(["review", str(path), "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert "unsupported" in out or "decisions reviewed" in out


DAMA_GAME = LOGS / "mjx2022" / "2022060100gm-00a9-0000-3ffa4858.mjlog"


def test_the_reviews_reason_for_the_strong_cpus_dama_is_the_figure_its_own_scorer_used():
    """South 1, 1 honba, turn 6: the Phoenix player declared riichi; the strong CPU stays dama
    on a hand worth 9,600 without it. The normal CPU's rule would say "worth 9600 already"
    (``riichi.DAMA_ENOUGH``), and the review once said so whatever the CPU weighed. The strong
    CPU's riichi scorer is asked here afresh: taking out each figure's features in turn, the one
    that moves its score furthest towards dama is the threat's, and that is the reason given."""
    from game.cpu import defence, style
    from game.cpu.discard import candidates
    from game.cpu.riichi import FIGURES, riichi_features
    from game.cpu.strength import STRONG
    from game.replay.door import ruleset_for
    from game.rules.actions import Discard

    views = {}

    def remembering(view, action, *args):
        explanation = yield from review_module.explain(view, action, *args)
        views[id(explanation)] = view
        return explanation

    log = parse_log(DAMA_GAME.read_bytes(), str(DAMA_GAME))
    review = run_to_end(review_task(log, start_review(log, 0, judge=remembering)))
    judged = next(d for d in review.decisions if (d.label, d.turn) == ("S1.1", 6))
    e = judged.explanation
    assert isinstance(e.player.action, Riichi) and isinstance(e.cpu.action, Discard) and e.cpu.dama == 9600
    view = views[id(e)]
    cut = next(c for c in run_to_end(candidates(view, STRONG, ruleset_for(log))) if c.kind == e.cpu.action.tile // 4)
    threat = max(defence.threats(view).values(), default=0.0)
    features = riichi_features(view, cut.waits_unseen, sorted(cut.advancing), cut.dama_points, cut.riichi_points,
                               cut.furiten, threat, ruleset_for(log))
    scorer = style.learned_scorers().riichi
    score = scorer.score(features)
    assert score <= scorer.score({})  # the scorer itself says dama
    towards_dama = {figure: scorer.score({n: v for n, v in features.items() if n not in names}) - score
                    for figure, names in FIGURES.items() if set(names) & set(features)}
    assert max(towards_dama, key=towards_dama.get) == "threat"
    assert reason(judged) == "stays dama, free to fold" and e.choice.why_of("riichi").figure == "threat"
    assert "9600" not in reason(judged)
