"""No text or tile drawn over another, on any screen in its fullest state (issue 41, item 4).

Each screen is drawn by its own scene or painter in the fullest state it can be in: four melds
for every seat (a kan among them), a riichi stick and long ponds for each, five dora, the
widest scores, every prompt's buttons (each page of them), every note at once, the hint,
the held-over line; the longest yaku lists, four tenpai hands, a double ron; the title with a
saved game, a message and a long code; every review page. ``overlaps.Canvas`` records what each
drawing call paints and what it paints over (tests/overlaps.py says what counts).
"""

from __future__ import annotations

import pyxel
import pytest
from overlaps import Canvas

from engine.buttons import O
from game.data.settings import Settings
from game.rules.actions import AddedKan, Chi, ClosedKan, Discard, NineTerminals, OpenKan, Pass, Pon, Riichi, Ron, Tsumo
from game.rules.melds import Meld
from game.rules.view import DiscardView, PlayerView
from game.ui import chooser as chooser_module
from game.ui import prompts
from game.ui import take_back
from game.ui.table import TableScene
from game.coach import hint as coach_hint

# its tests share a module fixture: one worker runs them all (make test runs pytest-xdist --dist loadgroup)
pytestmark = pytest.mark.xdist_group("overlaps")

SETTINGS = Settings(cpu_speed="fast")
LONG_POND = 24


def pond(seat: int) -> tuple[DiscardView, ...]:
    """A long pond: tiles thrown from the draw, one called away, the riichi tile sideways."""
    return tuple(DiscardView((seat * 29 + i * 11) % 136, i % 3 == 0, i == 7, (seat + 1) % 4 if i == 4 else None)
                 for i in range(LONG_POND))


def four_melds(seat: int) -> tuple[Meld, ...]:
    """An added kan, a pon, a chi and a pon, called from each other seat in turn."""
    base = 8 * seat
    left, across, right = (seat + 3) % 4, (seat + 2) % 4, (seat + 1) % 4
    return (
        Meld("kakan", (base, base + 1, base + 2, base + 3), called=base + 1, from_seat=right, added=base + 3),
        Meld("pon", (108, 109, 110), called=109, from_seat=across),
        Meld("chi", (76, 80, 84), called=80, from_seat=left),
        Meld("pon", (124, 125, 126), called=126, from_seat=left),
    )


def table_view(closed: bool, claim: bool = False, legal=(), over: bool = False) -> PlayerView:
    """The table from seat 0: every other seat with four melds; seat 0 closed (fourteen tiles,
    the draw apart) or with four melds too."""
    hand = tuple(range(0, 56, 4)) if closed else (100, 104)
    drawn = None if claim else hand[-1]
    if claim:
        hand = hand[:-1]
    melds = tuple(() if seat == 0 and closed else four_melds(seat) for seat in range(4))
    return PlayerView(
        seat=0, dealer=1, round_wind=1, seat_winds=(3, 0, 1, 2), hand=hand, drawn=drawn,
        hand_sizes=(len(hand), 2, 2, 2), melds=melds, discards=tuple(pond(s) for s in range(4)),
        riichi=(closed, True, True, True), dora_indicators=(8, 12, 40, 72, 124), scores=(88800, 99900, 12300, 77700),
        honba=12, riichi_sticks=11, tiles_left=0 if over else 69, turn=1 if claim else 0,
        awaiting=(0,), last_discard=(3, 57) if claim else None, legal_actions=tuple(legal), over=over)


OWN_TURN = (Tsumo(), Riichi(0), ClosedKan(2), AddedKan(30), NineTerminals(), Discard(0))
CLAIM = (Ron(), Chi((48, 52)), Chi((52, 60)), Chi((60, 64)), Pon((56, 58)), Pon((58, 59)), OpenKan(), Pass())


class StagedTable(TableScene):
    """A table scene whose view is the one staged (the game under it never moves)."""

    staged: PlayerView | None = None

    @property
    def view(self) -> PlayerView | None:
        return self.staged

    @property
    def shuffling(self) -> bool:
        return False


