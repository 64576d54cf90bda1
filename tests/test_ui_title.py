"""The title screen draws, O starts a game, and a typed seed code replays that game's deal."""

from __future__ import annotations

import pyxel
from stepping import press, screen, step, step_until

from engine.target import BLACK, DARK_BLUE, PALETTE, PINK, RED, WHITE, WIDTH
from game.errors import InputError
from game.ui.table import TableScene
from game.ui.title import MENU_X, MENU_Y, MESSAGE_Y, TITLE_Y, TitleScene
from game.wall import CODE_MIN, Shuffler, Wall, normalize_code, seed_words

CODE = "PICO2RIICHI"  # 11 characters; I reads as 1
KEYS = {c: getattr(pyxel, f"KEY_{c}") for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"}


def type_text(cart, text: str) -> None:
    for char in text:
        press(cart, KEYS[char])


def rows(y0: int, y1: int) -> bytes:
    return screen()[y0 * WIDTH : y1 * WIDTH]


def test_the_palette_is_pico8s(pyxel_headless):
    assert list(pyxel_headless.colors) == list(PALETTE)


def test_the_title_draws_its_name_in_red_and_start_in_white(make_cart):
    cart = make_cart(TitleScene)
    step(cart)
    band = rows(TITLE_Y, TITLE_Y + 14)  # the twice-size title and its shadow
    assert set(band) == {DARK_BLUE, RED, BLACK}
    assert band.count(RED) > 100
    start_row = rows(MENU_Y, MENU_Y + 5)
    start_pixels = [start_row[y * WIDTH + x] for y in range(5) for x in range(MENU_X, MENU_X + 20)]
    assert set(start_pixels) == {DARK_BLUE, WHITE}  # "START", chosen, in white


def test_o_starts_a_game_with_a_fresh_seed_code(make_cart):
    cart = make_cart(TitleScene)
    step(cart)
    press(cart, pyxel.KEY_Z)
    assert isinstance(cart.scene, TableScene)
    assert normalize_code(cart.scene.seed_code) == cart.scene.seed_code
    first = cart.scene.seed_code
    cart.restart()
    step(cart)
    press(cart, pyxel.GAMEPAD1_BUTTON_A)
    assert isinstance(cart.scene, TableScene) and cart.scene.seed_code != first


def play_code(cart, code: str) -> TableScene:
    """On the title: down to the seed line, type the code, ENTER; the table once dealt."""
    step(cart)
    press(cart, pyxel.KEY_DOWN)
    type_text(cart, code)
    press(cart, pyxel.KEY_RETURN)
    table = cart.scene
    assert isinstance(table, TableScene)
    step_until(cart, lambda: table.game.round is not None, limit=200)
    return table


def test_a_typed_seed_code_replays_that_games_deal(make_cart):
    cart = make_cart(TitleScene)
    table = play_code(cart, CODE)
    assert table.seed_code == CODE
    shuffle = Shuffler(seed_words(CODE)).next_round()
    expected = Wall(shuffle.wall, shuffle.dice)
    hands = [sorted(hand) for hand in expected.deal(0)]
    dealt = table.game.round.events[0].hands  # the first event: the deal
    assert [sorted(hand) for hand in dealt] == hands
    assert list(table.view.dora_indicators) == expected.dora_indicators
    again = play_code(make_cart(TitleScene), CODE)
    assert [sorted(hand) for hand in again.game.round.events[0].hands] == hands


def test_letters_of_the_o_and_x_buttons_type_on_the_seed_line(make_cart):
    cart = make_cart(TitleScene)
    step(cart)
    press(cart, pyxel.KEY_DOWN)
    type_text(cart, "ZXCVNM")
    assert isinstance(cart.scene, TitleScene) and cart.scene.code == "ZXCVNM"
    assert not cart.overlay_shown


def test_a_malformed_code_says_why_and_can_be_mended(make_cart):
    cart = make_cart(TitleScene)
    step(cart)
    press(cart, pyxel.KEY_DOWN)
    type_text(cart, "AB")
    press(cart, pyxel.KEY_RETURN)
    title = cart.scene
    assert isinstance(title, TitleScene)
    assert "2 characters" in title.message and "\n" not in title.message
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
