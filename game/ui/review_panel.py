"""The review's pages in the viewer: the seat to review, a decision beside the CPU's, the
summary, and what the figures mean. Painters only: the words come from ``game.coach.review_text``,
the figures from ``game.coach.review`` (the CPU's own code); the viewer says what to draw.
"""

from __future__ import annotations

import textwrap

import pyxel

from engine.target import DARK_BLUE, DARK_GREY, GREEN, LIGHT_GREY, ORANGE, PINK, WHITE, YELLOW
from game.coach.grade import SCALE, grades
from game.coach.review import WORTH_PERCENT, Judged, Review
from game.coach.review_text import (
    VERDICT_WORDS, cost_text, figure_rows, reason, topic_text,
    weighed_words,
)
from game.rules.actions import Action, Discard, Riichi
from game.rules.words import WIND_WORDS, answer_words, seat_words
from game.ui import hands, paint, pieces
from game.ui.seats import place_name

CHARS = 31  # a line across the screen, a pixel either side
LINE = 7
LABEL_X, MINE_X, CPU_X = 1, 53, 91  # the figures' three columns (a label of 12, figures of 9)
LABEL_CHARS, FIGURE_CHARS = 12, 9
VERDICT_COLOURS = {"agree": GREEN, "differ": PINK, "close": YELLOW}
LEGEND = {  # what each figure means, by its row's first word
    "shanten": "SHANTEN: TILES SHORT OF TENPAI",
    "ukeire": "UKEIRE: UNSEEN TILES THAT HELP",
    "shape": "SHAPE: AVERAGE WAIT ONCE TENPAI",
    "danger": "DANGER: % TO DEAL IN TO THAT",
    "value": "VALUE: -DORA THROWS ONE AWAY",
    "dama": "DAMA, RIICHI: POINTS OF A WIN",
    "yaku": "YAKU: WHAT THE HAND CAN WIN ON",
    "lost": "TILES LOST: UKEIRE KEPT FEWER",
    "outlook": "OUTLOOK: POINTS X CHANCES",
    "best": "BEST: THE CPU'S TOP 3 CUTS, %",
}
MORE_LEGEND = {"ukeire": "  (AND THEIR SHARE OF UNSEEN)", "danger": "  SEAT'S RIICHI OR OPEN HAND",
               "value": "  +TANYAO: HELPS TOWARDS IT", "lost": "  THAN THE CPU'S CUT KEEPS",
               "outlook": "  (THE STRONG CPU'S, NEAR TENPAI)", "best": "  AS ITS SCORER RATES EACH ONE"}
BEST_H, BEST_W = 9, 28  # the best cuts' row: its height, and each cut's width past its tile
LEGEND_END = 114  # the legend stops above the progress line (and the words above the legend)
CHOOSER_Y, CHOOSER_LINE = 34, 10
CHOOSER_FOOTER = [("UP/DOWN  Z: OK  ", None), ("ESC: BACK", "back")]  # a click on ESC: BACK goes back
CHOOSER_FOOTER_X = (128 - paint.text_width("UP/DOWN  Z: OK  ESC: BACK")) // 2
CHOOSER_BACK_BOX = paint.segment_boxes(CHOOSER_FOOTER_X, 120, CHOOSER_FOOTER)[1][0]
SUMMARY_Y = 16  # the summary's first line (twelve rows at most above the note at 99)
SUMMARY_BACK_Y = 121  # "S OR ESC: BACK TO THE GAME": a click there goes back
LEGEND_LINE = 6  # the legend's lines between decisions, a pixel apart
STATUS_END = 119  # between decisions the legend stops a row above the keys' help (row 122)


def seat_word(seat: int, player: int | None, winds: tuple[int, ...] | None = None, players: int = 4) -> str:
    """How the pages name a seat, as the table does: YOU for the player of one of our logs, else
    its wind that round (``winds``), or over a whole game its place from the player's chair (as
    the standings say) or, in a log not ours, its wind in the first round."""
    if winds is not None:
        return seat_words(seat, winds, player).upper()
    if player is not None:
        return place_name(seat, player, players)
    return WIND_WORDS[seat].upper()


# --- the seat to review --------------------------------------------------------------------------


