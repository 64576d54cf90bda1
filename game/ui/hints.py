"""The hint on the screen: the hint line, the waits, and practice's verdict, kept current.

The hint itself is worked out by ``game.coach.hint.analyse`` (the strong CPU's answer and the
figures beside it) as a task on the cartridge: :class:`HintKeeper` starts it whenever the table
asks the player something, or the player's hand changes, and keeps what it found; the painters
here only draw it. For practice (the HINTS setting AFTER CUT) the table hides the hint's answer
until the player has cut, then says how the cut stands against it, as the review will
(``game.coach.practice.judge_cut``).
"""

from __future__ import annotations



from engine.target import GREEN, LIGHT_GREY, PINK, WHITE, YELLOW
from game.coach.hint import Advice, Hint, analyse, decides  # noqa: F401  (Advice: the examples)
from game.coach.practice import CutVerdict, judge_cut
from game.rules.actions import Action, Discard, Pon, Riichi  # noqa: F401  (Pon: the examples)
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.tiles import counts34
from game.rules.view import PlayerView
from game.rules.words import action_word
from game.ui import paint, pieces


THINKING = "..."  # the hint line while its analysis runs
VERDICT_FRAMES = 90  # practice's verdict stands at least three seconds, whatever the CPUs' speed
SCREEN_RIGHT = 128
TILE_GAP = 2  # between the words and the hint's tile, and after it


def head_text(hint: Hint, short: bool = False) -> str:
    """The figures: shanten and the share of unseen tiles that advance the hand (``short`` for
    narrow places); none beside a win.

    >>> head_text(Hint(2, 0.256)), head_text(Hint(2, 0.256), short=True), head_text(Hint(0, 0.05))
    ('2 SHANTEN 26%', '2SH 26%', 'TENPAI 5%')
    """
    if hint.shanten < 0:
        return ""
    if hint.shanten == 0:
        return f"TENPAI {hint.share * 100:.0f}%"
    return f"{hint.shanten}{'SH' if short else ' SHANTEN'} {hint.share * 100:.0f}%"


def hint_line(hint: Hint, room: int, short: bool = False) -> tuple[str, int | None, str]:
    """The hint as (words, the answer's tile or None, the reason), to fit ``room`` pixels: the
    figures and the answer's word, its tile, then the longest form of the reason that fits
    (the figures in short, and a plain CUT left unsaid, when that makes room for it).

    >>> hint = Hint(1, 0.12, advice=Advice(Discard(8), ("SAFE VS N RIICHI", "SAFE VS N", "SAFE")))
    >>> hint_line(hint, 82), hint_line(Hint(1, 0.12, advice=Advice(Discard(8))), 82)
    (('1SH 12%', 8, 'SAFE VS N'), ('1 SHANTEN 12% CUT', 8, ''))
    >>> hint_line(Hint(0, 0.03, advice=Advice(Pon((8, 9)))), 50), hint_line(Hint(0, 0.08, advice=Advice(Riichi(8))), 50)
    (('PON', None, ''), ('RIICHI', 8, ''))
    >>> from game.rules.actions import Nuki
    >>> hint_line(Hint(0, 0.05, advice=Advice(Nuki(120))), 50, short=True)
    ('NUKI', None, '')
    """
    def width(words: str, tile: int | None, after: str) -> int:
        return (paint.text_width(words) + (TILE_GAP + pieces.extent("pond")[0] if tile is not None else 0)
                + (TILE_GAP + paint.text_width(after) if after else 0))

    tile = hint.tile
    heads = [head_text(hint, short=True)] if short else [head_text(hint), head_text(hint, short=True)]
    plain = [(f"{head} {hint.word}".strip(), tile, "") for head in heads]
    if hint.word == "CUT" and tile is not None:  # the tile alone says what to cut
        plain += [(head, tile, "") for head in heads if head]
    plain.append((hint.word, tile, ""))  # no room for the figures: the answer, never half of it
    reasoned = []
    for after in hint.reason:  # the longest reason first, then the widest words
        for head in heads:
            reasoned.append((f"{head} {hint.word}".strip(), tile, after))
            if hint.word == "CUT" and tile is not None and head:
                reasoned.append((head, tile, after))
    return next((line for line in reasoned + plain if width(*line) <= room), plain[-1])


