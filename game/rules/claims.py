"""Claims on an offered tile: what each other seat may claim, and how the table resolves the answers.

When a seat discards, declares a kan (which may be robbed) or, in three-player, sets a North
aside, the tile is offered to the other seats (:class:`game.rules.state.Offer`). A seat may
claim it for ron; on a discard also for pon, open kan, or chi from the seat to its left (not
in three-player), but never a call that would leave only tiles kuikae forbids it to discard. Every seat with a claim answers (Pass included);
once all have, the table resolves: ron over pon/kan over chi, a double ron paid in turn order
(three rons abort), a seat that let a winning tile pass is furiten; a passed discard may
accept a riichi, abort the round (four riichi, four winds, four kans), or end it (the
last tile: the exhaustive draw, its noten payments and nagashi mangan).

    >>> from game.rules.melds import Meld
    >>> kuikae_kinds(Meld("chi", (4, 8, 12), 4, 3))  # chi 2m with 3m4m: no 2m, no suji 5m
    [1, 4]
"""

from __future__ import annotations

from engine.tasks import TaskGen
from game.rules.actions import Action, Chi, OpenKan, Pon, Ron
from game.rules.events import Called, Missed, RiichiAccepted, RoundDrawn
from game.rules.kans import continue_kan, continue_nuki, kan_allowed
from game.rules.melds import Meld
from game.rules.state import Offer, RoundState
from game.rules.tiles import WIND_KINDS, YAOCHUU_KINDS, counts34, is_red
from game.rules.wins import completes, emit_win, hand_waits, ron_score

# --- what each seat may claim ---------------------------------------------------------


def other_seats(rnd: RoundState, seat: int) -> list[int]:
    """The other seats (three, or two in three-player), in turn order after ``seat`` (the
    order claims are resolved in)."""
    n = rnd.ruleset.players
    return [(seat + i) % n for i in range(1, n)]


def claims_task(rnd: RoundState) -> TaskGen[None]:
    """Each other seat's claims on the offered tile (ron checks score the hand)."""
    for seat in other_seats(rnd, rnd.offer.from_seat):
        claim_options(rnd, seat)
        yield


def claim_options(rnd: RoundState, seat: int) -> list[Action]:
    """The seat's claims on the offered tile (Pass not included), remembered for this offer."""
    key = ("options", rnd._offer_event, seat)
    if key not in rnd._cache:
        rnd._cache[key] = _compute_claim_options(rnd, seat)
    return list(rnd._cache[key])


