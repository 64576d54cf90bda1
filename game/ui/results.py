"""The results of a round: each win (double ron: one page each), or the draw.

A win page shows the hand face up with the winning tile apart, the melds, the dora
indicators and (for a riichi) the ura-dora indicators, each yaku with its han (in two columns
of short names when there are more than five), the fu, han, limit and points, then every
seat's score change with the honba and riichi sticks, PAO beside the liable seat. A
draw page names the draw and shows the tenpai hands face up with each seat's payment.
O (or a click, a tap anywhere) moves on, but only after ``GUARD_FRAMES``: mashing O cannot
skip a page unseen. In practice the table may offer one more choice on the bottom line beside
Z: NEXT (``also``: U: TAKE BACK, game/ui/take_back.py), and a click on it is not a page turned.
"""

from __future__ import annotations

import pyxel

from collections.abc import Callable

from engine.buttons import Buttons, O
from engine.target import DARK_BLUE, DARK_GREY, GREEN, LIGHT_GREY, ORANGE, PINK, WHITE, WIDTH, YELLOW
from game.rules.match import Match
from game.rules.actions import Ron, Tsumo
from game.rules.events import Won
from game.rules.words import WIND_WORDS, action_word
from game.rules.round import Round
from game.rules.scoring import HandScore
from game.ui import centre, hands, melds, paint, pieces
from game.ui.seats import seat_name
from game.rules.yaku import YAKU

GUARD_FRAMES = 15  # half a second at 30 fps
YAKU_Y, YAKU_ROWS, YAKU_LINE = 50, 5, 7
YAKU_COLUMNS = ((2, 15), (64, 16))  # two columns: where each starts, how many letters it holds
VALUE_Y, EXTRAS_Y = 85, 91
ROWS_Y, ROW = 98, 6  # the score changes, a row a seat, above Z: NEXT (row 122)
FOOTER_Y, FOOTER_GAP = 122, 12  # Z: NEXT, and what the table offers beside it
PAO_X = 110  # PAO beside the liable seat's score
# Long yaku names in two columns (a short line each); one column keeps the whole name.
SHORT_NAMES = {"sanshoku doujun": "sanshoku", "sanshoku doukou": "doukou", "rinshan kaihou": "rinshan",
               "haitei raoyue": "haitei", "houtei raoyui": "houtei", "chuuren poutou": "chuuren",
               "junsei chuuren poutou": "junsei chuuren", "suuankou tanki": "suuankou tanki",
               "kokushi 13-wait": "kokushi 13"}
# Tenhou's names for the ways a round ends without a win, as the player reads them.
DRAW_NAMES = {
    "exhaustive": "EXHAUSTIVE DRAW",
    "nm": "NAGASHI MANGAN",
    "yao9": "NINE TERMINALS",
    "reach4": "FOUR RIICHI",
    "ron3": "TRIPLE RON",
    "kan4": "FOUR KANS",
    "kaze4": "FOUR WINDS",
}


def value_line(score: HandScore) -> str:
    """Fu, han, the limit's name and the points; a limit hand keeps its fu, as Tenhou shows
    it (a yakuman of yaku has no fu to show; a counted one does).

    >>> value_line(HandScore(han=3, fu=30, total=3900))
    '30 FU 3 HAN  3900'
    >>> value_line(HandScore(han=5, fu=40, limit="mangan", total=8000))
    '40 FU 5 HAN MANGAN  8000'
    >>> value_line(HandScore(han=26, limit="yakuman", yakuman=2, total=64000))
    'DOUBLE YAKUMAN  64000'
    >>> value_line(HandScore(han=13, fu=40, limit="yakuman", total=32000))
    '40 FU 13 HAN YAKUMAN  32000'
    """
    if score.limit == "yakuman" and score.yakuman:
        head = ("", "", "DOUBLE ", "TRIPLE ")[min(score.yakuman, 3)] + "YAKUMAN"
    elif score.limit != "none":
        head = f"{score.fu} FU {score.han} HAN {score.limit.upper()}"
    else:
        head = f"{score.fu} FU {score.han} HAN"
    return f"{head}  {score.total}"


