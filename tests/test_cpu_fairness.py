"""Fair play: a CPU decides from what its seat may see, and nothing else.

Games are played by the driver with CPU seats; at every decision the state is recorded (the
round and how many of its events had happened). For over a thousand of those states a twin
round is built in which everything the seat cannot see is shuffled: the other players'
concealed tiles, the live wall's order, the dead wall's hidden tiles. The twin's view for the
seat must be the same view (all but ``awaiting``, which the table shows but no CPU reads) while
the hidden tiles differ, and the CPU of every strength must answer the same.
"""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest

from engine.tasks import run_to_end
from game.cpu import CpuAgent
from game.play import Game
from game.rules.events import Answered, Dealt, Drew
from game.rules.round import Round
from game.rules.view import PlayerView
from game.rules.wall import Wall

STATES = 1000
CPU_DIR = Path(__file__).resolve().parent.parent / "game" / "cpu"


class Recording:
    """A CPU seat that remembers where each of its decisions was taken."""

    def __init__(self, strength: str, states: list, game_ref: list) -> None:
        self.cpu = CpuAgent(strength)
        self.name = self.cpu.name
        self.states = states
        self.game_ref = game_ref

    def act(self, view: PlayerView):
        assert type(view) is PlayerView
        rnd = self.game_ref[0].round
        self.states.append((rnd, len(rnd.events), view.seat))
        return (yield from self.cpu.act(view))


def played_states(seeds: list[str]) -> list[tuple[Round, int, int]]:
    states: list = []
    for i, seed in enumerate(seeds):
        ref: list = []
        strengths = ("strong", "normal", "weak", "strong")
        game = Game([Recording(strengths[(s + i) % 4], states, ref) for s in range(4)], seed)
        ref.append(game)
        run_to_end(game.play())
    return [s for s in states if len(s[0].events) > s[1]]  # the decision was applied


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
def states():
    found = played_states(["FAIRPLAY01", "FAIRPLAY02"])
    assert len(found) >= STATES
    return found


def test_decisions_do_not_change_when_hidden_tiles_are_shuffled(states):
    rng = random.Random(9)
    agents = {s: CpuAgent(s) for s in ("weak", "normal", "strong")}
    checked = differing = 0
    for i in range(STATES):
        played, count, seat = states[i * len(states) // STATES]
        here = Round.replay(played.setup, played.events[:count])
        there = twin(here, seat, rng)
        others = [s for s in range(4) if s != seat]
        differing += any(sorted(here.hands[s]) != sorted(there.hands[s]) for s in others)
        view, twin_view = here.view(seat), there.view(seat)
        assert public(view) == public(twin_view)
        strength = ("weak", "normal", "strong")[i % 3]
        mine = run_to_end(agents[strength].act(view))
        theirs = run_to_end(agents[strength].act(twin_view))
        assert mine == theirs, (strength, view)
        checked += 1
    assert checked >= STATES
    assert differing >= STATES * 0.9  # the shuffles really changed what others hold


def test_the_cpu_package_never_touches_a_round():
    """The CPU modules take from the round's modules only the action classes (and the kuikae rule)."""
    allowed = {"game.rules.actions": {"AddedKan", "Chi", "ClosedKan", "Discard", "NineTerminals", "OpenKan", "Pass",
                                      "Pon", "Riichi", "Ron", "Tsumo"},
               "game.rules.claims": {"kuikae_kinds"}}
    rounds = ("game.rules.round", "game.rules.actions", "game.rules.events", "game.rules.turns", "game.rules.claims",
              "game.rules.kans", "game.rules.wins", "game.rules.state")
    for path in sorted(CPU_DIR.glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in (*rounds, "game.play", "game.rules.match",
                                                                    "game.rules.wall", "game.replay"):
                names = {alias.name for alias in node.names}
                assert node.module in allowed and names <= allowed[node.module], (path.name, node.module, names)
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith((*rounds, "game.play", "game.rules.wall")) for a in node.names)
