"""The hint line and the player's waits, worked out as a task from what a seat may know.

``analyse(view, ruleset)`` (a task: the discard evaluation is the CPUs' thinking too) gives a
:class:`Hint`: with a tile to discard, the shanten after the best discard, the share of the
unseen tiles that would then advance the hand, and that discard; with 13 tiles, the shanten
and the ukeire now, and when tenpai the waits and whether they have no yaku (none of the
waits scores on a ron: a closed hand may still win by tsumo). What changes with every discard
on the table (how many of each wait are unseen, furiten: a wait in the seat's own pond) is
read when drawn. For practice (the HINTS setting AFTER CUT) the table hides the hint's tile
until the player has cut, then says whether the cut agreed (``practice_verdict``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pyxel

from engine.target import GREEN, LIGHT_GREY, PINK, WHITE, YELLOW
from engine.tasks import TaskGen
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.scoring import WinSituation, score_hand
from game.rules.shanten import evaluate_discards, ukeire, waits
from game.rules.tiles import counts34, is_red
from game.ui import pieces
from game.rules.view import PlayerView


THINKING = "..."  # the hint line while its analysis runs


@dataclass(frozen=True)
class Hint:
    shanten: int
    share: float  # ukeire over the unseen tiles
    discard: int | None = None  # the suggested tile, when the seat has one to throw
    waits: tuple[int, ...] = ()  # the kinds that complete the hand, when tenpai
    no_yaku: str = ""  # "", "NO YAKU" or "TSUMO ONLY"
    options: tuple[tuple[int, int, int], ...] = ()  # every discard: (kind, shanten, ukeire), best first


def analyse(view: PlayerView, ruleset: Ruleset = TENHOU) -> TaskGen[Hint]:
    """Task: the hint for ``view``'s seat."""
    counts = counts34(view.hand)
    visible = view.visible_counts34()
    if len(view.hand) % 3 == 2:
        options = yield from evaluate_discards(counts, visible)
        best = options[0]
        return Hint(best.shanten, best.ukeire.share, _tile_of(view.hand, best.kind),
                    options=tuple((o.kind, o.shanten, o.ukeire.total) for o in options))
    now = ukeire(counts, visible)
    yield
    if now.shanten != 0:
        return Hint(now.shanten, now.share)
    kinds = tuple(waits(counts))
    yield
    return Hint(0, now.share, None, kinds, _yaku_warning(view, kinds, ruleset))


