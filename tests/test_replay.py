"""Replaying the real Tenhou logs through our rules: every action legal, every result equal.

The mutation tests prove the replay can fail: a changed discard, payment, yaku, dora
or seed in a real log must be reported as a difference in that round.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from game.cli import main
from game.errors import InputError
from game.records import parse_mjlog, read_log
from game.replay import replay_file, replay_game
from conftest import LOGS, VALIDATION

LOG_FILES = sorted(p for p in LOGS.rglob("*") if p.is_file())
DOUBLE_RON = LOGS / "mjx" / "double-ron.mjlog"


def test_every_real_log_replays_with_no_difference():
    rounds = seeded = 0
    for path in LOG_FILES:
        report = replay_file(path)
        assert report.error is None, report.error
        if report.unsupported:
            assert "three-player" in report.unsupported
            continue
        for r in report.rounds:
            assert r.ok, f"{path.name} {r.label}: {r.difference}"
            rounds += 1
        seeded += "SHUFFLE" in path.read_text()
    assert rounds > 450  # the real logs hold 480 four-player rounds
    assert seeded > 30  # most deals were checked against our wall for the seed


def test_three_player_logs_are_unsupported_not_failures():
    reports = [replay_file(p) for p in LOG_FILES if "sanma2" in p.name]
    assert reports and all(r.unsupported and r.ok for r in reports)


def test_both_formats_of_the_validation_game_agree():
    for suffix in (".xml", ".json"):
        report = replay_file(VALIDATION / f"2016022509gm-0009-0000-b327da61{suffix}")
        assert report.ok and report.rounds


def _replay_text(text: str):
    return replay_game(parse_mjlog(text))


def _differences(text: str) -> list[str]:
    return [r.difference for r in _replay_text(text) if not r.ok]


def test_an_impossible_discard_is_reported():
    text = DOUBLE_RON.read_text()
    # the first round's first discard becomes a tile nobody holds at that point
    first = re.search(r"<D(\d+)/>", text)
    wrong = next(t for t in range(136) if f'"{t},' not in text[:first.start()] and f",{t}," not in text[:first.start()]
                 and f"<T{t}/>" not in text[:first.start()])
    mutated = text[:first.start()] + f"<D{wrong}/>" + text[first.end():]
    diffs = _differences(mutated)
    assert diffs and "not legal" in diffs[0]


def test_a_changed_payment_is_reported():
    text = DOUBLE_RON.read_text()
    mutated = text.replace('sc="250,-60,240,130,250,-30,250,-30"', 'sc="250,-50,240,120,250,-30,250,-30"', 1)
    assert mutated != text
    diffs = _differences(mutated)
    assert diffs and "pays" in diffs[0]


def test_a_changed_yaku_is_reported():
    text = DOUBLE_RON.read_text()
    mutated = text.replace('yaku="1,1,2,1,0,1,7,1,54,1,53,1"', 'yaku="1,1,0,1,7,1,54,1,53,1,8,1"', 1)
    assert mutated != text
    diffs = _differences(mutated)
    assert diffs and "yaku" in diffs[0]


def test_a_missing_kan_dora_is_reported():
    path = next(p for p in LOG_FILES if "<DORA" in p.read_text() and "sanma" not in p.name)
    text = path.read_text()
    mutated = re.sub(r'<DORA hai="\d+" ?/>', "", text, count=1)
    assert _differences(mutated)


def test_a_changed_seed_is_reported_as_a_different_deal():
    path = next(p for p in LOG_FILES if 'SHUFFLE seed="mt19937ar-sha512-n288-base64,' in p.read_text())
    text = path.read_text()
    start = text.index("base64,") + len("base64,")
    swapped = "B" if text[start] == "A" else "A"
    mutated = text[:start] + swapped + text[start + 1:]
    diffs = _differences(mutated)
    assert diffs and "deal differs" in diffs[0]


def test_a_log_that_stops_mid_round_is_noted_not_failed():
    path = LOGS / "mjx" / "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog"
    report = replay_file(path)
    assert report.ok and "stops" in report.rounds[-1].note


def test_cli_exit_codes(tmp_path, capsys):
    assert main(["replay", str(DOUBLE_RON)]) == 0
    mutated = tmp_path / "mutated.mjlog"
    mutated.write_text(DOUBLE_RON.read_text().replace('sc="250,-60,240,130', 'sc="250,-50,240,120', 1))
    assert main(["replay", str(mutated)]) == 1
    assert "pays" in capsys.readouterr().out
    truncated = tmp_path / "truncated.mjlog"
    truncated.write_text(DOUBLE_RON.read_text()[:500])
    assert main(["replay", str(truncated), str(DOUBLE_RON)]) == 2
    assert "not a well-formed" in capsys.readouterr().err
    wrong_tag = tmp_path / "wrong.mjlog"
    wrong_tag.write_text(DOUBLE_RON.read_text().replace("<T", "<X", 1))
    assert main(["replay", "--json", str(wrong_tag)]) == 2
    answer = json.loads(capsys.readouterr().out)
    assert answer["files"][0]["ok"] is False and answer["files"][0]["error"]


@pytest.mark.parametrize("path", [DOUBLE_RON, LOGS / "mjx" / "pao-tsumo.mjlog", LOGS / "dnovikoff" / "pao.xml"])
def test_special_endings_replay(path):
    assert all(r.ok for r in replay_file(path).rounds)


def test_scrambled_logs_are_reported_never_crash():
    tags = re.findall(r"<[^>]+>", DOUBLE_RON.read_text())
    rng = random.Random(5)
    reported = 0
    for _ in range(150):
        scrambled = list(tags)
        for _ in range(rng.randint(1, 3)):
            i, j = rng.randrange(2, len(scrambled) - 1), rng.randrange(2, len(scrambled) - 1)
            choice = rng.random()
            if choice < 0.4:
                del scrambled[i]
            elif choice < 0.7:
                scrambled.insert(i, scrambled[j])
            else:
                scrambled[i], scrambled[j] = scrambled[j], scrambled[i]
        try:
            game = parse_mjlog("".join(scrambled))
        except InputError:
            continue
        rounds = replay_game(game)  # must not raise
        reported += any(not r.ok for r in rounds)
        assert all(r.ok or r.difference for r in rounds)
    assert reported > 50


def test_three_player_log_exit_code_is_zero(capsys):
    assert main(["replay", str(LOGS / "dnovikoff" / "sanma2.xml")]) == 0
    assert "unsupported" in capsys.readouterr().out


def test_a_three_player_game_is_unsupported_in_either_format(tmp_path, capsys):
    game = read_log(LOGS / "dnovikoff" / "sanma2.xml")
    as_json = tmp_path / "sanma2.json"
    as_json.write_text(json.dumps({"name": [p.name for p in game.players], "rule": {"disp": "三般南喰赤", "aka": 1},
                                   "log": []}, ensure_ascii=False), encoding="utf-8")
    reports = [replay_file(LOGS / "dnovikoff" / "sanma2.xml"), replay_file(as_json)]
    assert [(r.error, r.unsupported, r.rounds) for r in reports] == [
        (None, "three-player games are not supported", [])] * 2
    assert main(["replay", str(as_json)]) == 0
    assert "unsupported: three-player" in capsys.readouterr().out


def test_a_log_with_no_rounds_is_unsupported_not_all_agree(tmp_path, capsys):
    text = DOUBLE_RON.read_text()
    empty = tmp_path / "empty.mjlog"
    empty.write_text(text[:text.index("<INIT")] + "</mjloggm>")
    report = replay_file(empty)
    assert report.error is None and report.rounds == [] and "no rounds" in report.unsupported
    assert main(["replay", str(empty)]) == 0
    out = capsys.readouterr().out
    assert "unsupported" in out and "agree" not in out


def test_a_wrong_round_start_or_final_figure_is_reported():
    text = DOUBLE_RON.read_text()
    inits = list(re.finditer(r'<INIT seed="(\d+),(\d+),', text))
    second = inits[1]
    bumped = f'<INIT seed="{second.group(1)},{int(second.group(2)) + 1},'
    mutated = text[:second.start()] + bumped + text[second.end():]
    diffs = _differences(mutated)
    assert diffs and "round start" in diffs[0]
    mutated = text.replace('owari="334,13.0,', 'owari="334,14.0,', 1)
    assert mutated != text
    diffs = _differences(mutated)
    assert diffs and "final" in diffs[0]
