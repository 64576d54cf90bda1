"""What the screens say (issue 23): the button by the key a keyboard player presses (Z, never
"O"), the dora by one word with the dora itself shown, the game-over page's figures, and
limit hands' fu. Each is read back from the screen buffer, painted alone beside it."""

from __future__ import annotations

import re
import shutil

import pyxel
from stepping import press, screen, step, step_until
from tables import played_out
from test_ui_viewer import TENHOU6, logs_folder

from engine.target import DARK_BLUE, LIGHT_GREY, ORANGE, WIDTH, YELLOW
from engine.tasks import run_to_end
from game.data.settings import Settings
from game.play.driver import fallback
from game.rules.match import Match, RoundEnd
from game.rules.round import Round
from game.rules.wall import Shuffler, Wall, seed_words
from game.ui import paint
from game.ui.pause import PauseMenu
from game.ui.replays import ReplaysScene
from game.ui.results import GUARD_FRAMES, VALUE_Y, ResultsPanel
from game.ui.seats import seat_name
from game.ui.standings import StandingsScene
from game.ui.title import TitleScene
from game.ui.viewer import ViewerScene

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
    panel = ResultsPanel(played_out(CODE), player=0, match=Match())
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


def round_ending(dealer: int, scores: tuple[int, ...], code_prefix: str = "LAST") -> Round:
    """South 4 played out by seats that throw their draws, dealt by ``dealer`` from ``scores``,
    on the first seed where the dealer does not deal again (the match moves past South 4)."""
    for n in range(200):
        shuffle = run_to_end(Shuffler(seed_words(f"{code_prefix}{n:06d}")).round_task())
        rnd = Round.start(Wall(shuffle.wall, shuffle.dice), dealer=dealer, round_wind=1, scores=scores)
        while not rnd.over:
            seat = rnd.awaiting()[0]
            rnd.apply(seat, fallback(rnd.view(seat)))
        if not rnd.result.dealer_continues:
            return rnd
    raise AssertionError("no such round in 200 seeds")


def after_south_4(rnd: Round) -> Match:
    match = Match()
    match.round_index, match.scores = 7, list(rnd.setup.scores)  # South 4: seat 3 deals
    match.end_round(RoundEnd.of_round(rnd))
    return match


def summary(rnd: Round, match: Match, player: int) -> ResultsPanel:
    panel = ResultsPanel(rnd, player=player, match=match)
    panel.page = len(panel.pages) - 1
    panel.frames = GUARD_FRAMES + 1
    pyxel.cls(DARK_BLUE)
    panel.draw()
    return panel


def text_at(x: int, y: int, text: str, colour: int) -> bool:
    """The screen shows ``text`` at (x, y) in ``colour``, pixel for pixel over its cells."""
    cells = [(x + dx, y + dy) for dy in range(5) for dx in range(paint.text_width(text))]
    shown = [pyxel.pget(*cell) == colour for cell in cells]
    pyxel.cls(DARK_BLUE)
    paint.text(x, y, text, colour)
    return shown == [pyxel.pget(*cell) == colour for cell in cells]


def test_the_game_over_page_names_the_last_rounds_winds_and_no_meaningless_figures(pyxel_headless, monkeypatch):
    rnd = round_ending(dealer=3, scores=(42000, 20000, 19000, 19000))
    match = after_south_4(rnd)
    assert match.over
    recorder = Recorder(monkeypatch)
    summary(rnd, match, player=0)
    for seat in range(4):  # the player sat South in South 4 (seat 3 dealt)
        pyxel.cls(DARK_BLUE)
        summary(rnd, match, player=0)
        colour = YELLOW if seat == 0 else 7
        assert text_at(30, 60 + seat * 10, seat_name(seat, 3, 0), colour), seat
    assert not any("HONBA" in text or "STICKS" in text for text in recorder.texts), recorder.texts


def test_going_into_the_west_round_says_why(pyxel_headless):
    rnd = round_ending(dealer=3, scores=(25000, 25000, 25000, 25000))
    match = after_south_4(rnd)
    assert not match.over and match.round_index == 8 and max(match.scores) < 30000
    summary(rnd, match, player=0)
    assert text_shown(50, "NO ONE HAS 30000: WEST ROUND", YELLOW, DARK_BLUE)


