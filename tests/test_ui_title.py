"""The title screen draws its logo and only the entries that work, O starts a game, and a typed
seed code replays that game's deal."""

from __future__ import annotations

import sys
from pathlib import Path

import pyxel
import pytest
from stepping import press, screen, step, step_until

from engine.target import DARK_BLUE, PALETTE, PINK, WHITE, WIDTH, YELLOW
from game.rules.errors import InputError
from game.ui.table import TableScene
from game.ui import glyphs, title as title_module
from game.ui.title import CONTINUE, LOGO_Y, MENU_LINE, MENU_X, MENU_Y, MESSAGE_Y, NEW_GAME, SEED, TitleScene
from game.rules.wall import CODE_MAX, CODE_MIN, Shuffler, Wall, normalize_code, seed_words

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import art  # noqa: E402  (tools/art.py)

CODE = "PICO2RIICHI"  # 11 characters; I reads as 1
KEYS = {c: getattr(pyxel, f"KEY_{c}") for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"}


def type_text(cart, text: str) -> None:
    for char in text:
        press(cart, KEYS[char])


def rows(y0: int, y1: int) -> bytes:
    return screen()[y0 * WIDTH : y1 * WIDTH]


def test_the_palette_is_pico8s(pyxel_headless):
    assert list(pyxel_headless.colors) == list(PALETTE)


def test_the_title_draws_its_logo_and_new_game_chosen_in_white(make_cart):
    cart = make_cart(TitleScene)
    step(cart)
    logo = art.compose()["logo"]
    band = rows(LOGO_Y, LOGO_Y + logo.h)
    for y, row in enumerate(logo.rows):  # the logo's pixels, over the background where clear
        assert [band[y * WIDTH + x] for x in range(WIDTH)] == [int(c, 16) or DARK_BLUE for c in row]
    assert sum(row.count("8") for row in logo.rows) > 100  # red letters
    new_game = rows(MENU_Y, MENU_Y + 5)
    pixels = [new_game[y * WIDTH + x] for y in range(5) for x in range(MENU_X, MENU_X + 32)]
    assert set(pixels) == {DARK_BLUE, WHITE}  # "NEW GAME", chosen, in white


def test_continue_is_offered_only_with_a_save_and_the_cursor_starts_on_it(make_cart, data_folder):
    from game.data import save
    from game.data.settings import Settings
    from game.data.storage import open_storage
    from game.ui.settings import SettingsScene

    cart = make_cart(TitleScene)
    assert [e.label for e in cart.scene.entries] == [NEW_GAME, SEED, "SETTINGS", "REPLAYS", "PRACTICE"]  # no save yet
    save.write_game(open_storage(data_folder, environ={}), save.SavedGame("SAVED00001", Settings(), ()))
    title = TitleScene(cart)
    assert [e.label for e in title.entries] == [NEW_GAME, "CONTINUE", SEED, "SETTINGS", "REPLAYS", "PRACTICE"]
    cart.scene = title
    assert title.chosen == "CONTINUE"  # a saved game: the cursor starts on it
    for _ in range(2):
        press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)
    assert isinstance(cart.scene, SettingsScene)


def test_o_starts_a_game_with_a_fresh_seed_code(make_cart):
    cart = make_cart(TitleScene)
    step(cart)
    press(cart, pyxel.KEY_Z)
    assert isinstance(cart.scene, TableScene)
    assert normalize_code(cart.scene.seed_code) == cart.scene.seed_code
    first = cart.scene.seed_code
    cart.restart()
    step(cart)
    if cart.scene.chosen == CONTINUE:  # the first game's CPUs have played: it is saved
        press(cart, pyxel.KEY_UP)  # to NEW GAME, which asks before it replaces the save
        press(cart, pyxel.GAMEPAD1_BUTTON_A)
    press(cart, pyxel.GAMEPAD1_BUTTON_A)
    assert isinstance(cart.scene, TableScene) and cart.scene.seed_code != first


