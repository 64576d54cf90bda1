"""JSON read as a task (``game.records.json_steps``) gives what ``json.loads`` gives, refuses
what it refuses, and reads a long document in many steps of 2 KiB each."""

from __future__ import annotations

import json
import random

import pytest

from engine.tasks import run_to_end
from game.records import json_steps


def random_value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(8 if depth < 4 else 5)
    if kind == 0:
        return rng.randrange(-10**6, 10**6)
    if kind == 1:
        return rng.random() * 1e6
    if kind == 2:
        return rng.choice([True, False, None])
    if kind == 3:
        return "".join(rng.choice('ab "\\\n\u00e9\u5357') for _ in range(rng.randrange(6)))
    if kind == 4:
        return ""
    if kind in (5, 6):
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(5))]
    return {f"k{rng.randrange(9)}": random_value(rng, depth + 1) for _ in range(rng.randrange(5))}


def steps_and_value(text: str) -> tuple[int, object]:
    task = json_steps.read_task(text)
    steps = 0
    while True:
        try:
            next(task)
        except StopIteration as stop:
            return steps, stop.value
        steps += 1


def test_any_document_reads_as_json_loads_reads_it():
    rng = random.Random(44)
    for _ in range(500):
        value = random_value(rng)
        text = json.dumps(value, indent=rng.choice([None, 1]), ensure_ascii=rng.random() < 0.5)
        assert run_to_end(json_steps.read_task(text)) == json.loads(text)


def test_whatever_json_loads_refuses_is_refused():
    rng = random.Random(45)
    refused = 0
    for _ in range(500):
        text = json.dumps({"log": [random_value(rng) for _ in range(3)], "x": random_value(rng)})
        cut = text[: rng.randrange(len(text))] + rng.choice(["", "}", "]", ",", "x", " 1"])
        try:
            expected = json.loads(cut)
        except ValueError:
            refused += 1
            with pytest.raises(ValueError):
                run_to_end(json_steps.read_task(cut))
        else:
            assert run_to_end(json_steps.read_task(cut)) == expected
    assert refused > 400


def test_a_long_document_is_read_a_few_kib_a_step():
    decisions = [[i % 4, "Discard", i % 136] for i in range(15_000)]
    text = json.dumps({"format": "x", "decisions": decisions}, separators=(",", ":"))
    steps, value = steps_and_value(text)
    assert value == json.loads(text)
    longest_piece = max(len(json.dumps(d, separators=(",", ":"))) for d in decisions) + 1
    assert steps >= len(text) // (json_steps.STEP_CHARS + longest_piece)
    assert steps <= len(text) // json_steps.STEP_CHARS + 1