def staging(make_cart, settings: Settings = SETTINGS):
    """``make(view, asked=None)``: a table of these settings showing ``view``, the player asked ``asked``."""
    def make(view: PlayerView, asked: PlayerView | None = None):
        cart = make_cart(lambda c: StagedTable(c, "OVERLAP001", settings))
        table = cart.scene
        table.staged = view
        if asked is not None:
            table.human.asking = asked
            table.chooser.start(asked)
        return table

    return make


@pytest.fixture
def staged(make_cart):
    """``staged(view, asked=None)``: a table showing ``view``, the player asked ``asked``."""
    return staging(make_cart)


def no_overlaps(draw) -> list:
    """What ``draw`` draws over what (its own patches of Pyxel's drawing calls, undone after)."""
    with pytest.MonkeyPatch.context() as patches:
        canvas = Canvas(patches)
        draw()
    return canvas.overlaps


def test_the_checker_finds_what_is_drawn_over_what_and_off_the_screen(pyxel_headless):
    """The checker every test here leans on: text over a tile, a box over text and text run off
    the edge are each found, at a pixel they share; a tile on the last row of the tile above (a
    packed pond) and things side by side are not."""
    from game.ui import paint, tiles

    def drawn(draw) -> list:
        pyxel.cls(0)
        return no_overlaps(draw)

    assert drawn(lambda: (tiles.draw_tile(10, 10, 0), paint.text(12, 14, "AB", 7)))[0][:2] \
        == ("tile 1m at 10,10", "text 'AB' at 12,14")
    assert drawn(lambda: (paint.text(40, 40, "SCORE", 7), pyxel.rect(41, 40, 3, 3, 1)))[0][:2] \
        == ("text 'SCORE' at 40,40", "rect at 41,40")
    assert drawn(lambda: paint.text(120, 60, "OFF THE EDGE", 7)) == [("off screen", "text 'OFF THE EDGE' at 120,60",
                                                                       (120, 60))]
    height = tiles.tile_extent(tiles.HAND, 0)[1]
    assert drawn(lambda: (tiles.draw_tile(10, 10, 0), tiles.draw_tile(10, 10 + height - 1, 4),
                          paint.text(60, 10, "APART", 7))) == []


def own_turn_states(staged):
    for closed in (True, False):
        asked = table_view(closed, legal=OWN_TURN)
        table = staged(table_view(closed), asked)
        for chosen in range(len(table.chooser.options)):
            table.chooser.chosen = chosen
            yield f"own turn, closed={closed}, button {chosen}", table


def claim_states(staged):
    for closed in (True, False):
        asked = table_view(closed, claim=True, legal=CLAIM)
        table = staged(table_view(closed, claim=True), asked)
        for chosen in range(len(table.chooser.options)):
            table.chooser.chosen = chosen
            yield f"claim, closed={closed}, button {chosen}", table


def test_every_prompt_on_the_table_overlaps_nothing(staged):
    found = {}
    for name, table in [*own_turn_states(staged), *claim_states(staged)]:
        overlaps = no_overlaps(table.draw)
        if overlaps:
            found[name] = overlaps[:4]
    assert found == {}


@pytest.mark.parametrize("closed", [True, False])
def test_the_hand_with_every_note_and_line_overlaps_nothing(staged, closed):
    found = {}
    asked = table_view(closed, legal=OWN_TURN)
    table = staged(table_view(closed), asked)
    table.chooser.focus = "hand"  # the buttons wait behind UP
    table.chooser.no_calls_round = len(table.game.rounds)  # NO CALLS on
    lines = {
        "hint": lambda: setattr(table.hint, "hint", coach_hint.Hint(3, 0.256, advice=coach_hint.Advice(Discard(20)), no_yaku="TSUMO ONLY")),
        "waits": lambda: setattr(table.hint, "hint", coach_hint.Hint(0, 0.1, (0, 3, 6, 9), no_yaku="NO YAKU")),
        "riichi pick": lambda: setattr(table.chooser, "riichi", True),
        "refusal": lambda: (setattr(table.chooser, "said", chooser_module.KUIKAE),
                            setattr(table.chooser, "said_frames", 10)),
        "held over": lambda: table.cart.buttons.stale.__setitem__(O, 8),
        "take back": lambda: setattr(table.take_back, "notes", lambda: [take_back.NOTE]),  # practice's offer
    }
    for name, stage in lines.items():
        stage()
        overlaps = no_overlaps(table.draw)
        if overlaps:
            found[name] = overlaps[:4]
    assert found == {}