def _compute_claim_options(rnd: RoundState, seat: int) -> list[Action]:
    offer = rnd.offer
    options: list[Action] = []
    if ron_score(rnd, seat) is not None:
        options.append(Ron())
    if offer.kind != "discard" or rnd.riichi[seat] or rnd.tiles_left == 0:
        return options
    hand = rnd.hands[seat]
    k = offer.tile // 4
    same = [t for t in hand if t // 4 == k]
    if len(same) >= 2 and _leaves_discard(rnd, seat, [k, k], [k]):
        options += [Pon(pair) for pair in _distinct_choices(same, 2)]
    if len(same) == 3 and kan_allowed(rnd):
        options.append(OpenKan())
    if seat == (offer.from_seat + 1) % rnd.ruleset.players and k < 27 and not rnd.ruleset.three_player:
        options += _chi_options(rnd, seat, k)
    return options


def _chi_options(rnd: RoundState, seat: int, k: int) -> list[Action]:
    by_kind: dict[int, list[int]] = {}
    for t in rnd.hands[seat]:
        by_kind.setdefault(t // 4, []).append(t)
    number = k % 9
    options: list[Action] = []
    for a, b in ((-2, -1), (-1, 1), (1, 2)):
        if not (0 <= number + a <= 8 and 0 <= number + b <= 8):
            continue
        ka, kb = k + a, k + b
        if ka not in by_kind or kb not in by_kind:
            continue
        if not _leaves_discard(rnd, seat, [ka, kb], _chi_forbidden(k, a, b)):
            continue
        for ta in _distinct_choices(by_kind[ka], 1):
            for tb in _distinct_choices(by_kind[kb], 1):
                options.append(Chi((ta[0], tb[0])))
    return options


def _leaves_discard(rnd: RoundState, seat: int, used_kinds: list[int], forbidden: list[int]) -> bool:
    """After a call using one tile of each of ``used_kinds``, does the hand keep a tile
    it may discard? (Tenhou offers no call that would leave only kuikae tiles.)"""
    rest = list(rnd.hands[seat])
    for k in used_kinds:
        rest.remove(next(t for t in rest if t // 4 == k))
    if not rnd.ruleset.kuikae_forbidden:
        return bool(rest)
    return any(t // 4 not in forbidden for t in rest)


def call_key(tiles: tuple[int, ...]) -> tuple[tuple[int, bool], ...]:
    """What a call's tiles are, copies aside (kinds and red fives): two calls with the same key
    are the same choice."""
    return tuple(sorted((t // 4, is_red(t)) for t in tiles))


def _distinct_choices(tiles: list[int], size: int) -> list[tuple[int, ...]]:
    """Choices of ``size`` tiles that differ in what they are (kind and red five)."""
    plain = sorted(t for t in tiles if not is_red(t))
    red = [t for t in tiles if is_red(t)]
    choices = []
    if len(plain) >= size:
        choices.append(tuple(plain[:size]))
    if red and len(plain) >= size - 1:
        choices.append(tuple(sorted(red[:1] + plain[:size - 1])))
    return choices


def _chi_forbidden(k: int, a: int, b: int) -> list[int]:
    """Kinds a chi of ``k`` with ``k+a, k+b`` forbids discarding (the called kind and the suji
    swap at the other end)."""
    forbidden = [k]
    number = k % 9
    if (a, b) == (1, 2) and number + 3 <= 8:
        forbidden.append(k + 3)
    if (a, b) == (-2, -1) and number - 3 >= 0:
        forbidden.append(k - 3)
    return forbidden


def kuikae_kinds(meld: Meld) -> list[int]:
    """The kinds a caller may not discard right after this chi or pon (kuikae)."""
    k = meld.called // 4
    if meld.kind == "pon":
        return [k]
    others = list(meld.kinds)
    others.remove(k)
    return _chi_forbidden(k, others[0] - k, others[1] - k)


# --- how the table resolves the answers -----------------------------------------------


def resolve_offer(rnd: RoundState) -> None:
    """Every seat has answered the offer: the missed wins, then ron over pon/kan over chi;
    with no claim the kan stands or the next seat draws (unless the round aborts or ends)."""
    offer = rnd.offer
    answers = offer.answers
    order = other_seats(rnd, offer.from_seat)
    rons = [s for s in order if isinstance(answers.get(s), Ron)]
    for s in order:
        if s not in rons and _could_rob(rnd, s, offer):
            rnd._emit(Missed(s))
    if rons:
        _resolve_rons(rnd, rons)
        return
    if offer.kind == "nuki":
        continue_nuki(rnd, offer)
        return
    if offer.kind != "discard":
        continue_kan(rnd, offer)
        return
    if _abort_after_discard(rnd):
        return
    for s in order:
        if isinstance(answers.get(s), (Pon, OpenKan)):
            _resolve_call(rnd, s, answers[s])
            return
    for s in order:
        if isinstance(answers.get(s), Chi):
            _resolve_call(rnd, s, answers[s])
            return
    if rnd.tiles_left == 0:
        _exhaustive_draw(rnd)
    else:
        rnd._draw((offer.from_seat + 1) % rnd.ruleset.players)


def _could_rob(rnd: RoundState, seat: int, offer: Offer) -> bool:
    """The offered tile completes the seat's hand, and it is a tile a hand may take: a
    discard or an added kan's tile; a closed kan's only for kokushi (Tenhou). A closed kan
    of a waiting tile is no missed chance for any other hand: no furiten follows."""
    if not completes(rnd, seat, offer.tile):
        return False
    if offer.kind != "ankan":
        return True
    counts = counts34(rnd.hands[seat] + [offer.tile])
    return all(counts[k] for k in YAOCHUU_KINDS)


def _resolve_rons(rnd: RoundState, rons: list[int]) -> None:
    if len(rons) == 3 and rnd.ruleset.triple_ron_abort:
        rnd._emit(RoundDrawn("ron3", _nothing(rnd), (False,) * rnd.ruleset.players))
        return
    if not rnd.ruleset.double_ron:
        rons = rons[:1]
    offer = rnd.offer
    scores = [ron_score(rnd, s) for s in rons]  # all read before the first win is paid
    for i, (s, score) in enumerate(zip(rons, scores)):
        emit_win(rnd, s, offer.from_seat, offer.tile, score, first=i == 0)


def _abort_after_discard(rnd: RoundState) -> bool:
    """Accept a riichi, then the abortive draws a passed discard may cause."""
    rules = rnd.ruleset
    if rnd.riichi_pending is not None:
        rnd._emit(RiichiAccepted(rnd.riichi_pending))
        if rules.four_riichi_draw and all(rnd.riichi):
            rnd._emit(RoundDrawn("reach4", _nothing(rnd), (False,) * rnd.ruleset.players))
            return True
    first = [p[0].tile // 4 for p in rnd.ponds if p]
    if (rules.four_winds_draw and rnd.uninterrupted and sum(len(p) for p in rnd.ponds) == 4
            and len(set(first)) == 1 and first[0] in WIND_KINDS):
        rnd._emit(RoundDrawn("kaze4", _nothing(rnd), (False,) * rnd.ruleset.players))
        return True
    if (rules.four_kans_draw and len(rnd.kan_seats) == 4 and len(set(rnd.kan_seats)) > 1
            and rnd.tiles_left > 0):
        rnd._emit(RoundDrawn("kan4", _nothing(rnd), (False,) * rnd.ruleset.players))
        return True
    return False


def _resolve_call(rnd: RoundState, seat: int, action: Action) -> None:
    """The seat's chi, pon or open kan of the discard (an open kan's maker then draws the
    replacement tile)."""
    offer = rnd.offer
    k = offer.tile // 4
    if isinstance(action, OpenKan):
        tiles = tuple(sorted([t for t in rnd.hands[seat] if t // 4 == k] + [offer.tile]))
        meld = Meld("kan", tiles, offer.tile, offer.from_seat)
    else:
        kind = "chi" if isinstance(action, Chi) else "pon"
        meld = Meld(kind, tuple(sorted(action.tiles + (offer.tile,))), offer.tile, offer.from_seat)
    rnd._emit(Called(seat, meld))
    if meld.kind == "kan":
        rnd._draw(seat, rinshan=True)


def _exhaustive_draw(rnd: RoundState) -> None:
    """The last tile passed: nagashi mangan if a seat earned it, else the noten payments."""
    tenpai = tuple(bool(hand_waits(rnd, h)) for h in rnd.hands)
    seats = rnd.ruleset.seats
    nagashi = [s for s in seats if _nagashi(rnd, s)] if rnd.ruleset.nagashi_mangan else []
    deltas = [0] * len(seats)
    if nagashi:  # a mangan paid as by tsumo (in three-player, the absent seat's share is lost)
        for s in nagashi:
            for payer in seats:
                if payer != s:
                    pay = 4000 if s == rnd.dealer or payer == rnd.dealer else 2000
                    deltas[payer] -= pay
                    deltas[s] += pay
    elif 0 < sum(tenpai) < len(seats):
        gain = rnd.ruleset.noten_penalty // sum(tenpai)
        loss = rnd.ruleset.noten_penalty // (len(seats) - sum(tenpai))
        deltas = [gain if t else -loss for t in tenpai]
    rnd._emit(RoundDrawn("nm" if nagashi else "exhaustive", tuple(deltas), tenpai))


def _nothing(rnd: RoundState) -> tuple[int, ...]:
    """An abortive draw's payments: none."""
    return (0,) * rnd.ruleset.players


def _nagashi(rnd: RoundState, seat: int) -> bool:
    pond = rnd.ponds[seat]
    return bool(pond) and all(p.tile // 4 in YAOCHUU_KINDS and p.called_by is None for p in pond)
