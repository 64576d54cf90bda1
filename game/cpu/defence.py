"""Defence: who threatens to win, how dangerous each tile is against them, push or fold.

Danger is a rough deal-in chance in percent against one threatening seat, read from what is
on the table only:

- genbutsu: a kind in the threat's own pond (it would be furiten), or thrown by anyone since
  its riichi and not won on: 0;
- honours: by how many copies are still unseen (a tanki or shanpon needs one);
- number tiles: a ryanmen wait through each side, unless the suji tile is genbutsu or the
  two tiles it needs are gone (kabe: none left; one-chance: one left, counted at
  ONE_CHANCE); two live sides count no more than RYANMEN_BOTH (few hands hold both); plus
  kanchan, penchan, shanpon and tanki chances by the unseen copies of the kind.

The figures are set against real games: ``python tools/danger_table.py`` replays the Tenhou
logs of tests/data and prints, by category, the predicted danger beside the rate at which
throws against a riichi dealt in (docs/measurements.md keeps the table).

    >>> danger_of_kind(27, genbutsu=set(), unseen=[4] * 34)  # an unseen east
    4.0
    >>> danger_of_kind(4, genbutsu={1, 7}, unseen=[4] * 34)  # 5m, both suji out: kanchan, shanpon, tanki
    3.0
    >>> danger_of_kind(4, genbutsu=set(), unseen=[4] * 34)  # 5m, no suji: two ryanmen sides too
    11.0
"""

from __future__ import annotations

from collections.abc import Sequence

from game.cpu import pushfold
from game.rules.view import PlayerView
from game.rules.yaku import DORA_OF

RIICHI_THREAT = 1.0
OPEN_BY_CALLS = (0.0, 0.15, 0.35, 0.6, 0.95)  # an open hand's tenpai chance by its calls ...
LATE_OPEN = 0.3         # ... plus this much more as the wall runs out
MOST_OPEN = 0.95
MIN_THREAT = 0.6        # an open hand less likely tenpai than this is no threat yet ...
VISIBLE_THREAT = 1500   # ... unless its tenpai chance times the points its melds show reach this
FLUSH_SUIT = 1.5        # an open flush hand: its suit and honours ...
OFF_SUIT = 0.2          # ... and the other suits
RYANMEN_SIDE = 6.0      # percent a live ryanmen side adds
RYANMEN_BOTH = 8.0      # ... two live sides together
ONE_CHANCE = 0.6        # a side whose shape has one copy left
KABE_ONLY = 0.5         # a tile whose every side is walled: fewer shapes hold it at all
HONOUR_BY_UNSEEN = (0.0, 1.0, 2.5, 4.0, 4.0)
OTHER_BY_UNSEEN = (0.0, 1.0, 2.0, 3.0, 3.0)  # kanchan, penchan, shanpon, tanki
DORA_DANGER = 1.3       # a dora is waited on more often (hands keep it, shanpon on it)