def test_the_end_of_a_round_on_the_table_overlaps_nothing(staged):
    from types import SimpleNamespace

    table = staged(table_view(False, over=True))
    table.game.round = SimpleNamespace(result=SimpleNamespace(wins=[SimpleNamespace(from_seat=None)]))
    assert no_overlaps(table.draw_table) == []


def test_the_demo_table_overlaps_nothing(make_cart):
    cart = make_cart(lambda c: StagedTable(c, "OVERLAP001", SETTINGS, demo=True))
    cart.scene.staged = table_view(True)
    assert no_overlaps(cart.scene.draw) == []


def test_the_prompt_pages_hold_every_button_once():
    """The bar's pages (it is one row, on the hint's row) show each button on one page."""
    opts = prompts.options(CLAIM, [], 57) + prompts.options(OWN_TURN, list(range(0, 56, 4)), None)
    pages = prompts.pages(opts, chooser_module.BAR_BOX[2])
    assert sorted(i for page in pages for i in page) == list(range(len(opts)))
    assert len(pages) > 1


# --- the results, the standings ------------------------------------------------------------------

LONG_YAKU = [(21, 2), (2, 1), (0, 1), (4, 1), (7, 1), (8, 1), (9, 1), (25, 2), (26, 2), (52, 13), (54, 1), (53, 12)]
YAKUMAN = [(46, 26), (41, 26), (48, 26)]  # the longest names, each with its two-digit han


def staged_round(tenpai=(True, True, True, True), melded: bool = True):
    """A finished round as the results read it: four hands (three with four melds, one
    closed), the dora and ura indicators of four kans, riichi for all."""
    from types import SimpleNamespace

    closed_hand = list(range(0, 52, 4))
    hands = {0: closed_hand, 1: [101], 2: [44], 3: [60, 100]}
    return SimpleNamespace(
        hand=lambda seat: list(hands[seat]), melds=[() if s == 0 or not melded else four_melds(s) for s in range(4)],
        wall=SimpleNamespace(dora_indicators=[8, 12, 40, 72, 124], ura_indicators=[9, 13, 41, 73, 125]),
        riichi=[True] * 4, honba=12, scores=[-12300, 99900, 45600, 66800], dealer=1,
        result=SimpleNamespace(wins=[], draw_reason="nm", tenpai=tenpai, deltas=[-12000, 8000, 8000, -4000]),
    )


def win(seat: int, from_seat: int | None, yaku=LONG_YAKU):
    from game.rules.events import Won
    from game.rules.scoring import HandScore

    score = HandScore(yaku=yaku, han=17, fu=110, limit="yakuman", total=48000)
    return Won(seat, from_seat, 100, score, (-48000 - 3600 - 11000, 48000 + 3600 + 11000, 0, 0), 11, pao_seat=2)


