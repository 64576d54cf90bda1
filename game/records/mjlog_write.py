"""The mjlog XML writer: a game log as Tenhou writes its mjlog (the reader is ``mjlog_read``)."""

from __future__ import annotations

from game.records.meld_codec import encode_meld, encode_nuki
from game.records.mjlog_read import DISCARD_TAGS, DRAW_TAGS
from game.records.model import (
    Agari, Bye, Call, Discard, Draw, Event, GameLog, GameRules, NewDora, Nuki, Owari, Player, Riichi, Rejoin,
    RoundInit, Ryuukyoku,
)
from game.rules.errors import InputError

RANKED_EAST_SOUTH = 0x09  # GO type of a game with no room bits: online, east-south, red, open tanyao


def write_mjlog(game: GameLog) -> str:
    """Tenhou's mjlog XML of a game: the inverse of :func:`parse_mjlog`.

    Scores go back to hundreds, melds to their bitfields (``meld_codec.encode_meld``), the
    final figures to the log's own style (one decimal, or whole numbers as older logs).

        >>> from game.records.mjlog_read import parse_mjlog
        >>> hands = " ".join(f'hai{s}="{",".join(str(13 * s + i) for i in range(13))}"' for s in range(4))
        >>> text = ('<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="%41" n1="%42" n2="%43" n3="%44"/>'
        ...     f'<TAIKYOKU oya="0"/><INIT seed="0,0,0,2,3,60" ten="250,250,250,250" oya="0" {hands}/>'
        ...     '<T70/><D70/></mjloggm>')
        >>> write_mjlog(parse_mjlog(text)) == text
        True
    """
    out = ['<mjloggm ver="2.3">']
    if game.seed:
        out.append(_tag("SHUFFLE", seed=game.seed, ref=""))
    go_type = game.go_type if game.go_type is not None else _go_type(game.rules)
    out.append(_tag("GO", type=go_type, lobby=game.lobby, **dict(game.go_extras)))  # older logs name no lobby
    out.append(_players_tag(game.players))
    seats = len(game.players) if game.rules.three_player else 4
    if game.rounds:
        first = game.rounds[0].init
        out.append(_tag("TAIKYOKU", oya=(first.dealer - first.round_index % 4) % seats))
    else:
        out.append(_tag("TAIKYOKU", oya=0))
    for round_log in game.rounds:
        out.append(_init_tag(round_log.init))
        calls: dict[int, list[int]] = {}  # each seat's calls so far, as an AGARI's m lists them
        for event in round_log.events:
            _note_call(calls, event)
            out.append(_event_tag(event, game.players, calls))
    out.append("</mjloggm>")
    return "".join(out)


def _note_call(calls: dict[int, list[int]], event: Event) -> None:
    """Keep the seat's calls in order, an added kan in its pon's place and a nuki among them
    (a three-player AGARI's ``m`` lists them so, the latest first: every win of tests/data's
    sanma logs)."""
    if isinstance(event, Nuki):
        calls.setdefault(event.seat, []).append(encode_nuki(event.tile))
    elif isinstance(event, Call):
        mine = calls.setdefault(event.seat, [])
        code = encode_meld(event.meld, event.seat)
        if event.meld.kind == "kakan":
            pon = next((i for i, m in enumerate(mine) if _is_pon_of(m, event.meld.kind34)), None)
            if pon is not None:
                mine[pon] = code
                return
        mine.append(code)


def _is_pon_of(m: int, kind34: int) -> bool:
    return bool(m & 0x08) and not m & 0x04 and (m >> 9) // 3 == kind34


def _fourth(values, blank="0"):
    """A three-player figure list as the mjlog writes it: a fourth seat's, always ``blank``."""
    values = [str(v) for v in values]
    return values + [blank] if len(values) == 3 else values


def _go_type(rules: GameRules) -> int:
    """The GO type bits of a game of these rules (no room bits: an ordinary lobby)."""
    bits = 0x01
    bits |= 0 if rules.red_fives else 0x02
    bits |= 0 if rules.open_tanyao else 0x04
    bits |= 0x08 if rules.east_south else 0
    bits |= 0x10 if rules.three_player else 0
    bits |= 0x40 if rules.fast else 0
    return bits


def _tag(name: str, **attributes) -> str:
    """``<NAME a="1" b="2"/>``; attributes whose value is None are left out."""
    parts = "".join(f' {key}="{_escape(value)}"' for key, value in attributes.items() if value is not None)
    return f"<{name}{parts}/>"


def _escape(value) -> str:
    return str(value).replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


def _numbers_text(values) -> str:
    return ",".join(str(v) for v in values)


