"""Look at any tile (issue 49): every tile the table draws can be pointed at or stepped to,
and the look names that tile with its story.

The truth for where the tiles are is the painters themselves: the board and the hand are drawn
under ``overlaps.Canvas``, which records every tile drawn and its corner, and every one of them
must be a look's spot with the same tile at the same corner (and no spot where none is drawn).
The words are checked on a table built for it: a pond thrown in a known order, a riichi tile,
a tile called away, a pon, a chi, an added kan and a closed kan, the dora, the hand.
"""

from __future__ import annotations

import re

import pyxel
import pytest
from overlaps import Canvas
from test_ui_overlaps import SETTINGS, StagedTable, table_view

from engine.buttons import DOWN, LEFT, RIGHT, Buttons, X
from game.rules.melds import Meld
from game.rules.tiles import parse_tile, tile_name
from game.rules.view import DiscardView, PlayerView
from game.ui import board, hands, look, paint

TILE_LABEL = re.compile(r"tile (\S+) at (-?\d+),(-?\d+)")


def drawn_tiles(view: PlayerView) -> set[tuple[str, int, int]]:
    """(tile name or back, x, y) of every tile the board and the hand draw for ``view``."""
    with pytest.MonkeyPatch.context() as patches:
        canvas = Canvas(patches)
        board.draw_board(view, 4, False, 0)
        hands.draw_hand(board.HAND_X, board.HAND_Y, hands.hand_in_order(view.hand, view.drawn), view.drawn is not None)
    found = set()
    for label in canvas.labels:
        match = TILE_LABEL.fullmatch(label)
        if match:
            found.add((match[1], int(match[2]), int(match[3])))
    return found


def spotted(view: PlayerView) -> set[tuple[str, int, int]]:
    return {(tile_name(s.tile) if s.tile is not None else "back", s.box[0], s.box[1]) for s in look.spots(view, 0)}


def with_closed_kan(view: PlayerView) -> PlayerView:
    melds = list(view.melds)
    melds[2] = (Meld("ankan", (32, 33, 34, 35)), *melds[2][1:])
    return PlayerView(**{**view.__dict__, "melds": tuple(melds)})


@pytest.mark.parametrize("closed", [True, False])
def test_every_tile_on_the_table_is_a_spot_of_the_look_where_it_is_drawn(pyxel_headless, closed):
    """Long ponds with a riichi tile and a called one, four melds a seat, five dora, the hand."""
    for view in (table_view(closed), with_closed_kan(table_view(closed))):
        drawn = drawn_tiles(view)
        assert len(drawn) > 100
        assert spotted(view) == drawn


def t(name: str, copy: int = 1) -> int:
    return parse_tile(name) // 4 * 4 + copy


# West (seat 2, winds below) threw 1m 9p E 2s 3s 8p: the 8p sixth, from the draw; then its
# riichi tile 6s from the hand, then 5m, called away by North (seat 3) as a pon.
WEST_POND = tuple(DiscardView(t(name), name == "8p", name == "6s", 3 if name == "5m" else None)
                  for name in ("1m", "9p", "1z", "2s", "3s", "8p", "6s", "5m"))
NORTH_MELDS = (Meld("pon", (t("5m", 1), t("5m", 2), t("5m", 3)), called=t("5m", 1), from_seat=2),
               Meld("chi", (t("3s", 2), t("4s", 2), t("5s", 2)), called=t("4s", 2), from_seat=2),
               Meld("kakan", tuple(t("7z", c) for c in range(4)), called=t("7z", 1), from_seat=1, added=t("7z", 3)),
               Meld("ankan", tuple(t("9s", c) for c in range(4))))
STORY = PlayerView(
    seat=0, dealer=0, round_wind=0, seat_winds=(0, 1, 2, 3), hand=(t("2m"), t("3m"), t("4m"), t("7p")),
    drawn=t("7p"), hand_sizes=(4, 13, 13, 1), melds=((), (), (), NORTH_MELDS),
    discards=((), (), WEST_POND, ()), riichi=(False, False, True, False), dora_indicators=(t("4m", 2),),
    scores=(25000,) * 4, honba=0, riichi_sticks=1, tiles_left=40, turn=0, awaiting=(0,), last_discard=None,
    legal_actions=(), over=False)


def stories() -> dict[tuple[str, int], list[tuple[str, ...]]]:
    """Each spot's lines by group (kind, seat) in order."""
    found: dict = {}
    for spot in look.spots(STORY, player=0):
        found.setdefault(spot.group, []).append(spot.lines)
    return found


def test_a_pond_tile_says_whose_its_place_in_the_pond_and_how_it_was_thrown(pyxel_headless):
    pond = stories()["pond", 2]
    assert pond[5] == ("west's 8p, turn 6", "from the draw")
    assert pond[6] == ("west's 6s, turn 7", "from the hand, riichi")  # the riichi tile, sideways
    assert pond[7] == ("west's 5m, turn 8", "from the hand", "called by north")
    assert [lines[0].split(", turn ")[1] for lines in pond] == [str(n) for n in range(1, 9)]  # the pond's order


