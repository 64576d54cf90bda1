"""The player's settings: one small value the menus change and a save can persist.

Pure Python (no pyxel): the settings menu cycles each field through its choices, the table
reads them, and ``as_dict``/``from_dict`` are what a save file holds. Unknown or malformed
entries in a saved dict fall back to the defaults, one field at a time, so a corrupt save
never stops the game.

    >>> s = Settings()
    >>> s.ruleset().east_south, s.ruleset().red_fives
    (True, True)
    >>> s = s.cycled("length")
    >>> s.length, s.ruleset().east_south
    ('east', False)
    >>> Settings.from_dict({"cpu_speed": "fast", "hints": "maybe"}) == Settings(cpu_speed="fast")
    True
    >>> Settings(cpu_strength="weak").strength_line
    'FAST HANDS ONLY, RIICHI ALWAYS'
    >>> Settings(players=3).ruleset().players, Settings(players=3, length="east").ruleset().start_points
    (3, 35000)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from game.rules.ruleset import TENHOU, TENHOU_SANMA, Ruleset

PRACTICE = "after cut"  # the hints' practice setting: the hint's tile only once the player has cut

# Each field's choices, in the order the menu cycles them; the first is the default.
CHOICES: dict[str, tuple[Any, ...]] = {
    "red_fives": (True, False),
    "length": ("east-south", "east"),
    "cpu_strength": ("strong", "normal", "weak"),
    "cpu_speed": ("normal", "fast", "slow"),
    "hints": (True, PRACTICE, False),
    "call_prompts": (True, False),
    "players": (4, 3),  # 3: Tenhou's three-player game (game.rules.ruleset.TENHOU_SANMA); last, a new line
}
# What each CPU strength does, in one line the settings menu shows (30 characters at most:
# the screen's width less a margin). game/cpu/strength.py holds what each one considers.
STRENGTH_LINES = {
    "strong": "FOLDS WISELY, PLAYS THE SCORE",
    "normal": "VALUE AND CALLS, NEVER FOLDS",
    "weak": "FAST HANDS ONLY, RIICHI ALWAYS",
}
# What a game keeps as it began, whatever the settings say later: its rules and its CPUs. The
# rest (hints, CPU speed, call prompts) are the player's preferences and follow the settings.
GAME_FIELDS = ("red_fives", "length", "players", "cpu_strength")
# How long a CPU's turn lasts at least, in frames, by speed (the table's pace).
CPU_TURN_FRAMES = {"slow": 24, "normal": 12, "fast": 0}
# How long a callout (RIICHI, PON, RON ...) stays to be read, in frames, by speed.
CALLOUT_FRAMES = {"slow": 36, "normal": 24, "fast": 15}


@dataclass(frozen=True)
class Settings:
    red_fives: bool = True
    length: str = "east-south"
    cpu_strength: str = "strong"
    cpu_speed: str = "normal"
    hints: bool | str = True  # True, PRACTICE or False
    call_prompts: bool = True  # False: chi/pon/kan prompts are passed (never tsumo or ron)
    players: int = 4  # 3: Tenhou's three-player game

    def ruleset(self, base: Ruleset | None = None) -> Ruleset:
        """The rules of a new game with these settings (on Tenhou's four- or three-player
        rules by ``players``, unless a ``base`` is given)."""
        if base is None:
            base = TENHOU_SANMA if self.players == 3 else TENHOU
        return replace(base, red_fives=self.red_fives, east_south=self.length == "east-south")

    @property
    def strength_line(self) -> str:
        """The chosen CPU strength in one line (the settings menu shows it)."""
        return STRENGTH_LINES[self.cpu_strength]

    @property
    def cpu_turn_frames(self) -> int:
        return CPU_TURN_FRAMES[self.cpu_speed]

    @property
    def callout_frames(self) -> int:
        return CALLOUT_FRAMES[self.cpu_speed]

    def for_game(self, began: Settings) -> Settings:
        """These settings for a game that ``began`` with others: its rules and CPUs as it
        began (``GAME_FIELDS``), the preferences as they are now.

            >>> now = Settings(hints=False, cpu_speed="fast")
            >>> now.for_game(Settings(length="east", hints=True))
            Settings(red_fives=True, length='east', cpu_strength='strong', cpu_speed='fast', hints=False, call_prompts=True, players=4)
        """
        return replace(self, **{name: getattr(began, name) for name in GAME_FIELDS})

    def cycled(self, name: str, step: int = 1) -> Settings:
        """The settings with ``name`` moved ``step`` places through its choices."""
        choices = CHOICES[name]
        here = choices.index(getattr(self, name))
        return replace(self, **{name: choices[(here + step) % len(choices)]})

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, saved: object) -> Settings:
        """Settings from a saved dict; any missing or unknown value keeps its default."""
        if not isinstance(saved, dict):
            return cls()
        chosen = {f.name: saved[f.name] for f in fields(cls)
                  if f.name in saved and _is_choice(saved[f.name], CHOICES[f.name])}
        return cls(**chosen)


def _is_choice(value: object, choices: tuple[Any, ...]) -> bool:
    """``value`` is one of ``choices`` and of the same type (1 is not True)."""
    return any(type(value) is type(c) and value == c for c in choices)