def play_code(cart, code: str) -> TableScene:
    """On the title: down to the seed line, type the code, ENTER; the table once dealt."""
    step(cart)
    for _ in range(len(cart.scene.entries)):  # past CONTINUE when an earlier game left a save
        if cart.scene.chosen == SEED:
            break
        press(cart, pyxel.KEY_DOWN)
    assert cart.scene.chosen == SEED
    type_text(cart, code)
    press(cart, pyxel.KEY_RETURN)
    if isinstance(cart.scene, TitleScene) and cart.scene.replacing is not None:
        press(cart, pyxel.KEY_RETURN)  # yes, replace the earlier game's save
    table = cart.scene
    assert isinstance(table, TableScene)
    step_until(cart, lambda: table.game.round is not None, limit=200)
    return table


def test_a_typed_seed_code_replays_that_games_deal(make_cart):
    cart = make_cart(TitleScene)
    table = play_code(cart, CODE)
    assert table.seed_code == normalize_code(CODE) == "P1C02R11CH1"  # read once, as it deals
    shuffle = Shuffler(seed_words(CODE)).next_round()
    expected = Wall(shuffle.wall, shuffle.dice)
    hands = [sorted(hand) for hand in expected.deal(0)]
    dealt = table.game.round.events[0].hands  # the first event: the deal
    assert [sorted(hand) for hand in dealt] == hands
    assert list(table.view.dora_indicators) == expected.dora_indicators
    again = play_code(make_cart(TitleScene), CODE)
    assert [sorted(hand) for hand in again.game.round.events[0].hands] == hands


def test_the_z_that_chooses_the_seed_line_types_nothing_then_the_o_and_x_letters_type(make_cart):
    """Issue 41, item 7: Z on the SEED line begins the code without typing a Z; from then on
    Z, X, C, V, N and M are letters."""
    cart = make_cart(TitleScene)
    step(cart)
    press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)  # OK on SEED: typing begins
    title = cart.scene
    assert title.typing and title.code == ""
    type_text(cart, "ZXCVNM")
    assert isinstance(cart.scene, TitleScene) and cart.scene.code == "ZXCVNM"
    assert not cart.overlay_shown


def test_ctrl_m_mutes_and_types_no_m(make_cart):
    from engine import audio

    cart = make_cart(TitleScene)
    step(cart)
    press(cart, pyxel.KEY_DOWN)
    type_text(cart, "AB")
    was = audio.muted()
    pyxel.set_btn(pyxel.KEY_CTRL, True)
    press(cart, pyxel.KEY_M)
    pyxel.set_btn(pyxel.KEY_CTRL, False)
    step(cart)
    try:
        assert cart.scene.code == "AB" and audio.muted() != was
        word = "MUTED" if audio.muted() else "SOUND ON"
        assert notice_shown(word)  # issue 41, item 8: muting says so for a second
        step(cart, 30)
        assert not notice_shown(word)
    finally:
        audio.set_muted(was)


def notice_shown(word: str) -> bool:
    """The engine's notice box shows ``word`` in yellow (compared with the box drawn alone)."""
    from engine import overlay

    shot = screen()
    pyxel.cls(0)
    overlay.draw_notice(word)
    alone = screen()
    ink = [i for i, c in enumerate(alone) if c == YELLOW]
    return bool(ink) and all(shot[i] == YELLOW for i in ink)


@pytest.mark.parametrize("key, said", [(pyxel.KEY_MINUS, "-"), (pyxel.KEY_PERIOD, "."), (pyxel.KEY_SPACE, "SPACE"),
                                       (pyxel.KEY_SLASH, "/")])
def test_a_punctuation_key_is_said_not_dropped(make_cart, key, said):
    cart = make_cart(TitleScene)
    step(cart)
    press(cart, pyxel.KEY_DOWN)
    type_text(cart, "AB")
    press(cart, key)
    assert cart.scene.code == "AB" and cart.scene.message == f"{said} IS NOT A CODE CHARACTER"
    inside, outside, lines = pink_in_box()
    assert inside > 0 and outside == 0 and lines == 5