def extension_reason(match: Match) -> str:
    """Why the game goes on past its last round (Tenhou's rule: until someone has the
    return points).

    >>> m = Match()
    >>> m.round_index = 8
    >>> extension_reason(m)
    'NO ONE HAS 30000: WEST ROUND'
    """
    wind = WIND_WORDS[match.round_wind % 4].upper()
    return f"NO ONE HAS {match.ruleset.return_points}: {wind} ROUND"


def bust_reason(match: Match, dealer: int, player: int | None) -> str:
    """Why a game ended before its last round: a seat went below zero (Tenhou's rule), by the
    names of the round that ended it; "" for a game that ran its course.

    >>> m = Match()
    >>> m.round_index, m.scores, m.over = 5, [52000, -600, 24000, 24600], True
    >>> bust_reason(m, dealer=1, player=1)
    'E YOU WENT BELOW ZERO'
    """
    if not (match.over and match.ruleset.bust_ends_game):
        return ""
    players = match.ruleset.players
    below = [seat_name(seat, dealer, player, players) for seat in range(players) if match.scores[seat] < 0]
    return " AND ".join(below) + " WENT BELOW ZERO" if below else ""


def end_title(bust: str) -> str:
    """The last page's title: GAME OVER when a seat went below zero, FINAL when the game ran
    its course.

    >>> end_title("W WENT BELOW ZERO"), end_title("")
    ('GAME OVER', 'FINAL')
    """
    return "GAME OVER" if bust else "FINAL"


def yaku_lines(score: HandScore, short: bool = False) -> list[str]:
    """Each yaku by name with its han (dora counted as a group); ``short``: the long names
    shortened, for two columns.

    >>> yaku_lines(HandScore(yaku=[(1, 1), (7, 1), (52, 2)]))
    ['RIICHI 1', 'PINFU 1', 'DORA 2']
    >>> yaku_lines(HandScore(yaku=[(25, 2)])), yaku_lines(HandScore(yaku=[(25, 2)]), short=True)
    (['SANSHOKU DOUJUN 2'], ['SANSHOKU 2'])
    """
    names = [YAKU[yaku_id].name for yaku_id, _ in score.yaku]
    if short:
        names = [SHORT_NAMES.get(name, name) for name in names]
    return [f"{name.upper()} {han}" for name, (_, han) in zip(names, score.yaku)]


