"""mjai both ways: names, our events as mjai and back into a seat's view, our bot on a real
referee's lines, and an mjai seat at our table.

Truth from outside: the lines a real referee (Mortal's libriichi arena in the ``mjai``
package) sent to its four RulebaseBots, with their answers (tests/data/mjai); the Round's
own view of every seat, against the view the tracker rebuilds from the mjai events alone.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.tasks import run_to_end
from game.play.baselines import EfficiencyAgent
from game.rules.errors import InputError
from game.mjai.bot import MjaiBot, serve
from game.mjai.protocol import (
    MjaiWriter, action_from_mjai, action_to_mjai, kind_of, riichi_from_mjai, tile_name,
)
from game.mjai.tracker import MjaiTracker
from game.play.driver import Game
from game.rules.actions import Discard, Pass, Riichi
from game.rules.events import Discarded
from game.rules.round import Round
from game.rules.wall import Shuffler, Wall, seed_words
from seat_lines import SeatLines

DATA = Path(__file__).parent / "data" / "mjai"


# --- tile names ---------------------------------------------------------------------------

def test_every_tile_name_reads_back_as_its_kind_and_red():
    for tile in range(136):
        name = tile_name(tile)
        assert kind_of(name) == tile // 4
        assert name.endswith("r") == (tile in (16, 52, 88))
    assert [tile_name(t) for t in (0, 35, 36, 107, 108, 120, 124, 128, 132)] == \
        ["1m", "9m", "1p", "9s", "E", "N", "P", "F", "C"]


@pytest.mark.parametrize("bad", ["0m", "5zr", "6mr", "8z", "", "x", "5m ", 5, None, "５m"])
def test_a_name_that_is_no_tile_is_an_input_error(bad):
    with pytest.raises(InputError):
        kind_of(bad)


# --- the tracker against the Round, over whole games of our driver ----------------------

def _names(tiles):
    return sorted(tile_name(t) for t in tiles)


def _essence(view, own_tsumogiri_only=True):
    """A view with tile ids read as names (the tracker picks its own copies)."""
    ponds = [[(tile_name(d.tile), d.riichi, d.called_by, d.tsumogiri if s == view.seat else None)
              for d in pond] for s, pond in enumerate(view.discards)]
    return {
        "hand": _names(view.hand), "drawn": None if view.drawn is None else tile_name(view.drawn),
        "sizes": view.hand_sizes, "ponds": ponds, "riichi": view.riichi,
        "melds": [[(m.kind, _names(m.tiles), m.from_seat) for m in ms] for ms in view.melds],
        "dora": _names(view.dora_indicators), "scores": view.scores, "honba": view.honba,
        "sticks": view.riichi_sticks, "left": view.tiles_left, "winds": view.seat_winds,
        "round_wind": view.round_wind, "last": view.last_discard and tile_name(view.last_discard[1]),
        "legal": sorted(json.dumps(action_to_mjai(a, view), sort_keys=True) + type(a).__name__
                        for a in view.legal_actions),
    }


class _Checked:
    """Plays like ``inner`` and checks, at every decision, that the view rebuilt from the
    mjai events its seat observed is the view the driver gives."""

    def __init__(self, inner, checks):
        self.inner, self.checks = inner, checks
        self.name = inner.name
        self.tracker = MjaiTracker()
        self.seat_lines = SeatLines()

    def observe(self, event):
        for mjai in self.seat_lines.observe(event):
            self.tracker.update(mjai)

    def act(self, view):
        assert _essence(self.tracker.view()) == _essence(view)
        self.checks.append(1)
        return (yield from self.inner.act(view))


class _Random:
    """Takes a random legal action, calls and kans most often: every path of the tracker."""

    name = "random"

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def act(self, view):
        yield
        legal = list(view.legal_actions)
        bold = [a for a in legal if type(a).__name__ not in ("Pass", "Discard", "Riichi")]
        return self.rng.choice(bold) if bold and self.rng.random() < 0.8 else self.rng.choice(legal)


def test_the_view_rebuilt_from_mjai_events_is_the_drivers_view():
    checks: list[int] = []
    kinds = set()
    for seed in ("MJAI0RT2", "MJAI0RT3"):  # games with chi, pon, closed and added kans, misses
        agents = [_Checked(_Random(i), checks) for i in range(3)] + [_Checked(EfficiencyAgent(), checks)]
        game = Game(agents, seed)
        run_to_end(game.play())
        kinds |= {type(e).__name__ for r in game.rounds for e in r.events}
        assert not game.invalid
    assert {"Called", "Kanned", "DoraRevealed", "Missed", "RiichiAccepted", "Won"} <= kinds
    assert len(checks) > 1000


def test_tsumogiri_is_told_for_every_seat():
    """Another seat's draw is hidden, but whether it threw the drawn tile is public."""
    from game.rules.view import seen_by
    shuffle = Shuffler(seed_words("TSMOGIRI")).next_round()
    rnd = Round.start(Wall(shuffle.wall, shuffle.dice), dealer=0)
    writer = MjaiWriter(seat=0)
    told = []
    while rnd.phase != "over" and len(told) < 12:
        seat = rnd.turn
        if rnd.phase == "turn":
            tile = rnd.drawn if len(told) % 2 == 0 else rnd.hands[seat][0]
            rnd.apply(seat, Discard(tile))
        else:
            for s in rnd.awaiting():
                rnd.apply(s, Pass())
            continue
        for e in rnd.events[-3:]:
            if isinstance(e, Discarded) and e.seat != 0:
                dahai = [m for m in writer.events(seen_by(e, 0)) if m["type"] == "dahai"][0]
                told.append((dahai["tsumogiri"], rnd.ponds[e.seat][-1].tsumogiri))
    assert told and all(said == pond for said, pond in told)
    assert {said for said, _ in told} == {True, False}


