"""What the screens say (issue 23): the button by the key a keyboard player presses (Z, never
"O"), the dora by one word with the dora itself shown, the game-over page's figures, and
limit hands' fu. Each is read back from the screen buffer, painted alone beside it."""

from __future__ import annotations

import re

import pyxel
from stepping import press, screen, step

from engine.buttons import Buttons
from engine.target import BLACK, DARK_BLUE, LIGHT_GREY, WIDTH, YELLOW
from engine.tasks import run_to_end
from game.data.settings import Settings
from game.play import fallback
from game.rules.match import Match
from game.rules.round import Round
from game.rules.wall import Shuffler, Wall, seed_words
from game.ui import paint
from game.ui.pause import PauseMenu
from game.ui.results import GUARD_FRAMES, ResultsPanel
from game.ui.standings import StandingsScene
from game.rules.match import Standing

CODE = "WORDS00001"


def band(pixels: bytes, y: int, h: int = 6) -> bytes:
    return pixels[y * WIDTH : (y + h) * WIDTH]


def text_shown(y: int, text: str, colour: int, background: int, inside: range = range(WIDTH)) -> bool:
    """The band at ``y`` on screen shows ``text`` centred in ``colour``, pixel for pixel
    (in the columns ``inside``)."""
    shown = screen()
    pyxel.cls(background)
    paint.text_centered(y, text, colour)
    alone = screen()
    return all((band(shown, y)[r * WIDTH + x] == colour) == (band(alone, y)[r * WIDTH + x] == colour)
               for r in range(6) for x in inside)


def finished_round(code: str = CODE) -> Round:
    shuffle = run_to_end(Shuffler(seed_words(code)).round_task())
    rnd = Round.start(Wall(shuffle.wall, shuffle.dice), dealer=0)
    while not rnd.over:
        seat = rnd.awaiting()[0]
        rnd.apply(seat, fallback(rnd.view(seat)))
    return rnd


class Recorder:
    """Every string ``pyxel.text`` draws while it is installed."""

    def __init__(self, monkeypatch) -> None:
        self.texts: list[str] = []
        original = pyxel.text

        def text(x, y, s, col, *rest):
            self.texts.append(str(s))
            return original(x, y, s, col, *rest)

        monkeypatch.setattr(pyxel, "text", text)


def test_the_buttons_are_named_by_the_key_z_on_every_screen(pyxel_headless, make_cart, monkeypatch):
    recorder = Recorder(monkeypatch)
    panel = ResultsPanel(finished_round(), player=0, match=Match())
    panel.frames = GUARD_FRAMES + 1
    panel.draw()
    assert text_shown(122, "Z: NEXT", LIGHT_GREY, DARK_BLUE)
    cart = make_cart(lambda c: StandingsScene(c, Match().standings(), CODE, 0))
    step(cart, GUARD_FRAMES + 2)
    assert text_shown(116, "Z: TITLE", LIGHT_GREY, DARK_BLUE)
    menu = PauseMenu(cart, Settings(), CODE)
    menu.confirming = True
    menu.draw()
    assert text_shown(90, "Z: QUIT  OTHER: STAY", YELLOW, DARK_BLUE, inside=range(10, 118))
    said = " | ".join(recorder.texts)
    assert not re.search(r"\bO ?:", said), said