def results_pages():
    from game.rules.match import Match
    from game.ui.results import ResultsPanel

    rnd = staged_round()
    rnd.result.wins = [win(1, 0), win(3, 0, YAKUMAN), win(2, 0)]  # a triple ron, a page each
    match = Match()
    match.round_index, match.honba, match.sticks = 8, 12, 11  # into the west round
    over = Match()
    over.scores, over.over = [-12300, 99900, 45600, 66800], True
    offers = (lambda: take_back.FOOTER, lambda: "")  # practice's take-back beside Z: NEXT, or none
    for label, panel_round, next_figures, also in (("wins", rnd, match, offers[0]), ("draw", staged_round(), over, offers[1])):
        panel = ResultsPanel(panel_round, player=0, match=next_figures, also=also)
        panel.frames = 100  # the guard over: Z: NEXT shows
        for page in range(len(panel.pages)):
            panel.page = page
            yield f"{label} page {page}", panel
    tsumo = staged_round()
    tsumo.result.wins = [win(3, None)]
    yield "tsumo", ResultsPanel(tsumo, player=3, match=match)


def test_every_results_page_overlaps_nothing(pyxel_headless):
    found = {}
    for name, panel in results_pages():
        overlaps = no_overlaps(panel.draw)
        if overlaps:
            found[name] = overlaps[:4]
    assert found == {}


def test_the_standings_overlap_nothing(make_cart):
    from game.rules.match import Match
    from game.ui.standings import StandingsScene

    match = Match()
    match.scores = [-12300, 99900, 45600, 66800]
    cart = make_cart(lambda c: StandingsScene(c, match.standings(), "WWWWWWWWWWWW", 0))
    cart.scene.frames = 100
    assert no_overlaps(cart.scene.draw) == []


# --- the title and the menus ----------------------------------------------------------------------


def test_the_title_in_every_state_overlaps_nothing(make_cart, data_folder):
    from test_ui_title import saved_game

    from game.ui.title import SEED, TitleScene

    saved_game(data_folder)  # CONTINUE shows: every line of the menu
    cart = make_cart(TitleScene)
    title = cart.scene
    found = {}
    states = {
        "menu": lambda: None,
        "message": lambda: setattr(title, "message", "SAVE CUT SHORT: SET ASIDE AS BAD AND MORE"),
        "long code": lambda: (setattr(title, "choice", [e.label for e in title.entries].index(SEED)),
                              setattr(title, "typing_code", True), setattr(title, "code", "W" * 20)),
        "confirm": lambda: setattr(title, "replacing", "ABCDEFGH"),
    }
    try:
        for name, stage in states.items():
            stage()
            for blink in range(2):  # the typing cursor blinks: both of its frames
                pyxel.frame_count = 8 * blink  # over Pyxel's own count (its module's __getattr__)
                overlaps = no_overlaps(title.draw)
                if overlaps:
                    found[f"{name} {blink}"] = overlaps[:4]
    finally:
        # Pyxel's own count again. monkeypatch would put back a copy of the count it found, a
        # number that no longer moves, and a later test waiting for the cursor to blink waited
        # in vain (test_ui_title's longest code, once the overlaps ran on its worker before it).
        vars(pyxel).pop("frame_count", None)  # never set if a stage failed first: its error stands
    assert found == {}


def test_pause_and_settings_overlap_nothing(make_cart):
    from game.data.settings import PRACTICE
    from game.ui.pause import PauseMenu
    from game.ui.settings import SettingsMenu

    cart = make_cart(lambda c: StagedTable(c, "OVERLAP001", SETTINGS))
    menu = PauseMenu(cart, SETTINGS, "WWWWWWWWWWWW", take_back=lambda: None)  # TAKE BACK among its lines
    found = {}
    menu.confirming = True
    found["pause"] = no_overlaps(menu.draw)
    settings = SettingsMenu(cart)
    for line in range(len(settings.names) + 1):
        settings.chosen = line
        found[f"settings {line}"] = no_overlaps(settings.draw)
    cart.settings = SETTINGS.cycled("hints", 1) if SETTINGS.hints != PRACTICE else SETTINGS
    while cart.settings.hints != PRACTICE:
        cart.settings = cart.settings.cycled("hints", 1)
    settings.chosen = settings.names.index("hints")
    found["settings practice"] = no_overlaps(settings.draw)
    assert {name: overlaps for name, overlaps in found.items() if overlaps} == {}


