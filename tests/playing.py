"""A scripted player for table tests: reads the screen's state and presses the keys a player would.

It follows the hint: on its turn it takes TSUMO, then RIICHI (and the first discard riichi
allows), else throws the suggested tile; offered a discard it takes RON, then a call if
``calls`` allows (one chi or pon per round at most), else PASS. Results pages are read with
O once the guard lets it. Every choice goes through the buttons, one press per two frames.
"""

from __future__ import annotations

import pyxel

from game.round import Chi, Pon, Ron, Tsumo
from game.ui import hands, prompts

O_KEY, LEFT_KEY, RIGHT_KEY, UP_KEY = pyxel.KEY_Z, pyxel.KEY_LEFT, pyxel.KEY_RIGHT, pyxel.KEY_UP


class ScriptedPlayer:
    def __init__(self, calls: bool = True) -> None:
        self.calls = calls
        self.called_rounds: set[int] = set()

    def key(self, table) -> int | None:
        """The key to press now (None: nothing to do this frame)."""
        if table.results is not None:
            return O_KEY if table.results.ready else None
        chooser = table.chooser
        view = chooser.asked
        if view is None or table.human.asking is None:
            return None
        if chooser.focus == "bar":
            return self.bar_key(table, chooser, view)
        return self.hand_key(table, chooser, view)

    def bar_key(self, table, chooser, view) -> int:
        want = self.wanted_option(table, chooser.options)
        if chooser.chosen != want:
            return RIGHT_KEY
        choice = chooser.options[want].choice
        if isinstance(choice, (Chi, Pon)):
            self.called_rounds.add(len(table.game.rounds))
        return O_KEY

    def wanted_option(self, table, options: list[prompts.Option]) -> int:
        order = [lambda c: isinstance(c, (Tsumo, Ron)), lambda c: c == prompts.CHOOSE_RIICHI]
        if self.calls and len(table.game.rounds) not in self.called_rounds:
            order.append(lambda c: isinstance(c, (Pon, Chi)))
        order += [lambda c: c == prompts.CHOOSE_DISCARD, lambda c: isinstance(c, prompts.Pass)]
        for wanted in order:
            for i, option in enumerate(options):
                if wanted(option.choice):
                    return i
        return 0

    def hand_key(self, table, chooser, view) -> int | None:
        tiles = hands.hand_in_order(view.hand, view.drawn)
        allowed = chooser.selectable(view)
        if not allowed:
            return None
        if table.hint.task is not None:
            return None  # the hint is being worked out: wait for it
        hint = table.hint.hint
        target = hint.discard if hint is not None and hint.discard in allowed else None
        if target is None:
            target = tiles[chooser.first_selectable(view)]
        index = tiles.index(target)
        if chooser.cursor == index:
            return O_KEY
        return LEFT_KEY if chooser.cursor > index else RIGHT_KEY
