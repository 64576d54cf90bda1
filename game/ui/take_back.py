"""Take back (practice): the player's last cut undone, the round as it stood before it.

With the HINTS setting at AFTER CUT the table judges each cut against the hint once it is made
(game/coach/practice.py): the better cut is seen one moment too late to try it. A take-back gives
that moment. Once the cut's verdict is in, and until the player answers again with more than a
pass (in the same round, its result pages included), the corner says U:TAKE BACK (on a result
page, the bottom line beside Z: NEXT), and U or Backspace, a click (a tap) on those words, or the
pause menu's TAKE BACK (a gamepad's way) plays the game again from its seed up to just before that
cut, as CONTINUE brings a save back (``save.resume`` and ``save.catch_up``: the driver's own
decisions, a few steps a frame; the seats as the table seats them), and the table goes on from
there: the same question is asked again, and the CPUs answer the new cut as they would have.

The game is practice from then on: its save and its log count the take-backs (the log's
``"practice": {"take_backs": N}``), and the log is the game as it was played after them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pyxel

from engine.buttons import Buttons
from engine.scheduler import Task
from engine.tasks import TaskGen
from game.coach.practice import last_cut
from game.data import save
from game.data.settings import PRACTICE
from game.rules.actions import Action, Discard, Pass, Riichi
from game.ui import board

KEYS = (pyxel.KEY_U, pyxel.KEY_BACKSPACE)
NOTE = "U:TAKE BACK"  # the corner's note, on the table
FOOTER = "U: TAKE BACK"  # on a result page, beside Z: NEXT
MENU_ITEM = "TAKE BACK"  # the pause menu's line
BUSY_NOTE = "TAKING BACK..."


class TakeBack:
    """The table's take-back: offered after a cut in practice, and the game played again to
    just before it."""

    def __init__(self, table: Any, seat_agents: Callable[..., list]) -> None:
        """``table``: the table scene (game/ui/table.py); ``seat_agents(settings, player,
        wiring)``: how it seats a game, for the game played again."""
        self.table = table
        self.seat_agents = seat_agents
        self.round: object = None  # the round of the player's last cut, while it may be taken back
        self.task: Task | None = None  # the game being played again

    def answered(self, action: Action) -> None:
        """The player answered ``action``: a cut may be taken back; any answer but a pass (a
        call, a kan, a win) ends the offer of the cut before it."""
        if isinstance(action, (Discard, Riichi)):
            self.round = self.table.game.round
        elif not isinstance(action, Pass):
            self.round = None

    @property
    def busy(self) -> bool:
        """The game is being played again: the table takes no other answer meanwhile."""
        return self.task is not None

    @property
    def offered(self) -> bool:
        """A take-back may be asked for now: practice, the cut's verdict in, its round still on
        the table (or its results on screen), and the cut the player's last answer but passes."""
        table = self.table
        return (self.task is None and table.settings.hints == PRACTICE and table.saver is not None
                and self.round is not None and self.round is table.game.round
                and table.hint.judging is None and last_cut(table.game.decisions, table.player) is not None)

    def note_line(self) -> int:
        """The corner's line the note takes: after the chooser's own note (UP:BUTTONS), if any."""
        return len(self.table.chooser.notes())

    def update(self, buttons: Buttons) -> bool:
        """Start the take-back on a press or a click, and change to the table played again
        once it is; whether the table is busy with it (then it reads no other button)."""
        if self.task is not None:
            if self.task.done:
                self.finish()
            return True
        if not self.offered:
            return False
        results = self.table.results
        if results is not None:
            clicked = results.on_also(buttons)
        else:
            clicked = buttons.clicked_in(*board.note_box(self.note_line(), NOTE))
        if clicked or any(pyxel.btnp(key) for key in KEYS):
            self.start()
            return True
        return False

    def start(self) -> None:
        """Stop the game on the table where it stands and play it again from its seed to just
        before the player's last cut."""
        table = self.table
        decisions = tuple(table.game.decisions)
        before = last_cut(decisions, table.player)
        table.task.cancel()  # the game on the table plays no further: no CPU moves, no save
        table.hint.stop()
        saver = table.saver
        again = save.SavedGame(table.seed_code, saver.settings, decisions[:before], saver.take_backs + 1)
        self.task = table.cart.spawn(self.played_again(again), "take back")

    def played_again(self, saved: save.SavedGame) -> TaskGen[save.Continued]:
        """Task: ``saved`` played again to its end, seated as the table seats a game."""
        table = self.table
        agents = self.seat_agents(table.settings, table.player, table.wiring)
        game = save.resume(saved, agents, pace=save.until_shown)
        play = game.play()
        yield from save.catch_up(game, play)
        return save.Continued(saved, game, play)

    def finish(self) -> None:
        """The table again, on the game played back to the question (the cartridge has said
        why, when it could not be played again: then the title, whose CONTINUE has the last save)."""
        table, task = self.table, self.task
        if task.state == Task.DONE:
            continued = task.result
            table.cart.change(type(table), continued.saved.seed, table.settings, False, continued, table.wiring)
        else:
            table.cart.restart()

    def menu_item(self) -> Callable[[], None] | None:
        """The pause menu's TAKE BACK, while one is offered."""
        return self.start if self.offered else None

    def footer(self) -> str:
        """The result page's offer beside Z: NEXT ("" while none)."""
        return FOOTER if self.offered else ""

    def notes(self) -> list[str]:
        """The corner's note: the offer, or that the game is being played again."""
        if self.busy:
            return [BUSY_NOTE]
        return [NOTE] if self.offered else []
