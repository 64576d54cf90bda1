"""Replaying the real Tenhou logs through our rules: every action legal, every result equal.

The mutation tests prove the replay can fail: a changed discard, payment, yaku, dora
or seed in a real log must be reported as a difference in that round.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest

from game.cli import main
from game.rules.errors import InputError
from game.records import parse_mjlog, read_log
from game.records.tenhou6_write import write_tenhou6
from game.replay.door import replay_file, replay_game, rounded_era, ruleset_for
from conftest import LOGS, VALIDATION

LOG_FILES = sorted(p for p in LOGS.rglob("*") if p.is_file())
DOUBLE_RON = LOGS / "mjx" / "double-ron.mjlog"


@pytest.mark.long
def test_every_real_log_replays_with_no_difference():
    rounds = seeded = finals = 0
    for path in LOG_FILES:
        report = replay_file(path)
        assert report.error is None, report.error
        assert not report.unsupported, path.name
        for r in report.rounds:
            assert r.ok, f"{path.name} {r.label}: {r.difference}"
            rounds += 1
        seeded += "SHUFFLE" in path.read_text()
        if read_log(path).owari is not None:  # the final figures were checked, whatever the year or room
            assert report.rounds[-1].note is None, path.name
            finals += 1
    assert rounds > 1450  # the real logs hold 570 four-player rounds and 917 three-player ones
    assert seeded > 130  # most deals were checked against our wall for the seed (every sanma log's)
    assert finals >= 158  # 16 + 33 + 8 finished four-player games, 101 three-player ones in tests/data


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


def test_a_three_player_log_replays_in_either_format(tmp_path, capsys):
    game = read_log(LOGS / "dnovikoff" / "sanma2.xml")
    as_json = tmp_path / "sanma2.json"
    as_json.write_text(json.dumps(write_tenhou6(game), ensure_ascii=False), encoding="utf-8")
    for path in (LOGS / "dnovikoff" / "sanma2.xml", as_json):
        assert main(["replay", str(path)]) == 0
        assert "6 rounds, all agree" in capsys.readouterr().out


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


# --- logs that start mid-game (issue 14.3) ---------------------------------------------------

def _cut(text: str, first: int, keep_seed: bool = True) -> str:
    """A real mjlog with its rounds before ``first`` cut away (the header kept)."""
    inits = [m.start() for m in re.finditer("<INIT", text)]
    cut = text[:inits[0]] + text[inits[first]:]
    return cut if keep_seed else re.sub(r"<SHUFFLE[^>]*/>", "", cut)


CUT_LOGS = [p for p in LOG_FILES if p.suffix in (".xml", ".mjlog") and "sanma2" not in p.name][::6]


@pytest.mark.parametrize("path", CUT_LOGS, ids=lambda p: p.name)
def test_a_log_cut_after_east_1_replays_from_its_own_first_round(path):
    text = path.read_text()
    count = text.count("<INIT")
    for first, keep_seed in ((count // 2, True), (count - 1, False)):
        game = parse_mjlog(_cut(text, first, keep_seed))
        reports = replay_game(game)
        init = game.rounds[0].init
        assert reports[0].label == f"{'ESWN'[init.round_index // 4]}{init.round_index % 4 + 1}.{init.honba}"
        assert all(r.ok for r in reports), [(r.label, r.difference) for r in reports if not r.ok]
        assert not any(r.note and "seed" in r.note for r in reports)  # the seed still dealt every round


def test_a_cut_log_s_start_points_come_from_the_rules_not_its_first_round():
    text = (LOGS / "mjx" / "double-ron.mjlog").read_text()
    game = parse_mjlog(_cut(text, 2))
    assert game.rounds[0].init.scores != (25000,) * 4
    ruleset = ruleset_for(game)
    assert (ruleset.start_points, ruleset.return_points) == (25000, 30000)


VALIDATION_JSON = VALIDATION / "2016022509gm-0009-0000-b327da61.json"


def _validation_round_as(header, scores, deltas, final=None):
    """Tenhou's own JSON of the validation game (one round: seat 3's kokushi off seat 1),
    shared alone as a round later in a game: South 1 (seat 0 deals again), with honba and
    a stick on the table, the payments by the rules (300 per honba from the discarder,
    the stick to the winner)."""
    data = json.loads(VALIDATION_JSON.read_text(encoding="utf-8"))
    one = data["log"][0]
    one[0], one[1] = header, scores
    one[16][1] = deltas
    if final is None:
        del data["sc"]
    else:
        data["sc"] = final
    return data


def test_a_single_round_shared_alone_starts_from_its_own_figures(tmp_path):
    # South 1, 2 honba, 1 stick: 32,000 + 600 + 1,000 to seat 3; seat 1 falls below zero
    data = _validation_round_as([4, 2, 1], [28200, 30000, 21800, 19000], [0, -32600, 0, 33600])
    path = tmp_path / "south1.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    report = replay_file(path)
    assert [(r.label, r.ok, r.difference) for r in report.rounds] == [("S1.2", True, None)]
    assert "stops without the final figures" in report.rounds[0].note  # seat 1 is below zero
    # with the game's final figures, worked out by the rules of 2016 (rounded; uma 20/10):
    # 28 - 30 + 10 = 8, 22 - 30 - 10 = -18, -3 - 30 - 20 = -53, the top 63
    data["sc"] = [28200, 8, -2600, -53, 21800, -18, 52600, 63]
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert replay_file(path).ok
    data["sc"][7] = 64
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert "final" in replay_file(path).rounds[0].difference


def test_a_shared_round_s_sc_belongs_to_a_later_end_of_the_game(tmp_path):
    # East 1 of the validation game as a round shared from a game that went on: seat 1 stays
    # above zero; the JSON carries the game's own final figures, which this round did not reach
    data = _validation_round_as([0, 0, 0], [25000, 40000, 25000, 10000], [0, -32000, 0, 32000],
                                final=[25000, 5, -7000, -57, 25000, -15, 57000, 67])
    path = tmp_path / "east1.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    report = replay_file(path)
    assert report.ok and read_log(path).owari is None


# --- the era of the final figures (issue 14.4) and tenpai-yame (issue 16) -------------------

@pytest.mark.parametrize("path", sorted((LOGS / "mjx2022").glob("*.mjlog"))[:3], ids=lambda p: p.name)
def test_a_decimal_figure_off_by_a_tenth_is_reported(path):
    text = path.read_text()
    owari = re.search(r'owari="([^"]+)"', text)
    parts = owari[1].split(",")
    parts[1], parts[3] = f"{float(parts[1]) + 0.1:.1f}", f"{float(parts[3]) - 0.1:.1f}"  # still summing to 0
    diffs = _differences(text.replace(owari[1], ",".join(parts)))
    assert diffs and "final" in diffs[0]


def test_the_era_follows_the_figures_then_the_game_s_date():
    old = read_log(LOGS / "mjx" / "2020081220gm-00a9-0000-9ee6ab3b.mjlog")
    new = read_log(LOGS / "mjx2022" / "2022060100gm-00a9-0000-01481d95.mjlog")
    assert rounded_era(old) and not rounded_era(new)
    thousands = dataclasses.replace(old, rounds=old.rounds[:1])  # no final figures: the date decides
    assert rounded_era(thousands)
    assert not rounded_era(dataclasses.replace(thousands, ref="2022060100gm-00a9-0000-01481d95"))
    assert rounded_era(dataclasses.replace(thousands, ref=None))


BUG1 = LOGS / "dnovikoff" / "bug1.xml"  # South 4, 1 honba: the dealer (seat 3) tenpai alone, in first


def test_the_older_tenhou_played_on_after_an_all_last_dealer_tenpai_in_first():
    assert all(r.ok for r in replay_file(BUG1).rounds)  # 2 more rounds after it: no tenpai-yame then


def test_today_s_tenhou_ends_the_game_on_tenpai_yame():
    game = read_log(BUG1)
    # the same game as Tenhou writes it since 2022: figures with a decimal, by the rules
    # (18.0 - 30 - 10, 37.4 - 30 + 20 + 20, 8.2 - 30 - 20, 36.4 - 30 + 10)
    last = game.rounds[-1].events
    last[-1] = dataclasses.replace(last[-1], owari=dataclasses.replace(game.owari, results=(-22.0, 47.4, -41.8, 16.4)))
    differences = [(r.label, r.difference) for r in replay_game(game) if not r.ok]
    assert differences == [("S4.1", "our match ends the game here; the log plays on")]


def test_cli_names_an_unreadable_file_once_on_stderr_with_its_full_path(tmp_path, capsys):
    missing = tmp_path / "sub" / "missing.mjlog"
    assert main(["replay", str(missing), str(DOUBLE_RON)]) == 2
    out, err = capsys.readouterr()
    assert str(missing) not in out and err.count(str(missing)) == 1 and len(err.splitlines()) == 1
    assert "1 round," not in out and "4 rounds, all agree" in out


def test_cli_says_one_round_and_one_differs(tmp_path, capsys):
    text = DOUBLE_RON.read_text()
    inits = [m.start() for m in re.finditer("<INIT", text)]
    one = tmp_path / "one.mjlog"
    one.write_text(text[:inits[1]] + "</mjloggm>")
    assert main(["replay", str(one)]) == 0
    assert "1 round, all agree" in capsys.readouterr().out
    one.write_text(one.read_text().replace('sc="250,-60,240,130', 'sc="250,-50,240,120', 1))
    assert main(["replay", str(one)]) == 1
    assert "1 round, 1 differs" in capsys.readouterr().out


def test_cli_calls_broken_json_broken_json(tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text(VALIDATION_JSON.read_text(encoding="utf-8")[:300], encoding="utf-8")
    assert main(["replay", str(broken)]) == 2
    err = capsys.readouterr().err
    assert "broken JSON" in err and "mjlog" not in err and len(err.splitlines()) == 1