def draw_hint(x: int, y: int, hint: Hint, short: bool = False, hide_cut: bool = False) -> int:
    """The hint line: the figures, the answer's word and tile, and the reason when there is one
    (``hide_cut``: the figures alone, until the player has cut); its width."""
    if hide_cut:
        words, tile, after = head_text(hint, short), None, ""
    else:
        words, tile, after = hint_line(hint, SCREEN_RIGHT - x, short)
    paint.text(x, y + 1, words, LIGHT_GREY)
    width = paint.text_width(words)
    if tile is not None:
        pieces.draw(x + width + TILE_GAP, y - 1, tile, "pond")
        width += TILE_GAP + pieces.extent("pond")[0]
    if after:
        paint.text(x + width + TILE_GAP, y + 1, after, YELLOW)
        width += TILE_GAP + paint.text_width(after)
    return width


def verdict_line(verdict: CutVerdict, room: int) -> tuple[str, int | None, str]:
    """The practice verdict: agreed, or the hint's answer and what it gains (the longest form
    of the reason that fits ``room`` pixels after it).

        >>> verdict_line(CutVerdict("agree", Discard(8)), 82)
        ('SAME CUT AS THE HINT', None, '')
        >>> verdict_line(CutVerdict("differ", Discard(8), ("SAFE VS N RIICHI", "SAFE VS N", "SAFE")), 82)
        ('HINT CUT', 8, 'SAFE VS N')
        >>> verdict_line(CutVerdict("close", Riichi(8)), 100)
        ('HINT RIICHI', 8, 'CLOSE CALL')
    """
    if verdict.agrees:
        return "SAME CUT AS THE HINT", None, ""
    answer = verdict.answer
    if not isinstance(answer, (Discard, Riichi)):  # a win or a kan: said in words
        return f"HINT: {action_word(answer).upper()}", None, ""
    words = "HINT RIICHI" if isinstance(answer, Riichi) else "HINT CUT"
    used = paint.text_width(words) + 2 * TILE_GAP + pieces.extent("pond")[0]
    forms = ("CLOSE CALL", "CLOSE") if verdict.verdict == "close" else verdict.reason
    after = next((f for f in forms if used + paint.text_width(f) <= room), "")
    return words, answer.tile, after


def draw_verdict(x: int, y: int, verdict: CutVerdict) -> None:
    """The practice verdict: agreed, or the hint's answer and what it would have gained."""
    words, tile, after = verdict_line(verdict, SCREEN_RIGHT - x)
    paint.text(x, y + 1, words, GREEN if verdict.agrees else YELLOW)
    if tile is not None:
        x += paint.text_width(words) + TILE_GAP
        pieces.draw(x, y - 1, tile, "pond")
        paint.text(x + pieces.extent("pond")[0] + TILE_GAP, y + 1, after, YELLOW)


def draw_waits(x: int, y: int, hint: Hint, view: PlayerView) -> None:
    """WAIT then each waited tile with how many of it the seat has not seen yet."""
    paint.text(x, y + 1, "WAIT", YELLOW)
    x += 17
    visible = view.visible_counts34()
    held = counts34(view.hand)
    for kind in hint.waits:
        left = max(0, 4 - held[kind] - visible[kind])
        pieces.draw(x, y - 1, kind * 4 + 1, "pond")  # copy 1 is never red
        paint.text(x + 6, y + 1, str(left), WHITE if left else PINK)
        x += 11