# --- our bot on a real referee's lines -------------------------------------------------

def _arena_lines():
    with gzip.open(DATA / "rulebase_arena_seed11.jsonl.gz", "rt") as f:
        return [json.loads(line) for line in f]


def test_every_line_the_referee_asked_on_is_a_decision_of_ours_and_its_bots_answers_are_legal():
    """Each seat's lines of a real arena game: where the referee asked RulebaseBot (any line
    after start_game but the round ends), our tracker has legal actions, and the answer
    RulebaseBot gave reads as one of them."""
    lines = _arena_lines()
    checked = 0
    for seat in range(4):
        bot = MjaiBot(EfficiencyAgent())
        for record in (r for r in lines if r["seat"] == seat):
            events = json.loads(record["line"])
            for event in events:
                bot.tracker.update(event)
            if events[-1]["type"] in ("start_game", "end_kyoku", "end_game", "hora", "ryukyoku"):
                continue
            view = bot.tracker.view()
            assert view.legal_actions, events[-1]
            answer = json.loads(record["answer"])
            action = action_from_mjai(answer, view)
            if isinstance(action, Riichi):
                continue  # the discard comes on the next line, after the echo
            assert action in view.legal_actions
            if events[-1]["type"] == "reach" and events[-1]["actor"] == seat:
                assert riichi_from_mjai(answer, view) in view.legal_actions
            checked += 1
    assert checked > 300


def test_our_bot_answers_every_line_of_a_real_game_with_a_legal_action():
    lines = _arena_lines()
    for seat in range(4):
        bot = MjaiBot(EfficiencyAgent())
        for record in (r for r in lines if r["seat"] == seat):
            answer = json.loads(bot.react(record["line"]))
            view = bot.tracker.view()
            if answer["type"] == "none":
                assert view is None or not view.legal_actions or Pass() in view.legal_actions
            elif answer["type"] != "reach":
                if bot.tracker.declared_riichi:
                    assert riichi_from_mjai(answer, view) in view.legal_actions
                else:
                    assert action_from_mjai(answer, view) in view.legal_actions


# --- bad input ------------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "not json", "{}", "[]", "[1]", '[{"type":"warp"}]', '[{"type":"tsumo","actor":0,"pai":"1m"}]',
    '[{"type":"start_game","id":7}]',
])
def test_a_bad_line_is_one_line_on_stderr_and_the_bot_goes_on(line):
    out, err = io.StringIO(), io.StringIO()
    good = '[{"type":"start_game","id":0}]'
    status = serve(MjaiBot(EfficiencyAgent()), io.StringIO(f"{line}\n{good}\n"), out, err)
    assert status == 2
    assert out.getvalue().splitlines() == ['{"type":"none"}', '{"type":"none"}']
    assert len(err.getvalue().splitlines()) == 1 and "Traceback" not in err.getvalue()


