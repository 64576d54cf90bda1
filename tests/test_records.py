"""Tenhou records: the meld bitfield codec and the mjlog / tenhou.net/6 readers."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import xml.etree.ElementTree as ET

import pytest

from game.rules.errors import InputError
from game.rules.melds import Meld
from game.records import (
    DAN_NAMES,
    TENHOU6_RED,
    YAKU_NAMES,
    Agari,
    Bye,
    Call,
    Discard,
    Draw,
    GameLog,
    NewDora,
    Nuki,
    Rejoin,
    Riichi,
    RoundLog,
    Ryuukyoku,
    decode_meld,
    encode_meld,
    encode_nuki,
    nuki_tile,
    parse_tenhou6,
    read_log,
)
from game.rules.tiles import tile_name
from conftest import LOGS, VALIDATION, collected_log

LOG_FILES = sorted(p for p in LOGS.rglob("*") if p.suffix in (".xml", ".mjlog"))
ALL_XML = LOG_FILES + [VALIDATION / "2016022509gm-0009-0000-b327da61.xml"]

DISCARD_TAG = re.compile(r"^([DEFG])(\d+)$")


def _calls_in_context(path):
    """Every N tag of a log with the last discard before it: (who, m, last_discard)."""
    last_discard = None  # (seat, tile)
    for element in ET.parse(path).getroot():
        match = DISCARD_TAG.match(element.tag)
        if match:
            last_discard = ("DEFG".index(match[1]), int(match[2]))
        elif element.tag == "N":
            yield int(element.get("who")), int(element.get("m")), last_discard
        elif element.tag == "INIT":
            last_discard = None


ALL_CALLS = [(path.name, *call) for path in ALL_XML for call in _calls_in_context(path)]


def test_the_logs_hold_the_calls_we_expect():
    assert len(ALL_CALLS) >= 1049
    kinds = {nuki_tile(m) is not None or decode_meld(m, who).kind for _, who, m, _ in ALL_CALLS}
    assert kinds == {"chi", "pon", "kan", "ankan", "kakan", True}


def failing(check) -> list[tuple]:
    """Each call of ALL_CALLS on which ``check(who, m, last_discard)`` fails, with its words:
    one test walks all of a check's calls (over four thousand, each a few microseconds: as a
    test each, pytest's bookkeeping took many times their work) and names every one that fails."""
    bad = []
    for name, who, m, last_discard in ALL_CALLS:
        try:
            check(who, m, last_discard)
        except AssertionError as error:
            bad.append((name, who, m, last_discard, str(error)))
    return bad


def test_every_real_meld_round_trips():
    bad = failing(_round_trips)
    assert not bad, f"{len(bad)} calls, first {bad[:3]}"


def _round_trips(who, m, last_discard):
    tile = nuki_tile(m)
    if tile is not None:
        assert tile // 4 == 30  # north
        assert encode_nuki(tile) == m
        with pytest.raises(InputError):
            decode_meld(m, who)
        return
    meld = decode_meld(m, who)
    assert encode_meld(meld, who) == m
    assert len(set(meld.tiles)) == len(meld.tiles)
    assert all(0 <= t < 136 for t in meld.tiles)
    assert list(meld.tiles) == sorted(meld.tiles)
    if meld.kind == "chi":
        assert meld.kinds == [meld.kind34, meld.kind34 + 1, meld.kind34 + 2]
        assert meld.kind34 < 27 and meld.kind34 % 9 <= 6
    else:
        assert len(set(meld.kinds)) == 1


def test_a_called_tile_is_the_discard_just_made_by_from_seat():
    """The log itself checks the decoder: chi, pon and open kan take the last discard."""
    bad = failing(_takes_the_last_discard)
    assert not bad, f"{len(bad)} calls, first {bad[:3]}"


def _takes_the_last_discard(who, m, last_discard):
    if nuki_tile(m) is not None:
        return
    meld = decode_meld(m, who)
    if meld.kind in ("chi", "pon", "kan"):
        assert (meld.from_seat, meld.called) == last_discard
        assert meld.from_seat != who
    if meld.kind == "chi":
        assert meld.from_seat == (who + 3) % 4  # only from the left


