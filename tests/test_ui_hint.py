"""The hint line as the screen shows it (issue 23): never the figures of another hand (blank or
"..." while the analysis runs, none while a continued game replays its saved moves), worked
out before the rules' checks and the CPUs' thinking; the waits line when tenpai, and the
FURITEN and NO YAKU warnings, each read back from the screen."""

from __future__ import annotations

import pyxel
import pytest
from playing import counting_clock, play_until, quick, wired_title
from stepping import press, step, step_until

from engine.tasks import run_to_end
from game.data.settings import Settings
from game.play.driver import fallback
from game.rules.view import PlayerView
from game.ui import board, hints, paint
from game.ui.loading import LoadingScene
from game.ui.table import HINT_X, INFO_Y, TableScene
from game.ui.title import CONTINUE
from game.coach import hint as coach_hint

HINT_ROWS = range(INFO_Y - 1, INFO_Y + 6)  # the hint's text and its tile


def hint_area() -> list[int]:
    return [pyxel.pget(x, y) for y in HINT_ROWS for x in range(HINT_X, 128)]


def painted_hint(hint: coach_hint.Hint) -> list[int]:
    """The hint area with only ``hint`` painted on the felt (the screen is lost)."""
    pyxel.cls(board.FELT)
    hints.draw_hint(HINT_X, INFO_Y, hint)
    return hint_area()


def shows_no_stale_hint(table: TableScene) -> bool:
    """What the hint area shows is nothing, the thinking dots, or the hint of the hand on
    screen now: never figures of another hand. (The view the table drew is its ``last_view``:
    the game may have moved on in the frame's thinking, after the drawing.)"""
    view = table.last_view
    if table.chooser.options and table.chooser.focus == "bar":
        return True  # the prompt bar stands over the hint's row
    shown = hint_area()
    if set(shown) == {board.FELT}:
        return True
    pyxel.cls(board.FELT)
    paint.text(HINT_X, INFO_Y + 1, hints.THINKING, 6)
    if shown == hint_area():
        return True
    if view.drawn is None:
        return True  # the waits line, read when drawn (checked below)
    asked = table.hint.key  # on the player's turn: the driver's question the hint answers
    if not isinstance(asked, PlayerView) or asked.hand != view.hand:
        return False  # a 14-tile hand shows no hint but its own question's
    return shown == painted_hint(run_to_end(coach_hint.analyse(asked, table.game.match.ruleset)))


def test_after_continue_the_hint_never_shows_the_figures_of_another_hand(make_cart):
    wiring = quick(new_seed_code=lambda: "0YXMRESJ98")  # the same game each run
    cart = make_cart(wired_title(wiring), clock=counting_clock())
    cart.settings = Settings(cpu_speed="fast")
    step(cart)
    press(cart, pyxel.KEY_Z)  # NEW GAME
    table = cart.scene
    player = lambda: (table.human.asking is not None and table.human.asking.last_discard is None  # noqa: E731
                    and not table.game.replaying and len(table.game.decisions) >= 40)
    play_until(cart, table, player, limit=20000)
    cart.restart()
    step(cart)
    assert cart.scene.chosen == CONTINUE
    press(cart, pyxel.KEY_Z)
    step_until(cart, lambda: not isinstance(cart.scene, LoadingScene), limit=3000)
    resumed = cart.scene
    assert isinstance(resumed, TableScene)
    checked = 0
    for _ in range(600):
        step(cart)
        if resumed.last_view is None or resumed.shuffling:
            continue
        assert shows_no_stale_hint(resumed), (resumed.seed_code, checked)
        checked += 1
        if resumed.human.asking is not None and resumed.hint.hint is not None and not resumed.game.replaying:
            break
    assert checked and resumed.hint.hint is not None


def test_the_hint_is_worked_out_before_the_rules_and_the_cpus_think(make_cart):
    """Real CPUs think while the player plays; from its first step to its last, the hint's
    analysis lets no other task step, and the screen never shows a stale hint."""
    steps: list[tuple[object, str]] = []  # the task itself is kept: an id may be reused
    cart = make_cart(lambda c: TableScene(c, "HINTFIRST1", Settings(cpu_speed="fast", cpu_strength="weak")),
                     clock=counting_clock())
    cart.scheduler.watch = lambda task: steps.append((task, task.name))
    table = cart.scene
    for _ in range(12):  # twelve of the player's turns, the screen checked at each frame of them
        play_until(cart, table, lambda: table.human.asking is not None and table.human.asking.last_discard is None,
                   limit=5000)
        while table.hint.hint is None:
            step(cart)
            assert shows_no_stale_hint(table)
        step(cart)
        assert shows_no_stale_hint(table)
        if table.human.asking is not None:  # (in riichi the draw goes by itself)
            table.human.answer(fallback(table.human.asking))
        step(cart)
    analyses: dict[int, list[int]] = {}
    for i, (task, name) in enumerate(steps):
        if name == "hint":
            analyses.setdefault(id(task), []).append(i)
    assert len(analyses) >= 12
    for task, where in analyses.items():
        between = {name for _, name in steps[where[0] : where[-1] + 1]}
        assert between == {"hint"}, f"{between - {'hint'}} stepped while the hint was worked out"