def test_the_replays_list_overlaps_nothing(make_cart, data_folder):
    from game.ui.replays import ReplaysScene

    folder = data_folder / "logs"
    folder.mkdir(parents=True)
    for n in range(14):
        (folder / f"a-long-name-of-a-tenhou-log-{n:02d}.json").write_text("{}")
    cart = make_cart(ReplaysScene)
    scene = cart.scene
    scene.message = "NOT A LOG: " + "WORD " * 20
    scene.choice = 12
    assert no_overlaps(scene.draw) == []
    scene.message = ""
    scene.lines = {entry.name: "2024-01-01 12:00 ES 8R 1ST 45600" for entry in scene.entries}
    assert no_overlaps(scene.draw) == []


# --- the viewer and the review ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def reviewed():
    """A game of ours, reviewed for its player to the end."""
    from test_ui_viewer import our_log

    from engine.tasks import run_to_end
    from game.coach.review import review_task, start_review

    log = our_log(seat=3, decisions=120)
    review = start_review(log.game, 3, ruleset=log.ruleset)
    run_to_end(review_task(log.game, review))
    return log, review


def test_every_page_of_the_viewer_and_the_review_overlaps_nothing(make_cart, reviewed):
    from engine.tasks import run_to_end
    from game.ui import review_panel
    from game.ui.viewer import ViewerScene

    log, review = reviewed
    run_to_end(log.round_task(0))
    cart = make_cart(lambda c: ViewerScene(c, log))
    viewer = cart.scene
    found = {}
    found["chooser"] = no_overlaps(viewer.draw)
    viewer.choosing = False
    steps = len(log.stepped(0).steps)
    for step in (0, steps // 2, steps - 1):  # only watching: the four seats, the table, the analysis
        viewer.step = step
        found[f"watch {step}"] = no_overlaps(viewer.draw)
        viewer.table = True
        found[f"table {step}"] = no_overlaps(viewer.draw)
        viewer.table = False
    viewer.review = review
    for judged in review.decisions:  # every decision of the review, and the steps between
        if judged.round_index != 0:
            continue
        viewer.step = judged.step
        found[f"decision {judged.number}"] = no_overlaps(viewer.draw)
        if judged.explanation.topic == "discard":  # with the CPU's best cuts measured
            run_to_end(viewer.best_of((0, judged.step), judged))
            found[f"decision {judged.number} with its best cuts"] = no_overlaps(viewer.draw)
        viewer.step = max(0, judged.step - 1)
        found[f"before decision {judged.number}"] = no_overlaps(viewer.draw)
    for choice in range(max(1, len([j for _, j in review_panel.summary_rows(review) if j is not None]))):
        found[f"summary {choice}"] = no_overlaps(lambda: review_panel.draw_summary(review, 3, choice))
    assert {name: overlaps[:4] for name, overlaps in found.items() if overlaps} == {}


def test_the_hold_x_view_under_the_engines_meters_overlaps_nothing(make_cart):
    from engine import overlay
    from game.ui import debug

    cart = make_cart(lambda c: StagedTable(c, "OVERLAP001", SETTINGS))
    table = cart.scene
    for _ in range(200):  # the game's first deal (the hands the view shows)
        if table.game.round is not None:
            break
        cart.update()
        cart.draw()
    view = debug.DebugView(cart)
    view.hints = [coach_hint.Hint(3, 0.256, advice=coach_hint.Advice(Discard(20))), coach_hint.Hint(0, 0.05, advice=coach_hint.Advice(Discard(100))), coach_hint.Hint(-1, 0.0), coach_hint.Hint(6, 1.0, advice=coach_hint.Advice(Discard(8)))]
    view.follow = lambda game, player=None: None
    def idle():
        while True:
            yield

    for n in range(8):  # tasks enough for every line of the meters
        cart.spawn(idle(), f"task {n}")

    def both():
        view.draw(table.game, "WWWWWWWWWWWW", 0)
        overlay.draw_debug(cart)

    assert no_overlaps(both) == []