def draw_chooser(names: list[str], places: list[str], choice: int, player: int | None) -> None:
    """REVIEW WHICH SEAT?: the four (or three) players, their place and points (the last line:
    no review)."""
    pyxel.cls(DARK_BLUE)
    paint.big_text_centered(4, "REVIEW", ORANGE)
    paint.text_centered(22, "WHOSE PLAY SHOULD THE CPU SEE?", LIGHT_GREY)
    for row, name in enumerate([*names, None]):
        y = CHOOSER_Y + row * CHOOSER_LINE
        here = row == choice
        if here:
            paint.text(2, y, ">", YELLOW)
        if name is None:
            paint.text(8, y, "NO ONE: ONLY WATCH THE GAME", WHITE if here else LIGHT_GREY)
            continue
        place = places[row]
        word = seat_word(row, player, players=len(names))
        label = word + ("" if row == player else " " + _ascii(name))
        paint.text(8, y, paint.fit(label, CHARS - 3 - len(place), word), WHITE if here else LIGHT_GREY)
        paint.text(127 - 4 * len(place), y, place, LIGHT_GREY)
    for row, text in enumerate(("SEE EACH CHOICE OF THE SEAT", "BESIDE THE STRONG CPU'S CHOICE")):
        paint.text_centered(92 + row * LINE, text, DARK_GREY)
    paint.draw_segments(CHOOSER_FOOTER_X, 120, CHOOSER_FOOTER, DARK_GREY, LIGHT_GREY)


def chooser_row_box(row: int) -> tuple[int, int, int, int]:
    """Where the chooser's line ``row`` lies (the four seats, then only watching), for a click."""
    return 0, CHOOSER_Y + row * CHOOSER_LINE - 2, 128, CHOOSER_LINE


def _ascii(name: str) -> str:
    """A player's name in the font's characters; a name the font cannot show (Tenhou's are
    often Japanese) is left out."""
    if not name or not all(" " <= c <= "~" for c in name):
        return ""
    return name.upper()


# --- one decision --------------------------------------------------------------------------------


def draw_decision(y: int, judged: Judged, player: int | None, seat: int, best: tuple = ()) -> None:
    """The decision's hand with both answers marked, the CPU's ``best`` cuts (its alternatives,
    once measured), the figures row by row, the verdict and the reason, from ``y`` down."""
    e = judged.explanation
    tiles = hands.hand_in_order(judged.hand, judged.drawn)
    width = hands.draw_small_row(1, y, tiles[:-1] if judged.drawn is not None else tiles,
                                 apart=judged.drawn)
    melded = [t for meld in judged.melds for t in meld.tiles]
    if judged.offered is not None:  # a call's tile, set apart as a draw is
        width += 3 + hands.draw_small_row(width + 4, y, [judged.offered])
        pyxel.rect(width - 5, y + 9, 5, 1, LIGHT_GREY)
    hands.draw_small_row(max(1 + width + 4, 127 - 6 * len(melded)), y, melded)
    _mark(tiles, judged.drawn is not None, e.player.action, y + 9, WHITE)
    _mark(tiles, judged.drawn is not None, e.cpu.action, y + 11, ORANGE)
    y += 15
    paint.text(LABEL_X, y, f"TURN {judged.turn}", LIGHT_GREY)
    rows = figure_rows(judged)
    _answer(MINE_X, y, seat_word(seat, player, judged.winds), e.player.action, WHITE)
    _answer(CPU_X, y, "CPU", e.cpu.action, ORANGE)
    if not isinstance(e.player.action, (Discard, Riichi)) or not isinstance(e.cpu.action, (Discard, Riichi)):
        # the answers in words, on a row named by what was decided ("call", "win", "kan")
        rows.insert(0, (topic_text(judged), answer_words(e.player.action, judged.offered),
                        answer_words(e.cpu.action, judged.offered)))
    y += LINE + 2
    if best:
        draw_best(y, best)
        y += BEST_H
    verdict = textwrap.wrap((VERDICT_WORDS[judged.cost.verdict] + cost_text(judged)).upper(), CHARS)[:2]
    why = textwrap.wrap(("CPU: " + reason(judged)).upper(), CHARS)[:2] if judged.cost.verdict != "agree" else []
    # the figures take what the verdict and the reason leave above the progress line: the
    # words are never pushed into the progress line or the keys' help at the bottom
    room = (LEGEND_END - y - 2 - LINE * (len(verdict) + len(why))) // LINE
    for label, player, cpu in rows[:room]:
        paint.text(LABEL_X, y, paint.fit(label.upper(), LABEL_CHARS), LIGHT_GREY)
        paint.text(MINE_X, y, paint.fit(player.upper(), FIGURE_CHARS), WHITE)
        paint.text(CPU_X, y, paint.fit(cpu.upper(), FIGURE_CHARS), ORANGE)
        y += LINE
    y += 2
    for row in verdict:
        paint.text(1, y, row, VERDICT_COLOURS[judged.cost.verdict])
        y += LINE
    for row in why:
        paint.text(1, y, row, YELLOW)
        y += LINE
    labels = (["best"] if best else []) + (["lost"] if judged.cost.tiles > 0.05 else []) \
        + [label for label, _, _ in figure_rows(judged)]
    draw_legend(y + 3, labels)