def test_a_meld_tile_says_the_call_that_made_it_and_from_whom(pyxel_headless):
    melds = stories()["melds", 3]
    pon, chi, kakan, ankan = melds[:3], melds[3:6], melds[6:10], melds[10:]
    assert set(pon) == {("north's 5m", "pon of 5m from west")}
    assert {lines[1] for lines in chi} == {"chi of 4s from west"} and {lines[0] for lines in chi} == {
        "north's 3s", "north's 4s", "north's 5s"}
    assert {lines[1] for lines in kakan} == {"kan of chun from south"}
    assert ankan[0] == ("north's 9s, face down", "closed kan of 9s") and ankan[1] == ("north's 9s", "closed kan of 9s")


def test_the_dora_and_the_hand_say_what_they_are(pyxel_headless):
    found = stories()
    assert found["dora", None] == [("dora 5m", "indicator 4m")]
    assert found["hand", 0] == [("your 2m", "in hand"), ("your 3m", "in hand"), ("your 4m", "in hand"),
                                ("your 7p", "just drawn")]


def test_every_look_fits_its_box_on_the_screen_and_overlaps_nothing_of_its_own(pyxel_headless):
    for view in (STORY, table_view(True), with_closed_kan(table_view(False))):
        for spot in look.spots(view, player=0):
            x, y, w, h = look.panel_box(spot)
            assert all(look.TEXT_X + paint.text_width(line) <= x + w - 2 for line in spot.lines), spot.lines
            assert y + look.LINE * len(spot.lines) + 1 <= y + h
            assert not (y <= spot.box[1] < y + h or y <= spot.box[1] + spot.box[3] - 1 < y + h), spot  # away from it
            with pytest.MonkeyPatch.context() as patches:
                canvas = Canvas(patches)
                pyxel.cls(0)
                look.draw_look(spot)
            assert canvas.overlaps == [], (spot.lines, canvas.overlaps[:3])


class FakeButtons(Buttons):
    """The cartridge's buttons read from a set the test holds down, the pointer where it puts it."""

    def __init__(self) -> None:
        self.down: set[str] = set()
        self.at = (-1, -1)
        super().__init__(read=lambda button: button in self.down, where=lambda: self.at)

    def frame(self, *held: str, at: tuple[int, int] | None = None) -> None:
        self.down = set(held)
        if at is not None:
            self.at = at
        self.update()


def test_arrows_while_x_is_held_step_a_look_cursor_through_a_pond_in_order(pyxel_headless):
    buttons, seen = FakeButtons(), look.Look()
    buttons.frame(X)
    seen.update(buttons, STORY, 0)
    assert seen.spot is None and not seen.keyed  # X alone: the hold-X view
    buttons.frame(X, RIGHT)
    seen.update(buttons, STORY, 0)
    assert seen.keyed and seen.spot.lines[0] == "west's 1m, turn 1"  # nothing answered: the first tile
    for turn in range(2, 9):
        buttons.frame(X)
        buttons.frame(X, RIGHT)
        seen.update(buttons, STORY, 0)
        assert seen.spot.lines[0].endswith(f"turn {turn}")
    buttons.frame(X)
    buttons.frame(X, DOWN)
    seen.update(buttons, STORY, 0)
    assert seen.spot.lines == ("north's 5m", "pon of 5m from west")
    buttons.frame(X)
    buttons.frame(X, LEFT)
    seen.update(buttons, STORY, 0)
    assert seen.spot.lines[0] == "west's 5m, turn 8"
    buttons.frame()
    seen.update(buttons, STORY, 0)
    assert seen.spot is None and not seen.keyed  # X let go: the look ends


def test_the_pointer_resting_on_a_tile_looks_at_it_and_a_key_ends_the_look(pyxel_headless):
    buttons, seen = FakeButtons(), look.Look()
    target = next(s for s in look.spots(STORY, 0) if s.lines[0] == "west's 6s, turn 7")
    x, y, w, h = target.box
    buttons.frame(at=(0, 0))
    buttons.frame(at=(x + w // 2, y + h // 2))  # moved onto the riichi tile
    for _ in range(look.LOOK_DELAY):
        seen.update(buttons, STORY, 0)
        assert seen.spot is None  # not yet: passing over a tile is not a look
        buttons.frame()
    seen.update(buttons, STORY, 0)
    assert seen.spot == target
    buttons.frame(RIGHT)
    seen.update(buttons, STORY, 0)
    assert seen.spot is None  # a key ends it until the pointer moves again


def test_the_table_and_its_look_stand_instead_of_the_hold_x_view_and_the_meters_once_the_cursor_is_out(make_cart):
    cart = make_cart(lambda c: StagedTable(c, "LOOK00001", SETTINGS))
    table = cart.scene
    table.staged = STORY
    pyxel.set_btn(pyxel.KEY_X, True)
    try:
        cart.buttons.update()
        assert cart.overlay_shown  # X alone: the engine's meters over the hold-X view
        said: list[str] = []
        with pytest.MonkeyPatch.context() as patches:
            patches.setattr(paint, "text", lambda x, y, words, colour: said.append(words))
            table.look.cursor = 5
            table.look.update(cart.buttons, STORY, 0)
            table.draw()
        assert not cart.overlay_shown  # the meters would hide the top of the table
    finally:
        pyxel.set_btn(pyxel.KEY_X, False)
    assert "WEST'S 8P, TURN 6" in said and "FROM THE DRAW" in said
