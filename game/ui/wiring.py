"""What the scenes are wired to: the CPUs that take the seats, the coach the hint asks, the seeds,
the sounds of a round, and where saves, settings and logs are kept.

``main.py`` plays with the defaults (``WIRING``). A test wires the title to something else (a
quicker CPU, a slower coach, a fixed seed) by the title's constructor, and each scene passes its
wiring on to the scenes it opens (the table, the loading screen, the demo), so no test reaches
into a module to swap a function.

    >>> WIRING.cpu("weak").name, len(WIRING.new_seed_code()) >= 8
    ('cpu:weak', True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.tasks import TaskGen
from game.coach.hint import Hint, analyse
from game.coach.practice import CutVerdict, judge_cut
from game.cpu import CpuAgent
from game.play.driver import Agent
from game.rules.wall import new_seed_code
from game.data.logs import Shelf
from game.data.storage import Storage
from game.ui import saving, sound


@dataclass(frozen=True)
class Wiring:
    """The parts a table is played with (see the module)."""

    cpu: Callable[[str], Agent] = CpuAgent  # the CPU seat of a strength
    analyse: Callable[..., TaskGen[Hint | None]] = analyse  # the hint (game.coach.hint.analyse)
    judge_cut: Callable[..., TaskGen[CutVerdict]] = judge_cut  # practice's verdict (game.coach.practice)
    new_seed_code: Callable[[], str] = new_seed_code  # NEW GAME's and the demo's seed
    play_sound: Callable[[str], None] = sound.play  # the table's sounds: the round's events, the buttons
    storage: Callable[[], Storage] = saving.storage  # the save's and the settings' (a test's fsync may be slow)
    shelf: Callable[[], Shelf | None] = saving.shelf  # the logs'


WIRING = Wiring()
