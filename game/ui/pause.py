"""The pause menu (Esc or Enter at the table): RESUME, SETTINGS, QUIT TO TITLE, and in practice
TAKE BACK while the table offers one (game/ui/take_back.py).

Quitting asks once more (O: yes, any other button: no; the table keeps the game's log as it
stands, and the title comes once the writer has written it, the save and the settings:
SAVING... if that takes more than a frame); Esc resumes. SETTINGS opens the settings menu (game/ui/settings.py) over the paused
game. A click (a tap) on a line takes it, and on an answer of the question answers it.
"""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from engine.buttons import ALL as ALL_BUTTONS
from engine.buttons import DOWN, UP, O
from engine.cartridge import SAVING, Cartridge
from engine.scheduler import Task
from engine.target import BLACK, DARK_BLUE, DARK_GREY, LIGHT_GREY, ORANGE, WHITE, YELLOW
from game.data.settings import Settings
from game.ui import paint
from game.ui.settings import SettingsMenu, settings_of
from game.ui.standings import draw_seed
from game.ui.wiring import WIRING, Wiring

MENU_X, MENU_Y, LINE = 20, 40, 10
PAUSE_ITEMS = ("RESUME", "SETTINGS", "QUIT TO TITLE")
TAKE_BACK = "TAKE BACK"  # after RESUME, while the table offers one
ANSWERS = (f"{paint.OK_KEY}: QUIT", "OTHER: STAY")


def row_box(i: int) -> tuple[int, int, int, int]:
    """Where menu line ``i`` lies (x, y, w, h), for a click."""
    return 0, MENU_Y + i * LINE - 2, 128, LINE


def answer_boxes() -> tuple[tuple[int, int, int, int], ...]:
    """The boxes of the question's answers (quit, stay), for a click."""
    return paint.answer_boxes(89, ANSWERS)


class PauseMenu:
    """RESUME, (TAKE BACK,) SETTINGS, QUIT TO TITLE (asked once more); ``closed`` on resume."""

    def __init__(self, cart: Cartridge, settings: Settings, seed_code: str,
                 on_quit: Callable[[], Task | None] | None = None, wiring: Wiring = WIRING,
                 players: int = 4, take_back: Callable[[], None] | None = None) -> None:
        """``players``: the game's seats, said beside its seed code (3P); ``take_back``: the
        table's take-back, while it offers one (its line follows RESUME)."""
        self.cart = cart
        self.wiring = wiring  # where a setting changed here is saved
        self.players = players
        self.on_quit = on_quit  # told before the title returns: its task (the table keeping the game's log) ends first
        self.quitting: Task | None = None
        self.quit_frames = 0  # frames the quitting task has taken: past one, SAVING... is said
        if not hasattr(cart, "settings"):
            cart.settings = settings
        self.seed_code = seed_code
        self.take_back = take_back
        self.items = PAUSE_ITEMS[:1] + (TAKE_BACK,) * (take_back is not None) + PAUSE_ITEMS[1:]
        self.chosen = 0
        self.confirming = False
        self.settings_menu: SettingsMenu | None = None
        self.closed = False

    @property
    def settings(self) -> Settings:
        return settings_of(self.cart)

    def update(self) -> None:
        buttons = self.cart.buttons
        if self.settings_menu is not None:
            self.settings_menu.update()
            if self.settings_menu.closed:
                self.settings_menu = None
            return
        if self.quitting is not None:
            self.quit_frames += 1
            if self.quitting.done:
                self.cart.restart()
            return
        if self.confirming:
            if buttons.pressed(O) or buttons.clicked_in(*answer_boxes()[0]):
                self.quitting = self.on_quit() if self.on_quit is not None else None
                if self.quitting is None:
                    self.cart.restart()
            elif any(buttons.pressed(b) for b in ALL_BUTTONS) or buttons.clicked():
                self.confirming = False
            return
        if any(pyxel.btnp(k) for k in (pyxel.KEY_ESCAPE, pyxel.GAMEPAD1_BUTTON_START)):
            self.closed = True
            return
        if buttons.repeat(UP):
            self.chosen = (self.chosen - 1) % len(self.items)
        if buttons.repeat(DOWN):
            self.chosen = (self.chosen + 1) % len(self.items)
        clicked = next((i for i in range(len(self.items)) if buttons.clicked_in(*row_box(i))), None)
        if clicked is not None:
            self.chosen = clicked
            self.pick(self.items[clicked])
        elif buttons.pressed(O) or pyxel.btnp(pyxel.KEY_RETURN):
            self.pick(self.items[self.chosen])

    def pick(self, item: str) -> None:
        if item == "RESUME":
            self.closed = True
        elif item == TAKE_BACK:
            self.closed = True
            self.take_back()
        elif item == "SETTINGS":
            self.settings_menu = SettingsMenu(self.cart, self.wiring)
        else:
            self.confirming = True

    def draw(self) -> None:
        if self.settings_menu is not None:
            self.settings_menu.draw()
            return
        pyxel.cls(BLACK)
        paint.big_text_centered(12, "PAUSE", ORANGE)
        for i, item in enumerate(self.items):
            y = MENU_Y + i * LINE
            here = i == self.chosen
            if here:
                paint.text(MENU_X - 8, y, ">", YELLOW)
            paint.text(MENU_X, y, item, WHITE if here else LIGHT_GREY)
        if self.confirming:
            pyxel.rect(8, 78, 112, 20, DARK_BLUE)
            pyxel.rectb(8, 78, 112, 20, YELLOW)
            paint.text_centered(82, "QUIT THIS GAME?", WHITE)
            if self.quitting is not None and self.quit_frames > 1:  # answered: the writer is at work
                paint.text_centered(90, SAVING, YELLOW)
            else:
                for (x, y, _, _), text in zip(answer_boxes(), ANSWERS):
                    paint.text(x + 1, y + 1, text, YELLOW)
        draw_seed(108, self.seed_code, players=self.players)
        paint.text_centered(120, "ESC: RESUME", DARK_GREY)
