"""YOUR GAMES: your figures over the games the table kept (``game.coach.stats``), as a Tenhou
player watches the stats page: games, average place and each place's count, the win, deal-in,
riichi and call rates over the rounds played, and how often your answer was the strong CPU's
by topic over your last games, with a chart of place and agreement game by game.

The logs are listed and read as thinking (a game's figures a few steps), then the last
``REVIEWED`` games are reviewed beside the strong CPU, as thinking too ("REVIEWING 3/8"):
the figures show at once, the agreement fills in. Esc (or O, or a click on the footer) goes
back to the scene it came from.

    >>> chart_y(1), chart_y(4), agreement_y(1.0), agreement_y(0.5)
    (92, 110, 92, 101)
"""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from engine.buttons import O
from engine.cartridge import Cartridge
from engine.target import DARK_BLUE, DARK_GREY, GREEN, LIGHT_GREY, ORANGE, PINK, WHITE, YELLOW
from engine.tasks import TaskGen
from game.coach.review import review_task, start_review
from game.coach.stats import RATES, SeatGame, Stats, count_agreement, seat_game
from game.data import logs
from game.records import GameLog
from game.ui import paint, saving
from game.ui.wiring import WIRING, Wiring

REVIEWED = 8  # the latest games reviewed for the agreement (a few seconds of thinking each)
LAST_CHARTED = 20  # games on the chart, the latest at the right
CHART_X, CHART_TOP, CHART_W, CHART_H = 14, 92, 110, 18
LEGEND_Y = 82
TOPICS = (("discard", "CUT"), ("call", "CALL"), ("kan", "KAN"), ("win", "WIN"))
RATE_WORDS = {"won": "WIN", "dealt_in": "DEAL-IN", "riichi": "RIICHI", "called": "CALL"}
PLACE_WORDS = ("1ST", "2ND", "3RD", "4TH")
BACK_KEYS = (pyxel.KEY_ESCAPE, pyxel.KEY_BACKSPACE, pyxel.GAMEPAD1_BUTTON_START)
FOOTER_BOX = (0, 118, 128, 10)


def chart_y(place: int) -> int:
    """The chart's row of a place: 1st at the top."""
    return CHART_TOP + (place - 1) * CHART_H // 3


def agreement_y(share: float) -> int:
    """The chart's row of an agreement share: all agreed at the top."""
    return CHART_TOP + round((1 - share) * CHART_H)