def test_the_dora_are_shown_as_dora_at_the_table_and_on_the_results(pyxel_headless):
    """One word, DORA, beside the dora themselves (an indicator of 4m: the 5m), on the table's
    centre box and on a win's page; a limit hand's value keeps its fu."""
    from game.rules.scoring import HandScore
    from game.rules.events import Won
    from game.rules.yaku import dora_kind
    from game.ui import board, centre, pieces

    rnd = played_out(CODE)
    view = rnd.view(0, legal=False)
    indicator = view.dora_indicators[0]
    dora = dora_kind(indicator // 4) * 4 + 1  # the next kind (copy 1: never red)
    assert dora // 4 != indicator // 4
    pyxel.cls(board.FELT)
    dict(board.parts(view, 0, False, 0))["centre"]()
    x, y, _, _ = board.CENTRE_BOX
    label_x, row_y = x + 3, y + centre.DORA_Y
    tile_x = label_x + paint.text_width("DORA") + 2
    shown = tile_pixels(tile_x, row_y)
    assert text_at(label_x, row_y + 1, "DORA", LIGHT_GREY)  # (text_at paints over the screen)
    assert shown == alone(lambda: pieces.draw(tile_x, row_y, dora, "pond"), tile_x, row_y)
    won = Won(seat=0, from_seat=1, tile=rnd.hand(0)[0], deltas=(8000, -8000, 0, 0), sticks_taken=0,
              score=HandScore(yaku=[(8, 1), (52, 4)], han=5, fu=40, limit="mangan", total=8000))
    panel = ResultsPanel(rnd, player=0)
    panel.pages = [won]
    panel.frames = GUARD_FRAMES + 1
    pyxel.cls(DARK_BLUE)
    panel.draw()
    tile_x = 2 + paint.text_width("DORA") + 2
    shown = tile_pixels(tile_x, 40)
    assert text_at(2, 41, "DORA", LIGHT_GREY)
    assert shown == alone(lambda: pieces.draw(tile_x, 40, dora, "pond"), tile_x, 40, DARK_BLUE)
    pyxel.cls(DARK_BLUE)
    panel.draw()
    assert text_shown(VALUE_Y, "40 FU 5 HAN MANGAN  8000", YELLOW, DARK_BLUE)


def tile_pixels(x: int, y: int) -> list[int]:
    return [pyxel.pget(x + dx, y + dy) for dy in range(8) for dx in range(5)]


def alone(paint_it, x: int, y: int, background: int | None = None) -> list[int]:
    from game.ui import board

    pyxel.cls(board.FELT if background is None else background)
    paint_it()
    return tile_pixels(x, y)


def test_a_game_ended_by_a_seat_below_zero_says_so(pyxel_headless):
    """East 1, the player deals with 500 points and deals in: the game is over there, and
    the page says why, by the names of that round."""
    from tables import discard, table
    from game.rules.actions import Pass, Ron

    hands = ["1357m2468p1357s1z", "234m678m234s66s46p", "1357m2468p1357s2z", "1357m2468p1357s3z"]
    rnd = table(hands, ["5p"], scores=(500, 30000, 35000, 34500))
    discard(rnd, 0, "5p")
    for seat in rnd.awaiting():
        rnd.apply(seat, Ron() if seat == 1 else Pass())
    match = Match()
    match.scores = list(rnd.setup.scores)
    match.end_round(RoundEnd.of_round(rnd))
    assert match.over and match.round_index < match.last_index and match.scores[0] < 0
    summary(rnd, match, player=0)
    assert text_shown(42, "E YOU WENT BELOW ZERO", YELLOW, DARK_BLUE)
    summary(rnd, match, player=0)
    assert big_title_shown("GAME OVER")
    rnd = round_ending(dealer=3, scores=(42000, 20000, 19000, 19000))
    summary(rnd, after_south_4(rnd), player=0)  # a game that ran its course: no reason line
    assert not any(screen()[42 * WIDTH + x] == YELLOW for x in range(WIDTH))
    summary(rnd, after_south_4(rnd), player=0)
    assert big_title_shown("FINAL") and not big_title_shown("GAME OVER")  # issue 41, item 8


def big_title_shown(text: str) -> bool:
    """The page's big title (row 10) is ``text``, pixel for pixel (paints over the screen)."""
    shot = screen()
    pyxel.cls(DARK_BLUE)
    paint.big_text_centered(10, text, ORANGE)
    alone = screen()
    rows = range(10 * WIDTH, 24 * WIDTH)
    return all((shot[i] == ORANGE) == (alone[i] == ORANGE) for i in rows)


def test_the_title_replays_viewer_and_review_name_the_key_z_too(pyxel_headless, make_cart, monkeypatch, data_folder):
    """The screens the first test leaves: the title, the replays list, the viewer's seat chooser,
    the viewer and its review and summary. Each names the confirm button Z, none of them O."""
    recorder = Recorder(monkeypatch)
    folder = logs_folder(data_folder)
    shutil.copy(TENHOU6, folder)
    cart = make_cart(TitleScene)
    seen = {}

    def look(name: str, frames: int = 2) -> None:
        recorder.texts.clear()
        step(cart, frames)
        seen[name] = " | ".join(recorder.texts)

    look("title")
    labels = [e.label for e in cart.scene.entries]
    for _ in range(labels.index("REPLAYS")):
        press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)
    assert isinstance(cart.scene, ReplaysScene)
    look("replays")
    press(cart, pyxel.KEY_Z)
    step_until(cart, lambda: isinstance(cart.scene, ViewerScene), limit=300)  # the log read as thinking
    viewer = cart.scene
    assert isinstance(viewer, ViewerScene) and viewer.choosing
    look("seat chooser")
    press(cart, pyxel.KEY_Z)  # review the first seat
    step_until(cart, lambda: viewer.review is not None and viewer.review.decisions, limit=3000)
    look("viewer with its review")
    press(cart, pyxel.KEY_S)
    look("review summary")
    for name, said in seen.items():
        assert not re.search(r"\bO ?:", said), (name, said)
        assert re.search(r"\bZ\b", said), (name, said)