def test_an_added_kan_extends_the_callers_earlier_pon():
    checked = 0
    for path in ALL_XML:
        pons = {}
        for who, m, _ in _calls_in_context(path):
            if nuki_tile(m) is not None:
                continue
            meld = decode_meld(m, who)
            if meld.kind == "pon":
                pons[(who, meld.kind34)] = meld
            elif meld.kind == "kakan":
                pon = pons[(who, meld.kind34)]
                assert (pon.called, pon.from_seat) == (meld.called, meld.from_seat)
                assert set(pon.tiles) | {meld.added} == set(meld.tiles)
                checked += 1
    assert checked >= 20


def test_hand_checked_examples_from_the_validation_game():
    # <E82/> then <N who="2" m="47191"/>: seat 2 calls chi on seat 1's 3s (82): 2s-3s-4s.
    assert decode_meld(47191, 2) == Meld("chi", (78, 82, 84), called=82, from_seat=1)
    # <E13/> then <N who="2" m="9391"/>: chi on seat 1's 4m (13) with 5m (17) and 6m (21).
    assert decode_meld(9391, 2) == Meld("chi", (13, 17, 21), called=13, from_seat=1)


def test_hand_built_melds_encode_as_tenhou_does():
    # pon of west (kind 29) leaving out copy 3, called copy 1 (index 1) from across
    pon = Meld("pon", (116, 117, 118), called=117, from_seat=3)
    assert encode_meld(pon, who=1) == (29 * 3 + 1) << 9 | 3 << 5 | 1 << 3 | 2
    # the same pon grown into an added kan with copy 3
    kakan = Meld("kakan", (116, 117, 118, 119), called=117, from_seat=3, added=119)
    assert encode_meld(kakan, who=1) == (29 * 3 + 1) << 9 | 3 << 5 | 1 << 4 | 2
    assert decode_meld(encode_meld(kakan, 1), 1) == kakan
    # open kan of red dragon called on copy 2 from the right
    kan = Meld("kan", (132, 133, 134, 135), called=134, from_seat=2)
    assert encode_meld(kan, who=1) == 134 << 8 | 1
    # a closed kan built without a named copy is written as copy 0
    ankan = Meld("ankan", (32, 33, 34, 35))
    assert encode_meld(ankan, who=0) == 32 << 8
    assert decode_meld(32 << 8, 0) == Meld("ankan", (32, 33, 34, 35), called=32)
    # chi 7p-8p-9p (kinds 15, 16, 17), the 9p called, copies 1, 2, 3
    chi = Meld("chi", (61, 66, 71), called=71, from_seat=0)
    t = (1 * 7 + 6) * 3 + 2
    assert encode_meld(chi, who=1) == t << 10 | 3 << 7 | 2 << 5 | 1 << 3 | 1 << 2 | 3


@pytest.mark.parametrize("m", [-1, 1 << 16, 0x08 | (34 * 3) << 9, 0x04 | (21 * 3) << 10, 136 << 8 | 1, 0x40 | 1])
def test_bitfields_tenhou_never_writes_are_input_errors(m):
    with pytest.raises(InputError):
        decode_meld(m, 0)


# --- the log readers ---------------------------------------------------------------------

VALIDATION_JSON = VALIDATION / "2016022509gm-0009-0000-b327da61.json"
VALIDATION_XML = VALIDATION / "2016022509gm-0009-0000-b327da61.xml"
TILE_FIELDS = {"tile", "tiles", "hand", "win_tile", "dora_indicator", "dora_indicators", "ura_indicators",
               "called", "added", "nukis"}