def unseen_counts(view: PlayerView) -> list[int]:
    """Copies of each kind this seat has not seen: 4 less its own hand and the table."""
    unseen = [4 - c for c in view.visible_counts34()]
    for t in view.hand:
        unseen[t // 4] -= 1
    return [max(0, u) for u in unseen]


def genbutsu(view: PlayerView, seat: int) -> set[int]:
    """Kinds that cannot win for ``seat`` by ron: its own pond, and (once it is in riichi)
    the tiles thrown since its riichi. The view has no global order of discards, so those are
    counted by turn order from the riichi; a call since then may skip a turn, so then one
    go-around fewer is trusted."""
    pond = view.discards[seat]
    safe = {d.tile // 4 for d in pond}
    declared = next((i for i, d in enumerate(pond) if d.riichi), None)
    if declared is None:
        return safe
    since = len(pond) - declared - 1  # the riichi seat's own discards since its riichi
    n = len(view.scores)  # three seats in three-player
    current = (view.turn - seat) % n
    done_this_round = 1 if view.turn == view.seat and view.last_discard is None else 0
    called = any(d.called_by is not None for p in view.discards for d in p[-(since + 2):])
    for other in range(n):
        if other == seat:
            continue
        count = since + (1 if 0 < (other - seat) % n < current + (1 - done_this_round) else 0)
        if called:
            count -= 1
        if count > 0:
            safe |= {d.tile // 4 for d in view.discards[other][-count:]}
    return safe


def _ryanmen_sides(kind: int) -> list[tuple[int, int, int]]:
    """(suji partner, the two kinds the wait holds) for each ryanmen that waits on ``kind``."""
    n = kind % 9
    sides = []
    if n >= 3:   # holding n-2, n-1: waits n and n-3
        sides.append((kind - 3, kind - 2, kind - 1))
    if n <= 5:   # holding n+1, n+2: waits n and n+3
        sides.append((kind + 3, kind + 1, kind + 2))
    return sides


def danger_of_kind(kind: int, genbutsu: set[int], unseen: Sequence[int]) -> float:
    """Rough deal-in chance (percent) of throwing ``kind`` against one threat; see the module."""
    if kind in genbutsu:
        return 0.0
    if kind >= 27:
        return HONOUR_BY_UNSEEN[unseen[kind]]
    danger = OTHER_BY_UNSEEN[unseen[kind]] if unseen[kind] else 0.3  # the last copy: tanki only
    sides = 0.0
    walled = 0
    for partner, a, b in _ryanmen_sides(kind):
        if partner in genbutsu:
            continue
        blockers = min(unseen[a], unseen[b])
        if blockers == 0:
            walled += 1  # kabe: nobody can hold that ryanmen
            continue
        sides += RYANMEN_SIDE * (ONE_CHANCE if blockers == 1 else 1.0)
    if walled and not sides:
        danger *= KABE_ONLY
    return danger + min(sides, RYANMEN_BOTH)


def tenpai_chance(view: PlayerView, seat: int) -> float:
    """How likely ``seat`` is tenpai: 1.0 in riichi; an open hand by its calls, more as the
    wall runs out (a closed hand without riichi is not read).

        >>> from game.cpu.value import _view
        >>> tenpai_chance(_view(), 1)
        0.0
    """
    if view.riichi[seat]:
        return RIICHI_THREAT
    calls = sum(1 for m in view.melds[seat] if m.is_open)
    if not calls:
        return 0.0
    late = max(0.0, 1.0 - view.tiles_left / 70)
    return min(MOST_OPEN, OPEN_BY_CALLS[min(calls, 4)] + LATE_OPEN * late)


def threats(view: PlayerView) -> dict[int, float]:
    """Seats that may be tenpai and how likely (1.0 a riichi); open hands from MIN_THREAT, or
    sooner when what their melds show is dear: the tenpai chance times the points they show
    (``pushfold.threat_value``: dora and red fives in the melds, a second value honour, a
    dealer's half more) reaching VISIBLE_THREAT. A dealer's pon of a dora dragon is a threat
    from its first call; a non-dealer's plain yakuhai pon is not.

        >>> from dataclasses import replace
        >>> from game.cpu.value import _view
        >>> from game.rules.melds import Meld
        >>> pon = Meld("pon", (132, 133, 134), 134, 2)  # chun, called from seat 2
        >>> table = replace(_view(seat=0, dealer=1), melds=((), (pon,), (), ()), dora_indicators=(128,))
        >>> threats(table)  # the dealer's pon of chun with hatsu (the indicator) before it: chun is dora
        {1: 0.15}
        >>> threats(replace(table, dealer=0, dora_indicators=(0,)))  # a non-dealer's plain chun pon
        {}
    """
    found = {}
    for seat in range(len(view.scores)):
        if seat == view.seat:
            continue
        chance = tenpai_chance(view, seat)
        if chance >= MIN_THREAT:
            found[seat] = chance
        elif chance and chance * pushfold.threat_value(view, seat) >= VISIBLE_THREAT:
            found[seat] = chance
    return found


def _open_reading(view: PlayerView, seat: int) -> tuple[int | None, bool]:
    """(the suit an open hand is flush in, or None; whether every call is a pon or kan)."""
    melds = [m for m in view.melds[seat] if m.is_open]
    if view.riichi[seat] or len(melds) < 2:
        return None, False
    suits = {k // 9 for m in melds for k in m.kinds if k < 27}
    flush = suits.pop() if len(suits) == 1 else None
    return flush, all(m.kind != "chi" for m in melds)


def _read_open(kind: int, danger: float, flush: int | None, alike: bool, unseen: Sequence[int]) -> float:
    """An open hand's danger read from its calls: a flush hand waits in its suit or honours,
    a hand of pons on shanpon and tanki shapes (no ryanmen)."""
    if flush is not None:
        danger *= FLUSH_SUIT if kind >= 27 or kind // 9 == flush else OFF_SUIT
    if alike and kind < 27 and danger:
        danger = 2 * OTHER_BY_UNSEEN[unseen[kind]]
    return danger


def dangers_by_seat(view: PlayerView, threat: dict[int, float]) -> dict[int, list[float]]:
    """Danger (percent) of each of the 34 kinds against each threatening seat."""
    unseen = unseen_counts(view)
    doras = [DORA_OF[t // 4] for t in view.dora_indicators]
    found = {}
    for seat in sorted(threat):
        safe = genbutsu(view, seat)
        flush, alike = _open_reading(view, seat)
        row = []
        for k in range(34):
            d = danger_of_kind(k, safe, unseen) * (DORA_DANGER if k in doras else 1.0)
            row.append(_read_open(k, d, flush, alike, unseen) if flush is not None or alike else d)
        found[seat] = row
    return found


def dangers(view: PlayerView, threat: dict[int, float]) -> list[float]:
    """Danger of each of the 34 kinds, summed over the threats weighed by their threat."""
    by_seat = dangers_by_seat(view, threat)
    return [sum(threat[s] * by_seat[s][k] for s in by_seat) for k in range(34)]
