"""The hint: the strong CPU's answer on a seat's view, the figures beside it, and why.

``analyse(view, ruleset)`` is a task (thinking, sliced across frames like a CPU's decision; the
CPU's own steps are run a fraction of a millisecond together: ``engine.scheduler.gathered``)
that gives a :class:`Hint`:

- when the seat has something to decide (``view`` is a question of the driver, with its legal
  actions), the strong CPU's own answer on that very view (:class:`Advice`, from ``advise``),
  asked through ``game.coach.explain.explain``: the code the review asks, so a player who follows
  the hint is told by the review of the game that they agreed (same view, same answer). Beside
  the answer stand the figures: the shanten and the share of the unseen tiles that advance the
  hand after it. When the CPU's cut keeps fewer tiles than the most-tiles cut, one short reason
  says why, in the review's own terms (``review_text.short_reason`` of the most-tiles cut judged
  against the CPU's: "SAFE VS N RIICHI", "KEEPS DORA", "KEEPS YAKU"). The answer is one of the
  view's legal actions, so it never names a move the rules forbid (kuikae, a riichi hand's other
  tiles);
- with 13 tiles and nothing to decide: the shanten and the ukeire now, and when tenpai the waits
  and whether they have no yaku (none of the waits scores on a ron: a closed hand may still win
  by tsumo);
- a 14-tile hand with no question (another seat's turn seen in hold X, a replay): the figures of
  its best cut, naming no tile;
- None when the round is over. What changes with every discard on the table (how many of each
  wait are unseen, furiten: a wait in the seat's own pond) is read when drawn.

    >>> Advice(Discard(8)).word, Advice(Riichi(8)).word, Advice(Discard(8), dama=True).word, Advice(Pass()).word
    ('CUT', 'RIICHI', 'DAMA', 'PASS')
    >>> Hint(1, 0.2, advice=Advice(Discard(8))).tile, Hint(0, 0.05, waits=(3, 6)).tile is None
    (8, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.scheduler import gathered
from engine.tasks import TaskGen
from game.coach.explain import explain
from game.coach.review import judge
from game.coach.review_text import short_reason
from game.cpu.agent import CpuAgent
from game.cpu.efficiency import discard_options, legal_discard_tiles, tile_of_kind
from game.rules.actions import Action, AddedKan, ClosedKan, Discard, Pass, Riichi, Ron, Tsumo  # noqa: F401
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.scoring import WinSituation, score_hand
from game.rules.shanten import evaluate_discards, ukeire, waits
from game.rules.tiles import counts34
from game.rules.view import PlayerView
from game.rules.words import action_word

JUDGE = "strong"  # the CPU the hint, hold X, practice and the review all ask
HINT_GATHER = 0.0005  # the hint runs the CPU's steps in shorter runs than the review: it thinks beside the table


@dataclass(frozen=True)
class Advice:
    """The strong CPU's answer on a view, and why it is not the most-tiles cut."""

    answer: Action  # one of the view's legal actions
    reason: tuple[str, ...] = ()  # why not the most-tiles cut, longest form first (): it is one
    dama: bool = False  # the CPU could declare riichi with this cut and does not

    @property
    def tile(self) -> int | None:
        """The tile the answer throws or declares (None for a pass, a win, a call)."""
        if isinstance(self.answer, ClosedKan):
            return self.answer.kind * 4 + 1
        return self.answer.tile if isinstance(self.answer, (Discard, Riichi, AddedKan)) else None

    @property
    def word(self) -> str:
        """The answer in one word: CUT, RIICHI, DAMA (a cut that could have been a riichi), PON ..."""
        return "DAMA" if self.dama else action_word(self.answer).upper()


