"""What a log that cannot be read is called, in the game's own words (issue 52): the replays
list shows the reader's reason in capitals, so it must never be Python's name for an error
("RECURSIONERROR: MAXIMUM RECURSION DEPTH..."); and a ``logs`` that is a plain file is said to
be one, not offered as the folder to put logs in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.data.logs import FolderShelf
from game.records import parse_log
from game.rules.errors import InputError
from game.ui.replays import empty_lines, why_not

PYTHON_WORDS = re.compile(r"[A-Za-z]*(Error|Exception|Iteration)\b|Traceback|literal for int|object has no", re.I)
VALID = (Path(__file__).parent / "data" / "validation")
GARBAGE = {
    "nested.json": "[" * 100_000 + "]" * 100_000,
    "cut.json": '{"title": ["", ""], "name": ["a", "b", "c", "d"], "rule": {"disp": "x", "aka": 1}, "log": [[[0, 0',
    "no_log.json": '{"title": ["", ""], "name": ["a", "b", "c", "d"], "rule": {"disp": "x", "aka": 1}}',
    "wrong_kinds.json": '{"title": 3, "name": 4, "rule": [], "log": "no"}',
    "short_round.json": '{"title": ["", ""], "name": ["a", "b", "c", "d"], "rule": {"disp": "x", "aka": 1}, "log": [[1]]}',
    "bad_number.mjlog": '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d"/>'
                        '<TAIKYOKU oya="0"/><INIT seed="x,y,z" ten="250,250,250,250" oya="0" hai0="a"/></mjloggm>',
}


@pytest.mark.parametrize("name", sorted(GARBAGE))
def test_a_log_that_cannot_be_read_is_refused_in_the_games_words_not_pythons(tmp_path, name):
    path = tmp_path / name
    path.write_text(GARBAGE[name], encoding="utf-8")
    with pytest.raises(InputError) as refused:
        parse_log(path.read_bytes(), path)
    shown = why_not(str(refused.value), path)
    assert shown.startswith("NOT A LOG: ") and "\n" not in shown
    assert not PYTHON_WORDS.search(str(refused.value)), str(refused.value)


def test_a_json_nested_too_deep_says_so():
    with pytest.raises(InputError, match=r"broken JSON, not a tenhou.net/6 log \(nested too deep\)"):
        parse_log(GARBAGE["nested.json"].encode(), "nested.json")


def test_a_logs_that_is_a_plain_file_is_said_to_be_one(tmp_path):
    (tmp_path / "logs").write_text("not a folder")
    shelf = FolderShelf(tmp_path / "logs")
    assert shelf.not_a_folder and list(shelf.entries_task()) == []
    lines = empty_lines(shelf.where, shelf.not_a_folder)
    assert "A FILE, NOT A" in lines[0] and "GO IN" not in " ".join(lines)
    assert not FolderShelf(tmp_path / "absent").not_a_folder  # not made yet: the folder its games will go in
