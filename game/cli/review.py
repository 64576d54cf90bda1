"""``picoriichi review LOG [--seat N | --name NAME] [--strength S] [--all] [--json]``: one seat's
play over a game beside the CPU's (``game.coach.review``): our own logs, Tenhou's mjlog XML and
tenhou.net/6 JSON.

One line per decision where the seat's answer costs something by the CPU's figures (round and
honba, the seat's turn, its hand, its answer vs the CPU's, the cost, the figures as
seat/CPU, the reason), then the summary. ``--all`` adds the close calls (another answer, no
cost by these figures). Our logs review the player's seat unless told otherwise; a Tenhou log
needs ``--seat`` or ``--name``. The log comes through the replay's door
(``game.replay.door.checked_log``): one our rules cannot follow (an illegal move, a figure that
disagrees) is bad input. Exit 0 when the review ran (a log without rounds is said to be
unsupported, not a failure; three-player games are reviewed), 2 on bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from game.cli import UsageError, count, print_json
from game.cpu.strength import DEFAULT_STRENGTH, STRENGTHS
from game.data.files import read_file
from game.data.logs import extras_of
from game.records import GameLog
from game.replay.door import checked_log
from engine.tasks import run_to_end
from game.coach.grade import grades
from game.coach.review import Judged, Review, explain_ranked, find_seat, review_task, start_review
from game.coach.review_text import (
    alternatives_line, cost_text, decision_line, figure_rows, grades_line, reason, seat_text, summary_lines,
    topic_text,
)
from game.rules.errors import InputError
from game.rules.tiles import tile_name, to_mpsz
from game.rules.words import answer_words

SEATS = 4


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("log", metavar="LOG", help="our log, Tenhou's mjlog XML or tenhou.net/6 JSON")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--seat", type=count, help="the seat to review, 0-3 (seat 0 is the first player listed)")
    which.add_argument("--name", help="the seat of the player of this name")
    parser.add_argument("--strength", choices=sorted(STRENGTHS), default=DEFAULT_STRENGTH,
                        help=f"the CPU to compare with (default {DEFAULT_STRENGTH})")
    parser.add_argument("--all", action="store_true", help="list the close calls too")


def run(args: argparse.Namespace) -> int:
    data = read_file(args.log)  # one line naming the path when it cannot be read
    game = checked_log(data, args.log)  # the one door: a log our rules cannot follow is one line
    unsupported = _unsupported(game)
    if unsupported:
        if args.json:
            print_json({"path": args.log, "unsupported": unsupported})
        else:
            print(f"{args.log}: unsupported: {unsupported}")
        return 0
    seat = _seat(args, game, data)
    review = run_to_end(review_task(game, start_review(game, seat, args.strength, judge=explain_ranked)))
    if args.json:
        print_json(review_json(args.log, review))
        return 0
    print(f"{args.log}: {seat_text(review)} reviewed against the {args.strength} CPU")
    for judged in review.decisions:
        if judged.cost.verdict == "differ" or (args.all and judged.cost.verdict == "close"):
            print("  " + decision_line(judged))
            if len(judged.explanation.alternatives) > 1:
                print("    " + alternatives_line(judged))
    for line in summary_lines(review):
        print("  " + line)
    print("  " + grades_line(grades(review)))
    return 0


def _unsupported(game: GameLog) -> str:
    if not game.rounds:
        return "the log holds no rounds: nothing to review"
    return ""


def _seat(args: argparse.Namespace, game: GameLog, data: bytes) -> int:
    if args.seat is not None:
        seats = len(game.players) if game.three_player else SEATS
        if args.seat >= seats:
            raise UsageError(f"picoriichi review: --seat {args.seat}: a seat is 0 to {seats - 1}")
        return args.seat
    if args.name is not None:
        return find_seat(game, args.name)
    extras = None
    try:
        extras = extras_of(json.loads(data.decode("utf-8")))
    except (UnicodeDecodeError, ValueError, RecursionError):
        pass
    if extras is not None and extras.get("seat") in range(3 if game.three_player else SEATS):
        return extras["seat"]
    names = ", ".join(f"{s} {p.name}" for s, p in enumerate(game.players))
    raise InputError(f"{Path(args.log).name}: say which seat to review with --seat N or --name NAME ({names})")


def review_json(path: str, review: Review) -> dict:
    """The review for tools: every decision with its figures, and the summary."""
    count_ = len(review.decisions)
    return {
        "path": path, "seat": review.seat, "name": review.name, "strength": review.strength,
        "decisions": [decision_json(d) for d in review.decisions],
        "summary": {"reviewed": count_, "agree": review.agreed,
                    "agreement": round(review.agreed / count_, 4) if count_ else None,
                    "differ": len(review.listed), "close": len(review.differences) - len(review.listed),
                    "unknown": review.unknown,
                    "most_tiles_lost": [d.number for d in review.biggest("tiles")],
                    "most_danger_taken": [d.number for d in review.biggest("danger")],
                    "grades": [{"round": g.label, "decisions": g.decisions, "percent": round(g.percent, 1),
                                "grade": g.letter} for g in grades(review)]},
        "problems": review.problems,
    }


def decision_json(judged: Judged) -> dict:
    e = judged.explanation
    return {
        "number": judged.number, "round": judged.label, "turn": judged.turn, "step": judged.step,
        "topic": topic_text(judged), "hand": to_mpsz(sorted(judged.hand)),
        "drawn": tile_name(judged.drawn) if judged.drawn is not None else None,
        "offered": tile_name(judged.offered) if judged.offered is not None else None,
        "seat_answer": answer_words(e.player.action, judged.offered), "cpu_answer": answer_words(e.cpu.action, judged.offered),
        "verdict": judged.cost.verdict, "steps": judged.cost.steps, "tiles": round(judged.cost.tiles, 2),
        "weighed": round(judged.cost.weighed, 2),
        "danger": round(judged.cost.danger, 2), "yaku": judged.cost.yaku, "cost": cost_text(judged).removeprefix(": "),
        "figures": [{"figure": label, "seat": a, "cpu": b} for label, a, b in figure_rows(judged)],
        "seat_figures": measure_json(e.player), "cpu_figures": measure_json(e.cpu),
        "threats": [{"seat": s, "weight": round(w, 2), "riichi": r} for s, w, r in e.threats],
        "unseen": e.unseen, "reason": reason(judged),
        "alternatives": [{"answer": answer_words(m.action), "likely": round(m.likely, 4), **measure_json(m)}
                         for m in e.alternatives],
    }


def measure_json(measure) -> dict:
    return {"shanten": measure.shanten, "ukeire": measure.ukeire, "share": round(measure.share, 4),
            "quality": round(measure.quality, 2), "dangers": [round(d, 2) for d in measure.dangers],
            "danger": round(measure.danger, 2), "worth": round(measure.worth, 2), "kept": measure.kept,
            "waits": measure.waits, "dama": measure.dama, "riichi": measure.riichi_points,
            "furiten": measure.furiten, "points": measure.points, "place": measure.place,
            "paths": list(measure.paths), "weighed_shanten": measure.weighed_shanten,
            "weighed": round(measure.weighed, 2)}
