"""Fair play: a CPU decides from what its seat may see, and nothing else.

Games are played by the driver with CPU seats of every strength. At every decision each seat
records where it was taken (the round and how many of its events had happened), the mjai
events it had been sent (tests/seat_lines.py) and what it decided. Two checks, each guarding
its own way of cheating, each shown to catch a cheat of its kind (tests/cheats.py):

- **From the public events alone** (``test_every_decision_is_the_same_from_the_seats_mjai_events_alone``)
  guards against a CPU that reaches anything but its view: the live wall or another hand by a
  module-level reference, the round kept from an earlier call, any back door. A fresh
  interpreter (tests/fairness_replay.py) rebuilds each seat's view from its mjai events
  (``game.mjai.tracker``: no round, no wall, no other hand exists there) and decides again:
  every decision must be the one made at the table. ``PeekingCpu``, which reads the live wall
  through a module global, is caught (``test_the_check_catches_a_cpu_that_peeks_at_the_live_wall``).
- **Hidden tiles shuffled** (``test_decisions_do_not_change_when_hidden_tiles_are_shuffled``)
  guards against a view that carries, or a CPU that reads from its view, what the seat cannot
  see. For a thousand of the states a twin round is built in which everything the seat cannot
  see is shuffled: the other players' concealed tiles, the live wall's order, the dead wall's
  hidden tiles. The twin's view for the seat must be the same view (all but ``awaiting``, which
  the table shows but no CPU reads) while the hidden tiles differ, and the CPU of every strength
  must answer the same. ``ListeningCpu``, which reads ``awaiting``, is caught
  (``test_the_shuffle_catches_a_cpu_that_reads_who_else_may_claim``). This check alone cannot
  see ``PeekingCpu``: both of a state's views are made before either decision, so a module
  global holds the same round for both, and the twin answers alike.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import os
import random
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import cheats
from engine.tasks import run_to_end
from fairness_replay import signature
from game.cpu import CpuAgent
from game.play.driver import Game
from game.rules.actions import Chi, Pass, Pon
from game.rules.events import Answered, Dealt, Drew
from game.rules.round import Round
from game.rules.view import PlayerView
from game.rules.wall import Wall
from seat_lines import SeatLines

# its tests share a module fixture: one worker runs them all (make test runs pytest-xdist --dist loadgroup)
pytestmark = pytest.mark.xdist_group("fairness")

STATES = 1000
ROOT = Path(__file__).resolve().parent.parent
CPU_DIR = ROOT / "game" / "cpu"
SEEDS = ["FAIRPLAY01", "FAIRPLAY02", "FAIRPLAY03"]
STRENGTHS = ("strong", "normal", "weak", "strong")  # turned by one seat each game


class Recording:
    """A seat that decides as ``agent`` does and remembers each decision: where it was taken,
    the mjai events the seat had been sent by then, and the decision."""

    def __init__(self, agent, strength: str, states: list, game_ref: list) -> None:
        self.agent = agent
        self.name = agent.name
        self.strength = strength
        self.states = states
        self.game_ref = game_ref
        self.seat_lines = SeatLines()
        self.asks: list[int] = []  # how many of its mjai events the seat had at each decision
        self.answers: list[list] = []

    def observe(self, event) -> None:
        self.seat_lines.observe(event)
        self.agent.observe(event)

    def act(self, view: PlayerView):
        assert type(view) is PlayerView
        rnd = self.game_ref[0].round
        self.states.append((rnd, len(rnd.events), view.seat))
        action = yield from self.agent.act(view)
        self.asks.append(len(self.seat_lines.lines))
        self.answers.append(signature(action))
        return action

    def stream(self) -> dict:
        return {"strength": self.strength, "lines": self.seat_lines.lines, "asks": self.asks}


@dataclass
class Played:
    states: list = field(default_factory=list)  # (round, events then, seat) of every decision
    seats: list[Recording] = field(default_factory=list)


def play(seeds: list[str], agent=CpuAgent) -> Played:
    """Whole games of four seats of ``agent(strength)``, every decision recorded."""
    played = Played()
    for i, seed in enumerate(seeds):
        ref: list = []
        seats = [Recording(agent(STRENGTHS[(s + i) % 4]), STRENGTHS[(s + i) % 4], played.states, ref)
                 for s in range(4)]
        game = Game(seats, seed)
        ref.append(game)
        run_to_end(game.play())
        played.seats += seats
    played.states = [s for s in played.states if len(s[0].events) > s[1]]  # the decision was applied
    return played


def decided_afresh(kind: str, seats: list[Recording]) -> list[list[list]]:
    """Each seat's decisions taken again in a fresh interpreter from its mjai events alone."""
    streams = json.dumps([seat.stream() for seat in seats])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "fairness_replay.py"), kind], input=streams,
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def differences(seats: list[Recording], afresh: list[list[list]]) -> list[tuple]:
    """(seat's strength, decision index, at the table, afresh) wherever the two differ."""
    found = []
    for seat, again in zip(seats, afresh, strict=True):
        assert len(again) == len(seat.answers)
        found += [(seat.strength, i, mine, theirs)
                  for i, (mine, theirs) in enumerate(zip(seat.answers, again)) if mine != theirs]
    return found


def _seen_tiles(rnd: Round, seat: int) -> set[int]:
    seen = set(rnd.hands[seat]) | set(rnd.wall.dora_indicators)
    seen |= {p.tile for pond in rnd.ponds for p in pond}
    seen |= {t for melds in rnd.melds for m in melds for t in m.tiles}
    return seen


