"""``benchmarks/bots/log_reading.py`` reads a referee's log right: one small round written out
by hand, where seat 0 (ours) draws into tenpai while seat 1 shows two pons and no one is in
riichi, then wins off seat 1."""

from __future__ import annotations

import gzip
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _reader():
    spec = importlib.util.spec_from_file_location("log_reading", ROOT / "benchmarks" / "bots" / "log_reading.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TEHAIS = [
    "1m 2m 3m 4p 5p 6p 7s 8s 9s E E 2m 5s",   # ours: 3m makes 123m 456p 789s EE 23m + 5s
    "9p 9p 8s 8s C F 1p 2p 3p 4s 5s 6s 7m",
    "1s 2s 3s 4m 5m 6m 7p 7p 7p S S 6s 6s",
    "1p 1p 2p 2p 3p 3p 4m 4m 5m 5m 6m 6m W",
]


def _events(ours_throws: str) -> list[dict]:
    def turn(seat, drawn, thrown):
        return [{"type": "tsumo", "actor": seat, "pai": drawn}, {"type": "dahai", "actor": seat, "pai": thrown}]

    def pon(seat, target, tile, thrown):
        return [{"type": "pon", "actor": seat, "target": target, "pai": tile, "consumed": [tile, tile]},
                {"type": "dahai", "actor": seat, "pai": thrown}]

    return [
        {"type": "start_game"},
        {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "oya": 0, "dora_marker": "1s",
         "tehais": [t.split() for t in TEHAIS]},
        *turn(0, "N", "N"), *turn(1, "W", "W"), *turn(2, "9p", "9p"), *pon(1, 2, "9p", "C"),
        *turn(2, "8s", "8s"), *pon(1, 2, "8s", "F"), *turn(2, "P", "P"), *turn(3, "S", "S"),
        *turn(0, "3m", ours_throws), *turn(1, "4m", "4m"),
        {"type": "hora", "actor": 0, "target": 1, "deltas": [2000, -2000, 0, 0], "ura_markers": []},
        {"type": "end_kyoku"}, {"type": "end_game"},
    ]


@pytest.mark.parametrize("throw, kept", [("5s", 1), ("E", 0)])
def test_a_tenpai_kept_or_broken_against_open_hands_and_the_points_flows(tmp_path, throw, kept):
    with gzip.open(tmp_path / "seed-1-seat-0.json.gz", "wt") as f:
        f.write("\n".join(json.dumps(e) for e in _events(throw)))
    reader = _reader()
    found = reader.tally([tmp_path])
    ours, theirs = found["sides"]["ours"], found["sides"]["theirs"]
    assert (ours["tenpai open 2"], ours["tenpai open 2 kept"]) == (1, kept)
    # seats 2 and 3 are tenpai as dealt and throw their draws after the second pon; seat 1's
    # own discards see no other open hand
    assert (theirs["tenpai open 2"], theirs["tenpai open 2 kept"]) == (2, 2)
    assert ours["flow wins"] == 2000 and theirs["flow deal-ins"] == -2000 and theirs["flow wins"] == 0
    report = reader.report(found)
    assert f"2 calls {kept:6.1%} of 1" in report
    assert "wins  +2000" in report and "deal-ins   -667" in report
    # how each hand was played: ours closed without riichi (and won), seat 1 opened, 2 and 3 neither
    assert (ours["played neither"], ours["played neither won"], ours["played neither points"]) == (1, 1, 2000)
    assert (theirs["played opened"], theirs["played opened points"], theirs["played neither"]) == (1, -2000, 2)
    assert theirs["played riichi"] == 0
    assert "neither 100.0% won 100.0%  +2000" in report and "opened  33.3% won   0.0%  -2000" in report