class YourGamesScene:
    def __init__(self, cart: Cartridge, wiring: Wiring = WIRING, back: Callable[..., object] | None = None) -> None:
        self.cart = cart
        self.wiring = wiring
        self.back = back
        self.shelf = saving.handed_shelf(cart, wiring)
        self.stats: Stats | None = None if self.shelf is not None else Stats()
        self.games: list[tuple[SeatGame, GameLog | None, int]] = []  # the log kept only to be reviewed
        self.agreement: dict[str, list[int]] = {}  # topic -> [agreed, decisions]
        self.shares: dict[int, float] = {}  # a game's index -> its agreement, once reviewed
        self.reviewing = 0  # games reviewed so far
        if self.shelf is not None:
            cart.spawn(self.think(), "your games")

    def think(self) -> TaskGen[None]:
        """Task: every game of ours read (the shelf lists the newest first: their logs are kept
        for the review, the older ones' only counted, so the memory holds ``REVIEWED`` logs),
        then the latest reviewed, the oldest of them first."""
        for entry in (yield from self.shelf.listed_task()):
            found = (yield from self.read_game(entry)) if entry.ours else None
            if found is not None:
                figures, game, seat = found
                self.games.append((figures, game if len(self.games) < REVIEWED else None, seat))
        self.games.sort(key=lambda found: found[0].when)
        self.stats = Stats([g for g, _, _ in self.games])
        for index, (_, game, seat) in enumerate(self.games):
            if game is not None:
                yield from self.review(index, game, seat)
                self.reviewing += 1

    def read_game(self, entry: logs.Entry) -> TaskGen[tuple[SeatGame, GameLog, int] | None]:
        found = yield from logs.your_game_task(self.shelf, entry)
        if found is None:
            return None  # Replays names what is wrong with a log; here it is not one of your games
        game, summary = found
        when = logs.stamp_of(entry.name)
        return seat_game(game, summary.seat, summary.finished, when), game, summary.seat

    def review(self, index: int, game: GameLog, seat: int) -> TaskGen[None]:
        review = yield from review_task(game, start_review(game, seat))
        count_agreement(self.agreement, review.decisions)
        if review.decisions:
            self.shares[index] = review.agreed / len(review.decisions)

    def update(self) -> None:
        buttons = self.cart.buttons
        if any(pyxel.btnp(key) for key in BACK_KEYS) or buttons.pressed(O) or buttons.clicked_in(*FOOTER_BOX):
            if self.back is not None:
                self.cart.change(self.back, self.wiring)
            else:
                self.cart.restart()

    # -- painting ---------------------------------------------------------------------------

    def draw(self) -> None:
        pyxel.cls(DARK_BLUE)
        paint.big_text_centered(4, "YOUR GAMES", ORANGE)
        stats = self.stats
        if stats is None:
            paint.text_centered(40, "READING YOUR LOGS...", LIGHT_GREY)
        elif not stats.games:
            paint.text_centered(40, "NO GAMES YET", WHITE)
            paint.text_centered(50, "A GAME IS KEPT WHEN IT ENDS", LIGHT_GREY)
        else:
            self.draw_figures(stats)
            self.draw_chart()
        paint.text_centered(120, f"{paint.OK_KEY}, ESC: BACK", DARK_GREY)

    def draw_figures(self, stats: Stats) -> None:
        games = len(stats.games)
        paint.text(2, 22, f"{games} GAME{'S' * (games != 1)}, {stats.rounds} ROUNDS", WHITE)
        average = stats.average_place
        places = stats.places()
        paint.text(2, 30, f"AVG PLACE {average:.2f}" if average is not None else "AVG PLACE -", YELLOW)
        paint.text(2, 38, "  ".join(f"{PLACE_WORDS[p - 1]} {places[p]}" for p in range(1, 5)), LIGHT_GREY)
        rates = [f"{RATE_WORDS[name]} {100 * stats.rate(name):.0f}%" for name in RATES]
        paint.text(2, 48, "  ".join(rates[:2]), WHITE)
        paint.text(2, 56, "  ".join(rates[2:]), WHITE)
        paint.text(2, 66, self.agreement_title(), LIGHT_GREY)
        shown = [f"{word} {100 * a // n}%" for topic, word in TOPICS for a, n in [self.agreement.get(topic, (0, 0))] if n]
        paint.text(2, 74, "  ".join(shown[:3]) if shown else "-", GREEN)
        paint.text(2, LEGEND_Y, "DOTS: PLACE", YELLOW)
        paint.text(60, LEGEND_Y, "LINE: AS THE CPU", GREEN)

    def agreement_title(self) -> str:
        wanted = min(REVIEWED, len(self.games))
        if self.reviewing < wanted:
            return f"AS THE CPU: REVIEWING {self.reviewing + 1}/{wanted}"
        return f"AS THE CPU, LAST {wanted} GAME{'S' * (wanted != 1)}:"

    def draw_chart(self) -> None:
        """Place (dots, 1st at the top) and agreement (green) over the latest games."""
        first = max(0, len(self.games) - LAST_CHARTED)
        shown = self.games[first:]
        pitch = CHART_W // max(1, len(shown))
        paint.text(2, CHART_TOP - 2, "1", DARK_GREY)
        paint.text(2, CHART_TOP + CHART_H - 4, "4", DARK_GREY)
        pyxel.rectb(CHART_X - 2, CHART_TOP - 2, CHART_W + 3, CHART_H + 5, DARK_GREY)
        last = None
        for i, (game, _, _) in enumerate(shown):
            x = CHART_X + i * pitch
            share = self.shares.get(first + i)
            if share is not None:
                y = agreement_y(share)
                if last is not None:
                    pyxel.line(last[0], last[1], x, y, GREEN)
                last = (x, y)
            colour = YELLOW if game.finished else PINK
            pyxel.rect(x, chart_y(game.place), 2, 2, colour)