def furiten(view: PlayerView, kinds: Sequence[int]) -> bool:
    """A wait the seat has thrown itself (the furiten a pond shows)."""
    own = {d.tile // 4 for d in view.discards[view.seat]}
    return any(k in own for k in kinds)


def _tile_of(hand: Sequence[int], kind: int) -> int:
    """A tile of ``kind`` in the hand, a plain one before a red five."""
    return min((t for t in hand if t // 4 == kind), key=lambda t: (is_red(t), t))


def _yaku_warning(view: PlayerView, kinds: Sequence[int], ruleset: Ruleset) -> str:
    situation = WinSituation(riichi=view.riichi[view.seat], seat_wind=view.seat_winds[view.seat],
                             round_wind=view.round_wind, dora_indicators=view.dora_indicators)
    melds = list(view.melds[view.seat])
    held = set(view.hand) | {t for m in melds for t in m.tiles}
    for kind in kinds:
        tile = next((t for t in range(kind * 4, kind * 4 + 4) if t not in held), None)
        if tile is not None and score_hand(list(view.hand) + [tile], tile, melds, situation, ruleset).error is None:
            return ""
    closed = not any(m.is_open for m in melds)
    return "TSUMO ONLY" if closed else "NO YAKU"


def hint_text(hint: Hint, short: bool = False) -> str:
    """The hint line's words (the suggested tile is drawn after them); ``short`` for narrow places.

    >>> hint_text(Hint(2, 0.256, 8)), hint_text(Hint(2, 0.256, 8), short=True)
    ('2 SHANTEN 26% CUT', '2SH 26%')
    >>> hint_text(Hint(0, 0.05, 8)), hint_text(Hint(-1, 0.0))
    ('TENPAI 5% CUT', 'COMPLETE')
    """
    if hint.shanten < 0:
        return "COMPLETE"
    if short:
        return f"{'TENPAI' if hint.shanten == 0 else f'{hint.shanten}SH'} {hint.share * 100:.0f}%"
    head = "TENPAI" if hint.shanten == 0 else f"{hint.shanten} SHANTEN"
    return f"{head} {hint.share * 100:.0f}%" + (" CUT" if hint.discard is not None else "")


def draw_hint(x: int, y: int, hint: Hint, short: bool = False, hide_cut: bool = False) -> int:
    """The hint line with its tile (``hide_cut``: without it, until the player has cut); its width."""
    text = hint_text(hint, short)
    if hide_cut:
        text = text.removesuffix(" CUT")
    pyxel.text(x, y + 1, text, LIGHT_GREY)
    width = len(text) * 4
    if hint.discard is not None and not hide_cut:
        pieces.draw(x + width + 1, y - 1, hint.discard, "pond")
        width += 7
    return width


def practice_verdict(hint: Hint, tile: int) -> tuple[str, int | None, str]:
    """Whether the player's cut agreed with the hint's: the words before the hint's tile, the
    tile (None when they agreed) and the words after it. A cut of the same figures as the
    hint's (shanten and ukeire) agrees.

        >>> hint = Hint(1, 0.2, 8, options=((2, 1, 20), (5, 1, 20), (6, 1, 16), (9, 2, 40)))
        >>> practice_verdict(hint, 21), practice_verdict(hint, 25), practice_verdict(hint, 36)
        (('SAME CUT AS THE HINT', None, ''), ('HINT CUT', 8, '+4 TILES'), ('HINT CUT', 8, 'IS FASTER'))
    """
    figures = {kind: (shanten, count) for kind, shanten, count in hint.options}
    best = hint.options[0] if hint.options else None
    mine = figures.get(tile // 4)
    if best is None or mine is None or mine == (best[1], best[2]):
        return "SAME CUT AS THE HINT", None, ""
    if mine[0] > best[1]:
        return "HINT CUT", hint.discard, "IS FASTER"
    return "HINT CUT", hint.discard, f"+{best[2] - mine[1]} TILES"


def draw_verdict(x: int, y: int, verdict: tuple[str, int | None, str]) -> None:
    """The practice verdict: agreed, or the hint's cut and what it would have gained."""
    before, tile, after = verdict
    pyxel.text(x, y + 1, before, GREEN if tile is None else YELLOW)
    if tile is not None:
        x += len(before) * 4 + 1
        pieces.draw(x, y - 1, tile, "pond")
        pyxel.text(x + 7, y + 1, after, YELLOW)


def draw_waits(x: int, y: int, hint: Hint, view: PlayerView) -> None:
    """WAIT then each waited tile with how many of it the seat has not seen yet."""
    pyxel.text(x, y + 1, "WAIT", YELLOW)
    x += 17
    visible = view.visible_counts34()
    held = counts34(view.hand)
    for kind in hint.waits:
        left = max(0, 4 - held[kind] - visible[kind])
        pieces.draw(x, y - 1, kind * 4 + 1, "pond")  # copy 1 is never red
        pyxel.text(x + 6, y + 1, str(left), WHITE if left else PINK)
        x += 11


class HintKeeper:
    """Keeps the player's hint current: a new analysis whenever the hand changes. Its figures
    are never stale: while the analysis runs there is no hint (``thinking``), and none while a
    continued game replays its saved moves. The analysis is an urgent task: it goes before
    the rules' checks and the CPUs' thinking, so the tile to cut is there with the draw."""

    def __init__(self, cart) -> None:
        self.cart = cart
        self.key: object = None
        self.task = None
        self.hint: Hint | None = None
        self.verdict: tuple[str, int | None, str] | None = None  # practice: the last cut against the hint

    def chose(self, tile: int, hand: tuple[int, ...]) -> None:
        """The player cut ``tile`` from ``hand``: how it stands against the hint worked out for
        that hand (none when the hint was not ready)."""
        self.collect()
        ready = self.task is None and self.hint is not None and self.hint.discard is not None
        mine = ready and isinstance(self.key, tuple) and self.key[0] == tuple(hand)
        self.verdict = practice_verdict(self.hint, tile) if mine else None

    @property
    def thinking(self) -> bool:
        return self.task is not None

    def follow(self, view: PlayerView | None, settings, ruleset: Ruleset, replaying: bool = False) -> None:
        if view is None or view.over:
            return
        if replaying:  # the saved moves go by: figures of a hand the player never sees are of no use
            self.forget()
            return
        self.collect()
        key = (view.hand, view.riichi[view.seat])  # the waits' unseen counts are read when drawn
        if key == self.key or len(view.hand) % 3 == 0:
            return
        if view.drawn is not None:
            self.verdict = None  # a new turn: the last cut's verdict has been read
        self.forget()
        self.key = key
        self.task = self.cart.spawn(analyse(view, ruleset), "hint", urgent=True)

    def collect(self) -> None:
        """Take the analysis's hint once its task is done."""
        if self.task is not None and self.task.done:
            self.hint = self.task.result if self.task.state == self.task.DONE else None
            self.task = None

    def drop(self) -> None:
        """The player has answered: this hand's analysis is of no more use (and must not hold
        up the answer); the next hand's begins when the hand changes."""
        if self.task is not None:
            self.task.cancel()
            self.task = None

    def forget(self) -> None:
        """No hint until the next analysis: the last one's figures are of another hand."""
        if self.task is not None:
            self.task.cancel()
        self.key, self.task, self.hint = None, None, None
