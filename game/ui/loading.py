"""The loading screen: a saved game brought back (the title's CONTINUE), then the table.

Bringing a save back is thinking like any other: a task on the cartridge's scheduler
(``save.read_game_task``) reads the save a few decisions a step, checks that its decisions fit
its seed and plays them again through the driver, seated as the table seats a game
(``table.seat_agents``), by the rules and CPUs the game began with and today's preferences
(``Settings.for_game``). No frame waits for it however long the game is; this screen shows how
far it has got. The table then takes the game standing where it was saved (``TableScene``'s
``continued``): no earlier round is played again on screen.

Past the last saved decision the game holds (``save.until_shown``) until the table gives it its own
pace: the table decides what follows (a CPU's turn lasting a moment, the results waiting to
be read), as it does in any game.

A save that cannot be continued (damaged, another version, moves that do not fit its seed) is
set aside as ``*.bad`` by ``save.read_game_task``; this screen goes back to the title (the
scene class it was given) with one line saying so, and the whole story on stderr.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import pyxel

from engine.cartridge import Cartridge
from engine.scheduler import Task
from engine.target import DARK_BLUE, DARK_GREY, LIGHT_GREY, ORANGE, WHITE
from engine.tasks import TaskGen
from game.data import save
from game.play.driver import Agent, player_seat
from game.rules.errors import InputError
from game.ui import paint, saving, sound
from game.ui.settings import settings_of
from game.ui.table import TableScene, seat_agents
from game.ui.wiring import WIRING, Wiring

TITLE_Y = 40
LINE_Y = 56
BAR = (24, 66, 80, 7)  # x, y, w, h: the share of the saved decisions played again
SHARE_Y = 76


def set_aside_line(error: InputError) -> str:
    """The title's one line for a save that could not be continued.

        >>> set_aside_line(save.BadSave("the saved game is version 7 ...", "VERSION 7"))
        'SAVE VERSION 7: SET ASIDE'
        >>> set_aside_line(InputError("cannot read game: permission denied"))
        'SAVE UNREADABLE'
    """
    return f"SAVE {error.short}: SET ASIDE" if isinstance(error, save.BadSave) else "SAVE UNREADABLE"


class LoadingScene:
    def __init__(self, cart: Cartridge, back: Callable[..., object], wiring: Wiring = WIRING) -> None:
        """``back(cart, message)`` builds the scene to return to when there is no game to
        continue (the title); ``wiring``: what the game is played with (game/ui/wiring.py)."""
        self.cart = cart
        self.back = back
        self.wiring = wiring
        self.settings = settings_of(cart)  # for the table: set to the saved game's once it is read
        self.task: Task = cart.spawn(self.bring_back(), "continue")

    def bring_back(self) -> TaskGen[save.Continued | InputError | None]:
        """Task: the saved game played again to where it was saved (None: no save any more);
        the error, as a result, when it cannot be (BadSave: set aside; the storage's own
        StorageError: left where it is)."""
        try:
            storage = saving.handed(self.cart, self.wiring)  # read beside the frames, after any write
            return (yield from save.read_game_task(storage, self.seats, pace=save.until_shown))
        except InputError as error:
            return error

    def seats(self, saved: save.SavedGame) -> list[Agent]:
        """The saved game's seats, as the table seats them."""
        self.settings = settings_of(self.cart).for_game(saved.settings)  # its rules, today's preferences
        return seat_agents(self.settings, player_seat(saved.seed, seats=self.settings.players), self.wiring)

    def update(self) -> None:
        if not self.task.done:
            return
        result = self.task.result if self.task.state == Task.DONE else None  # FAILED: the cartridge says why
        if isinstance(result, save.Continued):
            sound.stop()
            self.cart.change(TableScene, result.saved.seed, self.settings, False, result, self.wiring)
            return
        message = ""
        if isinstance(result, InputError):
            print(f"picoriichi: {result}", file=sys.stderr)  # the whole story, for whoever looks
            message = set_aside_line(result)
        self.cart.change(self.back, message)

    def draw(self) -> None:
        pyxel.cls(DARK_BLUE)
        paint.big_text_centered(TITLE_Y, "LOADING", ORANGE)
        paint.text_centered(LINE_Y, "YOUR SAVED GAME", LIGHT_GREY)
        x, y, w, h = BAR
        pyxel.rectb(x, y, w, h, WHITE)
        share = self.task.progress if self.task.state != Task.FAILED else 0.0
        pyxel.rect(x + 1, y + 1, round((w - 2) * share), h - 2, ORANGE)
        paint.text_centered(SHARE_Y, f"{int(share * 100)}%", DARK_GREY)