def yaku_places(score: HandScore) -> list[tuple[int, int, str]]:
    """Where each yaku line stands (x, y, text): one column of whole names when they fit in
    its rows, else two columns of short names (each cut to its column), the last place
    saying how many more there are when even those do not hold them all.

    >>> [text for _, _, text in yaku_places(HandScore(yaku=[(1, 1), (25, 2)]))]
    ['RIICHI 1', 'SANSHOKU DOUJUN 2']
    >>> places = yaku_places(HandScore(yaku=[(1, 1), (2, 1), (0, 1), (7, 1), (8, 1), (9, 1), (25, 2), (52, 3), (54, 1), (53, 2), (5, 1)]))
    >>> [(x, y) for x, y, _ in places[4:6]], places[-1][2]
    ([(2, 78), (64, 50)], '+2 MORE')
    """
    lines = yaku_lines(score)
    if len(lines) <= YAKU_ROWS:
        return [(YAKU_COLUMNS[0][0], YAKU_Y + i * YAKU_LINE, line) for i, line in enumerate(lines)]
    lines = yaku_lines(score, short=True)
    slots = YAKU_ROWS * len(YAKU_COLUMNS)
    if len(lines) > slots:
        lines = lines[:slots - 1] + [f"+{len(lines) - slots + 1} MORE"]
    places = []
    for i, line in enumerate(lines):
        x, letters = YAKU_COLUMNS[i // YAKU_ROWS]
        if len(line) > letters:  # the name cut, its han kept
            name, han = line.rsplit(" ", 1)
            line = f"{name[:letters - len(han) - 1].rstrip()} {han}"
        places.append((x, YAKU_Y + i % YAKU_ROWS * YAKU_LINE, line))
    return places


class ResultsPanel:
    """The result pages of one finished round; ``done`` once the player has read them all."""

    def __init__(self, rnd: Round, player: int | None, match: Match | None = None,
                 also: Callable[[], str] = lambda: "") -> None:
        """``also``: the words of a choice the table offers beside Z: NEXT now ("" for none)."""
        self.round = rnd
        self.also = also
        self.player = player
        self.pages: list[Won | None | Match] = list(rnd.result.wins) or [None]  # None: the draw page
        if match is not None:  # the driver has moved it on: the next round's figures
            self.pages.append(match)
        self.page = 0
        self.frames = 0
        self.done = False

    def update(self, buttons: Buttons) -> None:
        self.frames += 1
        if self.ready and (buttons.pressed(O) or buttons.clicked() and not self.on_also(buttons)):
            self.turn_page()

    def footer(self) -> list[tuple[int, str]]:
        """The bottom line's parts, each with where it starts: Z: NEXT, and the table's offer."""
        parts = [f"{paint.OK_KEY}: NEXT"] + [a for a in (self.also(),) if a]
        widths = [paint.text_width(p) for p in parts]
        x = (WIDTH - sum(widths) - FOOTER_GAP * (len(parts) - 1)) // 2
        placed = []
        for part, width in zip(parts, widths):
            placed.append((x, part))
            x += width + FOOTER_GAP
        return placed

    def also_box(self) -> tuple[int, int, int, int] | None:
        """Where the table's offer lies on the bottom line (x, y, w, h), for a click; None: none."""
        parts = self.footer()
        if len(parts) < 2 or not self.ready:
            return None
        x, text = parts[1]
        return x - 2, FOOTER_Y - 2, paint.text_width(text) + 4, 9

    def on_also(self, buttons: Buttons) -> bool:
        box = self.also_box()
        return box is not None and buttons.clicked_in(*box)

    def turn_page(self) -> None:
        """On to the next page; ``done`` after the last."""
        self.frames = 0
        self.done = self.page + 1 >= len(self.pages)
        self.page = min(self.page + 1, len(self.pages) - 1)

    @property
    def ready(self) -> bool:
        """O will be read (the guard is over)."""
        return self.frames > GUARD_FRAMES

    @property
    def players(self) -> int:
        """The seats at the table: 4, or 3."""
        return len(self.round.scores)

    def name(self, seat: int) -> str:
        return seat_name(seat, self.round.dealer, self.player, self.players)

    def draw(self) -> None:
        pyxel.cls(DARK_BLUE)
        page = self.pages[self.page]
        if page is None:
            self.draw_draw()
        elif isinstance(page, Match):
            self.draw_summary(page)
        else:
            self.draw_win(page)
        if len(self.pages) > 1:
            paint.text(110, 2, f"{self.page + 1}/{len(self.pages)}", LIGHT_GREY)
        if self.ready:
            for i, (x, part) in enumerate(self.footer()):
                paint.text(x, FOOTER_Y, part, LIGHT_GREY if i == 0 else YELLOW)

    # -- a win ------------------------------------------------------------------------------

    def draw_win(self, win: Won) -> None:
        rnd = self.round
        tsumo = win.from_seat is None
        paint.big_text_centered(2, action_word(Tsumo if tsumo else Ron).upper(), ORANGE)
        who = self.name(win.seat) + ("" if tsumo else " FROM " + self.name(win.from_seat))
        paint.text_centered(16, who, WHITE)
        self.draw_hand(win)
        centre.draw_dora_row(2, 40, rnd.wall.dora_indicators)  # the dora themselves, as at the table
        if rnd.riichi[win.seat] or any(y == 53 for y, _ in win.score.yaku):
            paint.text(64, 41, "URA", LIGHT_GREY)
            hands.draw_small_row(78, 40, centre.dora_tiles(rnd.wall.ura_indicators))
        for x, y, line in yaku_places(win.score):
            paint.text(x, y, line, WHITE)
        paint.text_centered(VALUE_Y, value_line(win.score), YELLOW)
        extras = []
        if win.sticks_taken:
            extras.append(f"STICKS +{win.sticks_taken * 1000}")
        honba_points = win.deltas[win.seat] - win.score.total - win.sticks_taken * 1000
        if honba_points > 0:
            extras.append(f"HONBA {rnd.honba} +{honba_points}")
        paint.text_centered(EXTRAS_Y, "  ".join(extras), LIGHT_GREY)
        self.draw_changes(win.deltas, win.pao_seat)

    def draw_hand(self, win: Won) -> None:
        concealed = self.round.hand(win.seat)
        if win.from_seat is None:
            concealed.remove(win.tile)
        seat_melds = self.round.melds[win.seat]
        width = len(concealed) * 8 + 4 + 8 + sum(melds.meld_width(m, win.seat, self.players) + 2
                                                        for m in seat_melds)
        x = (pyxel.width - width) // 2
        for i, tile in enumerate(sorted(concealed)):
            pieces.draw(x + i * 8, 24, tile, "hand")
        x += len(concealed) * 8 + 4
        pieces.draw(x, 24, win.tile, "hand")
        x += 10
        for meld in seat_melds:
            x += melds.draw_meld(x, 30, meld, win.seat, border=True, players=self.players) + 2

    # -- a draw -----------------------------------------------------------------------------

    def draw_draw(self) -> None:
        result = self.round.result
        paint.big_text_centered(2, "DRAW", ORANGE)
        paint.text_centered(16, DRAW_NAMES.get(result.draw_reason or "", "DRAW"), WHITE)
        exhaustive = result.draw_reason in ("exhaustive", "nm")
        for seat in range(self.players):
            y = 26 + seat * 16
            paint.text(2, y, self.name(seat), LIGHT_GREY)
            if exhaustive:
                tenpai = result.tenpai[seat]
                paint.text(26, y, "TENPAI" if tenpai else "NOTEN", YELLOW if tenpai else DARK_GREY)
                if tenpai:
                    x = 2 + hands.draw_small_row(2, y + 7, self.round.hand(seat)) + 2
                    for meld in self.round.melds[seat]:
                        x += melds.draw_meld(x, y + 7, meld, seat, border=True, players=self.players) + 2
            self.draw_delta(70, y, result.deltas[seat], self.round.scores[seat])
        if result.draw_reason == "nm":
            paint.text_centered(96, "NAGASHI: " + ", ".join(self.name(s) for s in range(self.players)
                                                            if result.deltas[s] > 0), YELLOW)

    # -- between rounds -----------------------------------------------------------------------

    def draw_summary(self, match: Match) -> None:
        """The next round's figures: its name, honba, riichi sticks and every seat's score, and
        why it is played when it goes past the last round; or, when the game is over, every
        seat's score under the winds of the round that ended it (there is no next round)."""
        if match.over:
            reason = bust_reason(match, self.round.dealer, self.player)
            paint.big_text_centered(10, end_title(reason), ORANGE)
            paint.text_centered(42, reason, YELLOW)
        else:
            paint.big_text_centered(10, "NEXT", ORANGE)
            paint.text_centered(30, centre.round_name(match.round_index), WHITE)
            paint.text_centered(42, f"{match.honba} HONBA  {match.sticks} RIICHI STICKS", LIGHT_GREY)
            if match.round_index > match.last_index:
                paint.text_centered(50, extension_reason(match), YELLOW)
        dealer = self.round.dealer if match.over else match.dealer
        for seat in range(self.players):
            y = 60 + seat * 10
            name = seat_name(seat, dealer, self.player, self.players)
            paint.text(30, y, name, YELLOW if seat == self.player else WHITE)
            if seat == match.dealer and not match.over:
                paint.text(54, y, "DEALER", ORANGE)
            paint.text(82, y, str(match.scores[seat]), WHITE)

    # -- score changes -----------------------------------------------------------------------

    def draw_changes(self, deltas: tuple[int, ...], pao_seat: int | None = None) -> None:
        """Each seat's change and score; PAO beside the seat liable for the hand."""
        for seat in range(self.players):
            y = ROWS_Y + seat * ROW
            paint.text(14, y, self.name(seat), WHITE if seat == self.player else LIGHT_GREY)
            self.draw_delta(54, y, deltas[seat], self.round.scores[seat])
            if seat == pao_seat:
                paint.text(PAO_X, y, "PAO", PINK)

    @staticmethod
    def draw_delta(x: int, y: int, delta: int, score: int) -> None:
        colour = GREEN if delta > 0 else PINK if delta < 0 else DARK_GREY
        paint.text(x, y, f"{delta:+d}" if delta else "0", colour)
        paint.text(x + 28, y, str(score), WHITE)
