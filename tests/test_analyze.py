"""``picoriichi analyze``: the JSON contract of issue 4, stdin batches, readable text, bad input."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys

import pytest
from mahjong.shanten import Shanten

from game.cli import main
from game.rules.tiles import counts34, kind_name, parse_kinds, parse_tiles, to_mpsz


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["analyze", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _oracle_ukeire(hand: list[int], seen: list[int], own: list[int] | None = None) -> dict:
    """Brute force over the oracle: the kinds whose draw lowers shanten, with unseen counts.

    ``own`` is every tile we know of our own (after a discard, the hand and the discard).
    """
    own = own or list(hand)
    current = Shanten.calculate_shanten(hand)
    tiles = {}
    for k in range(34):
        if hand[k] < 4:
            hand[k] += 1
            if Shanten.calculate_shanten(hand) < current:
                tiles[kind_name(k)] = 4 - own[k] - seen[k]
            hand[k] -= 1
    total = sum(tiles.values())
    return {"tiles": tiles, "total": total, "share": total / (136 - sum(own) - sum(seen))}


def _assert_same_ukeire(answer: dict, expected: dict) -> None:
    assert (answer["tiles"], answer["total"]) == (expected["tiles"], expected["total"])
    assert answer["share"] == pytest.approx(expected["share"])


def _forms(hand: list[int]) -> dict:
    big = sum(hand) >= 13
    return {
        "shanten": Shanten.calculate_shanten(hand),
        "regular": Shanten.calculate_shanten_for_regular_hand(hand),
        "chiitoitsu": Shanten.calculate_shanten_for_chiitoitsu_hand(hand) if big else None,
        "kokushi": Shanten.calculate_shanten_for_kokushi_hand(hand) if big else None,
    }


def test_a_3n_plus_1_hand_answers_shanten_forms_and_ukeire(capsys):
    code, out, _ = _run(capsys, "123m406p789s1122z", "--visible", "1z3p", "--json")
    answer = json.loads(out)
    assert code == 0 and set(answer) == {"shanten", "regular", "chiitoitsu", "kokushi", "ukeire"}
    hand = counts34(parse_tiles("123m456p789s1122z"))
    seen = counts34(parse_tiles("1z3p"))
    assert {k: answer[k] for k in ("shanten", "regular", "chiitoitsu", "kokushi")} == _forms(hand)
    _assert_same_ukeire(answer["ukeire"], _oracle_ukeire(hand, seen))


def test_a_3n_plus_2_hand_adds_every_discard_best_first_and_the_recommendation(capsys):
    rng = random.Random(6)
    for _ in range(20):
        tiles = sorted(rng.sample(range(136), 14))
        text = to_mpsz(tiles)
        answer = json.loads(_run(capsys, text, "--json")[1])
        hand = counts34(tiles)
        assert set(answer) == {"shanten", "regular", "chiitoitsu", "kokushi", "ukeire", "discards", "recommended"}
        assert {k: answer[k] for k in ("shanten", "regular", "chiitoitsu", "kokushi")} == _forms(hand)
        assert sorted(parse_kinds("".join(d["tile"] for d in answer["discards"]))) == sorted(
            {t // 4 for t in tiles})
        for option in answer["discards"]:
            after = list(hand)
            after[parse_kinds(option["tile"])[0]] -= 1
            assert option["shanten"] == Shanten.calculate_shanten(after)
            _assert_same_ukeire(option["ukeire"], _oracle_ukeire(after, [0] * 34, own=hand))
        ranks = [(d["shanten"], -d["ukeire"]["total"]) for d in answer["discards"]]
        assert ranks == sorted(ranks)
        assert answer["recommended"] == answer["discards"][0]["tile"]
        assert answer["ukeire"] == answer["discards"][0]["ukeire"]


def test_small_hands_have_no_chiitoitsu_or_kokushi(capsys):
    answer = json.loads(_run(capsys, "11m", "--json")[1])
    assert (answer["shanten"], answer["chiitoitsu"], answer["kokushi"]) == (-1, None, None)
    assert answer["recommended"] == "1m"
    answer = json.loads(_run(capsys, "1111m", "--json")[1])  # the tanki on the fifth 1m does not exist
    assert answer["shanten"] == 1 == Shanten.calculate_shanten(counts34(parse_tiles("1111m")))


def test_a_kind_with_none_left_is_still_listed(capsys):
    answer = json.loads(_run(capsys, "123m456p789s1122z", "--visible", "11z", "--json")[1])
    assert answer["ukeire"]["tiles"] == {"1z": 0, "2z": 2}


def test_stdin_answers_one_json_object_per_line_in_order(capsys, monkeypatch):
    lines = ["123m456p789s1122z", "", "111m", "123m456p789s1122z7z --visible '1z 2z'", "55555m1z", "12m --json"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, _ = _run(capsys, "-")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 2  # some line was bad input
    assert len(answers) == 5
    assert answers[0]["ukeire"]["total"] == 4
    assert set(answers[1]) == {"error"} and "3 tiles" in answers[1]["error"]
    assert answers[2]["recommended"] == "7z" and answers[2]["ukeire"]["total"] == 2
    assert set(answers[3]) == {"error"}
    assert answers[4]["shanten"] == 0


def test_readable_text(capsys):
    code, out, _ = _run(capsys, "123m456p789s1122z7z")
    assert code == 0
    assert out.splitlines()[0].startswith("123m456p789s1122z7z: tenpai (regular 0, chiitoitsu 4, kokushi 7)")
    assert "recommended discard: 7z" in out and "waits 1z:2 2z:2: 4 tiles" in out
    out = _run(capsys, "1m")[1]
    assert out.splitlines() == ["1m: tenpai (regular 0)", "waits 1m:3: 3 tiles (2.2% of the unseen)"]


@pytest.mark.parametrize("argv", [
    ["55555m"],  # a fifth copy
    ["00m"],  # a second red five
    ["123m"], ["123m456p"], ["123m456p789s"], ["123m456p789s123z"],  # 3, 6, 9, 12 tiles
    [""],  # no tiles
    ["123m456p789s123456z"],  # 15 tiles
    ["12x"], ["8z"], ["m"], ["123"],  # bad notation
    ["1111m2345p", "--visible", "1m"],  # a fifth 1m between the hand and the visible tiles
    ["1m", "--visible", "9q"],
])
def test_bad_input_exits_2_with_one_line(capsys, argv):
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("picoriichi:")


def test_the_command_line_itself():
    good = subprocess.run([sys.executable, "-m", "game", "analyze", "1m", "--json"], capture_output=True,
                          text=True, check=False)
    assert good.returncode == 0 and json.loads(good.stdout)["ukeire"]["tiles"] == {"1m": 3}
    bad = subprocess.run([sys.executable, "-m", "game", "analyze", "123m"], capture_output=True, text=True,
                         check=False)
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.splitlines()) == 1
    assert "Traceback" not in bad.stderr
