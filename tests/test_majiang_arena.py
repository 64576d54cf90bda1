"""The outside measure's adapter: kobalab's majiang-ai seated in Mortal's libriichi arena.

``benchmarks/cpu_vs_majiang.py`` seats our CPU against three majiang-ai, each under Node
behind ``benchmarks/majiang/mjai_player.js`` (our translation between mjai.app's player
protocol and Majiang's messages). Here whole games are played through it, with the
benchmark's own set-up (``.venv-mjai`` with the AGPL ``mjai`` package, ``npm ci`` in
``benchmarks/majiang``; ``make test`` makes both first), and every answer of every seat must
be one the referee takes: no "invalid action" on its standard output, no round ended on an
error. This needs Node: without it the test is skipped on a developer's machine and fails in
CI (``CI`` set), where Node is part of the machine. The game itself never imports mjai nor
runs npm.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# its tests share a module fixture: one worker runs them all (make test runs pytest-xdist --dist loadgroup)
pytestmark = pytest.mark.xdist_group("majiang")

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"
sys.path.insert(0, str(BENCH / "bots"))

import arena  # noqa: E402

GAMES = 4


def _need_node() -> None:
    """Node and the arena's set-up (made by ``make arena``, which ``make test`` runs first: the
    network is met there, never inside a test)."""
    if shutil.which("node") and shutil.which("npm"):
        if not (arena.STAMP.exists() and (BENCH / "majiang" / "node_modules" / ".package-lock.json").exists()):
            pytest.fail("the majiang-ai arena is not set up: `make arena` makes it (`make test` does)")
        return
    if os.environ.get("CI"):
        pytest.fail("majiang-ai runs under Node: CI must have node and npm")
    pytest.skip("majiang-ai runs under Node: no node/npm on this machine")


@pytest.fixture(scope="module")
def records() -> list[dict]:
    _need_node()
    out = subprocess.run([sys.executable, str(BENCH / "cpu_vs_majiang.py"), "--games", str(GAMES), "--jobs", "2",
                          "--seed", "2026", "--json"], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_whole_games_with_no_invalid_action(records):
    assert len(records) == GAMES
    for r in records:
        assert r["complete"], r
        assert r["invalid_all"] == 0, r
        assert r["errors"] == [0, 0, 0, 0], r


def test_ranks_follow_the_final_scores(records):
    for i, r in enumerate(records):
        ours = i % 4
        order = sorted(range(4), key=lambda s: (-r["scores"][s], s))
        assert r["rank"] == order.index(ours) + 1
        assert r["points"] == r["scores"][ours]
        assert sum(r["scores"]) <= 100000 and sum(r["scores"]) % 1000 == 0


def test_the_referee_refusals_are_read_by_seat():
    said = "\n".join(["invalid action: cannot chi low", "state:", "player (abs): 2", "",
                      "invalid action: cannot discard", "player (abs): 0", "unknown error"])
    assert arena.invalid_actions(said) == {2: 1, 0: 1}


def test_an_error_draw_is_charged_to_the_seat_that_pays():
    events = [{"type": "start_game"},
              {"type": "start_kyoku", "scores": [25000] * 4},
              {"type": "ryukyoku", "reason": "error", "deltas": [2000, -8000, 2000, 4000]},
              {"type": "end_kyoku"}, {"type": "end_game"}]
    record = arena.read_log(events, seat=3)
    assert record["errors"] == [0, 0, 1, 0]  # seat 1 is two places after seat 3
    assert record["rank"] == 1 and record["complete"]


def test_the_memoised_shanten_is_majiang_cores_own():
    """majiang-ai plays with fast_xiangting.js in place of majiang-core's shanten: on random
    hands (melds, kan draws, one-suit hands) its shanten and waits must be the original's."""
    _need_node()
    out = subprocess.run(["node", str(BENCH / "majiang" / "check_xiangting.js"), "20000"],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    result = json.loads(out.stdout)
    assert result == {"hands": 20000, "differ": []}


def test_tiles_translate_both_ways():
    _need_node()
    script = ("const {toMajiang, toMjai} = require('./benchmarks/majiang/mjai_player.js');"
              "const names = [];"
              "for (const s of 'mps') for (let n = 1; n <= 9; n++) names.push(n + s);"
              "names.push('5mr', '5pr', '5sr', 'E', 'S', 'W', 'N', 'P', 'F', 'C');"
              "console.log(JSON.stringify(names.map((t) => [t, toMajiang(t), toMjai(...toMajiang(t))])));")
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, cwd=ROOT, check=True)
    rows = json.loads(out.stdout)
    assert all(back == name for name, _, back in rows)
    assert dict((name, m) for name, m, _ in rows)["5pr"] == "p0"
    assert dict((name, m) for name, m, _ in rows)["C"] == "z7"
