"""PRACTICE (game/coach/drill.py, game/ui/drill.py): the drill holds exactly the differing cuts
the review finds in your kept games, costliest first; its answers are the review's; it is asked
with the table's keys and clicks; the record in the data folder makes a cut answered right
twice leave it, and a drill rebuilt from the same logs and record is the same drill."""

from __future__ import annotations

import pyxel
from playing import frame
from stepping import press, step_until
from test_stats import kept
from test_ui_overlaps import no_overlaps

from engine.tasks import run_to_end
from game.coach.drill import Record, build_task, cpu_game_task, queue, same_cut
from game.coach.review import review_game
from game.data.logs import open_shelf
from game.records import read_log
from game.rules.actions import Discard
from game.ui import board, hands, saving
from game.ui.drill import RECORD_NAME, DrillScene


def differing_cuts(game, seat: int) -> list[tuple[int, int, int]]:
    """The review's differing cuts (neither side a riichi): (decision number, CPU's, played)."""
    return [(j.number, j.explanation.cpu.action.tile, j.explanation.player.action.tile)
            for j in review_game(game, seat).decisions
            if j.cost.verdict == "differ" and j.explanation.topic == "discard"
            and isinstance(j.explanation.cpu.action, Discard) and isinstance(j.explanation.player.action, Discard)]


def built(cart) -> DrillScene:
    step_until(cart, lambda: cart.scene.view is not None, limit=20000)
    return cart.scene


def test_a_drill_of_your_game_holds_its_differing_cuts_costliest_first(data_folder):
    folder = data_folder / "logs"
    folder.mkdir(parents=True)
    kept(folder, "DR111ME001", "20261201-100000", 2)
    drill = run_to_end(build_task(open_shelf(data_folder), Record()))
    game = read_log(next(folder.glob("*.json")))
    assert not drill.from_cpus
    assert [(int(p.key.split("#")[1]), p.cpu, p.played) for p in drill.positions] == differing_cuts(game, 2)
    asked = queue(drill.positions, Record())
    assert [p.severity for p in asked] == sorted((p.severity for p in asked), reverse=True)


def test_the_drill_is_answered_with_the_tables_keys_and_clicks_and_kept(make_cart, data_folder):
    cart = make_cart(DrillScene)
    scene = built(cart)
    first = scene.position
    tiles = scene.tiles()
    assert sorted(tiles) == sorted(first.hand)
    right = next(i for i, t in enumerate(tiles) if same_cut(t, first.cpu))
    for _ in range((right - scene.cursor) % len(tiles)):
        press(cart, pyxel.KEY_RIGHT)
    assert no_overlaps(scene.draw) == []
    press(cart, pyxel.KEY_Z)
    assert scene.told is True and scene.record.score == 1 and scene.record.streak == 1
    assert no_overlaps(scene.draw) == []
    press(cart, pyxel.KEY_Z)
    scene = built(cart)
    second = scene.position
    assert second.key != first.key  # answered right once: behind the positions never asked
    tiles = scene.tiles()
    wrong = next(i for i, t in enumerate(tiles) if not same_cut(t, second.cpu) and i != scene.cursor)
    x, y, _, _ = hands.tile_box(board.HAND_X, board.HAND_Y, wrong, len(tiles), scene.view.drawn is not None, False)
    click(cart, x + 2, y + 5)
    assert scene.told is None and scene.cursor == wrong  # a click raises the tile
    click(cart, x + 2, y + 3)
    assert scene.told is False and scene.record.missed == [second.key] and scene.record.streak == 0
    assert Record.from_bytes(saving.storage().load(RECORD_NAME)) == scene.record  # on disk, read anew


def test_before_you_have_games_the_drill_is_the_cpus_game_rebuilt_the_same_each_time(data_folder):
    shelf = open_shelf(data_folder)
    record = Record()
    drill = run_to_end(build_task(shelf, record))
    assert drill.from_cpus and drill.positions
    game = run_to_end(cpu_game_task())
    assert [(int(p.key[1:]), p.cpu, p.played) for p in drill.positions] == differing_cuts(game, 0)
    first = queue(drill.positions, record)[0]
    record.answer(first, first.cpu)
    again = run_to_end(build_task(shelf, record))
    assert again.positions == drill.positions  # rebuilt from the logs alone: the same drill
    assert first in queue(again.positions, record)
    record.answer(first, first.cpu)
    assert first not in queue(again.positions, record)  # right twice: it leaves the drill


def test_a_damaged_record_is_said_and_a_new_one_begun(make_cart, data_folder):
    data_folder.mkdir(parents=True, exist_ok=True)
    cart = make_cart(DrillScene)
    cart.scene.storage.save(RECORD_NAME, b"{not json")
    cart.change(DrillScene)
    frame(cart)
    frame(cart)
    assert cart.scene.message.startswith("A NEW RECORD: THE OLD ONE WAS BAD")
    assert cart.scene.record == Record()


def click(cart, x: int, y: int) -> None:
    """The mouse moved to (x, y), its left button pressed for a frame, then let go for one."""
    pyxel.set_mouse_pos(x, y)
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, True)
    frame(cart)
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, False)
    frame(cart)