def test_a_thirteenth_character_is_shown_as_it_is_taken(make_cart):
    """Every key past the twelfth is kept and shown (the line shows its end), so what ENTER
    refuses is what the screen shows; backspace takes the last one away."""
    cart = make_cart(TitleScene)
    step(cart)
    press(cart, pyxel.KEY_DOWN)
    type_text(cart, "W" * CODE_MAX + "7")
    title = cart.scene
    assert title.code == "W" * CODE_MAX + "7" and "13 CHARACTERS" in title.message
    step(cart)
    y = MENU_Y + MENU_LINE
    x = MENU_X + 5 * 4
    end = max(px for px in range(WIDTH) for dy in range(glyphs.CODE_H) if pyxel.pget(px, y + dy) == PINK)
    pyxel_line = [[pyxel.pget(px, y + dy) == PINK for px in range(end - 3, end + 1)] for dy in range(glyphs.CODE_H)]
    pyxel.cls(0)
    glyphs.draw_code(0, 0, "7", PINK)
    seven = [[pyxel.pget(px, dy) == PINK for px in range(4)] for dy in range(glyphs.CODE_H)]
    assert pyxel_line == seven  # the last glyph on the line is the 7 just typed
    assert end < WIDTH - 1 and x < end
    press(cart, pyxel.KEY_BACKSPACE)
    assert title.code == "W" * CODE_MAX and title.message == ""


def test_a_malformed_code_says_why_and_can_be_mended(make_cart):
    cart = make_cart(TitleScene)
    step(cart)
    press(cart, pyxel.KEY_DOWN)
    type_text(cart, "AB")
    press(cart, pyxel.KEY_RETURN)
    title = cart.scene
    assert isinstance(title, TitleScene)
    assert "2 CHARACTERS" in title.message and "\n" not in title.message
    assert PINK in rows(MESSAGE_Y, MESSAGE_Y + 6)  # the reason, on screen
    press(cart, pyxel.KEY_BACKSPACE)
    assert title.code == "A"
    type_text(cart, "BCDEFGH")
    assert title.message == ""
    press(cart, pyxel.KEY_RETURN)
    assert isinstance(cart.scene, TableScene) and cart.scene.seed_code == "ABCDEFGH"


def a_code_may_hold(char: str) -> bool:
    try:
        normalize_code(char * CODE_MIN)
    except InputError:
        return False
    return True


def test_only_the_characters_a_seed_code_may_hold_type(make_cart):
    cart = make_cart(TitleScene)
    step(cart)
    press(cart, pyxel.KEY_DOWN)
    title = cart.scene
    typed = set()
    for char, key in KEYS.items():
        title.code = ""
        press(cart, key)
        if title.code:
            assert title.code == char
            typed.add(char)
    assert typed == {char for char in KEYS if a_code_may_hold(char)}
    assert "U" not in typed  # normalize_code refuses it, so the keyboard does too