def draw_best(y: int, best: tuple) -> None:
    """The CPU's best cuts on one row, each tile with its share of the scorer's choice
    (``Measure.likely``) and its shanten and ukeire: BEST [5m]56% 2/54 ..."""
    paint.text(LABEL_X, y + 1, "BEST", LIGHT_GREY)
    x = LABEL_X + 18
    for i, m in enumerate(best[:3]):
        pieces.draw_row(x, y - 1, [m.action.tile], border=True)
        share = f"{100 * m.likely:.0f}%" if m.likely >= 0 else ""
        paint.text(x + 8, y + 1, share, ORANGE if i == 0 else WHITE)
        x += 8 + BEST_W


def draw_legend(y: int, labels: list[str]) -> None:
    """What the figures on the page mean, as many lines as fit above the progress line."""
    for word in dict.fromkeys(label.split()[0] for label in labels):
        if word not in LEGEND:
            continue
        entry = [LEGEND[word]] + ([MORE_LEGEND[word]] if word in MORE_LEGEND else [])
        if y + LINE * len(entry) > LEGEND_END:  # an entry whole or not at all: never its first half
            return
        for text in entry:
            paint.text(1, y, text, LIGHT_GREY)
            y += LINE


def draw_progress(judged: Judged, review: Review) -> None:
    """Which decision this is, and the agreement so far."""
    count = len(review.decisions)
    share = 100 * review.agreed / count if count else 0
    if review.done:
        text = f"DECISION {judged.number} OF {count}, {share:.0f}% AGREE"
    else:
        text = f"DECISION {judged.number}, STILL REVIEWING"
    paint.text(1, LEGEND_END, paint.fit(text, CHARS, text.split(",")[0]), LIGHT_GREY)


def _answer(x: int, y: int, who: str, action: Action, colour: int) -> None:
    """WHO and a discard's tile (R before it for riichi); other answers have a row of their own."""
    paint.text(x, y, who, colour)
    x += 4 * len(who) + 2
    if isinstance(action, (Discard, Riichi)):
        if isinstance(action, Riichi):
            paint.text(x, y, "R", colour)
            x += 5
        pieces.draw_row(x, y - 1, [action.tile], border=True)


