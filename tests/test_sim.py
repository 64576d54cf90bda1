"""The simulator: same seed, same figures whatever the processes; an mjai seat at our table
plays exactly as the same agent in-process; the CLI's answers and its bad input."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from game.play import sim
from game.cli import main

ROOT = Path(__file__).resolve().parent.parent
SEATS = ["tsumogiri", "efficiency", "tsumogiri", "tsumogiri"]


def _without_timings(figures: dict) -> dict:
    return {k: v for k, v in figures.items() if k not in ("think_ms", "games_per_minute")}


def test_same_seed_same_figures_whatever_the_jobs():
    one = sim.run(SEATS, "same", games=2, jobs=1, progress=False)
    two = sim.run(SEATS, "same", games=2, jobs=2, progress=False)
    assert _without_timings(one) == _without_timings(two)
    other = sim.run(SEATS, "other", games=2, jobs=1, progress=False)
    assert _without_timings(other) != _without_timings(one)
    # ranks 1..4 in every game: the seats' ranks average 2.5 over all of them
    seats = one["seats"]
    total = sum(f["avg_rank"] * f["games"] for f in seats.values())
    assert seats["tsumogiri"]["games"] == 6 and seats["efficiency"]["games"] == 2
    assert total == pytest.approx(2.5 * 8)
    assert seats["tsumogiri"]["riichi_rate"] == 0 and seats["tsumogiri"]["call_rate"] == 0


def test_each_game_is_the_driver_game_of_its_own_seed_and_turned_seats():
    record = sim.play_game(SEATS, "same", 1)
    assert [s.kind for s in record.seats] == sim.seats_of_game(SEATS, 1) == \
        ["tsumogiri", "tsumogiri", "efficiency", "tsumogiri"]
    assert sorted(s.rank for s in record.seats) == [1, 2, 3, 4]
    assert sum(s.rounds for s in record.seats) == 4 * record.rounds


def test_an_mjai_seat_plays_as_the_same_agent_in_process(monkeypatch):
    """Our own bot behind the mjai protocol, as a process, against the same bot in-process:
    the same seed gives the same game, and no answer was illegal. The process finds this
    checkout's ``game`` first: pyxel may have moved the working directory, and an installed
    ``game`` from another checkout would be another CPU."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    command = f"mjai:{sys.executable} -m game mjai"
    outside = sim.play_game([command, "cpu", "cpu", "cpu"], "mjai-seat", 0)
    inside = sim.play_game(["cpu", "cpu", "cpu", "cpu"], "mjai-seat", 0)
    assert [s.invalid for s in outside.seats] == [0, 0, 0, 0]
    assert [(s.rank, s.wins, s.riichi, s.win_points) for s in outside.seats] == \
        [(s.rank, s.wins, s.riichi, s.win_points) for s in inside.seats]
    assert outside.rounds == inside.rounds


def test_sim_json_has_the_issues_shape(capsys):
    assert main(["sim", "--games", "1", "--seed", "shape", "--seats", ",".join(SEATS), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert set(answer) == {"games", "seats", "draw_rate", "think_ms", "games_per_minute"}
    assert set(answer["seats"]["efficiency"]) == {"games", "avg_rank", "rank_ci95", "win_rate", "deal_in_rate",
                                                  "riichi_rate", "call_rate", "avg_win_points", "illegal_answers"}
    assert set(answer["think_ms"]) == {"p50", "p99", "max"}
    lo, hi = answer["seats"]["efficiency"]["rank_ci95"]
    assert lo <= answer["seats"]["efficiency"]["avg_rank"] <= hi


NONE_BOT = "import sys\nfor line in sys.stdin:\n    print('{\"type\":\"none\"}', flush=True)\n"


def test_sim_json_reports_every_figure_of_the_text_the_illegal_answers_too(tmp_path, capsys):
    """A bot that always answers none: the text counts its illegal answers, and so does the JSON
    (before, the JSON had none of them); the text's table is the JSON's figures, written out."""
    from game.cli.sim import describe

    bot = tmp_path / "none_bot.py"
    bot.write_text(NONE_BOT, encoding="utf-8")
    kind = f"mjai:{sys.executable} {bot}"
    args = ["sim", "--games", "1", "--seed", "none", "--seats", f"{kind},tsumogiri,tsumogiri,tsumogiri"]
    assert main(args) == 0
    text = capsys.readouterr().out.splitlines()
    assert main([*args, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    illegal = [line for line in text if line.startswith("answers that were not legal: ")]
    count = int(illegal[0].rsplit(" ", 1)[1])
    assert count > 0 and figures["seats"][kind]["illegal_answers"] == count
    assert figures["seats"]["tsumogiri"]["illegal_answers"] == 0
    timings = ("thinking per decision", f"{figures['games']} games;")
    assert [line for line in describe(figures).splitlines() if not line.startswith(timings)] == \
        [line for line in text if not line.startswith(timings)]


@pytest.mark.parametrize("args", [
    ["--games", "١٢", "--seed", "x"], ["--games", "0", "--seed", "x"], ["--games", "10000000", "--seed", "x"],
    ["--games", "2", "--seed", "sé"], ["--games", "2", "--seed", "x", "--seats", "cpu,cpu,cpu"],
    ["--games", "2", "--seed", "x", "--seats", "cpu,cpu,cpu,robot"],
    ["--games", "2", "--seed", "x", "--seats", "cpu:mighty,cpu,cpu,cpu"],
    ["--games", "2", "--seed", "x", "--jobs", "-1"],
])
def test_bad_sim_arguments_are_one_line_and_exit_2(args, capsys):
    assert main(["sim", *args]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err


def test_an_mjai_command_that_cannot_start_is_one_line_and_exit_2(capsys):
    assert main(["sim", "--games", "1", "--seed", "x", "--seats", "mjai:/nonexistent/bot,cpu,cpu,cpu"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "cannot start" in err


def test_an_mjai_bot_that_stops_answering_does_not_hang_the_game():
    """A bot silent past its answer time is stopped; its seat plays safe actions, counted invalid."""
    from engine.tasks import run_to_end
    from game.mjai.outside import OutsideBot
    from game.play.driver import Game, TsumogiriAgent

    silent = OutsideBot(f"{sys.executable} -c 'import time; time.sleep(30)'", answer_seconds=0.5)
    game = Game([silent, TsumogiriAgent(), TsumogiriAgent(), TsumogiriAgent()], sim.game_seed("silent", 0))
    try:
        standings = run_to_end(game.play())
    finally:
        silent.close()
    assert sorted(s.rank for s in standings) == [1, 2, 3, 4]
    assert game.invalid and {bad.seat for bad in game.invalid} == {0}
