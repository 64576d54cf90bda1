"""Style: which discard a Phoenix-room player makes, learned from real games.

The strong CPU's discard is chosen by a small scorer over every legal discard's figures
(:class:`Facts`, worked out by ``game.cpu.discard``): how far the hand is after it and how
many tiles would advance it, a one-shanten's tenpai quality, the outlook near tenpai, the
tile itself (an honour's kind, a number's distance from the edge, its neighbours, pairs,
dora), how safe it is against each other seat,
and, against a threat, its danger and its expected value in points (``pushfold``). The
highest score is cut.

The scorer is a one-hidden-layer network (:class:`Scorer`: a rectified layer and a linear
one beside it) whose weights ``game.cpu.style_weights`` holds. ``python tools/train_style.py``
learns them again from the Phoenix-room games of ``tests/data`` (it needs numpy; nothing else
does): each discard of those games is a choice among the candidates, and the weights make the
players' choices likely. The figures the scorer reads are the CPU's own, so the review
explains its choice with them (``game.coach.explain``).

Names of features are short strings; a feature absent from a candidate is 0.

    >>> tile_class(0, seat_wind=0, round_wind=0), tile_class(27, seat_wind=0, round_wind=0)
    ('t19', 'dbl_wind')
    >>> tile_class(29, seat_wind=1, round_wind=0), tile_class(33, seat_wind=1, round_wind=0)
    ('guest_wind', 'dragon')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.cpu import style_weights
from game.rules.tiles import counts34, is_red
from game.rules.view import PlayerView
from game.rules.yaku import DORA_OF

PARTS = ("DISCARD", "RIICHI", "CALL", "RIICHI_SANMA")  # style_weights' scorers, in Scorers' order
NUMBER_CLASSES = ("t19", "t28", "t37", "t46", "t5")  # a number tile by its distance from the edge
EARLY_TURN, MID_TURN = 5, 11  # the seat's own discards so far: up to 5 early, up to 11 mid, then late
SAFE_DANGER = 1.5  # percent: a tile this safe against every other seat counts as a safe tile held
TURNS = 18.0       # a round's own discards, to scale the turn


@dataclass
class Facts:
    """What the scorer reads of one decision, by the kind each candidate throws."""

    shanten: dict[int, int]               # after the discard (as the tiles count it)
    weighed_shanten: dict[int, int]       # as the CPU counts it (an open hand without a yaku is further)
    ukeire: dict[int, int]                # unseen tiles that would advance the hand then
    tiles: dict[int, int]                 # the tile id each kind throws
    dangers: dict[int, Sequence[float]]   # percent against each other seat, 34 kinds each
    worth: dict[int, float] = field(default_factory=dict)      # value given up (value.keep_worth...)
    waits: dict[int, int] = field(default_factory=dict)        # a tenpai's unseen waits
    furiten: dict[int, bool] = field(default_factory=dict)
    quality: dict[int, float] = field(default_factory=dict)    # a one-shanten's tenpai quality
    outlook: dict[int, float] = field(default_factory=dict)    # near tenpai: the outlook
    threat: dict[int, float] = field(default_factory=dict)     # seat -> how likely tenpai
    ev: dict[int, float] = field(default_factory=dict)         # against a threat: expected points


def tile_class(kind: int, seat_wind: int, round_wind: int) -> str:
    """A tile's class as players order their cuts: the dragons, the winds by what they are
    worth to the seat, the number tiles by their distance from the edge."""
    if kind >= 31:
        return "dragon"
    if kind >= 27:
        seat, table = kind == 27 + seat_wind, kind == 27 + round_wind
        return "dbl_wind" if seat and table else "seat_wind" if seat else "round_wind" if table else "guest_wind"
    n = kind % 9
    return NUMBER_CLASSES[min(n, 8 - n)]


def _phase(turn: int) -> str:
    return "early" if turn <= EARLY_TURN else "mid" if turn <= MID_TURN else "late"


def features(view: PlayerView, facts: Facts) -> dict[int, dict[str, float]]:
    """Every candidate's features, by kind (see the module)."""
    counts = counts34(view.hand)
    visible = view.visible_counts34()
    turn = len(view.discards[view.seat])
    kinds = list(facts.shanten)
    best = min(facts.shanten.values())
    most = max((facts.ukeire[k] for k in kinds if facts.shanten[k] == best), default=0)
    pairs = sum(1 for n in counts if n >= 2)
    safe_held = sum(1 for k in range(34) if counts[k] and min(row[k] for row in facts.dangers.values()) < SAFE_DANGER)
    context = {
        "ctx_turn": turn / TURNS, f"ctx_sh{min(best, 4)}": 1.0,
        "ctx_open": float(any(m.is_open for m in view.melds[view.seat])),
        "ctx_dealer": float(view.seat == view.dealer), "ctx_pairs": pairs / 7, "ctx_honours": sum(counts[27:]) / 14,
        "ctx_threat": max(facts.threat.values(), default=0.0), "ctx_safe_stock": min(safe_held, 4) / 4,
    }
    shared = _Shared(view, counts, visible, turn, best, most, pairs, safe_held, facts)
    return {k: {**_candidate(shared, k), **context} for k in kinds}