def test_picoriichi_mjai_answers_each_stdin_line():
    lines = [r["line"] for r in _arena_lines() if r["seat"] == 1][:12]
    done = subprocess.run([sys.executable, "-m", "game", "mjai"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=60)
    answers = [json.loads(a) for a in done.stdout.splitlines()]
    assert done.returncode == 0, done.stderr
    assert len(answers) == len(lines) and answers[0] == {"type": "none"}
    assert any(a["type"] == "dahai" for a in answers)


def test_a_damaged_stream_is_input_errors_never_a_crash():
    """Real lines with fields overwritten, events dropped or repeated: every failure is an
    InputError (one line from the CLI), and the bot answers the lines that still fit."""
    rng = random.Random(9)
    lines = [r["line"] for r in _arena_lines() if r["seat"] == 2]
    junk = ["1m", "5mr", "?", "zz", 3, -1, 4, None, [], "x", True]
    errors = 0
    for _ in range(6):
        bot = MjaiBot(EfficiencyAgent())
        for line in lines:
            events = json.loads(line)
            event = rng.choice(events)
            if rng.random() < 0.1 and len(event) > 1:
                event[rng.choice([k for k in event if k != "type"])] = rng.choice(junk)
            if rng.random() < 0.03:
                events.append(events[-1])
            try:
                json.loads(bot.react(json.dumps(events)))
            except InputError:
                errors += 1
    assert errors > 10


# --- events no referee would send --------------------------------------------------------------

HAND = "1m 2m 3m 4p 5p 6p 7s 8s 9s E E S W".split()


def _kyoku(**changes) -> dict:
    event = {"type": "start_kyoku", "bakaze": "E", "dora_marker": "2s", "kyoku": 1, "honba": 0,
             "kyotaku": 0, "oya": 0, "scores": [25000] * 4, "tehais": [HAND, *[["?"] * 13] * 3]}
    return {**event, **changes}


START = [{"type": "start_game", "id": 0}, _kyoku()]
# seat 0 (ours) draws and discards; seat 1 draws and throws a 5m (P and N as fillers)
PLAYED = START + [{"type": "tsumo", "actor": 0, "pai": "N"}, {"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True},
                  {"type": "tsumo", "actor": 1, "pai": "?"}, {"type": "dahai", "actor": 1, "pai": "5m", "tsumogiri": True}]

IMPOSSIBLE = {
    "a pon of its own discard": PLAYED + [{"type": "pon", "actor": 1, "target": 1, "pai": "5m", "consumed": ["5m", "5m"]}],
    "a chi of honours": PLAYED[:-1] + [{"type": "dahai", "actor": 1, "pai": "E", "tsumogiri": True},
                                       {"type": "chi", "actor": 2, "target": 1, "pai": "E", "consumed": ["S", "W"]}],
    "a chi that is no run": PLAYED + [{"type": "chi", "actor": 2, "target": 1, "pai": "5m", "consumed": ["1m", "9m"]}],
    "a chi from across": PLAYED + [{"type": "chi", "actor": 3, "target": 1, "pai": "5m", "consumed": ["6m", "7m"]}],
    "a pon of two kinds": PLAYED + [{"type": "pon", "actor": 2, "target": 1, "pai": "5m", "consumed": ["5m", "6m"]}],
    "an actor 4": START + [{"type": "tsumo", "actor": 4, "pai": "?"}],
    "an actor -1": START + [{"type": "reach", "actor": -1}],
    "a winner 7": PLAYED + [{"type": "hora", "actor": 7, "target": 1, "deltas": [0, 0, 0, 0]}],
    "an event after end_game": START + [{"type": "end_kyoku"}, {"type": "end_game"}, {"type": "tsumo", "actor": 1, "pai": "?"}],
    "a round after end_game": START + [{"type": "end_kyoku"}, {"type": "end_game"}, _kyoku()],
    "a round before start_game": [_kyoku()],
    "a draw before start_kyoku": START[:1] + [{"type": "tsumo", "actor": 0, "pai": "1m"}],
    "reach_accepted without reach": PLAYED + [{"type": "reach_accepted", "actor": 1}],
    "a second reach": PLAYED[:-1] + [{"type": "reach", "actor": 1}, {"type": "dahai", "actor": 1, "pai": "5m", "tsumogiri": True},
                                     {"type": "reach_accepted", "actor": 1}, {"type": "tsumo", "actor": 2, "pai": "?"},
                                     {"type": "dahai", "actor": 2, "pai": "1p", "tsumogiri": True},
                                     {"type": "tsumo", "actor": 3, "pai": "?"}, {"type": "dahai", "actor": 3, "pai": "1p", "tsumogiri": True},
                                     {"type": "tsumo", "actor": 0, "pai": "P"}, {"type": "dahai", "actor": 0, "pai": "P", "tsumogiri": True},
                                     {"type": "tsumo", "actor": 1, "pai": "?"}, {"type": "reach", "actor": 1}],
    "a discard out of turn": PLAYED + [{"type": "dahai", "actor": 3, "pai": "1p", "tsumogiri": True}],
    "a draw before the discard": START + [{"type": "tsumo", "actor": 0, "pai": "N"}, {"type": "tsumo", "actor": 1, "pai": "?"}],
    "a negative honba": START[:1] + [_kyoku(honba=-5)],
    "a kyoku 99": START[:1] + [_kyoku(kyoku=99)],
    "a score of 10**30": START[:1] + [_kyoku(scores=[10 ** 30, 25000, 25000, 25000])],
    "deltas of 10**30": PLAYED + [{"type": "hora", "actor": 2, "target": 1, "deltas": [0, -10 ** 30, 10 ** 30, 0]}],
    "five 1m in a hand": START[:1] + [_kyoku(tehais=[["1m"] * 5 + HAND[5:], *[["?"] * 13] * 3])],
    "a fifth E": START + [{"type": "tsumo", "actor": 0, "pai": "N"}, {"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True},
                          {"type": "tsumo", "actor": 1, "pai": "?"}, {"type": "dahai", "actor": 1, "pai": "E", "tsumogiri": True},
                          {"type": "tsumo", "actor": 2, "pai": "?"}, {"type": "dahai", "actor": 2, "pai": "E", "tsumogiri": True},
                          {"type": "tsumo", "actor": 3, "pai": "?"}, {"type": "dahai", "actor": 3, "pai": "E", "tsumogiri": True}],
}


@pytest.mark.parametrize("case", IMPOSSIBLE)
def test_an_impossible_event_is_refused_in_one_line_naming_it(case):
    """As a referee would: exit 2 and one line on stderr naming the event, the same shape as a
    line that is not JSON; the bot plays nothing more in that round."""
    events = IMPOSSIBLE[case]
    lines = [json.dumps([e]) for e in events]
    told, _ = _served_and_refused(events)
    bot = MjaiBot(EfficiencyAgent())
    for line in lines[:-1]:
        bot.react(line)
    with pytest.raises(InputError) as refused:
        bot.react(lines[-1])
    assert f"picoriichi mjai: {refused.value}" == told[0]


def test_after_a_refused_event_the_bot_plays_nothing_until_the_next_round():
    bot = MjaiBot(EfficiencyAgent())
    for event in PLAYED:
        bot.react(json.dumps([event]))
    with pytest.raises(InputError):
        bot.react(json.dumps([{"type": "pon", "actor": 1, "target": 1, "pai": "5m", "consumed": ["5m", "5m"]}]))
    later = [{"type": "tsumo", "actor": 2, "pai": "?"}, {"type": "dahai", "actor": 2, "pai": "1p", "tsumogiri": True},
             {"type": "tsumo", "actor": 3, "pai": "?"}, {"type": "dahai", "actor": 3, "pai": "1p", "tsumogiri": True},
             {"type": "tsumo", "actor": 0, "pai": "P"}]
    assert bot.react(json.dumps(later)) == '{"type":"none"}'  # its own draw: no move from that table
    assert bot.react(json.dumps([{"type": "end_kyoku"}])) == '{"type":"none"}'
    answer = json.loads(bot.react(json.dumps([_kyoku(kyoku=2, oya=1), {"type": "tsumo", "actor": 1, "pai": "?"},
                                              {"type": "dahai", "actor": 1, "pai": "9p", "tsumogiri": True},
                                              {"type": "tsumo", "actor": 2, "pai": "?"},
                                              {"type": "dahai", "actor": 2, "pai": "9p", "tsumogiri": True},
                                              {"type": "tsumo", "actor": 3, "pai": "?"},
                                              {"type": "dahai", "actor": 3, "pai": "9p", "tsumogiri": True},
                                              {"type": "tsumo", "actor": 0, "pai": "P"}])))
    assert answer["type"] == "dahai" and answer["actor"] == 0


def test_every_line_of_a_real_referees_game_is_accepted():
    """The checks refuse nothing a real referee sent (tests/data/mjai: every seat's lines)."""
    for seat in range(4):
        out, err = io.StringIO(), io.StringIO()
        lines = [r["line"] for r in _arena_lines() if r["seat"] == seat]
        assert serve(MjaiBot(EfficiencyAgent()), io.StringIO("\n".join(lines) + "\n"), out, err) == 0, err.getvalue()


# --- the order of a round: who draws, how many, kan dora, who may riichi (issue 42.2) ------------

def _turns(seats, first_tile_of_ours="N"):
    """Each seat in ``seats`` draws (seat 0, ours, a shown tile) and throws its draw (others a 1p)."""
    events = []
    for seat in seats:
        events += [{"type": "tsumo", "actor": seat, "pai": first_tile_of_ours if seat == 0 else "?"},
                   {"type": "dahai", "actor": seat, "pai": first_tile_of_ours if seat == 0 else "9p",
                    "tsumogiri": True}]
    return events


def _past_the_wall() -> list[dict]:
    """70 draws, every seat throwing what it drew (names given out as the wall holds them), then
    a 71st draw."""
    used = {"1m": 1, "2m": 1, "3m": 1, "4p": 1, "5p": 1, "6p": 1, "7s": 1, "8s": 1, "9s": 1, "E": 2, "S": 1, "W": 1,
            "2s": 1}
    free = []
    for name in (tile_name(tile) for tile in range(136)):
        if used.get(name, 0):
            used[name] -= 1
        else:
            free.append(name)
    events = []
    for k in range(70):
        seat, name = k % 4, free[k]
        events += [{"type": "tsumo", "actor": seat, "pai": name if seat == 0 else "?"},
                   {"type": "dahai", "actor": seat, "pai": name, "tsumogiri": True}]
    return START + events + [{"type": "tsumo", "actor": 0, "pai": free[70]}]


PON_BY_2 = PLAYED + [{"type": "pon", "actor": 2, "target": 1, "pai": "5m", "consumed": ["5m", "5m"]},
                     {"type": "dahai", "actor": 2, "pai": "1p", "tsumogiri": False}]
ANKAN_BY_1 = START + _turns([0]) + [{"type": "tsumo", "actor": 1, "pai": "?"},
                                    {"type": "ankan", "actor": 1, "consumed": ["7p", "7p", "7p", "7p"]}]
OUT_OF_ORDER = {
    "the first draw to a seat that is not the dealer": START + [{"type": "tsumo", "actor": 1, "pai": "?"}],
    "a draw that skips a seat": START + _turns([0]) + [{"type": "tsumo", "actor": 2, "pai": "?"}],
    "a draw by the caller before it discards": PON_BY_2[:-1] + [{"type": "tsumo", "actor": 2, "pai": "?"}],
    "a 71st draw": _past_the_wall(),
    "a dora before any kan": START + [{"type": "dora", "dora_marker": "3s"}],
    "a dora after a discard": START + _turns([0]) + [{"type": "dora", "dora_marker": "3s"}],
    "a dora after a pon": PON_BY_2 + [{"type": "dora", "dora_marker": "3s"}],
    "a dora after a draw": START + [{"type": "tsumo", "actor": 0, "pai": "N"}, {"type": "dora", "dora_marker": "3s"}],
    "two doras for one kan": ANKAN_BY_1 + [{"type": "dora", "dora_marker": "3s"}, {"type": "dora", "dora_marker": "4s"}],
    "a dora at a round's start after a kan": ANKAN_BY_1 + [{"type": "dora", "dora_marker": "3s"},
                                                          {"type": "tsumo", "actor": 1, "pai": "?"},
                                                          {"type": "dahai", "actor": 1, "pai": "9p", "tsumogiri": True},
                                                          {"type": "ryukyoku"}, {"type": "end_kyoku"}, _kyoku(kyoku=2),
                                                          {"type": "dora", "dora_marker": "4s"}],
    "a reach from a seat that has called": PON_BY_2 + _turns([3, 0, 1]) + [{"type": "tsumo", "actor": 2, "pai": "?"},
                                                                           {"type": "reach", "actor": 2}],
    "a reach with 900 points": START[:1] + [_kyoku(scores=[25000, 900, 25000, 49100])] + _turns([0]) + [
        {"type": "tsumo", "actor": 1, "pai": "?"}, {"type": "reach", "actor": 1}],
}


@pytest.mark.parametrize("case", OUT_OF_ORDER)
def test_an_event_out_of_the_rounds_order_is_refused_in_one_line(case):
    """A referee deals the dealer the first draw, then the seat after each discard (a kan's
    maker its replacement); the live wall holds 70 draws; a dora indicator turns for a kan, one
    each; riichi needs a closed hand and 1,000 points. Each of these streams breaks one of those
    and is refused as ``IMPOSSIBLE``'s are: exit 2, one line naming the event."""
    _refused_in_one_line(OUT_OF_ORDER[case])


def _served_and_refused(events: list[dict]) -> tuple[list[str], list[str]]:
    """Serve ``events`` a line each: exit 2, one line on stderr naming the last event, and its
    answer none. (The lines told, the lines answered.)"""
    lines = [json.dumps([e]) for e in events]
    out, err = io.StringIO(), io.StringIO()
    status = serve(MjaiBot(EfficiencyAgent()), io.StringIO("\n".join(lines) + "\n"), out, err)
    told, answered = err.getvalue().splitlines(), out.getvalue().splitlines()
    assert status == 2 and len(told) == 1 and "Traceback" not in err.getvalue(), told
    assert told[0].startswith(f"picoriichi mjai: {events[-1]['type']}: "), told[0]
    assert answered[-1] == '{"type":"none"}'
    return told, answered


def _refused_in_one_line(events: list[dict]) -> None:
    _, answered = _served_and_refused(events)
    assert len(answered) == len(events)  # every line answered, the refused one with none


@pytest.mark.parametrize("case", OUT_OF_ORDER)
def test_the_same_stream_but_its_last_event_is_played_on(case):
    """The streams above are refused for their last event alone: every line before it is taken."""
    lines = [json.dumps([e]) for e in OUT_OF_ORDER[case][:-1]]
    out, err = io.StringIO(), io.StringIO()
    assert serve(MjaiBot(EfficiencyAgent()), io.StringIO("\n".join(lines) + "\n"), out, err) == 0, err.getvalue()


def _mjai_program(stdin, env_changes: dict | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "PYTHONUTF8", "LANG", "LC_ALL")}
    env.update(env_changes or {})
    return subprocess.run([sys.executable, "-m", "game", "mjai"], stdin=stdin, capture_output=True, env=env,
                          timeout=120, check=False)


def test_a_line_over_64_kib_ends_the_stream_with_one_line_and_exit_2():
    """As ``analyze -`` does: the lines before it are answered, the long one is not read whole."""
    first = json.dumps([{"type": "start_game", "id": 0}]).encode()
    done = subprocess.run([sys.executable, "-m", "game", "mjai"], input=first + b"\n" + b" " * 70_000 + b"[]\n",
                          capture_output=True, timeout=120, check=False)
    assert done.returncode == 2 and done.stdout.splitlines() == [b'{"type":"none"}']
    assert done.stderr.splitlines() == [b"picoriichi: standard input line 2 is longer than 65536 bytes"]


def test_dev_zero_is_refused_at_once_not_read_whole():
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    with open("/dev/zero", "rb") as zeros:
        done = _mjai_program(zeros)  # before: it grew past 3 GB and never answered (the timeout fails it)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.splitlines() == [b"picoriichi: standard input line 1 is longer than 65536 bytes"]


@pytest.mark.parametrize("locale", ["C", "C.UTF-8", "POSIX"])
def test_a_line_that_is_not_utf8_ends_the_stream_whatever_the_locale(locale, tmp_path):
    """Under the C locales Python reads stdin with surrogateescape; the bot reads bytes and decodes
    them as strict UTF-8 itself, so the bad line is refused, not read as text."""
    stream = tmp_path / "lines"
    stream.write_bytes(json.dumps([{"type": "start_game", "id": 0}]).encode() + b"\n"
                       + '[{"type":"none","x":"'.encode() + b"\xff\xfe" + b'"}]\n'
                       + json.dumps([{"type": "end_game"}]).encode() + b"\n")
    with open(stream, "rb") as lines:
        done = _mjai_program(lines, {"LC_ALL": locale})
    assert done.returncode == 2 and done.stdout.splitlines() == [b'{"type":"none"}']
    assert done.stderr.splitlines() == [b"picoriichi: standard input line 2 is not UTF-8 text (byte b'\\xff' at 21)"]
