"""Riichi or dama: declare when the wait is alive and riichi adds more than it costs.

A closed tenpai hand declares riichi unless one of these holds:

- no unseen copy of any wait is left (a dead wait: stay free to change it);
- the hand is furiten, unless its wait is wide (FURITEN_RIICHI_WAITS), the round young
  (FURITEN_TILES) and no other seat in riichi: it can only tsumo, and cannot change;
- it already has a yaku and is worth 5,200 (a dealer 7,700) without riichi: dama keeps
  the ron unannounced, and the hand free to fold;
- it already has a yaku and few tiles are left (LATE_TILES): riichi would add little
  and take away the freedom to fold or change the wait;
- (position) all-last in first place, when a win with its yaku keeps the lead.

A hand without a yaku must declare to win by ron, so it does whenever the wait is alive.

That is the normal CPU's rule (``riichi_rule``: the answer with the clause that decided it).
The strong CPU asks ``style``'s riichi scorer instead, which reads ``riichi_features`` and was
fitted on the Phoenix-room players' riichi and dama; ``scorer_why`` names the figure that moved
its score most towards its answer (the value, the wait, the time left, a threat, the place ...),
so the reason the review gives is the scorer's own.

    >>> should_riichi(waits_unseen=5, dama_points=0, dealer=False, furiten=False)
    True
    >>> should_riichi(waits_unseen=5, dama_points=8000, dealer=False, furiten=False)
    False
    >>> should_riichi(waits_unseen=5, dama_points=2000, dealer=False, furiten=False, tiles_left=8)
    False
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.cpu import position, value
from game.cpu.choice import Why
from game.cpu.riichi_worth import RiichiValue, ippatsu_chance, riichi_value, ura_expectation
from game.cpu.style import Scorer
from game.rules.match import place_of
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.shanten import shanten
from game.rules.tiles import counts34
from game.rules.view import PlayerView

DAMA_ENOUGH = 5200         # a non-dealer's hand worth this without riichi stays dama
DAMA_ENOUGH_DEALER = 7700
LATE_TILES = 10            # with fewer tiles left in the wall, a hand with a yaku stays dama
FURITEN_RIICHI_WAITS = 6   # a furiten hand declares only with this many tiles to tsumo ...
FURITEN_TILES = 36         # ... this many tiles left, and no riichi against it
MIN_POINTS, LOG_BASE = 500, 7.0  # points are read by their logarithm, from 500 (e^7 is about 1,100)


RIICHI_SHORT, DAMA_SHORT = ("RIICHI",), ("STAYS DAMA", "DAMA")  # the hint's last words of a reason


def _why(words: str, short: tuple[str, ...], figure: str) -> Why:
    return Why(words, short, figure, "riichi")


def should_riichi(waits_unseen: int, dama_points: int, dealer: bool, furiten: bool,
                  keep_lead: bool = False, tiles_left: int = 70, threatened: bool = False) -> bool:
    """Riichi or dama for one tenpai discard; see the module docstring."""
    return riichi_rule(waits_unseen, dama_points, 0, dealer, furiten, keep_lead, tiles_left, threatened)[0]


def riichi_rule(waits_unseen: int, dama_points: int, riichi_points: int, dealer: bool, furiten: bool,
                keep_lead: bool = False, tiles_left: int = 70, threatened: bool = False) -> tuple[bool, Why]:
    """The normal CPU's riichi or dama, with the clause that decided it.

        >>> riichi_rule(5, 8000, 12000, dealer=False, furiten=False)[1].words
        'stays dama, worth 8000 already'
    """
    if waits_unseen == 0:
        return False, _why("stays dama, the wait is dead", ("DAMA: DEAD WAIT", *DAMA_SHORT), "wait")
    if furiten:
        if waits_unseen >= FURITEN_RIICHI_WAITS and tiles_left >= FURITEN_TILES and not threatened:
            return True, _why(f"declares on a wide furiten wait: {waits_unseen} tiles", RIICHI_SHORT, "wait")
        return False, _why("stays dama, furiten on a narrow wait", ("DAMA: FURITEN", *DAMA_SHORT), "wait")
    if dama_points == 0:
        return True, _why("declares riichi: no yaku without it", ("RIICHI: NO YAKU", *RIICHI_SHORT), "value")
    if keep_lead:
        return False, _why("stays dama: its win keeps the lead", ("DAMA: KEEPS LEAD", *DAMA_SHORT), "place")
    if tiles_left < LATE_TILES:
        return False, _why(f"stays dama with {tiles_left} tiles left", ("DAMA: LATE", *DAMA_SHORT), "time")
    if dama_points >= (DAMA_ENOUGH_DEALER if dealer else DAMA_ENOUGH):
        return False, _value_why(False, dama_points, riichi_points, dealer)
    return True, _value_why(True, dama_points, riichi_points, dealer)


def _value_why(declare: bool, dama_points: int, riichi_points: int, dealer: bool,
               worth: RiichiValue | None = None) -> Why:
    """Riichi or dama said by the hand's value both ways: with ``worth`` (the strong CPU's),
    by what each answer is worth when that figure agrees with the answer."""
    gain = round(worth.gain, -2) if worth is not None else 0
    if not declare:
        if dama_points >= (DAMA_ENOUGH_DEALER if dealer else DAMA_ENOUGH):
            return _why(f"stays dama, worth {dama_points} already", (f"DAMA: {dama_points} ALREADY", *DAMA_SHORT),
                        "value")
        if gain < 0:
            return _why(f"stays dama: worth {-gain:,.0f} more than riichi", (f"DAMA: +{-gain:,.0f} WORTH", *DAMA_SHORT),
                        "value")
        dama = f"{dama_points} without" if dama_points else "no yaku without"
        return _why(f"stays dama, weighing the value: {riichi_points} with riichi, {dama}", ("DAMA: VALUE", *DAMA_SHORT),
                    "value")
    if gain > 0:
        return _why(f"declares riichi: worth {gain:,.0f} more than dama", (f"RIICHI: +{gain:,.0f} WORTH", *RIICHI_SHORT),
                    "value")
    if dama_points == 0:
        return _why("declares riichi: no yaku without it", ("RIICHI: NO YAKU", *RIICHI_SHORT), "value")
    return _why(f"declares riichi, worth {riichi_points} not {dama_points}",
                (f"RIICHI: +{riichi_points - dama_points}", *RIICHI_SHORT), "value")


# The figure each of ``riichi_features``' features belongs to: what a reason names.
FIGURES = {
    "value": ("yaku", "dama_log", "riichi_log", "gain", "dama_enough", "dama_mangan", "dora"),
    "wait": ("waits", "wait_kinds", "no_wait", "single_wait", "wait_honour", "wait_terminal", "furiten"),
    "time": ("turn", "left", "left30", "left50", "late"),
    "threat": ("threat", "riichi_out"),
    "place": ("rank1", "rank2", "rank3", "rank4", "all_last"),
    "dealer": ("dealer",),
    "habit": ("was_tenpai",),
}
FIGURE_OF = {name: figure for figure, names in FIGURES.items() for name in names}


def deciding_figure(judge: Scorer, features: dict[str, float]) -> str:
    """The figure whose features moved ``judge``'s score most towards its answer (riichi when the
    score is above that of no features, see ``style.decides``): each figure's features taken
    out in turn, the score's change measured.

        >>> tiny = Scorer(names=("waits", "left"), hidden=((0.0,), (0.0,)), bias=(0.0,), out=(0.0,),
        ...               linear=(2.0, -0.5))
        >>> deciding_figure(tiny, {"waits": 0.5, "left": 1.0}), deciding_figure(tiny, {"waits": 0.1, "left": 1.0})
        ('wait', 'time')
    """
    score = judge.score(features)
    toward = 1.0 if score > judge.score({}) else -1.0
    pushes = {}
    for figure in sorted({FIGURE_OF.get(name, "other") for name in features}):
        rest = {n: v for n, v in features.items() if FIGURE_OF.get(n, "other") != figure}
        pushes[figure] = toward * (score - judge.score(rest))
    return max(pushes, key=lambda figure: pushes[figure])


def scorer_why(declare: bool, figure: str, view: PlayerView, waits_unseen: int, dama_points: int,
               riichi_points: int, furiten: bool, worth: RiichiValue | None = None) -> Why:
    """The learned riichi scorer's answer in words, by the figure that decided it
    (``deciding_figure``; the value said by ``worth``, what each answer is worth)."""
    if figure == "value":
        return _value_why(declare, dama_points, riichi_points, view.seat == view.dealer, worth)
    place = ("1st", "2nd", "3rd", "4th")[place_of(view.scores, view.seat) - 1]
    words = {
        "wait": ((f"declares on a good wait: {waits_unseen} tiles", "RIICHI: GOOD WAIT"),
                 ("stays dama, furiten", "DAMA: FURITEN") if furiten
                 else (f"stays dama on a poor wait: {waits_unseen} tiles", "DAMA: POOR WAIT")),
        "time": ((f"declares early, {view.tiles_left} tiles left", "RIICHI: EARLY"),
                 (f"stays dama with {view.tiles_left} tiles left", "DAMA: LATE")),
        "threat": (("declares against the threat", "RIICHI: PUSHES"), ("stays dama, free to fold", "DAMA: CAN FOLD")),
        "place": ((f"declares from {place} place", "RIICHI: PLACE"), (f"stays dama in {place} place", "DAMA: PLACE")),
        "dealer": (("declares as the dealer", "RIICHI: DEALER"), ("stays dama as the dealer", "DAMA: DEALER")),
        "habit": (("declares now its wait is better", "RIICHI: BETTER WAIT"), ("stays dama as it did last turn",
                                                                               "DAMA: AS BEFORE")),
    }.get(figure, (("declares riichi", "RIICHI"), ("stays dama", "DAMA")))
    text, short = words[0] if declare else words[1]
    return _why(text, (short, *(RIICHI_SHORT if declare else DAMA_SHORT)), figure)


def riichi_features(view: PlayerView, waits_unseen: int, wait_kinds: Sequence[int], dama_points: int,
                    riichi_points: int, furiten: bool, threat: float, ruleset: Ruleset = TENHOU) -> dict[str, float]:
    """What the strong CPU weighs riichi or dama by (``style``'s riichi scorer, learned from the
    Phoenix-room games of tests/data): the wait (its unseen copies, one kind or more, furiten),
    the hand's points without and with riichi (a yaku already, 5,200 or a mangan dama), the turn
    and the wall, the dealer, threats, the seat's place and the last round, and whether the hand
    was tenpai before this draw (it stayed dama then: players who wait for a better wait keep
    waiting).

        >>> from game.cpu.value import _view
        >>> f = riichi_features(_view(), 6, [3, 6], 0, 2600, False, 0.0)
        >>> f["waits"], f["yaku"], "single_wait" in f
        (0.75, 0.0, False)
    """
    dealer = view.seat == view.dealer
    enough, mangan = (DAMA_ENOUGH_DEALER, 12000) if dealer else (DAMA_ENOUGH, 8000)
    before = [t for t in view.hand if t != view.drawn] if view.drawn is not None else []
    f = {"waits": waits_unseen / 8, "yaku": float(dama_points > 0),
         "dama_log": math.log(max(dama_points, MIN_POINTS)) - LOG_BASE,
         "riichi_log": math.log(max(riichi_points, MIN_POINTS)) - LOG_BASE,
         "turn": len(view.discards[view.seat]) / 18, "left": view.tiles_left / 70,
         "threat": threat, f"rank{place_of(view.scores, view.seat)}": 1.0,
         "wait_kinds": len(wait_kinds) / 3, "gain": math.log(max(riichi_points, MIN_POINTS) / max(dama_points, MIN_POINTS)),
         "dora": min(4, value.dora_count(view.hand, value.dora_kinds(view))) / 4}
    single = wait_kinds[0] if len(wait_kinds) == 1 else None
    flags = {"no_wait": waits_unseen == 0, "single_wait": single is not None,
             "wait_honour": single is not None and single >= 27,
             "wait_terminal": single is not None and single < 27 and single % 9 in (0, 8),
             "left30": view.tiles_left < 30, "left50": view.tiles_left > 50, "dama_enough": dama_points >= enough,
             "dama_mangan": dama_points >= mangan, "furiten": furiten, "late": view.tiles_left < LATE_TILES * 2,
             "dealer": dealer, "riichi_out": view.riichi_out, "all_last": position.all_last(view, ruleset),
             "was_tenpai": len(before) % 3 == 1 and shanten(counts34(before)) == 0}
    f.update({name: 1.0 for name, on in flags.items() if on})
    return f


def worth_of(view: PlayerView, waits_unseen: int, wait_kinds: Sequence[int], dama_points: int,
             riichi_points: int) -> RiichiValue:
    """What riichi and dama are each worth on this view (``riichi_worth.riichi_value``)."""
    unseen_total = sum(max(0, 4 - n - v) for n, v in zip(counts34(view.hand), view.visible_counts34()))
    return riichi_value(waits_unseen, len(wait_kinds), len(view.discards[view.seat]), dama_points, riichi_points,
                        view.seat == view.dealer, ura_expectation(view, list(view.hand)) * 13 / 14,
                        ippatsu_chance(waits_unseen, unseen_total))