def _mark(tiles: list[int], drawn_apart: bool, action: Action, y: int, colour: int) -> None:
    """A bar under the tile an answer throws (its kind: a log names no copies)."""
    if not isinstance(action, (Discard, Riichi)):
        return
    kind = action.tile // 4
    for i, tile in enumerate(tiles):
        if tile == action.tile or (tile // 4 == kind and action.tile not in tiles):
            x = 1 + i * hands.SMALL_PITCH + (2 if drawn_apart and i == len(tiles) - 1 else 0)
            pyxel.rect(x, y, 5, 2, colour)
            return


# --- between decisions, and the summary ---------------------------------------------------------------


def draw_status(y: int, review: Review, player: int | None) -> None:
    """Where the review stands, and what the figures mean."""
    who = seat_word(review.seat, player, players=review.ruleset.players)
    count = len(review.decisions)
    if review.done:
        share = 100 * review.agreed / count if count else 0
        status = f"{who}: {count} DECISIONS, {share:.0f}% AGREE"
    else:
        status = f"REVIEWING {who}... {count} SO FAR"
    paint.text(1, y, paint.fit(status, CHARS, status.rsplit(",", 1)[0]), WHITE)  # (no decision of the seat at this step)
    y += LINE + 2
    for word, text in LEGEND.items():  # a pixel apart, the entries that fit whole above the keys' help
        entry = [line for line in (text, MORE_LEGEND.get(word)) if line]
        if y + LEGEND_LINE * len(entry) > STATUS_END:
            return
        for line in entry:
            paint.text(1, y, line, LIGHT_GREY)
            y += LEGEND_LINE


def summary_rows(review: Review) -> list[tuple[str, Judged | None]]:
    """The summary's lines: a text, and the decision it leads to (None: a line to read)."""
    count = len(review.decisions)
    share = 100 * review.agreed / count if count else 0
    found = grades(review)
    close = len(review.differences) - len(review.listed)
    head = f"{count} DECISIONS" + (f", GRADE {found[-1].letter} {found[-1].percent:.0f}%" if found else "")
    rounds = _lines([f"{_round_name(g.label)}:{g.letter}" for g in found[:-1]], CHARS)
    rows: list[tuple[str, Judged | None]] = [
        (head, None),
        (f"AGREE {review.agreed} ({share:.0f}%), CLOSE {close}", None),
        *[(line, None) for line in rounds[:2]],  # each round's grade (more than two lines' rounds: not shown)
    ]
    for by, title in (("tiles", "MOST LOST: STEPS, TILES, WORTH"), ("danger", "MOST DANGER TAKEN")):
        rows.append((title, None))
        biggest = review.biggest(by)
        for judged in biggest:
            rows.append((_summary_line(judged, by), judged))
        if not biggest:
            rows.append(("  NONE", None))
    return rows


def _lines(words: list[str], chars: int) -> list[str]:
    """Words a space apart in lines of ``chars`` at most, none cut.

        >>> _lines(["E1:B", "E2:A", "E3:S"], 9)
        ['E1:B E2:A', 'E3:S']
    """
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 1 + len(word) <= chars:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _round_name(label: str) -> str:
    """A round as the summary's grades name it: E1, or E1.1 for its first repeat.

        >>> _round_name("E1.0"), _round_name("S2.1")
        ('E1', 'S2.1')
    """
    return label.removesuffix(".0")


def _summary_line(judged: Judged, by: str) -> str:
    e = judged.explanation
    if by == "danger":
        cost = f"{judged.cost.danger:.1f}%"
    elif judged.cost.yaku:
        cost = "NO YAKU"
    elif judged.cost.steps:
        cost = f"{judged.cost.steps} STEP"
    elif judged.cost.worth > WORTH_PERCENT:
        cost = f"{judged.cost.worth:.0f}% WORTH"
    elif judged.cost.tiles > 0:
        cost = f"{judged.cost.tiles:.0f} TILES"
    else:  # kept as many tiles: lost by shape, value or points
        cost = weighed_words(judged, short=True)
    answers = f"{answer_words(e.player.action, judged.offered)}/{answer_words(e.cpu.action, judged.offered)}".upper()
    room = CHARS - 3 - len(cost)  # the line's two spaces, the space before the cost
    head = paint.fit(f"{judged.label} TURN {judged.turn} {answers}", room, f"{judged.label} {answers}", answers)
    return f"  {head} {cost}"


def draw_summary(review: Review, player: int | None, choice: int) -> None:
    """The summary page: agreement, and the costliest differences (each one press away)."""
    pyxel.cls(DARK_BLUE)
    title = f"SUMMARY: {seat_word(review.seat, player, players=review.ruleset.players)} VS CPU"
    paint.text(1, 1, title, ORANGE)
    if not review.done:
        paint.text(1, 9, f"REVIEWING... {len(review.decisions)} SO FAR", YELLOW)
    leads = [judged for _, judged in summary_rows(review) if judged is not None]
    chosen = leads[choice] if leads else None
    for row, (text, judged) in enumerate(summary_rows(review)):
        y = SUMMARY_Y + row * LINE
        if judged is not None:  # a line that leads to its decision
            colour = WHITE if judged is chosen else LIGHT_GREY
            if judged is chosen:
                paint.text(1, y, ">", YELLOW)
        else:
            colour = ORANGE if text.startswith("MOST") else WHITE
        paint.text(4, y, paint.fit(text, CHARS), colour)
    if leads:
        paint.text_centered(99, f"{seat_word(review.seat, player, players=review.ruleset.players)}/CPU, THEN THE COST", DARK_GREY)
    for row, problem in enumerate(review.problems[:1]):
        paint.text(1, 106, textwrap.shorten(problem.upper(), CHARS, placeholder="..."), PINK)
    if not review.problems and review.decisions:  # the grade's scale, said where it is shown
        paint.text_centered(106, f"GRADE {SCALE}", DARK_GREY)
    paint.text_centered(114, "UP/DOWN CHOOSE  Z: GO THERE", DARK_GREY)
    paint.text_centered(SUMMARY_BACK_Y, "S OR ESC: BACK TO THE GAME", LIGHT_GREY)


def summary_click(review: Review, point: tuple[int, int] | None) -> int | str | None:
    """What a click at ``point`` takes on the summary: a costly decision (its number among
    the lines that lead somewhere), "back" (the last line), or nothing."""
    if point is None:
        return None
    _, py = point
    if py >= SUMMARY_BACK_Y - 2:
        return "back"
    lead = 0
    for row, (_, judged) in enumerate(summary_rows(review)):
        if judged is None:
            continue
        y = SUMMARY_Y + row * LINE
        if y - 1 <= py < y + LINE - 1:
            return lead
        lead += 1
    return None