def canonical(value, name=""):
    """A log as plain values with every tile as its name (copies differ between formats),
    hands sorted; dice and seed (which the JSON does not record) and the other readings a
    JSON round offers left out."""
    if dataclasses.is_dataclass(value):
        fields = {f.name: canonical(getattr(value, f.name), f.name) for f in dataclasses.fields(value)}
        fields.pop("dice", None)
        fields.pop("seed", None)
        fields.pop("other_readings", None)  # a JSON round's other orders of play, not its content
        return type(value).__name__, fields
    if isinstance(value, dict):  # tenpai: seat -> hand
        return {k: canonical(sorted(v), "tiles") for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        if name == "hands":
            return [canonical(sorted(v), "tiles") for v in value]
        return [canonical(v, name) for v in value]
    if name in TILE_FIELDS and isinstance(value, int):
        return tile_name(value)
    return value


def test_the_validation_game_reads_the_same_from_both_formats():
    from_xml, from_json = read_log(VALIDATION_XML), read_log(VALIDATION_JSON)
    assert from_xml.seed and from_json.seed is None
    assert from_xml.rounds[0].init.dice == (6, 2) and from_json.rounds[0].init.dice is None
    assert canonical(from_json) == canonical(_what_the_json_keeps(from_xml))
    assert len(from_json.rounds[0].events) == 133
    assert from_json.rounds[0].events[-1].fu == 0  # "役満32000点" names no fu: worked out, the mjlog's 0


def test_the_validation_game_as_logged():
    game = read_log(VALIDATION_XML)
    assert [p.name for p in game.players] == ["ノリノ", "kesuike3", "shimazo", "3657"]
    assert [p.dan for p in game.players] == [10, 0, 12, 0]
    assert game.rules.red_fives and game.rules.open_tanyao and game.rules.east_south
    assert not game.three_player and not game.rules.fast
    init = game.rounds[0].init
    assert (init.round_index, init.honba, init.riichi_sticks, init.dealer) == (0, 0, 0, 0)
    assert init.dora_indicator == 19 and init.scores == (25000,) * 4
    assert init.hands[3] == (101, 0, 106, 132, 68, 108, 71, 79, 96, 75, 47, 117, 23)
    events = game.rounds[0].events
    assert events[:3] == [Draw(0, 33), Discard(0, 2, False), Draw(1, 86)]
    assert Discard(3, 87, True) in events  # <W87/><G87/>
    calls = [e for e in events if isinstance(e, Call)]
    assert [c.meld.called for c in calls] == [82, 13]
    win = events[-1]
    assert isinstance(win, Agari) and (win.who, win.from_who, win.tsumo) == (3, 1, False)
    assert win.yakuman == (47,) and win.points == 32000 and win.limit == 5 and win.win_tile == 130
    assert win.deltas == (0, -32000, 0, 32000)
    assert game.owari.scores == (25000, -7000, 25000, 57000) and game.owari.results == (5.0, -57.0, -15.0, 67.0)


def test_every_real_log_reads():
    for path in LOG_FILES:
        game = read_log(path)
        assert game.rounds, path.name
        for one_round in game.rounds:
            init = one_round.init
            assert len(init.hands) == (3 if game.three_player else 4)
            seen = [t for hand in init.hands for t in hand]
            assert len(set(seen)) == len(seen)
            wins = [e for e in one_round.events if isinstance(e, Agari)]
            if wins:  # the winners take the riichi sticks on the table, nothing else is created
                assert sum(sum(win.deltas) for win in wins) == 1000 * wins[0].riichi_sticks
                assert all(win.win_tile in win.hand for win in wins)
        complete = "no-game-end" not in path.name and "no-round-end" not in path.name
        assert (game.owari is not None) == complete, path.name


def test_three_player_logs_say_so():
    game = read_log(LOGS / "dnovikoff" / "sanma2.xml")
    assert game.three_player and len(game.players) == 3
    assert all(len(r.init.hands) == 3 for r in game.rounds)
    nukis = [e for r in game.rounds for e in r.events if isinstance(e, Nuki)]
    assert nukis and all(e.tile // 4 == 30 for e in nukis)
    assert not read_log(LOGS / "dnovikoff" / "sanma.xml").three_player  # a four-player game despite its name


def test_riichi_kan_dora_draws_and_pao_are_read():
    events = [e for p in LOG_FILES for r in read_log(p).rounds for e in r.events]
    assert any(isinstance(e, Riichi) and e.step == 2 and e.scores for e in events)
    assert any(isinstance(e, NewDora) for e in events)
    assert any(isinstance(e, Ryuukyoku) and e.reason == "yao9" for e in events)
    assert any(isinstance(e, Ryuukyoku) and e.reason is None and e.tenpai for e in events)
    pao = [e for e in events if isinstance(e, Agari) and e.pao_who is not None]
    assert len(pao) == 2 and all(e.yakuman == (39,) for e in pao)
    assert any(isinstance(e, Agari) and e.ura_indicators for e in events)


# --- malformed input ------------------------------------------------------------------------


def _corruptions(text):
    """Truncated and corrupted copies of a valid log's text."""
    yield text[: len(text) // 2]
    yield text[:-20]
    yield text.replace("<INIT", "<INTI", 1)
    yield text.replace('seed="0,0,0,5,1,19"', 'seed="0,0,x,5,1,19"')
    yield text.replace('ten="250,250,250,250"', 'ten="250,250"', 1)
    yield text.replace('ten="250,250,250,250" oya="0"', 'ten="250,250,250,250"', 1)
    yield text.replace("<T33/>", "<T333/>")
    yield text.replace('m="47191"', 'm="-4"')
    yield text.replace("mjloggm", "mjlog")
    yield "this is not a log"
    yield ""


@pytest.mark.parametrize("index", range(11))
def test_corrupted_mjlogs_raise_one_line_input_errors(index, tmp_path):
    text = list(_corruptions(VALIDATION_XML.read_text(encoding="utf-8")))[index]
    path = tmp_path / "bad.xml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as error:
        read_log(path)
    assert "\n" not in str(error.value) and str(error.value).startswith(f"{path}: ")  # the full path


def _json_corruptions(text):
    data = json.loads(text)
    yield text[: len(text) // 2]
    yield "[1, 2, 3]"
    yield "{}"
    for path, value in [
        ((0, 0), [0, 0]),  # round header too short
        ((0, 4, 0), 99),  # no such tile code
        ((0, 5, 0), "x11"),  # an unknown call
        ((0, 6, 0), 19),  # a discard the hand does not hold
        ((0, 16), ["和了", [0, 0, 0, 0], [3, 1, 3, "たくさん", "立直(1飜)"]]),  # a bad value text
        ((0, 16), ["和了", [0, 0, 0, 0], [3, 1, 3, "満貫8000点", "ぜんぶ(1飜)"]]),  # unknown yaku
        ((0, 16), ["謎"]),  # unknown result
    ]:
        copy = json.loads(text)
        target = copy["log"]
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value
        yield json.dumps(copy, ensure_ascii=False)
    assert data


@pytest.mark.parametrize("index", range(10))
def test_corrupted_json_logs_raise_one_line_input_errors(index, tmp_path):
    text = list(_json_corruptions(VALIDATION_JSON.read_text(encoding="utf-8")))[index]
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as error:
        read_log(path)
    assert "\n" not in str(error.value) and str(error.value).startswith(f"{path}: ")  # the full path


def test_unreadable_files_are_input_errors(tmp_path):
    with pytest.raises(InputError):
        read_log(tmp_path / "missing.xml")
    path = tmp_path / "binary.mjlog"
    path.write_bytes(b"\xff\xfe\x00<mjloggm>")
    with pytest.raises(InputError):
        read_log(path)


# --- every real log, written as tenhou.net/6 JSON and read back ------------------------------
#
# A plain writer of the JSON format (a test helper): the reader must rebuild, from the
# per-seat lists alone, the same turn order, calls, riichi, kan dora timing and results
# as the mjlog says happened.

CODE_OF_RED = {tile: code for code, tile in TENHOU6_RED.items()}
LIMIT_TEXT = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}
REASON_TEXT = {"nm": "流し満貫", "yao9": "九種九牌", "reach4": "四家立直", "ron3": "三家和了", "kan4": "四槓散了",
               "kaze4": "四風連打"}


def _code(tile, red):
    if red and tile in CODE_OF_RED:
        return CODE_OF_RED[tile]
    kind = tile // 4
    return (kind // 9 + 1) * 10 + kind % 9 + 1 if kind < 27 else 41 + kind - 27


def _call_text(meld, who, red):
    c = [str(_code(t, red)) for t in meld.tiles]
    called = str(_code(meld.called, red)) if meld.called is not None else None
    if meld.kind == "ankan":
        return "".join(c[:3]) + "a" + c[3]
    own = [str(_code(t, red)) for t in meld.tiles if t != meld.called and t != meld.added]
    slot = {3: 0, 2: 1, 1: 2}[(meld.from_seat - who) % 4]
    if meld.kind == "kan" and slot == 2:
        slot = 3
    letter = {"chi": "c", "pon": "p", "kan": "m", "kakan": "k"}[meld.kind]
    if meld.kind == "kakan":
        pon_own = [str(_code(t, red)) for t in meld.tiles if t not in (meld.called, meld.added)]
        parts = pon_own[:slot] + [called] + pon_own[slot:]
        return "".join(parts[:slot]) + "k" + str(_code(meld.added, red)) + "".join(parts[slot:])
    return "".join(own[:slot]) + letter + called + "".join(own[slot:])


def _value_text(win, dealer):
    if win.tsumo and win.who == dealer:
        points = f"{win.points // 3}点∀"
    elif win.tsumo:
        child = -(-win.points // 400) * 100
        points = f"{child}-{win.points - 2 * child}点"
    else:
        points = f"{win.points}点"
    if win.limit:
        return LIMIT_TEXT[win.limit] + points
    return f"{win.fu}符{sum(h for _, h in win.yaku)}飜" + points


def _round_json(one_round: RoundLog, red):
    init = one_round.init
    takes, discards = [[] for _ in range(4)], [[] for _ in range(4)]
    dora, ura, result, riichi_next = [init.dora_indicator], [], [], False
    for event in one_round.events:
        if isinstance(event, Draw):
            takes[event.seat].append(_code(event.tile, red))
        elif isinstance(event, Discard):
            code = 60 if event.tsumogiri else _code(event.tile, red)
            discards[event.seat].append(f"r{code}" if riichi_next else code)
            riichi_next = False
        elif isinstance(event, Riichi):
            riichi_next = event.step == 1
        elif isinstance(event, Call):
            text = _call_text(event.meld, event.seat, red)
            if event.meld.kind in ("ankan", "kakan"):
                discards[event.seat].append(text)
            else:
                takes[event.seat].append(text)
                if event.meld.kind == "kan":
                    discards[event.seat].append(0)
        elif isinstance(event, NewDora):
            dora.append(event.tile)
        elif isinstance(event, Agari):
            ura = ura or list(event.ura_indicators)
            yaku = [f"{YAKU_NAMES[i]}({h}飜)" for i, h in event.yaku] + [f"{YAKU_NAMES[i]}(役満)" for i in event.yakuman]
            info = [event.who, event.from_who, event.who if event.pao_who is None else event.pao_who,
                    _value_text(event, init.dealer), *yaku]
            result = (result or ["和了"]) + [list(event.deltas), info]
        elif isinstance(event, Ryuukyoku):
            name = REASON_TEXT.get(event.reason, "流局")
            if event.reason is None and not any(event.deltas):
                name = "全員聴牌" if len(event.tenpai) == 4 else "全員不聴"
            result = [name, list(event.deltas)]
    seats = [[[_code(t, red) for t in init.hands[s]], takes[s], discards[s]] for s in range(4)]
    return [[init.round_index, init.honba, init.riichi_sticks], list(init.scores),
            [_code(t, red) for t in dora], [_code(t, red) for t in ura], *[x for s in seats for x in s], result]


def to_tenhou6(game: GameLog) -> str:
    red = game.rules.red_fives
    disp = "般" + ("南" if game.rules.east_south else "東") + ("喰" if game.rules.open_tanyao else "") + \
        ("赤" if red else "") + ("速" if game.rules.fast else "")
    data = {
        "name": [p.name for p in game.players], "dan": [DAN_NAMES[p.dan] if p.dan is not None else "" for p in game.players],
        "rate": [p.rate for p in game.players], "sx": [p.sex for p in game.players],
        "rule": {"disp": disp, "aka": int(red)}, "log": [_round_json(r, red) for r in game.rounds],
    }
    if game.owari:
        data["sc"] = [x for pair in zip(game.owari.scores, game.owari.results) for x in pair]
    return json.dumps(data, ensure_ascii=False)


def _what_the_json_keeps(game: GameLog) -> GameLog:
    """The mjlog's game with what the JSON cannot carry blanked out the way the reader does:
    the copy a closed kan names, players leaving and coming back (``to_tenhou6`` writes no
    ``connection``), an old INIT's shuffle record, a room's payout ratio and its GO extras, and
    final figures written whole (the reader writes Tenhou's one decimal). (The fu of a limit hand,
    a riichi win's ``53,0`` and the hands a drawn round shows are worked out again.)"""
    rounds = []
    for one_round in game.rounds:
        events = []
        for event in one_round.events:
            if isinstance(event, Agari):
                melds = tuple(_unnamed(m) for m in event.melds)
                event = dataclasses.replace(event, melds=melds, ratio=None, owari=_json_owari(event.owari))
            elif isinstance(event, Call):
                event = Call(event.seat, _unnamed(event.meld))
            elif isinstance(event, Ryuukyoku):
                event = dataclasses.replace(event, owari=_json_owari(event.owari))
            elif isinstance(event, (Bye, Rejoin)):
                continue
            events.append(event)
        rounds.append(RoundLog(dataclasses.replace(one_round.init, shuffle=None), events))
    return GameLog(game.rules, game.players, None, rounds, ref=game.ref, go_type=game.go_type, lobby=game.lobby)


def _json_owari(owari):
    if owari is None:
        return None
    return dataclasses.replace(owari, decimals=True)


def _unnamed(meld):
    return dataclasses.replace(meld, called=None) if meld.kind == "ankan" else meld


FOUR_PLAYER_COMPLETE = [p for p in LOG_FILES if (lambda g: not g.three_player and g.owari)(collected_log(p))]


@pytest.mark.parametrize("path", FOUR_PLAYER_COMPLETE, ids=lambda p: p.name)
def test_a_real_log_written_as_tenhou6_json_reads_back_the_same(path):
    from_xml = read_log(path)
    from_json = parse_tenhou6(to_tenhou6(from_xml))
    expected = _what_the_json_keeps(from_xml)
    for ours, theirs in zip(from_json.rounds, expected.rounds):
        for index, (a, b) in enumerate(zip(canonical(ours.events), canonical(theirs.events))):
            if isinstance(b[1], dict) and b[0] == "Riichi" and b[1]["scores"] is None:
                a[1]["scores"] = None
            assert a == b, (ours.init.round_index, ours.init.honba, index)
        assert len(ours.events) == len(theirs.events)
    assert canonical(from_json.owari) == canonical(_json_owari(from_xml.owari))
    assert len(from_json.rounds) == len(from_xml.rounds)


def _mutations(text, count, seed):
    """Seeded random damage: cut, drop, duplicate or change a stretch of the text."""
    rng = random.Random(seed)
    for _ in range(count):
        i = rng.randrange(len(text))
        j = min(len(text), i + rng.randint(1, 12))
        how = rng.randrange(4)
        if how == 0:
            yield text[:i]
        elif how == 1:
            yield text[:i] + text[j:]
        elif how == 2:
            yield text[:j] + text[i:]
        else:
            yield text[:i] + "".join(rng.choice('0123456789,"<>/=-xq{}[]') for _ in range(j - i)) + text[j:]


@pytest.mark.parametrize("path", [VALIDATION_XML, VALIDATION_JSON, LOGS / "mjx" / "double-ron.mjlog",
                                  LOGS / "dnovikoff" / "sanma2.xml"], ids=lambda p: p.name)
def test_damaged_logs_read_or_raise_input_error_never_anything_else(path, tmp_path):
    text = path.read_text(encoding="utf-8")
    target = tmp_path / path.name
    for damaged in _mutations(text, 150, seed=path.name):
        target.write_text(damaged, encoding="utf-8")
        try:
            read_log(target)
        except InputError as error:
            assert "\n" not in str(error)


def test_rooms_outside_the_ranked_lobbies_state_their_own_points():
    ranked = read_log(VALIDATION_XML).rules
    assert (ranked.start_points, ranked.return_points, ranked.uma, ranked.shared_ties) == (25000, 30000, None, False)
    custom = read_log(LOGS / "dnovikoff" / "newattr2023.xml").rules  # GO type 257 with a csrule
    assert (custom.start_points, custom.return_points, custom.uma, custom.shared_ties) == (
        30000, 30000, (15, 5, -5, -15), True)
    skill = read_log(LOGS / "dnovikoff" / "ratio.xml").rules  # GO type 2113, no csrule
    assert (skill.start_points, skill.return_points, skill.uma) == (None, None, (0, 0, 0, 0))


def test_a_json_log_names_its_game_and_an_mjlog_takes_the_id_from_its_file_name(tmp_path):
    assert read_log(VALIDATION_JSON).ref == "2016022509gm-0009-0000-b327da61"
    assert read_log(VALIDATION_XML).ref == "2016022509gm-0009-0000-b327da61"
    renamed = tmp_path / "game.mjlog"
    renamed.write_bytes(VALIDATION_XML.read_bytes())
    assert read_log(renamed).ref is None