@dataclass(frozen=True)
class Hint:
    """The figures of a seat's hand (after the advice's answer, when there is one), its waits
    when tenpai, and the strong CPU's advice when the seat has something to decide."""

    shanten: int
    share: float  # ukeire over the unseen tiles
    waits: tuple[int, ...] = ()  # the kinds that complete the hand, when tenpai
    no_yaku: str = ""  # "", "NO YAKU" or "TSUMO ONLY"
    advice: Advice | None = None  # the strong CPU's answer (None: nothing to decide)

    @property
    def answer(self) -> Action | None:
        return self.advice.answer if self.advice else None

    @property
    def tile(self) -> int | None:
        return self.advice.tile if self.advice else None

    @property
    def word(self) -> str:
        return self.advice.word if self.advice else ""

    @property
    def reason(self) -> tuple[str, ...]:
        return self.advice.reason if self.advice else ()


def decides(view: PlayerView) -> bool:
    """Whether the seat has anything to decide on ``view``."""
    return not view.over and len(view.legal_actions) > 1


def analyse(view: PlayerView, ruleset: Ruleset = TENHOU) -> TaskGen[Hint | None]:
    """Task: the hint for ``view``'s seat (see the module); None after the round is over."""
    if view.over:
        return None
    if decides(view):
        return (yield from advise(view, ruleset))
    counts = counts34(view.hand)
    visible = view.visible_counts34()
    if len(view.hand) % 3 == 2:
        options = yield from evaluate_discards(counts, visible)
        return Hint(options[0].shanten, options[0].ukeire.share)
    now = ukeire(counts, visible)
    yield
    if now.shanten != 0:
        return Hint(now.shanten, now.share)
    kinds = tuple(waits(counts))
    yield
    return Hint(0, now.share, kinds, _yaku_warning(view, kinds, ruleset))


def advise(view: PlayerView, ruleset: Ruleset = TENHOU) -> TaskGen[Hint | None]:
    """Task: the strong CPU's answer on ``view`` with the figures after it; None when there is
    nothing to decide (see the module)."""
    if not decides(view):
        return None
    options = (yield from discard_options(view)) if view.last_discard is None else []
    if not options:  # another seat's discard: a call, a ron or a pass
        answer = yield from gathered(CpuAgent(JUDGE, ruleset).act(view), HINT_GATHER)
        if isinstance(answer, Ron):
            return Hint(-1, 0.0, advice=Advice(answer))
        now = ukeire(counts34(view.hand), view.visible_counts34())
        return Hint(now.shanten, now.share, advice=Advice(answer))
    best = options[0]
    most = Discard(tile_of_kind(best.kind, legal_discard_tiles(view), view.drawn))  # the most-tiles cut
    explanation = yield from gathered(explain(view, most, JUDGE, ruleset), HINT_GATHER)
    answer = explanation.cpu.action
    if isinstance(answer, (Tsumo, Ron)):
        return Hint(-1, 0.0, advice=Advice(answer))
    if not isinstance(answer, (Discard, Riichi)):  # a kan, the nine-terminals draw
        return Hint(best.shanten, best.ukeire.share, advice=Advice(answer))
    tied = {o.kind for o in options if (o.shanten, o.ukeire.total) == (best.shanten, best.ukeire.total)}
    reason = ()
    if answer.tile // 4 not in tied:
        if isinstance(answer, Riichi) and Riichi(most.tile) in view.legal_actions:  # a riichi beside a riichi
            explanation = yield from gathered(explain(view, Riichi(most.tile), JUDGE, ruleset), HINT_GATHER)
        reason = short_reason(judge(view, explanation))
    dama = isinstance(answer, Discard) and any(
        isinstance(a, Riichi) and a.tile // 4 == answer.tile // 4 for a in view.legal_actions)
    return Hint(explanation.cpu.shanten, explanation.cpu.share, advice=Advice(answer, reason, dama))


def furiten(view: PlayerView, kinds: Sequence[int]) -> bool:
    """A wait the seat has thrown itself (the furiten a pond shows)."""
    own = {d.tile // 4 for d in view.discards[view.seat]}
    return any(k in own for k in kinds)


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
