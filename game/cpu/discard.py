"""The turn's discard: efficiency weighed with value and safety, then riichi or dama.

Every legal discard becomes a :class:`Candidate`: the shanten after it (an open tenpai with no
yaku on any wait, or an open hand left with no yaku direction, counts as further away), its
ukeire (for a tenpai: the unseen copies of the waits, times their value), the value the discard
gives up, and its danger against the table's threats. With no threat the best candidate by
shanten, then ukeire less the value lost, is played; the strong CPU, one step from tenpai or
nearer, plays instead the candidate of that shanten whose hand is worth most by its outlook
(``outlook``: the points each wait brings times its chances); against a threat each candidate is
weighed by expected value (``pushfold``: its chance to win and worth against its deal-in
chance and the threat's value), so the seat pushes, folds or keeps a hand with a safe tile
(mawashi) by one measure. A one-shanten candidate's ukeire is weighed by its quality (the waits its
accepting draws reach, see ``efficiency.tenpai_quality``): ryanmen shapes beat kanchan ones
of the same count. Weaker strengths simply skip the shape, value or danger terms.

The strong CPU chooses otherwise: every candidate's figures (these, its tenpai quality, its
outlook, its danger against each seat and, against a threat, its expected value) are scored by
``style``'s discard scorer, learned from Phoenix-room players' cuts, and the best is cut; riichi
or dama is asked of ``style``'s riichi scorer.

    >>> Candidate(kind=0, tile=0, shanten=1, ukeire=20).key(danger_weight=0.0)
    (1, -20.0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.tasks import TaskGen
from game.cpu import defence, position, pushfold, value
from game.cpu.calls import KEITEN_TILES
from game.cpu.outlook import Outlook
from game.cpu.efficiency import discard_options, legal_discard_tiles, tenpai_quality, tile_of_kind
from game.cpu.style import Facts
from game.cpu.choice import Choice, Why
from game.cpu.riichi import DAMA_SHORT, RIICHI_SHORT
from game.cpu.strength import Strength
from game.rules.actions import Discard, Riichi
from game.rules.ruleset import Ruleset
from game.rules.tiles import counts34, is_red
from game.rules.view import PlayerView

NO_YAKU_STEPS = 1        # an open tenpai without a yaku is this much further from a win
LOST_PATH_STEPS = 2      # an open hand without any yaku direction left
PUSH_DANGER = 0.4        # ukeire tiles one percent of deal-in costs, between pushes of equal worth
REFERENCE_WAIT = 6.0     # a one-shanten's ukeire counts in full when its tenpai waits average this
SHAPE_CANDIDATES = 4     # the most one-shanten discards (by ukeire) whose quality is looked at
SHAPE_RIVALS = 0.6       # ... each with at least this share of the widest one's ukeire
OUTLOOK_SHANTEN = 1      # discards are weighed by their outlook this near tenpai
FURITEN_SHARE = 0.4      # of a furiten tenpai's waits that can still win (by tsumo)


@dataclass
class Candidate:
    kind: int
    tile: int
    shanten: int
    ukeire: float
    worth: float = 0.0       # han-like value given up (negative: the hand is better without it)
    danger: float = 0.0
    waits_unseen: int = 0
    dama_points: int = 0     # a tenpai's average ron value without riichi (0: no yaku)
    riichi_points: int = 0
    furiten: bool = False
    accept: int = 0          # the raw ukeire (a tenpai: its unseen waits)
    base_shanten: int = 8    # the shanten after it as the tiles count it (``shanten`` may count further)
    advancing: dict[int, int] | None = None  # the kinds that advance the hand after it: unseen copies

    def key(self, danger_weight: float) -> tuple[int, float]:
        """Sort key when pushing: shanten, then ukeire less value lost and weighed danger."""
        return (self.shanten, -(self.ukeire - value.HAN_WORTH * self.worth - danger_weight * self.danger))


def _tenpai_facts(view: PlayerView, cand: Candidate, rest: list[int], waits: dict[int, int],
                  strength: Strength, ruleset: Ruleset) -> None:
    """Fill a tenpai candidate's waits, their value and furiten."""
    melds = view.melds[view.seat]
    closed = not any(m.is_open for m in melds)
    own_pond = {d.tile // 4 for d in view.discards[view.seat]} | {cand.kind}
    cand.waits_unseen = sum(waits.values())
    cand.furiten = any(k in own_pond for k in waits)
    if not strength.value and closed:
        cand.ukeire = float(cand.waits_unseen)
        return
    alive = [k for k in sorted(waits) if waits[k]] or sorted(waits)
    dama = [value.wait_points(view, rest, melds, k, ruleset=ruleset) for k in alive]
    weights = [max(1, waits[k]) for k in alive]
    cand.dama_points = sum(p * w for p, w in zip(dama, weights)) // sum(weights) if all(dama) else 0
    if closed:
        riichi = [value.wait_points(view, rest, melds, k, riichi=True, ruleset=ruleset) for k in alive]
        cand.riichi_points = sum(p * w for p, w in zip(riichi, weights)) // sum(weights)
    if not closed and not any(dama):
        if view.tiles_left > KEITEN_TILES:  # late, a tenpai is paid at the draw, yaku or not
            cand.shanten += NO_YAKU_STEPS  # no yaku anywhere: not a real tenpai
        return
    points = max(cand.dama_points, cand.riichi_points) or 1000
    usable = cand.waits_unseen * (FURITEN_SHARE if cand.furiten else 1.0)
    cand.ukeire = usable * (points / 2000 if strength.value else 1.0)


def _value_facts(view: PlayerView, cand: Candidate, counts: list[int], ruleset: Ruleset) -> None:
    """The value a discard gives up, and whether an open hand keeps a yaku direction."""
    melds = view.melds[view.seat]
    doras = value.dora_kinds(view)
    values = value.value_kinds(view)
    cand.worth = (value.keep_worth(counts, cand.kind, doras, values, is_red(cand.tile))
                  - value.direction_bonus(counts, melds, cand.kind))
    if any(m.is_open for m in melds) and cand.shanten > 0:
        rest = list(counts)
        rest[cand.kind] -= 1
        if not value.yaku_paths(rest, melds, values, view.visible_counts34(), ruleset):
            cand.shanten += LOST_PATH_STEPS


def candidates(view: PlayerView, strength: Strength, ruleset: Ruleset) -> TaskGen[list[Candidate]]:
    """Task: every legal discard as a Candidate (yields between candidates)."""
    options = yield from discard_options(view)
    legal = legal_discard_tiles(view)
    counts = counts34(view.hand)
    found = []
    for option in options:
        yield
        tile = tile_of_kind(option.kind, legal, view.drawn)
        cand = Candidate(option.kind, tile, option.shanten, float(option.ukeire.total),
                         accept=option.ukeire.total, base_shanten=option.shanten, advancing=option.ukeire.kinds)
        if not strength.ukeire:
            cand.ukeire = float(_beginner_order(option.kind))
        if strength.value:
            _value_facts(view, cand, counts, ruleset)
        if option.shanten == 0:
            rest = list(view.hand)
            rest.remove(tile)
            _tenpai_facts(view, cand, rest, option.ukeire.kinds, strength, ruleset)
        found.append(cand)
    if strength.shape:
        yield from _weigh_shapes(view, options, found)
    return found


def _beginner_order(kind: int) -> int:
    """A beginner's preference among discards of equal shanten (higher: thrown sooner):
    honours, then terminals, then tiles by how far they lie from the middle.

        >>> [_beginner_order(k) for k in (27, 0, 1, 4)]
        [5, 4, 3, 0]
    """
    if kind >= 27:
        return 5
    return abs(kind % 9 - 4)


def _weigh_shapes(view: PlayerView, options: list, found: list[Candidate]) -> TaskGen[None]:
    """Scale the one-shanten candidates' ukeire by the square root of their tenpai quality
    against REFERENCE_WAIT (the root: the quality matters only once tenpai is reached, the
    ukeire from now). Only rivals are looked at: the SHAPE_CANDIDATES widest, within
    SHAPE_RIVALS of the widest; the others take the lowest scale seen. With no rival, or
    with a tenpai candidate (it comes first), the order cannot change: nothing is scaled."""
    if min(c.shanten for c in found) < 1:
        return
    pairs = [(o, c) for o, c in zip(options, found) if o.shanten == 1 and o.ukeire.total]
    pairs.sort(key=lambda pair: -pair[0].ukeire.total)
    rivals = [p for p in pairs[:SHAPE_CANDIDATES] if p[0].ukeire.total >= SHAPE_RIVALS * pairs[0][0].ukeire.total]
    if len(rivals) < 2:
        return
    counts = counts34(view.hand)
    unseen = [4 - own - seen for own, seen in zip(counts, view.visible_counts34())]
    scales, memo = [], {}
    for option, cand in rivals:
        counts[option.kind] -= 1
        quality = yield from tenpai_quality(counts, option.ukeire.kinds, unseen, memo)
        counts[option.kind] += 1
        scale = (quality / REFERENCE_WAIT) ** 0.5
        cand.ukeire *= scale
        scales.append(scale)
    for _, cand in pairs[len(rivals):]:
        cand.ukeire *= min(scales)


def _hand_estimate(view: PlayerView, best: Candidate) -> int:
    """A rough value of the hand if it wins: the tenpai's points, else 1000 doubled per
    dora and value pair held (and riichi for a closed hand)."""
    if best.shanten == 0 and (best.dama_points or best.riichi_points):
        return max(best.dama_points, best.riichi_points)
    han = value.dora_count(view.hand, value.dora_kinds(view))
    counts = counts34(view.hand)
    han += sum(1 for k in value.value_kinds(view) if counts[k] >= 2)
    han += 1 if not any(m.is_open for m in view.melds[view.seat]) else 0
    dealer = view.seat == view.dealer
    return min(12000 if dealer else 8000, (1500 if dealer else 1000) * 2 ** max(0, han))


def _ev_worths(view: PlayerView, found: list[Candidate], threat: dict[int, float], ruleset: Ruleset) -> dict[int, float]:
    """Each candidate's expected value in points against the threats (``pushfold``): its chance
    to win times its worth, less its deal-in chance times the threats' values."""
    by_seat = defence.dangers_by_seat(view, threat)
    values = {s: pushfold.threat_value(view, s) for s in threat}
    riichi_out = any(view.riichi[s] for s in threat)
    unseen_total = sum(defence.unseen_counts(view))
    saved = max(values.values())
    worths = {}
    for cand in found:
        loss = pushfold.deal_in_loss(cand.kind, by_seat, threat, values)
        count = cand.waits_unseen if cand.shanten <= 0 else cand.accept
        worths[cand.kind] = pushfold.candidate_worth(view, cand.shanten, count, _hand_estimate(view, cand), loss,
                                                     riichi_out, unseen_total, ruleset, saved)
    return worths


def outlook_of(view: PlayerView, found: list[Candidate], cand: Candidate, look: Outlook) -> TaskGen[float | None]:
    """Task: the outlook the strong CPU weighs ``cand`` by (a furiten tenpai's at
    FURITEN_SHARE), or None where it does not: a candidate further than the best, or the best
    further than OUTLOOK_SHANTEN."""
    nearest = min(c.shanten for c in found)
    if cand.shanten != nearest or nearest > OUTLOOK_SHANTEN:
        return None
    counts = counts34(view.hand)
    counts[cand.kind] -= 1
    melds = view.melds[view.seat]
    worth = yield from look.worth(counts, melds, closed=not any(m.is_open for m in melds))
    return worth * FURITEN_SHARE if cand.furiten else worth


def style_facts(view: PlayerView, found: list[Candidate], threat: dict[int, float],
                ruleset: Ruleset, look: Outlook | None = None) -> TaskGen[Facts]:
    """Task: the figures ``style`` scores the candidates by (see game.cpu.style.Facts);
    ``look``: the decision's Outlook, if the caller has one."""
    others = {s: 1.0 for s in range(len(view.scores)) if s != view.seat}
    facts = Facts(shanten={c.kind: c.base_shanten for c in found}, weighed_shanten={c.kind: c.shanten for c in found},
                  ukeire={c.kind: c.accept for c in found}, tiles={c.kind: c.tile for c in found},
                  dangers=defence.dangers_by_seat(view, others), worth={c.kind: c.worth for c in found},
                  waits={c.kind: c.waits_unseen for c in found}, furiten={c.kind: c.furiten for c in found},
                  threat=threat)
    counts = counts34(view.hand)
    unseen = defence.unseen_counts(view)
    memo: dict = {}
    for cand in found:
        if cand.base_shanten == 1 and cand.accept:
            counts[cand.kind] -= 1
            facts.quality[cand.kind] = yield from tenpai_quality(counts, cand.advancing, unseen, memo)
            counts[cand.kind] += 1
    look = look or Outlook(view, ruleset=ruleset)
    for cand in found:
        worth = yield from outlook_of(view, found, cand, look)
        if worth is not None:
            facts.outlook[cand.kind] = worth
    if threat:
        yield  # the worths against a threat weigh every candidate again
        facts.ev = _ev_worths(view, found, threat, ruleset)
    return facts


RiichiJudge = Callable[[PlayerView, Candidate], tuple[bool, Why]]  # a policy's riichi or dama for a tenpai cut


def riichi_or_cut(view: PlayerView, chosen: Candidate, strength: Strength, ruleset: Ruleset,
                  judge: RiichiJudge) -> TaskGen[Choice]:
    """Task: the chosen candidate cut, or declared as riichi when it may be and ``judge`` (the
    policy's) says so. Before the judge: a strength that does not judge riichi declares every
    tenpai; with position, no riichi in the last round that cannot better the seat's final
    place (``position.riichi_can_help``)."""
    riichi, cut = Riichi(chosen.tile), Discard(chosen.tile)
    if riichi not in view.legal_actions:
        return Choice(cut)
    yield  # riichi or dama: the hand's value both ways
    if not strength.judge_riichi:
        return Choice(riichi, (Why("riichi on every tenpai", RIICHI_SHORT, "rule", "riichi"),))
    if strength.position and not position.riichi_can_help(view, chosen.riichi_points, chosen.dama_points, ruleset):
        why = Why("stays dama: riichi cannot better its place", ("DAMA: PLACE", *DAMA_SHORT), "place", "riichi")
        return Choice(cut, (why,))
    declare, why = judge(view, chosen)
    return Choice(riichi if declare else cut, (why,))