def test_the_longest_code_fits_the_seed_line_in_the_seed_code_font(make_cart):
    cart = make_cart(TitleScene)
    step(cart)
    press(cart, pyxel.KEY_DOWN)
    type_text(cart, "W" * CODE_MAX)
    assert cart.scene.code == "W" * CODE_MAX
    step_until(cart, lambda: pyxel.frame_count // 8 % 2 == 1, limit=20)  # the cursor shows
    y = MENU_Y + MENU_LINE
    line = rows(y, y + glyphs.CODE_H)
    inked = [x for x in range(WIDTH) for dy in range(glyphs.CODE_H) if line[dy * WIDTH + x] == YELLOW]
    assert max(inked) < WIDTH - 1  # code and cursor inside the screen, with a pixel to spare
    assert len(inked) >= CODE_MAX * 10  # every W drawn (each has more than 10 pixels)


def saved_game(data_folder) -> bytes:
    """A saved game in the data folder (thirty answers into its first round); its bytes."""
    from engine.tasks import run_to_end  # noqa: F401  (the game is played a step at a time)
    from game.data import save
    from game.data.settings import Settings
    from game.data.storage import open_storage
    from game.play.driver import Game, TsumogiriAgent

    game = Game([TsumogiriAgent()] * 4, seed="SAVED00001")
    task = game.play()
    while len(game.decisions) < 30:
        next(task)
    save.write_game(open_storage(data_folder, environ={}), save.SavedGame("SAVED00001", Settings(),
                                                                           tuple(game.decisions)))
    return (data_folder / "game.bin").read_bytes()


def arrow_at(line: int) -> bool:
    """The menu's yellow ">" is drawn before menu line ``line``."""
    y = MENU_Y + line * MENU_LINE
    return any(pyxel.pget(MENU_X - 8 + dx, y + dy) == YELLOW for dx in range(3) for dy in range(5))


def shows_line(y: int, text: str, colour: int) -> bool:
    """Row ``y`` of the screen holds ``text`` centred in ``colour`` (compared with it painted alone)."""
    from game.ui import paint

    shown = rows(y, y + 5)
    pyxel.cls(DARK_BLUE)
    paint.text_centered(y, text, colour)
    alone = rows(y, y + 5)
    return [p == colour for p in shown] == [p == colour for p in alone]


def test_with_a_saved_game_the_cursor_starts_on_continue_and_a_new_game_asks_first(make_cart, data_folder):
    kept = saved_game(data_folder)
    cart = make_cart(TitleScene)
    step(cart)
    labels = [e.label for e in cart.scene.entries]
    assert arrow_at(labels.index(CONTINUE)) and not arrow_at(labels.index(NEW_GAME))
    press(cart, pyxel.KEY_UP)
    press(cart, pyxel.KEY_Z)  # NEW GAME: asked once more
    title = cart.scene
    assert isinstance(title, TitleScene)
    assert shows_line(title_module.CONFIRM_BOX[1] + 4, "REPLACE THE SAVED GAME?", WHITE)
    press(cart, pyxel.KEY_LEFT)  # no: the save stays
    assert cart.scene is title and title.replacing is None
    assert (data_folder / "game.bin").read_bytes() == kept
    press(cart, pyxel.KEY_Z)
    press(cart, pyxel.KEY_Z)  # yes
    assert isinstance(cart.scene, TableScene) and cart.scene.seed_code != "SAVED00001"


def test_the_tagline_names_the_cpus_only_of_the_game_new_game_and_seed_begin(make_cart, data_folder):
    """PLAYERS at 3 while CONTINUE holds a four-player game: the line under the logo does not
    say VS 2 CPUS over CONTINUE, only over the lines that begin a game by the settings."""
    from game.data.settings import Settings

    saved_game(data_folder)  # a four-player game
    cart = make_cart(TitleScene)
    cart.settings = Settings(players=3)
    step(cart)
    assert cart.scene.chosen == CONTINUE
    assert shows_line(title_module.TAGLINE_Y, "RIICHI MAHJONG", title_module.LIGHT_GREY)
    press(cart, pyxel.KEY_UP)
    assert cart.scene.chosen == NEW_GAME
    assert shows_line(title_module.TAGLINE_Y, "RIICHI MAHJONG VS 2 CPUS", title_module.LIGHT_GREY)
    press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_DOWN)
    assert cart.scene.chosen == SEED
    assert shows_line(title_module.TAGLINE_Y, "RIICHI MAHJONG VS 2 CPUS", title_module.LIGHT_GREY)


def test_a_typed_code_asks_too_before_it_replaces_a_saved_game(make_cart, data_folder):
    kept = saved_game(data_folder)
    cart = make_cart(TitleScene)
    step(cart)
    press(cart, pyxel.KEY_DOWN)  # CONTINUE to SEED
    type_text(cart, CODE)
    press(cart, pyxel.KEY_RETURN)
    title = cart.scene
    assert isinstance(title, TitleScene) and title.replacing == normalize_code(CODE)
    assert shows_line(title_module.CONFIRM_BOX[1] + 4, "REPLACE THE SAVED GAME?", WHITE)
    assert (data_folder / "game.bin").read_bytes() == kept
    press(cart, pyxel.KEY_RETURN)
    assert isinstance(cart.scene, TableScene) and cart.scene.seed_code == normalize_code(CODE)


def pink_in_box() -> tuple[int, int, int]:
    """Pink pixels inside the message box and outside it; the rows the inside ones take."""
    x, y, w, h = title_module.MESSAGE_BOX
    inside = outside = 0
    lines = set()
    for py in range(MENU_Y, 128):
        for px in range(WIDTH):
            if pyxel.pget(px, py) != PINK:
                continue
            if x < px < x + w - 1 and y < py < y + h - 1:
                inside += 1
                lines.add(py)
            else:
                outside += 1
    return inside, outside, len(lines)


