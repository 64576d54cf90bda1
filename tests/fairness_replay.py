"""The fairness test's other half: decide again from a seat's mjai events alone, in a fresh
interpreter (tests/test_cpu_fairness.py runs it).

    python tests/fairness_replay.py AGENT < streams.json > decisions.json

Each stream is what one seat was sent in one game: ``{"strength", "lines", "asks"}``, the mjai
events in order and, for each decision the seat made, how many of them it had been sent by
then. A ``game.mjai.tracker.MjaiTracker`` folds the lines, and at each ask the seat's agent
decides on the view the tracker rebuilt; the answer is written as ``signature`` writes it
(tile names, not ids: the tracker picks its own copies). Nothing of the game it came from
exists in this process: no round, no wall, no other seat's hand.

AGENT: ``cpu`` (``game.cpu.CpuAgent``) or ``peeking`` (tests/cheats.py's cheat, installed).
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def signature(action) -> list:
    """An action as names: its class, then its fields, tiles by mjai name (red fives apart)."""
    from game.mjai.protocol import tile_name

    said: list = [type(action).__name__]
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if field.name == "tile":
            value = tile_name(value)
        elif field.name == "tiles":
            value = sorted(tile_name(t) for t in value)
        said.append(value)
    return said


def agent_of(kind: str, strength: str):
    from game.cpu import CpuAgent

    if kind == "cpu":
        return CpuAgent(strength)
    import cheats

    cheats.install()
    return cheats.PeekingCpu(strength)


def decide(kind: str, stream: dict) -> list[list]:
    from engine.tasks import run_to_end
    from game.mjai.tracker import MjaiTracker

    tracker, agent = MjaiTracker(), agent_of(kind, stream["strength"])
    folded, answers = 0, []
    for ask in stream["asks"]:
        for line in stream["lines"][folded:ask]:
            tracker.update(line)
        folded = ask
        answers.append(signature(run_to_end(agent.act(tracker.view()))))
    return answers


def main() -> int:
    kind = sys.argv[1]
    streams = json.load(sys.stdin)
    json.dump([decide(kind, stream) for stream in streams], sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