def tenpai_view(hand: str, melds=(), pond: str = "") -> object:
    """The player (seat 0, East) tenpai on 13 tiles, not to move: the waits line shows."""
    from game.rules.tiles import parse_tiles
    from game.rules.view import DiscardView, PlayerView

    used: set[int] = set()
    tiles = tuple(sorted(parse_tiles(hand, used)))
    own = tuple(DiscardView(t, False, False, None) for t in parse_tiles(pond, used)) if pond else ()
    return PlayerView(
        seat=0, dealer=0, round_wind=0, seat_winds=(0, 1, 2, 3), hand=tiles, drawn=None,
        hand_sizes=(len(tiles), 13, 13, 13), melds=(tuple(melds), (), (), ()), discards=(own, (), (), ()),
        riichi=(False,) * 4, dora_indicators=(0,), scores=(25000,) * 4, honba=0, riichi_sticks=0,
        tiles_left=50, turn=1, awaiting=(), last_discard=None, legal_actions=(), over=False)


def table_showing(make_cart, view):
    """A table whose game stands still, showing ``view``: the hint keeper works its hint out
    (the real analysis) and the table draws it; the screen after that frame."""
    from types import SimpleNamespace

    cart = make_cart(lambda c: TableScene(c, "WAITS00001", Settings(cpu_speed="fast"), wiring=quick()),
                     clock=counting_clock())
    table = cart.scene
    step_until(cart, lambda: table.game.round is not None, limit=200)
    cart.scheduler.cancel_all()  # the game stands still: only the hint thinks
    table.task = SimpleNamespace(done=False, waiting=True, state="pending")
    table.human.asking = None  # no question stands: the hint follows the hand alone
    rnd = table.game.round  # the table's view of the round, as made once per event, is ``view``
    table.view_key, table.last_view = (id(rnd), len(rnd.events), rnd.phase), view
    for _ in range(200):
        step(cart)
        if table.hint.hint is not None and not table.hint.thinking:
            break
    step(cart)
    return table


def region(x0: int, y0: int, x1: int, y1: int) -> list[int]:
    return [pyxel.pget(x, y) for y in range(y0, y1) for x in range(x0, x1)]


def painted_alone(paint_it, box) -> list[int]:
    pyxel.cls(board.FELT)
    paint_it()
    return region(*box)


NOTES_BOX = (80, board.NOTE_Y - 1, 128, board.NOTE_Y + 2 * board.NOTE_LINE)
WAITS_BOX = (HINT_X, INFO_Y - 1, 128, INFO_Y + 7)


@pytest.mark.parametrize("hand, melds, pond, notes", [
    ("123m456p789s99p13s", (), "", ["TSUMO ONLY"]),  # closed, no yaku but tsumo: waits 2s
    ("456p789s99p13s", "chi", "", ["NO YAKU"]),  # the same open: no yaku at all
    ("234m456p678s55s34p", (), "2p", ["FURITEN"]),  # tanyao on 2p-5p, the 2p thrown
    ("123m456p789s99p13s", (), "2s", ["FURITEN", "TSUMO ONLY"]),
])
def test_the_waits_line_and_the_furiten_and_no_yaku_warnings_on_screen(make_cart, hand, melds,
                                                                     pond, notes):
    from game.rules.melds import Meld
    from game.ui.table import PINK

    if melds == "chi":
        melds = (Meld("chi", (0, 4, 8), called=0, from_seat=3),)
    view = tenpai_view(hand, melds, pond)
    table = table_showing(make_cart, view)
    hint = table.hint.hint
    assert hint is not None and hint.shanten == 0 and hint.waits
    shown_waits, shown_notes = region(*WAITS_BOX), region(*NOTES_BOX)
    assert shown_waits == painted_alone(lambda: hints.draw_waits(HINT_X, INFO_Y, hint, view), WAITS_BOX)
    assert shown_notes == painted_alone(lambda: board.draw_notes(notes, PINK), NOTES_BOX)
