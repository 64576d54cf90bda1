"""Bad log input: every damaged, absurd or unreadable log is refused in one line, never a
traceback, never a hang (issues 14.5, 14.6 and 15.3).

The cases are built from the real logs of tests/data: Tenhou's own tenhou.net/6 JSON of
the validation game and the mjlogs, damaged the ways an audit found (huge and infinite
numbers, wrong shapes, stripped results) and at random (hypothesis).
"""

from __future__ import annotations

import json
import os
import re
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli import main
from game.rules.errors import InputError
from game.data.files import MAX_BYTES, read_file
from game.records import parse_mjlog, parse_tenhou6, read_log
from game.records.tenhou6_write import write_tenhou6
from game.replay.door import replay_game
from conftest import LOGS, VALIDATION

VALIDATION_JSON = VALIDATION / "2016022509gm-0009-0000-b327da61.json"
DOUBLE_RON = LOGS / "mjx" / "double-ron.mjlog"
SHORT_LOGS = [DOUBLE_RON, LOGS / "mjx" / "pao-tsumo.mjlog", LOGS / "dnovikoff" / "pao.xml"]


def _tenhou6(change) -> str:
    data = json.loads(VALIDATION_JSON.read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data, ensure_ascii=False)


def _refused(tmp_path, capsys, text: str, *words: str, name: str = "bad.json") -> str:
    """The replay CLI exits 2 with one line on stderr naming the file and the problem."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and str(path) in err, err
    assert "Traceback" not in err and "replay failed" not in err
    for word in words:
        assert word in err, err
    return err


def _huge_score(data):
    data["log"][0][1][0] = "HUGE"


def test_a_5000_digit_integer(tmp_path, capsys):
    text = _tenhou6(_huge_score).replace('"HUGE"', "9" * 5000)
    _refused(tmp_path, capsys, text, "5000 digits", "too large")


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "NaN", "1e999", "-1e999"])
def test_infinite_floats(tmp_path, capsys, number):
    text = _tenhou6(lambda data: data.__setitem__("sc", [25000, "X", -7000, -57, 25000, -15, 57000, 67]))
    _refused(tmp_path, capsys, text.replace('"X"', number), number.lstrip("-"))


@pytest.mark.parametrize("change, words", [
    (lambda data: data["log"][0].pop(), ("16 parts", "not 17")),
    (lambda data: data["log"][0].append([]), ("18 parts",)),
    (lambda data: data["log"][0][0].pop(), ("[round, honba, sticks]",)),
    (lambda data: data["log"][0][1].pop(), ("start scores", "4 numbers")),
    (lambda data: data["log"][0][4].pop(), ("13 tile codes",)),
    (lambda data: data["log"][0][16][2].__setitem__(0, 7), ("three seats",)),
    (lambda data: data["log"][0][16][1].pop(), ("payments", "4 numbers")),
    (lambda data: data.__setitem__("sc", data["sc"][:6]), ("'sc'",)),
    (lambda data: data["log"][0][0].__setitem__(0, -1), ("out of range",)),
    (lambda data: data["log"][0][1].__setitem__(2, True), ("start scores",)),
], ids=["short round", "long round", "short header", "3 scores", "12 tiles", "seat 7", "3 payments", "short sc",
        "negative round", "a boolean score"])
def test_a_round_entry_of_the_wrong_shape(tmp_path, capsys, change, words):
    _refused(tmp_path, capsys, _tenhou6(change), *words)


@pytest.mark.parametrize("strip, words", [
    (lambda r: r.__setitem__(16, []), ("result is missing",)),
    (lambda r: r.__setitem__(16, ["和了"]), ("no payments",)),
    (lambda r: r.pop(16), ("16 parts", "not 17")),
], ids=["empty", "name only", "removed"])
def test_a_tenhou6_log_with_its_results_stripped(tmp_path, capsys, strip, words):
    """Every round's result stripped: the first round, followed by another, was played out (a
    log of several rounds: the validation game holds one, and only the last may stop early)."""
    data = write_tenhou6(read_log(DOUBLE_RON))
    for one_round in data["log"]:
        strip(one_round)
    _refused(tmp_path, capsys, json.dumps(data, ensure_ascii=False), *words)


def test_an_mjlog_with_its_results_stripped(tmp_path, capsys):
    text = re.sub(r"<(AGARI|RYUUKYOKU) [^>]*/>", "", DOUBLE_RON.read_text())
    _refused(tmp_path, capsys, text, "round 1 has no result", name="stripped.mjlog")


def test_a_log_that_stops_mid_round_is_still_read():
    game = read_log(LOGS / "mjx" / "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog")
    assert game.rounds and not game.rounds[-1].results  # only the last round may lack its result


@pytest.mark.parametrize("value", ["٣", "²", "３", "1_0", " 1", "99999999999", "1e3", "inf", "nan"])
def test_mjlog_numbers_are_ascii_digits_of_sane_size(tmp_path, capsys, value):
    text = DOUBLE_RON.read_text().replace('oya="0" hai0', f'oya="{value}" hai0', 1)
    _refused(tmp_path, capsys, text, "INIT oya", name="digits.mjlog")


@pytest.mark.parametrize("value", ["inf", "1e999", "nan", "-inf"])
def test_mjlog_final_figures_are_finite(tmp_path, capsys, value):
    text = re.sub(r'owari="([^,"]+),', f'owari="{value},', DOUBLE_RON.read_text(), count=1)
    _refused(tmp_path, capsys, text, "owari", name="owari.mjlog")


def test_broken_json_is_called_broken_json(tmp_path, capsys):
    text = VALIDATION_JSON.read_text(encoding="utf-8")
    for cut in (text[:200], text[:-1], "\ufeff" + text[:50]):
        err = _refused(tmp_path, capsys, cut, "broken JSON")
        assert "mjlog" not in err


def test_non_utf8_bytes(tmp_path, capsys):
    path = tmp_path / "latin1.mjlog"
    path.write_bytes(DOUBLE_RON.read_bytes().replace(b"<mjloggm", b"\xff\xfe<mjloggm", 1))
    assert main(["replay", str(path)]) == 2
    assert "not UTF-8" in capsys.readouterr().err


# --- the one file reader (issue 15.3) ---------------------------------------------------------

def test_a_fifo_with_no_writer_is_refused_at_once(tmp_path, capsys):
    fifo = tmp_path / "pipe.mjlog"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="not a regular file \\(a FIFO\\)"):
        read_file(fifo)  # returns at once: opening does not wait for a writer
    assert main(["replay", str(fifo)]) == 2
    assert capsys.readouterr().err.strip() == f"picoriichi: {fifo}: not a regular file (a FIFO)"


@pytest.mark.parametrize("path, kind", [("/dev/zero", "a character device"), ("/dev/urandom", "a character device"),
                                        ("/", "a directory")])
def test_devices_and_directories_are_refused(path, kind):
    if not os.path.exists(path):
        pytest.skip(f"{path} is not on this system")
    with pytest.raises(InputError, match=re.escape(f"{path}: not a regular file ({kind})")):
        read_file(path)


def test_a_file_above_the_bound_is_refused_in_one_line(tmp_path):
    big = tmp_path / "big.mjlog"
    with open(big, "wb") as file:
        file.truncate(MAX_BYTES + 1)  # sparse: no disk written
    with pytest.raises(InputError, match="larger than 16 MiB"):
        read_file(big)
    with open(big, "r+b") as file:
        file.truncate(MAX_BYTES)
    assert len(read_file(big)) == MAX_BYTES  # the bound itself is read


def test_a_missing_file_is_named_in_full(tmp_path):
    missing = tmp_path / "deep" / "folder" / "missing.mjlog"
    with pytest.raises(InputError) as caught:
        read_log(missing)
    assert str(caught.value).startswith(f"{missing}: cannot read")


# --- fuzzing: damaged real logs never crash the readers or the replay ----------------------------

def _read_and_replay(text: str) -> None:
    """Either a one-line InputError, or a game the replay follows without an uncaught exception."""
    try:
        game = parse_tenhou6(text) if text.lstrip().startswith("{") else parse_mjlog(text)
    except InputError as exc:
        assert "\n" not in str(exc)
        return
    if game.three_player or not game.rounds:
        return
    for report in replay_game(game):
        assert report.ok or not report.difference.startswith("replay failed"), report.difference


REAL_TEXTS = [p.read_text() for p in SHORT_LOGS] + [VALIDATION_JSON.read_text(encoding="utf-8")]
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.sampled_from(REAL_TEXTS), st.data())
def test_truncated_logs(text, data):
    _read_and_replay(text[:data.draw(st.integers(0, len(text)))])


@FUZZ
@given(st.sampled_from(REAL_TEXTS), st.lists(st.tuples(st.integers(0, 10 ** 6), st.integers(0, 255)),
                                              min_size=1, max_size=6))
def test_logs_with_flipped_bytes(text, flips):
    raw = bytearray(text.encode("utf-8"))
    for at, value in flips:
        raw[at % len(raw)] = value
    _read_and_replay(raw.decode("utf-8", "replace"))


ATTRIBUTES = re.compile(r' \w+="[^"]*"')


@FUZZ
@given(st.sampled_from(REAL_TEXTS[:-1]), st.data())
def test_mjlogs_with_attributes_deleted_or_replaced(text, data):
    spots = list(ATTRIBUTES.finditer(text))
    for _ in range(data.draw(st.integers(1, 3))):
        spot = spots[data.draw(st.integers(0, len(spots) - 1))]
        name = spot[0].split("=")[0]
        value = data.draw(st.one_of(st.none(), st.sampled_from(["", "-1", "9" * 40, "1e999", "nan", "٣", "a,b"]),
                                    st.text(max_size=8)))
        replacement = "" if value is None else f'{name}="{value.replace(chr(34), "")}"'
        text = text[:spot.start()] + replacement + text[spot.end():]
        spots = list(ATTRIBUTES.finditer(text))
    _read_and_replay(text)


@FUZZ
@given(st.data())
def test_tenhou6_entries_deleted_or_replaced(data):
    sys.set_int_max_str_digits(0)  # let the test write a 5,000-digit number; the reader must refuse it
    log = json.loads(REAL_TEXTS[-1])
    for _ in range(data.draw(st.integers(1, 3))):
        parent, key = _random_spot(log, data)
        if parent is None:
            continue
        if data.draw(st.booleans()):
            del parent[key]
        else:
            parent[key] = data.draw(st.one_of(
                st.integers(), st.sampled_from([10 ** 5000, -1, 60, 51, True, None, [], {}, 1.5]),
                st.text(alphabet="0123456789cpmakr", max_size=10), st.lists(st.integers(0, 60), max_size=14)))
    try:
        _read_and_replay(json.dumps(log, ensure_ascii=False))
    finally:
        sys.set_int_max_str_digits(4300)


def _random_spot(value, data):
    parent, key = None, None
    for _ in range(data.draw(st.integers(1, 6))):
        if isinstance(value, list) and value:
            index = data.draw(st.integers(0, len(value) - 1))
        elif isinstance(value, dict) and value:
            index = data.draw(st.sampled_from(sorted(value)))
        else:
            break
        parent, key, value = value, index, value[index]
    return parent, key


def test_tenhou6_texts_take_ascii_digits_only(tmp_path, capsys):
    wide = str.maketrans("0123456789", "０１２３４５６７８９")
    text = _tenhou6(lambda data: data["log"][0][16][2].__setitem__(3, "役満32000点".translate(wide)))
    _refused(tmp_path, capsys, text, "bad win value")