@dataclass
class _Shared:
    view: PlayerView
    counts: list[int]
    visible: list[int]
    turn: int
    best: int
    most: int
    pairs: int
    safe_held: int
    facts: Facts

    def __post_init__(self) -> None:
        self.doras = [DORA_OF[t // 4] for t in self.view.dora_indicators]
        self.suits = [sum(self.counts[s * 9:(s + 1) * 9]) for s in range(3)]
        self.best_quality = max(self.facts.quality.values(), default=0.0)
        self.best_outlook = max(self.facts.outlook.values(), default=0.0)
        self.best_ev = max(self.facts.ev.values(), default=0.0)


def _candidate(s: _Shared, k: int) -> dict[str, float]:
    f: dict[str, float] = {}
    _speed(s, k, f)
    _tile(s, k, f)
    _safety(s, k, f)
    return f


def _speed(s: _Shared, k: int, f: dict[str, float]) -> None:
    """How far and how fast: shanten, ukeire against the widest, shape, outlook."""
    facts = s.facts
    steps = facts.shanten[k] - s.best
    if steps == 1:
        f["sh+1"] = 1.0
    elif steps >= 2:
        f["sh+2"] = 1.0
    extra = facts.weighed_shanten[k] - facts.shanten[k]
    if extra:
        f["weighed_extra"] = float(extra)
    band = min(s.best, 3)
    if steps == 0:
        count = facts.ukeire[k]
        f[f"uk_ratio_s{band}"] = count / s.most if s.most else 1.0
        f["uk_log"] = math.log(1 + count) - math.log(1 + s.most)
        f["uk_short"] = f[f"uk_short_s{band}"] = (s.most - count) / 10
    if k in facts.quality and s.best_quality:
        f["quality"] = facts.quality[k] / s.best_quality
    if k in facts.outlook and s.best_outlook > 0:
        f["outlook"] = facts.outlook[k] / s.best_outlook
    if facts.shanten[k] == 0 and not facts.waits.get(k, 0):
        f["dead_wait"] = 1.0
    if facts.furiten.get(k):
        f["furiten"] = 1.0


def _tile(s: _Shared, k: int, f: dict[str, float]) -> None:
    """The tile itself: its class (and the turn), pairs, an honour's seen copies, a number's
    neighbours and suit, dora, the draw, the value given up."""
    view, counts, facts = s.view, s.counts, s.facts
    kind_class = tile_class(k, view.seat_winds[view.seat], view.round_wind)
    f["cls_" + kind_class] = 1.0
    f[f"cls_{kind_class}_{_phase(s.turn)}"] = 1.0
    held = counts[k]
    if held == 2:
        f["pair"] = 1.0
        if s.pairs == 1:
            f["only_pair"] = 1.0
        if s.pairs >= 4:
            f["many_pairs"] = 1.0
    elif held >= 3:
        f["trip" if held == 3 else "quad"] = 1.0
    if k >= 27:
        if s.visible[k]:
            f[f"hon_seen{s.visible[k]}"] = 1.0
        if held == 1 and not s.visible[k]:
            f["hon_live_single"] = 1.0
    else:
        _neighbours(s, k, kind_class, f)
    if s.doras.count(k):
        f["dora"] = float(s.doras.count(k))
    if is_red(facts.tiles[k]):
        f["red"] = 1.0
    if k < 27 and any(d < 27 and d // 9 == k // 9 and 0 < abs(d - k) <= 2 for d in s.doras):
        f["dora_near"] = 1.0
    if view.drawn is not None and view.drawn // 4 == k:
        f["drawn"] = 1.0
    if facts.worth.get(k):
        f["worth"] = facts.worth[k]


def _neighbours(s: _Shared, k: int, kind_class: str, f: dict[str, float]) -> None:
    """A number tile's shapes: alone, in a run, in a ryanmen, penchan or kanchan; its suit."""
    base, n = k - k % 9, k % 9

    def held(x: int) -> bool:
        return 0 <= x < 9 and s.counts[base + x] > 0

    below, above, below2, above2 = held(n - 1), held(n + 1), held(n - 2), held(n + 2)
    near1, near2 = below + above, below2 + above2
    if s.counts[k] == 1 and not near1 and not near2:
        f["isolated"] = 1.0
        f["iso_" + kind_class] = 1.0
        if s.facts.shanten[k] == s.best:
            f["iso_uk_short"] = (s.most - s.facts.ukeire[k]) / 10
    if (below and above) or (below and below2) or (above and above2):
        f["in_run"] = 1.0
    if (below and 1 <= n - 1 and n <= 7) or (above and n >= 1 and n + 1 <= 7):
        f["ryanmen_part"] = 1.0
    if (n == 0 and above) or (n == 8 and below) or (n == 1 and below and not above) or (n == 7 and above and not below):
        f["penchan_part"] = 1.0
    if (below2 and not below) or (above2 and not above):
        f["kanchan_part"] = 1.0
    f["near1"], f["near2"] = float(near1), float(near2)
    suit = k // 9
    f["suit_share"] = s.suits[suit] / 14
    if s.suits[suit] == min(s.suits):
        f["suit_min"] = 1.0
    if s.visible[k] >= 2:
        f["num_seen2"] = 1.0


def _safety(s: _Shared, k: int, f: dict[str, float]) -> None:
    """How safe the tile is against each other seat, and against a threat its danger and worth."""
    facts = s.facts
    dangers = [row[k] for row in facts.dangers.values()]
    least = min(dangers)
    f["safe_min"] = least / 10
    f["safe_min_turn"] = least / 10 * s.turn / TURNS
    f["safe_avg"] = sum(dangers) / len(dangers) / 10
    if least < SAFE_DANGER:
        f[f"safe_k_stock{min(s.safe_held, 3)}"] = 1.0
    if least == 0:
        f["genbutsu_any"] = 1.0
    if s.view.seat == s.view.dealer:
        f["dealer_safe"] = least / 10
    if facts.threat:
        danger = sum(chance * facts.dangers[seat][k] for seat, chance in facts.threat.items())
        f["threat_danger"] = f[f"threat_danger_s{min(facts.shanten[k], 2)}"] = danger / 10
        if danger == 0:
            f["threat_safe"] = 1.0
        f["ev"] = (facts.ev[k] - s.best_ev) / 1000
        if facts.shanten[k] - s.best == 1:
            f["threat_sh+1"] = 1.0


class Scorer:
    """The learned scorer: ``score(features)`` of one candidate (higher: cut sooner).

    score = w2 · relu(W1 · x + b1) + v · x, over the named features of ``x``.

        >>> tiny = Scorer(names=("a", "b"), hidden=((1.0, -1.0), (0.5, 0.5)), bias=(0.0, 0.0),
        ...               out=(2.0, 1.0), linear=(0.1, 0.0))
        >>> tiny.score({"a": 1.0, "b": 2.0})  # hidden: relu(1+1)=2, relu(-1+1)=0; 2*2 + 0.1
        4.1
    """

    def __init__(self, names: Sequence[str], hidden: Sequence[Sequence[float]], bias: Sequence[float],
                 out: Sequence[float], linear: Sequence[float]) -> None:
        _check_sizes(names, hidden, bias, out, linear)
        self.rows = {name: (row, v) for name, row, v in zip(names, hidden, linear)}
        self.bias = list(bias)
        self.out = list(out)

    def score(self, x: dict[str, float]) -> float:
        acc = list(self.bias)
        total = 0.0
        for name, value in x.items():
            entry = self.rows.get(name)
            if entry is None or not value:
                continue
            row, v = entry
            total += v * value
            for j, w in enumerate(row):
                acc[j] += w * value
        return total + sum(o * a for o, a in zip(self.out, acc) if a > 0)

    def knows(self, name: str) -> bool:
        return name in self.rows


class WeightsError(ValueError):
    """Learned weights that do not fit the scorer that reads them: a clear error at the start,
    never a weaker CPU (a name short would shift every weight onto the next feature's name)."""


def _check_sizes(names: Sequence[str], hidden: Sequence[Sequence[float]], bias: Sequence[float],
                 out: Sequence[float], linear: Sequence[float]) -> None:
    """One hidden row and one linear weight a name, each row as wide as the hidden layer.

        >>> _check_sizes(("a", "b"), ((1.0,),), (0.0,), (1.0,), (0.0, 0.0))
        Traceback (most recent call last):
        ...
        game.cpu.style.WeightsError: 2 feature names but 1 hidden rows and 2 linear weights
    """
    if len(set(names)) != len(names):
        raise WeightsError(f"a feature name is given twice: {sorted(n for n in set(names) if list(names).count(n) > 1)}")
    if not len(names) == len(hidden) == len(linear):
        raise WeightsError(f"{len(names)} feature names but {len(hidden)} hidden rows and {len(linear)} linear weights")
    wrong = [names[i] for i, row in enumerate(hidden) if len(row) != len(bias)]
    if wrong or len(out) != len(bias):
        raise WeightsError(f"the hidden layer is {len(bias)} wide, but {len(out)} output weights"
                           + (f" and the rows of {wrong[:3]} are not" if wrong else ""))


@dataclass(frozen=True)
class Scorers:
    """The strong CPU's scorers: which cut, riichi or dama (with four players, with three), call
    or pass."""

    discard: Scorer  # the highest score among the candidates is cut
    riichi: Scorer   # riichi or dama (``game.cpu.riichi.riichi_features``), asked through ``decides``
    call: Scorer     # call or pass (``game.cpu.calls.call_features``), asked through ``decides``
    riichi_sanma: Scorer  # riichi or dama in the three-player game, fitted on three-player games

    def riichi_for(self, players: int) -> Scorer:
        """The riichi scorer of a game of ``players``."""
        return self.riichi_sanma if players == 3 else self.riichi


def learned_scorers() -> Scorers:
    """The scorers of ``game.cpu.style_weights``. The weights are imported with this module, at
    the program's start: compiling their 60 KB of literals inside a CPU's first decision took a
    frame's time and 7 MB of memory at its peak."""
    return Scorers(*(_built(part, getattr(style_weights, part)) for part in PARTS))


def _built(part: str, w: dict) -> Scorer:
    """The scorer of one part of the weights; WeightsError, naming the part, when they do not fit."""
    try:
        return Scorer(w["names"], w["hidden"], w["bias"], w["out"], w["linear"])
    except WeightsError as error:
        raise WeightsError(f"game/cpu/style_weights.py {part}: {error} "
                           "(learn them again: python tools/train_style.py)") from None


def decides(judge: Scorer, features: dict[str, float], margin: float = 0.0) -> bool:
    """A yes-or-no scorer's answer: yes when ``features`` score above no features at all (the
    trainer fits each such decision as a choice between the two), by more than ``margin``."""
    return judge.score(features) > judge.score({}) + margin