class HintKeeper:
    """Keeps the player's hint current. When the driver asks the player (its turn, or a tile
    another seat let go) it is the strong CPU's answer to that question, worked out on that very
    view (a call's answer is marked on the bar of buttons that covers the hint's row); otherwise, with
    13 tiles, the hand's figures and waits, again whenever the hand changes. Its figures are never stale: while the analysis runs there is no hint (``thinking``), none
    when there is nothing to decide (the round is over, a riichi hand's draw goes by itself),
    and none while a continued game replays its saved moves. The analysis is an urgent task: it
    goes before the rules' checks and the CPUs' thinking, so the answer is there with the draw."""

    def __init__(self, cart, analyse=analyse, judge_cut=judge_cut) -> None:
        """``analyse`` works a hint out, ``judge_cut`` practice's verdict (the wiring's)."""
        self.cart = cart
        self.analyse, self.judge_cut = analyse, judge_cut
        self.key: object = None
        self.task = None
        self.hint: Hint | None = None
        self.judging = None  # practice: the task judging the last cut against the hint
        self.verdict: CutVerdict | None = None  # practice: the last cut against the hint
        self.verdict_age = 0  # frames it has been on the table

    def chose(self, action: Action, asked: PlayerView, ruleset: Ruleset = TENHOU) -> None:
        """The player answered ``action`` to the question ``asked``: judge it against the hint, as
        the review will (practice), when the hint of that question was ready."""
        self.collect()
        self.verdict = None
        ready = self.task is None and self.key is asked and self.hint is not None and self.hint.answer is not None
        if not ready or not isinstance(action, (Discard, Riichi)):
            return
        if self.judging is not None:
            self.judging.cancel()
        advice = self.hint.advice
        # Not urgent: an urgent task keeps the frame's slice, and the game must take the cut
        # first (round-robin, the verdict then shares the frames with the CPUs' thinking).
        self.judging = self.cart.spawn(self.judge_cut(asked, action, ruleset, advice), "hint verdict")

    @property
    def thinking(self) -> bool:
        return self.task is not None

    def follow(self, view: PlayerView | None, asking: PlayerView | None, ruleset: Ruleset,
               replaying: bool = False) -> None:
        """Follow the table: ``view`` the player's (no legal actions), ``asking`` the driver's
        question to the player (None when none)."""
        if self.verdict is not None:
            self.verdict_age += 1
        if view is None:
            return
        if view.over or replaying:  # nothing to decide after a win; a replay's hands go by unseen
            self.forget()
            return
        self.collect()
        if asking is not None:  # the player's turn, or another seat's tile offered
            if asking is not self.key:
                if asking.last_discard is None and not self.verdict_fresh:
                    self.verdict = None  # a new turn: the last cut's verdict has been read
                self.forget()
                self.key = asking
                if decides(asking):  # (none when a riichi hand's draw goes by itself)
                    self.task = self.cart.spawn(self.analyse(asking, ruleset), "hint", urgent=True)
            return
        if len(view.hand) % 3 != 1:  # a hand of 14 with no question yet, or none to ask
            if self.key is not None:
                self.forget()
            return
        key = (view.hand, view.riichi[view.seat])  # the waits' unseen counts are read when drawn
        if key == self.key:
            return
        self.forget()
        self.key = key
        self.task = self.cart.spawn(self.analyse(view, ruleset), "hint", urgent=True)

    def collect(self) -> None:
        """Take the analysis's hint once its task is done, and a practice verdict once judged."""
        if self.task is not None and self.task.done:
            self.hint = self.task.result if self.task.state == self.task.DONE else None
            self.task = None
        if self.judging is not None and self.judging.done:
            self.verdict = self.judging.result if self.judging.state == self.judging.DONE else None
            self.judging, self.verdict_age = None, 0

    @property
    def verdict_fresh(self) -> bool:
        """Practice's verdict has not stood its ``VERDICT_FRAMES`` yet: it keeps the hint's row,
        over the next draw's figures too (at FAST the next draw comes within a second)."""
        return self.verdict is not None and self.verdict_age < VERDICT_FRAMES

    def drop(self) -> None:
        """The player has answered: this question's analysis is of no more use (and must not
        hold up the answer); the next one begins when the table changes."""
        if self.task is not None:
            self.task.cancel()
            self.task = None

    def forget(self) -> None:
        """No hint until the next analysis: the last one's figures are of another hand."""
        if self.task is not None:
            self.task.cancel()
        self.key, self.task, self.hint = None, None, None

    def stop(self) -> None:
        """The table is left: no analysis or verdict will be read (the title must not wait for
        them: the hint is urgent and would keep every slice until it was done)."""
        self.forget()
        if self.judging is not None:
            self.judging.cancel()
        self.judging, self.verdict = None, None