def _players_tag(players: list[Player]) -> str:
    """The UN tag; three players' has an empty fourth seat, as Tenhou writes it (``n3=""``,
    dan 0, rate 1500.00, sx C: every three-player log of tests/data)."""
    names = {f"n{seat}": _quoted(p.name) for seat, p in enumerate(players)}
    three = len(players) == 3
    if three:
        names["n3"] = ""
    dans = ",".join(_fourth(p.dan for p in players)) if all(p.dan is not None for p in players) else None
    rates = (",".join(_fourth((f"{p.rate:.2f}" for p in players), "1500.00"))
             if all(p.rate is not None for p in players) else None)
    sexes = ",".join(_fourth((p.sex for p in players), "C")) if all(p.sex for p in players) else None
    return _tag("UN", **names, dan=dans, rate=rates, sx=sexes)


def _quoted(name: str) -> str:
    """A name as Tenhou writes it: every UTF-8 byte percent-encoded."""
    return "".join(f"%{byte:02X}" for byte in name.encode("utf-8"))


def _init_tag(init: RoundInit) -> str:
    dice = init.dice or (1, 1)
    seed = (init.round_index, init.honba, init.riichi_sticks, dice[0] - 1, dice[1] - 1, init.dora_indicator)
    hands = {f"hai{seat}": _numbers_text(hand) for seat, hand in enumerate(init.hands)}
    if len(init.hands) == 3:
        hands["hai3"] = ""
    return _tag("INIT", seed=_numbers_text(seed), ten=",".join(_fourth(s // 100 for s in init.scores)),
                oya=init.dealer, **hands, shuffle=init.shuffle)


def _event_tag(event: Event, players: list[Player], calls: dict[int, list[int]]) -> str:
    if isinstance(event, Draw):
        return f"<{DRAW_TAGS[event.seat]}{event.tile}/>"
    if isinstance(event, Discard):
        return f"<{DISCARD_TAGS[event.seat]}{event.tile}/>"
    if isinstance(event, Call):
        return _tag("N", who=event.seat, m=encode_meld(event.meld, event.seat))
    if isinstance(event, Nuki):
        return _tag("N", who=event.seat, m=encode_nuki(event.tile))
    if isinstance(event, Riichi):
        ten = None if event.scores is None else ",".join(_fourth(s // 100 for s in event.scores))
        return _tag("REACH", who=event.seat, ten=ten, step=event.step)
    if isinstance(event, NewDora):
        return _tag("DORA", hai=event.tile)
    if isinstance(event, Agari):
        return _agari_tag(event, calls.get(event.who, []))
    if isinstance(event, Ryuukyoku):
        return _ryuukyoku_tag(event)
    if isinstance(event, Bye):
        return _tag("BYE", who=event.seat)
    if isinstance(event, Rejoin):  # the player's name again, alone
        return _tag("UN", **{f"n{event.seat}": _quoted(players[event.seat].name)})
    raise InputError(f"no mjlog tag for {type(event).__name__}")


def _score_text(scores, deltas) -> str:
    return ",".join(_fourth_pairs([(s // 100, d // 100) for s, d in zip(scores, deltas)], ("0", "0")))


def _fourth_pairs(pairs, blank) -> list[str]:
    """Figure pairs flattened, a three-player list with the fourth seat's ``blank`` pair."""
    texts = [str(x) for pair in pairs for x in pair]
    return texts + list(blank) if len(pairs) == 3 else texts


def _owari_text(owari: Owari | None) -> str | None:
    if owari is None:
        return None
    figures = [f"{r:.1f}" if owari.decimals else str(int(r)) for r in owari.results]
    blank = ("0", "0.0" if owari.decimals else "0")
    return ",".join(_fourth_pairs(list(zip((s // 100 for s in owari.scores), figures)), blank))


def _agari_tag(agari: Agari, calls: list[int]) -> str:
    if agari.nukis:  # the melds and the Norths set aside in the order they came, the latest first
        melds = calls[::-1]
    else:
        melds = [encode_meld(m, agari.who) for m in agari.melds]
    yaku = _numbers_text(x for pair in agari.yaku for x in pair) if agari.yaku else None
    return _tag(
        "AGARI", ba=f"{agari.honba},{agari.riichi_sticks}", hai=_numbers_text(agari.hand),
        m=_numbers_text(melds) if melds else None, machi=agari.win_tile,
        ten=f"{agari.fu or 0},{agari.points},{agari.limit}", yaku=yaku,
        yakuman=_numbers_text(agari.yakuman) if agari.yakuman else None,
        doraHai=_numbers_text(agari.dora_indicators),
        doraHaiUra=_numbers_text(agari.ura_indicators) if agari.ura_indicators else None,
        who=agari.who, fromWho=agari.from_who, paoWho=agari.pao_who,
        sc=_score_text(agari.scores, agari.deltas), owari=_owari_text(agari.owari), ratio=agari.ratio)


def _ryuukyoku_tag(draw: Ryuukyoku) -> str:
    hands = {f"hai{seat}": _numbers_text(hand) for seat, hand in sorted((draw.tenpai or {}).items())}
    return _tag("RYUUKYOKU", type=draw.reason, ba=f"{draw.honba},{draw.riichi_sticks}",
                sc=_score_text(draw.scores, draw.deltas), **hands, owari=_owari_text(draw.owari))
