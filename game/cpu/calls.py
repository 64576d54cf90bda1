"""Calls and kans: only when the hand keeps a yaku and the call brings it closer.

A chi or pon is judged by the hand it leaves: the concealed tiles less the two used, the new
meld, then the best legal discard (kuikae forbids the called kind and its suji swap). The
call is taken when that hand is nearer a win than the hand was (fewer shanten) and, after the
discard, still has a yaku direction (``value.yaku_paths``); a closed hand opens only for a
value honour, honitsu or two dora (``Strength.open_with_dora``).
The strong CPU weighs a call that leaves the hand one step from tenpai or nearer by its
outlook instead (``outlook``: points times chances, so only waits with a yaku count): taken
when it is worth more than the hand as it stands and, with another seat in riichi, worth 500
into tenpai or 1,200 one step away (kobalab's majiang-ai's rule: the referee's logs showed our
calls under a riichi losing points). A closed tenpai never calls. An open kan is taken only
by an open hand that keeps its shanten and yaku; a closed or added kan when it does not lower
the hand (in riichi always; against another riichi only from tenpai). The strong CPU asks
``style``'s call scorer whether to take the call it likes best (``call_features``, the rules'
answer among them), and weighs its kans by what they give and cost (``game.cpu.kans``).

    >>> from game.rules.melds import Meld
    >>> kuikae_kinds(Meld("chi", (0, 4, 8), called=0, from_seat=3))  # 1m called onto 23m
    [0, 3]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.tasks import TaskGen
from game.cpu import value
from game.cpu.choice import Choice, Why
from game.cpu.outlook import Outlook
from game.cpu.strength import Strength
from game.rules.melds import Meld
from game.rules.actions import Action, AddedKan, Chi, ClosedKan, OpenKan, Pass, Pon
from game.rules.claims import kuikae_kinds
from game.rules.match import place_of
from game.rules.ruleset import Ruleset
from game.rules.shanten import evaluate_discards, shanten, ukeire
from game.rules.tiles import counts34
from game.rules.view import PlayerView

RIICHI_OUT_WORTH = (500, 1200)  # with a riichi out, the least outlook of a call into tenpai; one step away
KEITEN_TILES = 12   # with this few tiles left, a call that reaches tenpai is worth the noten payments


@dataclass(frozen=True)
class CallOutcome:
    action: Action
    shanten: int       # after the call and the best legal discard
    ukeire: int
    paths: tuple[str, ...]


def _meld_of(view: PlayerView, action: Action) -> tuple[Meld, list[int]]:
    """The meld a call makes and the concealed tiles it leaves."""
    from_seat, called = view.last_discard
    if isinstance(action, OpenKan):
        used = [t for t in view.hand if t // 4 == called // 4]
        kind = "kan"
    else:
        used = list(action.tiles)
        kind = "chi" if isinstance(action, Chi) else "pon"
    rest = list(view.hand)
    for t in used:
        rest.remove(t)
    return Meld(kind, tuple(sorted([*used, called])), called, from_seat), rest


def call_outcome(view: PlayerView, action: Action, ruleset: Ruleset) -> TaskGen[CallOutcome | None]:
    """Task: how far from a win the hand is after the call and its best discard (None: no
    legal discard keeps a yaku direction)."""
    meld, rest = _meld_of(view, action)
    melds = [*view.melds[view.seat], meld]
    values = value.value_kinds(view)
    visible = view.visible_counts34()
    visible_after = list(visible)
    for t in meld.tiles:
        visible_after[t // 4] -= 1  # the meld's tiles are the seat's own now, not "shown by others"
    visible_after = [max(0, v) for v in visible_after]
    counts = counts34(rest)
    if isinstance(action, OpenKan):
        paths = value.yaku_paths(counts, melds, values, visible, ruleset)
        return CallOutcome(action, shanten(counts), 0, tuple(paths)) if paths else None
    forbidden = kuikae_kinds(meld)
    options = yield from evaluate_discards(counts, visible_after)
    for option in options:
        if option.kind in forbidden:
            continue
        after = list(counts)
        after[option.kind] -= 1
        paths = value.yaku_paths(after, melds, values, visible, ruleset)
        if paths:
            return CallOutcome(action, option.shanten, option.ukeire.total, tuple(paths))
    return None


def _opening_worth(view: PlayerView, outcome: CallOutcome, dora_needed: int) -> bool:
    """Opening a closed hand gives up riichi: only for a value honour, a hand heading for
    honitsu, or one with ``dora_needed`` dora, red fives included (not for a bare 1,000-point
    tanyao)."""
    if "yakuhai" in outcome.paths or "honitsu" in outcome.paths:
        return True
    return value.dora_count(view.hand, value.dora_kinds(view)) >= dora_needed


def offered_calls(view: PlayerView) -> list:
    """The chi, pon and open kans the view may answer with."""
    return [a for a in view.legal_actions if isinstance(a, (Chi, Pon, OpenKan))]


def folding_pass() -> Choice:
    """The folding seat calls nothing (see ``CpuAgent``: a threat likely tenpai, the hand far)."""
    return Choice(Pass(), (Why("passes, folding against the threat", ("PASS: FOLDING", "PASS"), "threat", "call"),))


def riichi_veto(view: PlayerView, features: dict[str, float], worth: float | None) -> bool:
    """Against a riichi a call needs RIICHI_OUT_WORTH of outlook, whatever the scorer says (see
    the module); two steps or more from tenpai it has none."""
    need = RIICHI_OUT_WORTH[0 if "tenpai_after" in features else 1]
    return view.riichi_out and (worth is None or worth < need)


def ruled_call(view: PlayerView, strength: Strength, ruleset: Ruleset, calls: list,
               look: Outlook | None = None) -> TaskGen[Action]:
    """The call the rules above take (see the module), else Pass (``look``: the decision's
    Outlook, if the caller has one)."""
    counts = counts34(view.hand)
    before = shanten(counts)
    closed = not any(m.is_open for m in view.melds[view.seat])
    if before <= 0 and closed:
        return Pass()
    look = (look or Outlook(view, ruleset=ruleset)) if strength.outlook else None
    stay = None  # the hand's worth without a call (worked out once, when a call is near tenpai)
    best: CallOutcome | None = None
    best_worth = 0.0
    for action in calls:
        yield
        outcome = yield from call_outcome(view, action, ruleset)
        if outcome is None:
            continue
        if look is not None and not isinstance(action, OpenKan) and outcome.shanten <= 1:
            worth = yield from call_worth(view, look, action)
            if worth <= best_worth or (view.riichi_out and worth < RIICHI_OUT_WORTH[min(outcome.shanten, 1)]):
                continue  # not the best call so far, or not worth walking into a riichi for
            if stay is None:  # a call gains one step at most: the hand is two away or nearer
                stay = yield from look.worth(counts, view.melds[view.seat], closed)
            if worth > stay:
                best, best_worth = outcome, worth
            continue
        if isinstance(action, OpenKan):
            if closed or outcome.shanten > before:
                continue
        elif outcome.shanten >= before or (closed and not _opening_worth(view, outcome, strength.open_with_dora)):
            continue
        if best_worth:
            continue  # a call weighed by its outlook already beats the hand as it is
        if best is None or (outcome.shanten, -outcome.ukeire) < (best.shanten, -best.ukeire):
            best = outcome
    if best is None and strength.position and before == 1 and view.tiles_left <= KEITEN_TILES:
        return (yield from _keiten_call(view, calls))
    return best.action if best else Pass()


def call_features(view: PlayerView, ruleset: Ruleset, calls: list, ruled: Action,
                  threat: float, look: Outlook | None = None) -> TaskGen[tuple[Action, dict[str, float], float | None] | None]:
    """Task: the call the strong CPU weighs (near tenpai the one of best outlook, else the
    nearest and widest) and what its call scorer reads of it: the kind of call, opening a
    closed hand, the shanten before and the step it gains, ukeire after against before, the
    yaku it heads for (a yakuhai pon), dora, the outlook after against the hand's, the turn,
    threats, the seat's place, and the rules' answer; with the call's outlook (None two steps
    or more from tenpai). None: no call keeps a yaku in reach."""
    counts = counts34(view.hand)
    now = ukeire(counts, view.visible_counts34())
    closed = not any(m.is_open for m in view.melds[view.seat])
    look = look or Outlook(view, ruleset=ruleset)
    rows = []
    for action in calls:
        outcome = yield from call_outcome(view, action, ruleset)
        if outcome is None:
            continue
        worth = None
        if not isinstance(action, OpenKan) and outcome.shanten <= 1:
            worth = yield from call_worth(view, look, action)
        rows.append((action, outcome, worth))
    if not rows:
        return None
    action, outcome, worth = min(rows, key=lambda r: (r[1].shanten, -r[1].ukeire))
    weighed = [r for r in rows if r[2] is not None]
    if weighed:
        action, outcome, worth = max(weighed, key=lambda r: r[2])
    kind = type(action).__name__.lower()
    gain = max(-1, min(1, now.shanten - outcome.shanten))
    doras = value.dora_kinds(view)
    f = {f"call_{kind}": 1.0, f"gain{gain}": 1.0, f"before{min(now.shanten, 4)}": 1.0,
         "uk_after": outcome.ukeire / 30, "uk_ratio": math.log(1 + outcome.ukeire) - math.log(1 + now.total),
         "dora": min(4, value.dora_count([*view.hand, view.last_discard[1]], doras)) / 4,
         "turn": len(view.discards[view.seat]) / 18, "left": view.tiles_left / 70, "threat": threat,
         f"rank{place_of(view.scores, view.seat)}": 1.0}
    f.update({f"path_{p}": 1.0 for p in outcome.paths})
    if len(outcome.paths) == 1:
        f[f"one_path_{outcome.paths[0]}"] = 1.0
    flags = {"closed": closed, f"closed_{kind}": closed, "riichi_out": view.riichi_out,
             "dealer": view.seat == view.dealer, "tenpai_after": outcome.shanten == 0,
             "yakuhai_pon": isinstance(action, Pon) and view.last_discard[1] // 4 in value.value_kinds(view),
             "rules_call": isinstance(ruled, (Chi, Pon, OpenKan))}
    f.update({name: 1.0 for name, on in flags.items() if on})
    if worth is not None:
        stay = (yield from look.worth(counts, view.melds[view.seat], closed)) if now.shanten <= 2 else 0.0
        f["has_worth"] = 1.0
        f["worth_log"] = math.log(1 + worth) / 10
        f["stay_log"] = math.log(1 + stay) / 10
        f["worth_gain"] = math.log(1 + worth) - math.log(1 + stay)
    return action, f, worth


def call_worth(view: PlayerView, look: Outlook, action: Action) -> TaskGen[float]:
    """The outlook of the hand after the call and its best legal discard (kuikae kept)
    among those that leave it nearest tenpai."""
    meld, rest = _meld_of(view, action)
    melds = [*view.melds[view.seat], meld]
    counts = counts34(rest)
    forbidden = kuikae_kinds(meld)
    steps = {}
    for kind in range(len(counts)):
        if counts[kind] and kind not in forbidden:
            counts[kind] -= 1
            steps[kind] = shanten(counts)
            counts[kind] += 1
    nearest = min(steps.values(), default=None)
    best = 0.0
    for kind in (k for k, n in steps.items() if n == nearest):
        counts[kind] -= 1
        best = max(best, (yield from look.worth(counts, melds, closed=False)))
        counts[kind] += 1
    return best


def _keiten_call(view: PlayerView, calls: list) -> TaskGen[Action]:
    """Late in the round, with no riichi out, a chi or pon that reaches tenpai with a legal
    discard, yaku or not: a tenpai at the exhaustive draw is paid by the noten seats."""
    if view.riichi_out:
        return Pass()
    visible = view.visible_counts34()
    for action in calls:
        if isinstance(action, OpenKan):
            continue
        yield
        meld, rest = _meld_of(view, action)
        forbidden = kuikae_kinds(meld)
        options = yield from evaluate_discards(counts34(rest), visible)
        if any(o.shanten == 0 and o.kind not in forbidden for o in options):
            return action
    return Pass()


def kan_worth(view: PlayerView, action: Action, best_shanten: int, threatened: bool) -> bool:
    """Whether a closed or added kan is worth making (``kan_why`` says why)."""
    return kan_why(view, action, best_shanten, threatened)[0]


def kan_why(view: PlayerView, action: Action, best_shanten: int, threatened: bool) -> tuple[bool, Why]:
    """The rules' kan (the weak and normal CPUs; the strong one weighs its kans in
    ``game.cpu.kans``): a closed or added kan that does not lower the hand, with the clause
    that decided. In riichi every legal kan keeps the wait (the rules allow no other), and it
    turns a dora and draws again: always. Against another riichi only a tenpai hand (pushing
    anyway) feeds the table a new dora.

        >>> from game.cpu.value import _view
        >>> kan_why(_view(), ClosedKan(0), best_shanten=1, threatened=True)[1].words
        'no kan while a riichi is out'
    """
    if view.riichi[view.seat]:
        return True, _kan("declares the kan: in riichi it keeps the wait", "KAN: IN RIICHI", "wait")
    if threatened and best_shanten > 0:
        return False, _kan("no kan while a riichi is out", "NO KAN: RIICHI OUT", "threat")
    counts = counts34(view.hand)
    if isinstance(action, ClosedKan):
        counts[action.kind] -= 4
    elif isinstance(action, AddedKan):
        counts[action.tile // 4] -= 1
    else:
        return False, _kan("no open kan on the turn", "NO KAN", "rule")
    after = shanten(counts)
    if after <= best_shanten:
        return True, _kan(f"declares the kan, still {_distance(after)}", "KAN", "speed")
    return False, _kan("no kan, it would slow the hand", "NO KAN: SLOWER", "speed")


def _kan(words: str, short: str, figure: str) -> Why:
    return Why(words, (short, short.split(":")[0]) if ":" in short else (short,), figure, "kan")


def _distance(count: int) -> str:
    return "tenpai" if count == 0 else f"{count}-shanten"