def _map_event(event, swap: dict[int, int]):
    if isinstance(event, Dealt):
        return Dealt(tuple(tuple(swap.get(t, t) for t in hand) for hand in event.hands))
    if isinstance(event, Drew):
        return dataclasses.replace(event, tile=swap.get(event.tile, event.tile))
    if isinstance(event, Answered) and hasattr(event.action, "tiles"):
        tiles = tuple(swap.get(t, t) for t in event.action.tiles)
        return Answered(event.seat, dataclasses.replace(event.action, tiles=tiles))
    return event


def twin(rnd: Round, seat: int, rng: random.Random) -> Round:
    """The same round for ``seat``'s eyes, every tile it cannot see shuffled among themselves."""
    hidden = sorted(set(range(136)) - _seen_tiles(rnd, seat))
    shuffled = list(hidden)
    rng.shuffle(shuffled)
    swap = dict(zip(hidden, shuffled))
    setup = rnd.setup
    wall = Wall([swap.get(t, t) for t in setup.wall.tiles], setup.wall.dice)
    return Round.replay(dataclasses.replace(setup, wall=wall), [_map_event(e, swap) for e in rnd.events])


def public(view: PlayerView) -> PlayerView:
    return dataclasses.replace(view, awaiting=())


@pytest.fixture(scope="module")
def played() -> Played:
    return play(SEEDS)


@pytest.fixture(scope="module")
def states(played):
    assert len(played.states) >= STATES
    return played.states


def test_every_decision_is_the_same_from_the_seats_mjai_events_alone(played):
    decisions = sum(len(seat.answers) for seat in played.seats)
    assert decisions >= STATES and {seat.strength for seat in played.seats} == {"weak", "normal", "strong"}
    found = differences(played.seats, decided_afresh("cpu", played.seats))
    assert not found, f"{len(found)} of {decisions} decisions differ, e.g. {found[:3]}"


def test_the_check_catches_a_cpu_that_peeks_at_the_live_wall(monkeypatch):
    """tests/cheats.py's PeekingCpu: the decisions its peek changed, and only those, differ."""
    cheats.install(monkeypatch)
    monkeypatch.setattr(cheats.PeekingCpu, "peeks", 0)
    peeking = play(SEEDS[:1], cheats.PeekingCpu)
    found = differences(peeking.seats, decided_afresh("peeking", peeking.seats))
    assert cheats.PeekingCpu.peeks > 0
    assert len(found) == cheats.PeekingCpu.peeks and all(mine[0] == "Discard" for _, _, mine, _ in found)


def shuffled_answers(states: list, agent=CpuAgent, count: int = STATES, stop_at_first: bool = False):
    """For ``count`` of the states (spread over all), the seat's answer on its view and on its
    shuffled twin's: (states checked, how many twins changed what others hold, the differing
    answers as (strength, mine, theirs))."""
    rng = random.Random(9)
    agents = {s: agent(s) for s in ("weak", "normal", "strong")}
    checked = differing = 0
    found = []
    for i in range(count):
        played, events, seat = states[i * len(states) // count]
        here = Round.replay(played.setup, played.events[:events])
        there = twin(here, seat, rng)
        others = [s for s in range(4) if s != seat]
        differing += any(sorted(here.hands[s]) != sorted(there.hands[s]) for s in others)
        view, twin_view = here.view(seat), there.view(seat)
        assert public(view) == public(twin_view)
        strength = ("weak", "normal", "strong")[i % 3]
        mine = run_to_end(agents[strength].act(view))
        theirs = run_to_end(agents[strength].act(twin_view))
        checked += 1
        if mine != theirs:
            found.append((strength, mine, theirs))
            if stop_at_first:
                break
    return checked, differing, found


def test_decisions_do_not_change_when_hidden_tiles_are_shuffled(states):
    checked, differing, found = shuffled_answers(states)
    assert not found, found[:3]
    assert checked >= STATES
    assert differing >= STATES * 0.9  # the shuffles really changed what others hold


def test_the_shuffle_catches_a_cpu_that_reads_who_else_may_claim(states):
    _, _, found = shuffled_answers(states, cheats.ListeningCpu, stop_at_first=True)
    assert found, "the listening CPU answered every twin alike"
    _, mine, theirs = found[0]
    assert Pass() in (mine, theirs) and any(isinstance(a, (Chi, Pon)) for a in (mine, theirs))


def test_the_shuffle_alone_cannot_see_a_cpu_that_peeks_through_a_module_global(states, monkeypatch):
    """Why the check from the mjai events is needed beside this one (see the module)."""
    cheats.install(monkeypatch)
    monkeypatch.setattr(cheats.PeekingCpu, "peeks", 0)
    _, _, found = shuffled_answers(states, cheats.PeekingCpu, count=200)
    assert cheats.PeekingCpu.peeks > 0 and not found


def test_the_cpu_package_never_touches_a_round():
    """The CPU modules take from the round's modules only the action classes (and the kuikae rule),
    and from the match only its place by points (a function of the scores every seat sees)."""
    allowed = {"game.rules.actions": {"Action", "AddedKan", "Chi", "ClosedKan", "Discard", "NineTerminals", "Nuki", "OpenKan", "Pass",
                                      "Pon", "Riichi", "Ron", "Tsumo"},
               "game.rules.claims": {"kuikae_kinds"}, "game.rules.match": {"place_of"}}
    rounds = ("game.rules.round", "game.rules.actions", "game.rules.events", "game.rules.turns", "game.rules.claims",
              "game.rules.kans", "game.rules.wins", "game.rules.state")
    for path in sorted(CPU_DIR.rglob("*.py")):  # the policies too
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in (*rounds, "game.play.driver", "game.rules.match",
                                                                    "game.rules.wall", "game.replay.door"):
                names = {alias.name for alias in node.names}
                assert node.module in allowed and names <= allowed[node.module], (path.name, node.module, names)
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith((*rounds, "game.play.driver", "game.rules.wall")) for a in node.names)