def test_seed_entry_says_what_is_wrong_on_one_line_inside_its_box(make_cart):
    cart = make_cart(TitleScene)
    step(cart)
    press(cart, pyxel.KEY_DOWN)
    title = cart.scene
    press(cart, pyxel.KEY_U)  # no code holds a U: said, not ignored
    assert title.code == "" and title.message == "U IS NOT A CODE CHARACTER"
    inside, outside, lines = pink_in_box()
    assert inside > 0 and outside == 0 and lines == 5  # one line, in its box
    press(cart, pyxel.KEY_RETURN)  # nothing typed
    assert isinstance(cart.scene, TitleScene)
    assert title.message == title.message.upper() and "8 TO 12" in title.message
    inside, outside, lines = pink_in_box()
    assert inside > 0 and outside == 0 and lines == 5  # clear of the footer
    type_text(cart, "ABCDEFGHJKMNPQ")  # fourteen keys: refused, not cut to twelve
    assert title.message == "14 CHARACTERS: A CODE HAS 8-12"
    press(cart, pyxel.KEY_RETURN)
    assert isinstance(cart.scene, TitleScene)
    inside, outside, lines = pink_in_box()
    assert inside > 0 and lines == 5
    press(cart, pyxel.KEY_BACKSPACE)
    press(cart, pyxel.KEY_BACKSPACE)
    assert title.message == ""
    press(cart, pyxel.KEY_RETURN)
    assert isinstance(cart.scene, TableScene) and cart.scene.seed_code == "ABCDEFGHJKMN"


# --- issue 49, finding 6: the seed line ---------------------------------------------------------


def on_seed_line(cart) -> TitleScene:
    step(cart)
    for _ in range(len(cart.scene.entries)):
        if cart.scene.chosen == SEED:
            break
        press(cart, pyxel.KEY_DOWN)
    return cart.scene


def test_a_code_being_typed_is_never_lost_to_the_demo(make_cart):
    cart = make_cart(TitleScene)
    title = on_seed_line(cart)
    type_text(cart, "ABCD")
    step(cart, title_module.ATTRACT_FRAMES + 30)  # the player stops to look at a note
    assert cart.scene is title and title.code == "ABCD" and title.typing
    press(cart, pyxel.KEY_ESCAPE)  # typing stopped, the code still on the line
    step(cart, title_module.ATTRACT_FRAMES + 30)
    assert cart.scene is title and title.code == "ABCD"


def test_the_demo_still_comes_when_nothing_is_typed(make_cart):
    cart = make_cart(TitleScene)
    step(cart, title_module.ATTRACT_FRAMES + 2)
    assert not isinstance(cart.scene, TitleScene)  # the demo's table


@pytest.mark.parametrize("digit, said", [("1", "!"), ("0", ")")])
def test_shift_and_a_digit_is_punctuation_refused(make_cart, digit, said):
    cart = make_cart(TitleScene)
    on_seed_line(cart)
    type_text(cart, "AB")
    pyxel.set_btn(pyxel.KEY_LSHIFT, True)
    press(cart, KEYS[digit])
    pyxel.set_btn(pyxel.KEY_LSHIFT, False)
    step(cart)
    assert cart.scene.code == "AB" and cart.scene.message == f"{said} IS NOT A CODE CHARACTER"
    type_text(cart, digit)  # without Shift, the digit
    assert cart.scene.code == "AB" + digit


def test_a_code_typed_with_o_is_kept_with_0_in_the_log_and_its_file(make_cart, data_folder):
    """The table, its saver (the save and the log's seed field) and the log's file name all
    take the code as the title read it: the one code of the deals it plays."""
    import time

    from game.data import logs

    table = play_code(make_cart(TitleScene), "BOARDGAME0")
    assert table.seed_code == table.saver.seed_code == "B0ARDGAME0"
    assert logs.log_name(time.gmtime(0), table.saver.seed_code).endswith("-b0ardgame0")
