"""The CPU's answer and the figures behind it: what a review of someone's play shows.

``explain(view, action, strength, ruleset)`` is a task. It asks the CPU itself for its answer
on the same view (``CpuAgent.act``: the one judge, never a second evaluator), then measures the
seat's own answer and the CPU's with the CPU's own measures:

- a discard (or riichi): the shanten after it and its ukeire (the unseen tiles that would
  advance the hand, ``efficiency.discard_options``, and their share of every unseen tile); a
  one-shanten's ukeire quality (``efficiency.tenpai_quality``: the average widest tenpai wait
  its accepting draws reach); its danger, a rough deal-in chance in percent, against each
  threat (``defence.dangers`` with that threat alone) and summed as the CPU weighs them; the
  value it gives up (``value``: dora, a red five, a value honour; negative when throwing it
  helps a direction); a tenpai's unseen waits and average points without and with riichi;
  and the CPU's own weighing of it (``discard.candidates``): the shanten it counts (an open
  hand left without a yaku counts further) and its ukeire weighed by shape and value, less
  the value given up, in tiles (``weighed``); where the strong CPU weighs the discard by its
  outlook (one step from tenpai or nearer, no threat: ``discard.outlook_of``), that figure;
- a call: the shanten and ukeire after the call and its best discard (``calls.call_outcome``),
  against passing (the hand as it stands); near tenpai, both outlooks (``calls.call_worth``);
- a win: its points and the place it would leave the seat in (``position``);
- a kan: the shanten after it; the nine-terminals draw: the hand's yaochuu kinds.

Nothing here decides: the CPU's answer is ``CpuAgent``'s, whatever its code becomes.

    >>> same_choice(Discard(16), Discard(17)), same_choice(Discard(17), Discard(18))
    (False, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from engine.tasks import TaskGen
from game.cpu import defence, position, value
from game.cpu.agent import CpuAgent
from game.cpu.choice import Choice, Why
from game.cpu.calls import call_outcome, call_worth
from game.cpu.discard import candidates, outlook_of
from game.cpu.outlook import Outlook
from game.cpu.efficiency import discard_options, tenpai_quality
from game.cpu.strength import DEFAULT_STRENGTH, STRENGTHS
from game.rules.actions import (
    Action, AddedKan, Chi, ClosedKan, Discard, NineTerminals, Nuki, OpenKan, Pon, Riichi, Ron, Tsumo,
)
from game.rules.ruleset import TENHOU, Ruleset
from game.rules.shanten import shanten, ukeire
from game.rules.tiles import YAOCHUU_KINDS, counts34, is_red
from game.rules.view import PlayerView

TILE_ACTIONS = (Discard, Riichi, AddedKan)


@dataclass(frozen=True, slots=True)
class Measure:
    """One answer measured (the fields that do not apply keep their defaults)."""

    action: Action
    shanten: int = 8         # after it; a win: -1
    ukeire: int = 0          # unseen tiles that advance the hand after it
    share: float = 0.0       # ukeire over every unseen tile
    quality: float = 0.0     # a one-shanten's average widest tenpai wait (0: not measured)
    dangers: tuple[float, ...] = ()  # against each threat (``Explanation.threats``' order)
    danger: float = 0.0      # summed as the CPU weighs the threats
    worth: float = 0.0       # value given up, in han-like units (negative: throwing it helps)
    kept: str = ""           # what that value is: "dora", "red five", "yakuhai pair" ...
    waits: int = 0           # a tenpai's unseen waits
    dama: int = 0            # a tenpai's average ron points without riichi (0: no yaku)
    riichi_points: int = 0   # ... and with riichi
    furiten: bool = False
    points: int = 0          # a win's points
    place: int = 0           # a win: the seat's place after it
    paths: tuple[str, ...] = ()  # the yaku an open hand can still reach
    weighed_shanten: int = 8     # the CPU's own count (an open hand without a yaku is further)
    weighed: float = 0.0     # the CPU's own ukeire weighed by shape and value, less the value given up
    outlook: float = -1.0    # the strong CPU's outlook of the hand after it, where it weighs one (-1: not)
    likely: float = -1.0     # the learned scorer's share of this cut among the candidates (-1: not ranked)


Topic = Literal["discard", "call", "win", "kan", "abort"]  # what a decision is about


@dataclass(frozen=True, slots=True)
class Explanation:
    """The CPU's answer beside the seat's, each measured."""

    topic: Topic
    choice: Choice           # the CPU's answer, with the reasons its code decided by
    player: Measure          # the seat's answer measured (the player, or a log's seat)
    cpu: Measure             # the CPU's answer measured (the same object when the two agree)
    threats: tuple[tuple[int, float, bool], ...]  # (seat, weight, in riichi), by seat
    unseen: int              # tiles the seat has not seen
    alternatives: tuple[Measure, ...] = ()  # the CPU's best cuts as it ranked them, its answer first

    @property
    def agrees(self) -> bool:
        return same_choice(self.player.action, self.cpu.action)

    def why(self) -> Why | None:
        """The CPU's own reason for this decision's question, when its code gave one: for a
        riichi the riichi's, else the topic's (see ``game.cpu.choice``)."""
        riichi = any(isinstance(m.action, Riichi) for m in (self.player, self.cpu))
        return self.choice.why_of("riichi" if riichi and self.topic == "discard" else self.topic)


def same_choice(a: Action, b: Action) -> bool:
    """The same answer as a log can tell it: the same kinds (and red fives), whichever copy.

    A tenhou.net/6 log names kinds, not Tenhou's copies, so a copy number is no choice.
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, TILE_ACTIONS):
        return (a.tile // 4, is_red(a.tile)) == (b.tile // 4, is_red(b.tile))
    if isinstance(a, (Chi, Pon)):
        return sorted((t // 4, is_red(t)) for t in a.tiles) == sorted((t // 4, is_red(t)) for t in b.tiles)
    return a == b


def topic_of(view: PlayerView, *actions: Action) -> Topic:
    """What a decision is about, from the answers compared."""
    kinds = {type(a) for a in actions}
    if kinds & {Tsumo, Ron}:
        return "win"
    if kinds & {ClosedKan, AddedKan, Nuki}:
        return "kan"  # a North set aside is weighed as a kan is: a tile out, a replacement in
    if NineTerminals in kinds:
        return "abort"
    return "call" if view.last_discard is not None else "discard"


def explain(view: PlayerView, action: Action, strength: str = DEFAULT_STRENGTH,
            ruleset: Ruleset = TENHOU, alternatives: int = 0) -> TaskGen[Explanation]:
    """Task: the CPU's answer on ``view`` and both answers measured (see the module); with
    ``alternatives``, that many of the CPU's best cuts measured too, as its policy ranked them
    (``Choice.ranking``: the learned scorer's; a policy that ranks none gives its answer alone)."""
    table = _Table(view, strength, ruleset)
    choice = yield from CpuAgent(strength, ruleset).choose(view, table.look)  # one memo of the hands' worth
    if choice.candidates:  # the cuts as the CPU worked them out: measured, not worked out again
        table.found = list(choice.candidates)
        choice = dataclasses.replace(choice, candidates=())  # (the review keeps every choice, not its cuts)
    player = yield from table.measure(action)
    cpu = player if same_choice(action, choice.action) else (yield from table.measure(choice.action))
    threats = tuple((s, w, view.riichi[s]) for s, w in sorted(table.threat.items()))
    topic = topic_of(view, action, choice.action)
    ranked = ()
    if alternatives and topic == "discard" and isinstance(choice.action, (Discard, Riichi)):
        ranked = yield from _ranked(table, choice, cpu, player, alternatives)
    return Explanation(topic, choice, player, cpu, threats, table.unseen_total, ranked)


def _ranked(table: _Table, choice: Choice, cpu: Measure, player: Measure, count: int) -> TaskGen[tuple[Measure, ...]]:
    """The CPU's ``count`` best cuts measured, its answer first, each with its share."""
    shares = dict(choice.ranking) or {choice.action.tile // 4: -1.0}
    found = []
    for kind in list(shares)[:count]:
        if kind == choice.action.tile // 4:
            measure = cpu
        elif isinstance(player.action, Discard) and player.action.tile // 4 == kind:
            measure = player
        else:
            tile = min((t for t in table.view.hand if t // 4 == kind), key=is_red)  # a plain copy before a red five
            measure = yield from table.measure(Discard(tile))
        found.append(dataclasses.replace(measure, likely=shares[kind]))
    return tuple(found)


class _Table:
    """What the measures of one decision share: the threats, the unseen tiles, the candidates."""

    def __init__(self, view: PlayerView, strength: str, ruleset: Ruleset) -> None:
        self.view = view
        self.strength = STRENGTHS[strength]
        self.ruleset = ruleset
        self.threat = defence.threats(view) if self.strength.defence else {}
        self.unseen_total = sum(defence.unseen_counts(view))
        self.found = None  # the CPU's candidates: its answer's, or worked out when a discard is measured
        self.options = None  # every cut's shanten and ukeire, worked out when a discard is measured
        self.look = Outlook(view, ruleset=ruleset) if self.strength.outlook else None
        self.dangers: dict[int | None, list[float]] | None = None  # see danger_tables

    def measure(self, action: Action) -> TaskGen[Measure]:
        if isinstance(action, (Discard, Riichi)):
            return (yield from self.discard(action))
        if isinstance(action, (Tsumo, Ron)):
            return self.win(action)
        if isinstance(action, (Chi, Pon, OpenKan)):
            return (yield from self.call(action))
        if isinstance(action, (ClosedKan, AddedKan, Nuki)):
            return self.kan(action)  # a North set aside is weighed as a kan is (topic_of)
        if isinstance(action, NineTerminals):
            kinds = len({t // 4 for t in self.view.hand} & set(YAOCHUU_KINDS))
            return Measure(action, ukeire=kinds)
        return (yield from self.standing(action))  # Pass: the hand as it is

    def standing(self, action: Action) -> TaskGen[Measure]:
        view = self.view
        counts = counts34(view.hand)
        now = ukeire(counts, view.visible_counts34())
        outlook = -1.0
        if self.look is not None and len(view.hand) % 3 == 1:  # the hand a call is weighed against
            melds = view.melds[view.seat]
            outlook = yield from self.look.worth(counts, melds, closed=not any(m.is_open for m in melds))
        melds = view.melds[view.seat]
        paths = ()
        if any(m.is_open for m in melds) and len(view.hand) % 3 == 1:  # an open hand's yaku, as it stands
            paths = tuple(value.yaku_paths(counts, melds, value.value_kinds(view), view.visible_counts34(),
                                           self.ruleset))
        return Measure(action, now.shanten, now.total, now.share, weighed_shanten=now.shanten,
                       weighed=float(now.total), outlook=outlook, paths=paths)

    def discard(self, action: Discard | Riichi) -> TaskGen[Measure]:
        view = self.view
        kind = action.tile // 4
        if self.found is None:
            self.found = yield from candidates(view, self.strength, self.ruleset)
        if self.options is None:
            self.options = {o.kind: o for o in (yield from discard_options(view))}
        cand = next(c for c in self.found if c.kind == kind)
        option = self.options[kind]
        quality = 0.0
        if option.shanten == 1:
            counts = counts34(view.hand)
            counts[kind] -= 1
            unseen = defence.unseen_counts(view)
            quality = yield from tenpai_quality(counts, option.ukeire.kinds, unseen)
        tables = yield from self.danger_tables()
        dangers = tuple(tables[s][kind] for s in sorted(self.threat))
        danger = tables[None][kind] if self.threat else 0.0
        counts = counts34(view.hand)
        outlook = None
        if self.look is not None and not self.threat:
            outlook = yield from outlook_of(view, self.found, cand, self.look)
        yield  # what the cut keeps and the yaku it leaves open: a step of their own
        kept = _kept(view, counts, kind, action.tile, cand.worth, self.ruleset)
        yield
        return Measure(action, option.shanten, option.ukeire.total, option.ukeire.share, quality,
                       dangers, danger, cand.worth, kept,
                       cand.waits_unseen, cand.dama_points, cand.riichi_points, cand.furiten,
                       paths=self._paths(counts, kind), weighed_shanten=cand.shanten,
                       weighed=cand.ukeire - value.HAN_WORTH * cand.worth,
                       outlook=-1.0 if outlook is None else outlook)

    def danger_tables(self) -> TaskGen[dict[int | None, list[float]]]:
        """Each threat's danger of every kind, and all threats' together (key None): worked
        out once for both answers measured, a seat a step (each weighs all 34 kinds)."""
        if self.dangers is None:
            tables: dict[int | None, list[float]] = {}
            seats = sorted(self.threat)
            for seat in seats:
                yield
                tables[seat] = defence.dangers_by_seat(self.view, {seat: 1.0})[seat]
            tables[None] = [sum(self.threat[s] * tables[s][k] for s in seats) for k in range(34)]
            self.dangers = tables
        return self.dangers

    def _paths(self, counts: list[int], kind: int) -> tuple[str, ...]:
        melds = self.view.melds[self.view.seat]
        if not any(m.is_open for m in melds):
            return ()
        rest = list(counts)
        rest[kind] -= 1
        return tuple(value.yaku_paths(rest, melds, value.value_kinds(self.view), self.view.visible_counts34(),
                                      self.ruleset))

    def win(self, action: Tsumo | Ron) -> Measure:
        view = self.view
        tiles = list(view.hand)
        if isinstance(action, Tsumo):
            tiles.remove(view.drawn)
            kind, from_seat = view.drawn // 4, None
        else:
            kind, from_seat = view.last_discard[1] // 4, view.last_discard[0]
        points = value.wait_points(view, tiles, view.melds[view.seat], kind, tsumo=from_seat is None,
                                   riichi=view.riichi[view.seat], ruleset=self.ruleset)
        place = position.rank_after_win(view, points, from_seat)
        return Measure(action, -1, points=points, place=place, weighed_shanten=-1)

    def call(self, action: Action) -> TaskGen[Measure]:
        outcome = yield from call_outcome(self.view, action, self.ruleset)
        if outcome is None:  # no discard after it keeps a yaku direction: the CPU counts it far
            return Measure(action, self._called_shanten(action), paths=(), weighed_shanten=8)
        total = outcome.ukeire
        outlook = -1.0
        if self.look is not None and not isinstance(action, OpenKan) and outcome.shanten <= 1:
            outlook = yield from call_worth(self.view, self.look, action)
        return Measure(action, outcome.shanten, total, total / max(1, self.unseen_total),
                       paths=outcome.paths, weighed_shanten=outcome.shanten, weighed=float(total),
                       outlook=outlook)

    def _called_shanten(self, action: Action) -> int:
        """The shanten after a call and its best discard, yaku or not."""
        view = self.view
        counts = counts34(view.hand)
        used = [t // 4 for t in action.tiles] if isinstance(action, (Chi, Pon)) else [view.last_discard[1] // 4] * 3
        for kind in used:
            counts[kind] -= 1
        if isinstance(action, OpenKan):
            return shanten(counts)
        return min(shanten([c - (k == kind) for k, c in enumerate(counts)]) for kind in range(34) if counts[kind])

    def kan(self, action: ClosedKan | AddedKan | Nuki) -> Measure:
        """The hand's shanten without the kan's tiles (or the North set aside), before the
        replacement draw: one shanten count, never the ukeire of a hand of fourteen."""
        counts = counts34(self.view.hand)
        if isinstance(action, ClosedKan):
            counts[action.kind] -= 4
        else:
            counts[action.tile // 4] -= 1
        after = shanten(counts)
        return Measure(action, after, weighed_shanten=after)


def _kept(view: PlayerView, counts: list[int], kind: int, tile: int, worth: float, ruleset: Ruleset) -> str:
    """What the value of throwing ``kind`` is made of, in a word or two (see value.keep_worth
    and value.direction_bonus): "dora", "red five", "yakuhai pair", "value honour", or the
    direction throwing it helps ("honitsu", "tanyao")."""
    if worth < 0:
        rest = list(counts)
        rest[kind] -= 1
        paths = value.yaku_paths(rest, view.melds[view.seat], value.value_kinds(view), None, ruleset)
        return "honitsu" if "honitsu" in paths else "tanyao"
    if kind in value.dora_kinds(view):
        return "dora"
    if is_red(tile):
        return "red five"
    if kind in value.value_kinds(view):
        return "yakuhai pair" if counts[kind] >= 2 else "value honour"
    return ""
