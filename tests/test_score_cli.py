"""``picoriichi score``: JSON as the issue and design.md say, stdin batches, readable text, bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from scoring_oracle import make_case, oracle_score

from game.cli import main
from game.rules.ruleset import Ruleset


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["score", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_answer_has_the_agreed_keys_and_the_oracles_values(capsys):
    code, out, _ = _run(capsys, "123m406p789s55p234s", "--win", "4s", "--riichi", "--tsumo", "--seat", "S",
                        "--dora", "3s", "--honba", "1", "--json")
    answer = json.loads(out)
    assert code == 0 and set(answer) == {"yaku", "han", "fu", "limit", "payments", "total"}
    oracle = oracle_score(make_case("123m406p789s55p234s", "4s", riichi=True, tsumo=True, seat_wind=1,
                                    dora="3s", honba=1))
    assert {y for y, _, _ in answer["yaku"]} == oracle.yaku
    assert (answer["han"], answer["fu"], answer["payments"]) == (oracle.han, oracle.fu, oracle.payments)
    paid = answer["payments"]["dealer"] + 2 * answer["payments"]["non_dealer"]
    assert answer["total"] == paid - 3 * 100  # total leaves out the honba, 100 from each payer


def test_melds_and_switches(capsys):
    args = ["456p678s55p234s", "--win", "4s", "--meld", "chi:234m", "--seat", "W", "--json"]
    assert json.loads(_run(capsys, *args)[1])["yaku"] == [[8, 1, "tanyao"]]
    assert json.loads(_run(capsys, *args, "--no-open-tanyao")[1]) == {"error": "no yaku"}
    code, out, _ = _run(capsys, "55m", "--win", "5m", "--meld", "ankan:1111m", "--meld", "kan:2222p", "--meld",
                        "kan:3333s", "--meld", "kakan:4444z", "--json")
    assert code == 0 and json.loads(out)["yaku"] == [[51, 13, "suukantsu"]]
    red = json.loads(_run(capsys, "123m406p789s55p234s", "--win", "4s", "--riichi", "--json")[1])
    plain = json.loads(_run(capsys, "123m406p789s55p234s", "--win", "4s", "--riichi", "--no-red", "--json")[1])
    assert [54, 1, "aka dora"] in red["yaku"] and [54, 1, "aka dora"] not in plain["yaku"]
    assert oracle_score(make_case("123m406p789s55p234s", "4s", ruleset=Ruleset(red_fives=False),
                                  riichi=True)).han == plain["han"]


@pytest.mark.parametrize("dora, ura", [("1m2p", ""), ("1m2p3s", "4z5z6z"), ("1m2p3s9m8p", "1z2z3z4z7z")])
def test_other_players_kans_show_more_dora_indicators(capsys, dora, ura):
    """A hand without a kan of its own sees every kan-dora the table turned: up to 5 indicators."""
    code, out, err = _run(capsys, "123m406p789s55p234s", "--win", "4s", "--riichi", "--dora", dora, "--ura", ura,
                          "--json")
    assert code == 0, err
    oracle = oracle_score(make_case("123m406p789s55p234s", "4s", riichi=True, dora=dora, ura=ura))
    answer = json.loads(out)
    assert (answer["han"], answer["payments"]) == (oracle.han, oracle.payments)


def test_a_hand_that_does_not_win_says_why(capsys):
    code, out, _ = _run(capsys, "123m456p789s55p235s", "--win", "5s", "--json")
    assert code == 0 and json.loads(out) == {"error": "not complete"}
    _, out, _ = _run(capsys, "22m456p678s345m444z", "--win", "2m", "--seat", "S", "--dora", "1m", "--json")
    assert json.loads(out) == {"error": "no yaku (dora alone does not win)"}


def test_readable_answer(capsys):
    code, out, _ = _run(capsys, "123m456p789s55p234s", "--win", "4s", "--tsumo", "--riichi", "--seat", "S")
    assert code == 0
    assert out.splitlines() == ["menzen tsumo 1, riichi 1, pinfu 1", "3 han 20 fu: 2700 points",
                                "the dealer pays 1300, each non-dealer pays 700"]


def test_stdin_answers_one_json_object_per_line_in_order(capsys, monkeypatch):
    lines = ["123m456p789s55p234s --win 4s --riichi", "123m456p789s55p235s --win 5s", "",
             "1z --win 1z", "1112345678999m1m --win 1m --seat S"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, _ = _run(capsys, "-")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 2  # one line was bad input; the batch went on
    assert [a.get("han") for a in answers[:1]] == [2]
    assert answers[1] == {"error": "not complete"}
    assert "error" in answers[2] and "14" in answers[2]["error"]
    assert answers[3]["yaku"] == [[46, 13, "junsei chuuren poutou"]] and answers[3]["total"] == 32000


@pytest.mark.parametrize("argv", [
    ["12x", "--win", "1m"],                                     # not MPSZ
    ["123m456p789s55p234s"],                                    # no --win
    ["123m456p789s55p234s", "--win", "7z"],                     # not in the hand
    ["123m456p789s55p234", "--win", "4s"],                      # digits without a suit
    ["123m456p789s55p23s", "--win", "3s"],                      # 13 tiles
    ["456p678s55p234s", "--win", "4s", "--meld", "chi:246m"],   # not a chi
    ["456p678s55p234s", "--win", "4s", "--meld", "pan:234m"],   # no such meld
    ["123m456p789s55p234s", "--win", "4s", "--ippatsu"],        # ippatsu without riichi
    ["456p678s55p234s", "--win", "4s", "--meld", "chi:234m", "--riichi"],
    ["5555m456p789s55p23s", "--win", "5m", "--dora", "5m"],     # a fifth 5m
    ["123m456p789s55p234s", "--win", "4s", "--seat", "X"],
    ["123m456p789s55p234s", "--win", "4s", "--honba", "-1"],
    ["123m456p789s55p234s", "--win", "4s", "--dora", "1m2m3m4m5m6m"],   # 6 indicators: 4 kans at most
    ["123m456p789s55p234s", "--win", "4s", "--riichi", "--dora", "1z", "--ura", "2z3z"],  # more ura than dora
])
def test_bad_input_exits_2_with_one_line(capsys, argv):
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_the_command_runs_as_a_program():
    done = subprocess.run([sys.executable, "-m", "game", "score", "123m456p789s55p234s", "--win", "4s", "--json"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and json.loads(done.stdout)["yaku"] == [[7, 1, "pinfu"]]


ALL_SIMPLES = ["234m456p678s55p234s", "--win", "4s"]
WITH_ANKAN = ["234m456p55p234s", "--win", "4s", "--meld", "ankan:8888s"]


@pytest.mark.parametrize("argv", [
    [*ALL_SIMPLES, "--riichi", "--ippatsu", "--houtei"],            # riichi needs 4 tiles left: no houtei ippatsu
    [*WITH_ANKAN, "--riichi", "--ippatsu", "--tsumo", "--rinshan"],  # the winner's kan ends ippatsu
    [*ALL_SIMPLES, "--ippatsu"],                                     # ippatsu without riichi
    [*ALL_SIMPLES, "--double-riichi", "--ippatsu", "--houtei"],
    [*ALL_SIMPLES, "--tsumo", "--haitei", "--houtei"],
    [*ALL_SIMPLES, "--tsumo", "--chankan"],
    [*ALL_SIMPLES, "--houtei", "--chankan"],
    [*ALL_SIMPLES, "--tsumo", "--rinshan"],                         # rinshan without a kan
    [*WITH_ANKAN, "--tsumo", "--rinshan", "--haitei"],
    [*ALL_SIMPLES, "--tenhou"],                                      # not a tsumo
    [*ALL_SIMPLES, "--tsumo", "--tenhou", "--seat", "S"],            # not the dealer
    [*ALL_SIMPLES, "--tsumo", "--chiihou"],                          # the dealer
    [*WITH_ANKAN, "--tsumo", "--tenhou"],                            # a kan before the first draw
    [*ALL_SIMPLES, "--tsumo", "--tenhou", "--riichi"],               # riichi before the first draw
    [*ALL_SIMPLES, "--tsumo", "--chiihou", "--seat", "W", "--double-riichi"],
    [*ALL_SIMPLES, "--tsumo", "--tenhou", "--haitei"],
    [*ALL_SIMPLES, "--tsumo", "--tenhou", "--dora", "1m2m"],         # no kan turned a second indicator yet
    ["456p678s55p234s", "--win", "4s", "--meld", "chi:234m", "--double-riichi"],  # riichi with a call
])
def test_impossible_situations_are_refused_with_one_line(capsys, argv):
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("argv", [
    [*ALL_SIMPLES, "--riichi", "--ippatsu", "--tsumo", "--haitei"],  # riichi with 4 left, the last tile drawn
    [*ALL_SIMPLES, "--riichi", "--ippatsu", "--chankan"],            # robbing a kan keeps ippatsu
    [*ALL_SIMPLES, "--double-riichi", "--riichi", "--houtei"],
    [*WITH_ANKAN, "--riichi", "--tsumo", "--rinshan"],
    [*ALL_SIMPLES, "--tsumo", "--tenhou"],
    [*ALL_SIMPLES, "--tsumo", "--chiihou", "--seat", "N"],
])
def test_situations_that_happen_are_scored_as_the_oracle_does(capsys, argv):
    code, out, err = _run(capsys, *argv, "--json")
    assert code == 0, err
    flags = {a[2:].replace("-", "_"): True for a in argv if a.startswith("--") and a not in ("--win", "--meld",
                                                                                                "--seat")}
    seat = "ESWN".index(argv[argv.index("--seat") + 1]) if "--seat" in argv else 0
    melds = tuple(argv[i + 1] for i, a in enumerate(argv) if a == "--meld")
    oracle = oracle_score(make_case(argv[0], argv[2], melds, seat_wind=seat, **flags))
    answer = json.loads(out)
    assert ({y for y, _, _ in answer["yaku"]}, answer["han"], answer["payments"]) == (oracle.yaku, oracle.han,
                                                                                    oracle.payments)
