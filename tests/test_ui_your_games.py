"""YOUR GAMES (game/ui/your_games.py): the figures of the games kept in logs/, as
``picoriichi stats`` counts them, and the strong CPU's agreement as the review finds it, read
and reviewed as thinking; nothing drawn over another or off the screen."""

from __future__ import annotations

import pyxel
from stepping import press, step_until
from test_stats import kept
from test_ui_overlaps import no_overlaps

from engine.tasks import run_to_end
from game.coach.review import review_task, start_review
from game.coach.stats import seat_game
from game.records import read_log
from game.ui.title import TitleScene
from game.ui.your_games import YourGamesScene


def test_your_games_shows_the_kept_games_figures_and_the_reviews_agreement(make_cart, data_folder):
    folder = data_folder / "logs"
    folder.mkdir(parents=True)
    seats = {"20261201-100000": 1, "20261202-100000": 3}
    for n, (stamp, seat) in enumerate(seats.items()):
        kept(folder, f"MYGAMES0{n}", stamp, seat)
    (folder / "20261203-100000-notalog01.json").write_bytes(b"{broken")
    cart = make_cart(YourGamesScene)
    scene = cart.scene
    step_until(cart, lambda: scene.reviewing == len(seats), limit=20000)
    games = [read_log(path) for path in sorted(folder.glob("*-mygames0*.json"))]
    expected = [seat_game(g, seat) for g, seat in zip(games, seats.values())]
    assert [(g.rounds, g.won, g.dealt_in, g.riichi, g.called, g.place) for g, _, _ in scene.games] \
        == [(g.rounds, g.won, g.dealt_in, g.riichi, g.called, g.place) for g in expected]
    reviews = [run_to_end(review_task(g, start_review(g, seat))) for g, seat in zip(games, seats.values())]
    discards = [d for r in reviews for d in r.decisions if d.explanation.topic == "discard"]
    assert scene.agreement["discard"] == [sum(d.cost.verdict == "agree" for d in discards), len(discards)]
    assert scene.shares == {i: r.agreed / len(r.decisions) for i, r in enumerate(reviews)}
    assert no_overlaps(scene.draw) == []


def test_an_empty_folder_says_so_and_esc_goes_back(make_cart, data_folder):
    cart = make_cart(TitleScene)
    cart.change(YourGamesScene)
    step_until(cart, lambda: isinstance(cart.scene, YourGamesScene) and cart.scene.stats is not None, limit=100)
    assert cart.scene.stats.games == [] and no_overlaps(cart.scene.draw) == []
    press(cart, pyxel.KEY_ESCAPE)
    assert isinstance(cart.scene, TitleScene)


def test_replays_opens_your_games_by_s_or_a_click_and_esc_comes_back(make_cart, data_folder):
    from game.ui import paint
    from game.ui.replays import FOOTER_Y, ReplaysScene, footer_parts, footer_x

    cart = make_cart(TitleScene)
    cart.change(ReplaysScene)
    step_until(cart, lambda: isinstance(cart.scene, ReplaysScene) and cart.scene.listed, limit=100)
    press(cart, pyxel.KEY_S)
    assert isinstance(cart.scene, YourGamesScene)
    press(cart, pyxel.KEY_ESCAPE)
    assert isinstance(cart.scene, ReplaysScene)
    step_until(cart, lambda: cart.scene.listed, limit=100)
    (x, y, w, h), _ = next(box for box in paint.segment_boxes(footer_x(False), FOOTER_Y, footer_parts(False))
                           if box[1] == "stats")
    pyxel.set_mouse_pos(x + w // 2, y + h // 2)
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, True)
    step_until(cart, lambda: isinstance(cart.scene, YourGamesScene), limit=3)
    pyxel.set_btn(pyxel.MOUSE_BUTTON_LEFT, False)
    assert isinstance(cart.scene, YourGamesScene)
