"""Impossible games refused at the door (issue 42): one validation, the replay's, for every
command that reads a log, so a log is refused in one line there or read alike by all of them.

The cases are real logs of tests/data with one thing made impossible, each the way an outside
audit found a command to fail: an illegal discard and a meld of tiles not held (review crashed),
an added kan of the caller's own tile (export crashed), a tile dealt to two seats (review
accepted it, export wrote JSON our reader refuses), a changed ura indicator or hand (replay said
"all agree"), a log that stops mid-round (its JSON read back refused).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest
from conftest import LOGS, VALIDATION

from game.cli import main
from game.records import Call, Discard, Draw, parse_mjlog, parse_tenhou6, read_log
from game.records.meld_codec import decode_meld, encode_meld
from game.records.tenhou6_write import write_tenhou6
from game.replay.door import replay_game
from game.rules.errors import InputError
from game.rules.melds import Meld

VALIDATION_XML = VALIDATION / "2016022509gm-0009-0000-b327da61.xml"
DOUBLE_RON = LOGS / "mjx" / "double-ron.mjlog"
FRAGMENT = LOGS / "mjx" / "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog"


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))  # a traceback fails the test here
    return code, out.getvalue(), err.getvalue()


def _refused_everywhere(path: Path, seat: int, *words: str) -> str:
    """Every command that reads the log refuses it in one line (replay: the round that differs),
    the same line for export and review; nothing is written."""
    code, out, err = _run("replay", str(path))
    assert code == 1 and err == "" and "1 differs" in out, out + err
    lines = set()
    for argv in (("export", str(path), "--to", "tenhou6"), ("export", str(path), "--to", "mjlog"),
                 ("review", str(path), "--seat", str(seat), "--strength", "weak")):
        code, out, err = _run(*argv)
        assert code == 2 and out == "" and len(err.splitlines()) == 1, (argv, out, err)
        lines.add(err)
    assert len(lines) == 1
    line = lines.pop()
    for word in words:
        assert word in line, line
    return line


def _first_discard_of(text: str, seat: int) -> re.Match:
    return re.search(rf"<{'DEFG'[seat]}(\d+)/>", text)


def _not_held(text: str, at: int) -> int:
    """A tile id nobody has been dealt or drawn before ``at`` in the text (so no seat holds it)."""
    before = text[:at]
    seen = {int(t) for hand in re.findall(r'hai\d="([^"]*)"', before) for t in hand.split(",")}
    seen |= {int(t) for t in re.findall(r"<[TUVW](\d+)/>", before)}
    return next(t for t in range(136) if t not in seen)


# --- item 3: review on a log holding an illegal move ------------------------------------------

def test_review_of_an_illegal_discard_is_one_line_not_a_traceback(tmp_path):
    """Before: ``RuntimeError: generator raised StopIteration`` (the CPU was asked to weigh a
    discard the seat could not make)."""
    text = VALIDATION_XML.read_text(encoding="utf-8")
    found = _first_discard_of(text, 1)
    mutated = text[:found.start()] + f"<E{_not_held(text, found.start())}/>" + text[found.end():]
    path = tmp_path / "illegal-discard.mjlog"
    path.write_text(mutated, encoding="utf-8")
    _refused_everywhere(path, 1, "not legal")


def test_review_of_a_meld_of_tiles_not_held_is_one_line_not_a_traceback(tmp_path):
    """Seat 2's first chi (78, 82, 84) made of 79 for 78, a copy seat 3 holds. Before:
    ``ValueError: list.remove(x): x not in list``."""
    text = VALIDATION_XML.read_text(encoding="utf-8")
    meld = decode_meld(47191, who=2)
    assert meld.tiles == (78, 82, 84)
    wrong = encode_meld(Meld("chi", (79, 82, 84), called=82, from_seat=1), who=2)
    path = tmp_path / "meld-not-held.mjlog"
    path.write_text(text.replace('m="47191"', f'm="{wrong}"'), encoding="utf-8")
    _refused_everywhere(path, 2, "not legal")


def test_a_review_driven_past_a_difference_notes_only_legal_moves():
    """The review's own driver (the viewer's path, which reads no door) stops at the illegal
    move with a problem line; it never asks the CPU about a move the seat could not make."""
    from game.coach.review import review_game
    text = VALIDATION_XML.read_text(encoding="utf-8")
    found = _first_discard_of(text, 1)
    game = parse_mjlog(text[:found.start()] + f"<E{_not_held(text, found.start())}/>" + text[found.end():])
    review = review_game(game, 1, "weak")
    assert review.problems and "not legal" in review.problems[0]


# --- item 4: an impossible meld code ---------------------------------------------------------

@pytest.mark.parametrize("m, words", [(9808, "own discard"), (3689 & ~3, "own discard"), (47191 & ~3 | 1, "left")],
                         ids=["added kan from oneself", "pon from oneself", "chi from the right"])
def test_a_meld_called_from_the_callers_own_seat_is_refused_at_the_door(tmp_path, m, words):
    """9808 is an added kan whose called tile comes from the same seat (before: ``export --to
    tenhou6`` crashed with ``KeyError: 0``); a chi from the right and a pon from oneself alike."""
    with pytest.raises(InputError, match=words):
        decode_meld(m, who=0)
    text = DOUBLE_RON.read_text(encoding="utf-8")
    first = re.search(r'<N who="(\d)" m="(\d+)"', text)
    path = tmp_path / "own-meld.mjlog"
    path.write_text(text[:first.start()] + f'<N who="{first[1]}" m="{m}"' + text[first.end():], encoding="utf-8")
    answers = {_run(*argv) for argv in (("replay", str(path)), ("export", str(path), "--to", "tenhou6"),
                                        ("export", str(path), "--to", "mjlog"))}
    assert len(answers) == 1  # one line, exit 2, the same for every command
    code, out, err = answers.pop()
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and words in err


# --- item 5: the reader checks that the game is possible ------------------------------------

def test_a_tile_dealt_to_two_seats_is_refused_by_every_command(tmp_path):
    """Before: replay found the deal wrong, review accepted it, export wrote JSON that our own
    reader refused (a fifth copy)."""
    text = VALIDATION_XML.read_text(encoding="utf-8")
    hai0 = re.search(r'hai0="(\d+),', text)
    hai2 = re.search(r'hai2="(\d+),', text)
    mutated = text[:hai2.start(1)] + hai0[1] + text[hai2.end(1):]
    path = tmp_path / "twice.mjlog"
    path.write_text(mutated, encoding="utf-8")
    answers = {_run(*argv) for argv in (("replay", str(path)), ("export", str(path), "--to", "tenhou6"),
                                        ("export", str(path), "--to", "mjlog"),
                                        ("review", str(path), "--seat", "0"))}
    assert len(answers) == 1
    code, out, err = answers.pop()
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert f"tile {hai0[1]} comes out of the wall twice (dealt to seat 0, dealt to seat 2)" in err


def test_an_export_of_a_log_our_rules_cannot_follow_writes_nothing(tmp_path):
    text = VALIDATION_XML.read_text(encoding="utf-8")
    found = _first_discard_of(text, 1)
    path = tmp_path / "illegal.mjlog"
    path.write_text(text[:found.start()] + f"<E{_not_held(text, found.start())}/>" + text[found.end():],
                    encoding="utf-8")
    out = tmp_path / "out.json"
    code, _, err = _run("export", str(path), "--to", "tenhou6", "-o", str(out))
    assert code == 2 and "E1.0" in err and not out.exists()


def test_the_door_gives_a_round_the_reading_of_it_that_replayed():
    """A tenhou.net/6 round whose calls read two ways offers its other readings; the replay keeps
    the first that fits the rules, and the door hands every command that reading (the review and
    the viewer drive a round on their own, with no second try)."""
    from game.replay.door import check_game
    good = read_log(VALIDATION_XML)
    text = VALIDATION_XML.read_text(encoding="utf-8")
    found = _first_discard_of(text, 1)
    damaged = text[:found.start()] + f"<E{_not_held(text, found.start())}/>" + text[found.end():]
    game = parse_mjlog(damaged)
    game.rounds[0].other_readings = lambda: iter([good.rounds[0]])
    checked = check_game(game, "two-readings.mjlog")
    assert checked.rounds[0] is good.rounds[0]
    game = parse_mjlog(damaged)
    game.rounds[0].other_readings = lambda: iter([])
    with pytest.raises(InputError, match="two-readings.mjlog: E1.0: seat 1: Discard .* is not legal"):
        check_game(game, "two-readings.mjlog")


# --- item 6: a log that stops mid-round exports to JSON that reads back ----------------------

def _cut_after(text: str, count: int) -> str:
    """The log cut after its ``count``-th tag of play (the header kept)."""
    ends = [m.end() for m in re.finditer(r"<[A-Z]+\d*(?: [^>]*)?/>", text)]
    first_init = text.index("<INIT")
    ends = [e for e in ends if e > first_init]
    return text[:ends[count]] + "</mjloggm>"


@pytest.mark.parametrize("cut", [0, 1, 2, 7, 40, 111, 132])
def test_a_log_that_stops_mid_round_exports_to_json_that_reads_back(tmp_path, cut):
    """Cut after the deal, a draw, a discard, a call... Before: the JSON's last round had an empty
    result entry our reader refused. Now both formats read the same rounds, stopping alike."""
    path = tmp_path / "fragment.mjlog"
    path.write_text(_cut_after(VALIDATION_XML.read_text(encoding="utf-8"), cut), encoding="utf-8")
    _, before, _ = _run("replay", str(path))
    for fmt, suffix in (("tenhou6", ".json"), ("mjlog", ".mjlog")):
        out = tmp_path / f"back{suffix}"
        code, _, err = _run("export", str(path), "--to", fmt, "-o", str(out))
        assert code == 0, err
        code, after, err = _run("replay", str(out))
        assert code == 0, after + err
        assert after.split(": ", 1)[1] == before.split(": ", 1)[1]
        assert "stops before the round's result" in after


def test_the_fragment_in_tests_data_reads_the_same_in_both_formats():
    game = read_log(FRAGMENT)
    back = parse_tenhou6(json.dumps(write_tenhou6(game), ensure_ascii=False))
    assert len(back.rounds) == len(game.rounds) and not back.rounds[-1].results

    def moves(one_round):
        return [type(e).__name__ for e in one_round.events if isinstance(e, (Draw, Discard, Call))]

    assert moves(back.rounds[-1]) == moves(game.rounds[-1])
    assert [(r.label, r.ok, r.note) for r in replay_game(back)] == \
        [(r.label, r.ok, r.note) for r in replay_game(game)]


def test_only_the_last_round_may_stop_without_its_result():
    data = write_tenhou6(read_log(DOUBLE_RON))
    data["log"][1][16] = []
    with pytest.raises(InputError, match="result is missing"):
        parse_tenhou6(json.dumps(data, ensure_ascii=False))


# --- item 9: every recorded field against the replayed round ---------------------------------

def _unused_tile(game, index: int) -> int:
    """A tile id that round ``index`` never deals, draws or turns over."""
    one_round = game.rounds[index]
    used = {t for hand in one_round.init.hands for t in hand} | {one_round.init.dora_indicator}
    used |= {e.tile for e in one_round.events if isinstance(e, Draw)}
    used |= {t for e in one_round.events for t in getattr(e, "ura_indicators", ())}
    used |= {t for e in one_round.events for t in getattr(e, "dora_indicators", ())}
    return next(t for t in range(136) if t not in used)


def _first(values: str, new) -> str:
    first, *rest = values.split(",")
    return ",".join([str(new(int(first))), *rest])


# the second win of double-ron.mjlog: a riichi ron with ura dora, "53,0" and a tenpai discard before
WIN_FIELDS = [
    ("doraHaiUra", lambda v, unused: _first(v, lambda _: unused), "ura"),
    ("doraHai", lambda v, unused: _first(v, lambda _: unused), "indicators"),
    ("machi", lambda v, unused: str(int(v) ^ 1), "winning on"),
    ("hai", lambda v, unused: _first(v, lambda t: t ^ 1), "hand"),
    ("sc", lambda v, unused: _first(v, lambda s: s + 10), "table"),
    ("ba", lambda v, unused: _first(v, lambda h: h + 1), "table"),
    ("yaku", lambda v, unused: v.replace(",53,0", ""), "0-han"),
]


@pytest.mark.parametrize("name, change, words", WIN_FIELDS, ids=[f[0] for f in WIN_FIELDS])
def test_a_changed_field_of_a_win_is_a_difference(name, change, words):
    """Before: an ura indicator changed from 45 to 100 (or a hand, a winning tile, the scores
    before the win, the 0-han ura entry) still gave "all agree"."""
    text = DOUBLE_RON.read_text(encoding="utf-8")
    agari = list(re.finditer(r"<AGARI [^>]*>", text))[1]
    value = re.search(rf' {name}="([^"]*)"', agari[0])
    unused = _unused_tile(parse_mjlog(text), text[:agari.start()].count("<INIT") - 1)
    changed = agari[0].replace(value[0], f' {name}="{change(value[1], unused)}"')
    assert changed != agari[0]
    reports = replay_game(parse_mjlog(text.replace(agari[0], changed)))
    wrong = [r for r in reports if not r.ok]
    assert len(wrong) == 1 and words in wrong[0].difference, [r.difference for r in wrong]


@pytest.mark.parametrize("attribute, words", [("hai", "shows the hands"), ("sc", "table"), ("ba", "table")])
def test_a_changed_field_of_a_drawn_round_is_a_difference(attribute, words):
    path = LOGS / "mjx" / "2018040923gm-00a9-0000-1833afca.mjlog"  # four riichi: every hand shown
    text = path.read_text(encoding="utf-8")
    draw = re.search(r'<RYUUKYOKU type="reach4"[^>]*>', text)
    value = re.search(rf' {attribute}\d?="(\d+),', draw[0])
    changed = draw[0][:value.start(1)] + str(int(value[1]) + 1) + draw[0][value.end(1):]
    reports = replay_game(parse_mjlog(text.replace(draw[0], changed)))
    wrong = [r for r in reports if not r.ok]
    assert len(wrong) == 1 and words in wrong[0].difference, [r.difference for r in wrong]


def test_a_draw_left_out_of_the_log_is_a_difference():
    """A log that leaves out a draw plays a tile nobody saw drawn (before: all agree when it was
    the round's last draw before a win)."""
    text = VALIDATION_XML.read_text(encoding="utf-8")
    last_draw = list(re.finditer(r"<[TUVW]\d+/>", text))[-1]
    reports = replay_game(parse_mjlog(text[:last_draw.start()] + text[last_draw.end():]))
    assert not reports[0].ok and "leaves out" in reports[0].difference


def test_a_call_naming_another_tile_or_seat_than_the_offer_is_a_difference():
    text = VALIDATION_XML.read_text(encoding="utf-8")
    meld = decode_meld(47191, who=2)  # chi of 82 from seat 1: the same tiles, 84 named as called
    other = encode_meld(Meld("chi", meld.tiles, called=84, from_seat=1), who=2)
    reports = replay_game(parse_mjlog(text.replace('m="47191"', f'm="{other}"')))
    assert not reports[0].ok and "on offer" in reports[0].difference


def test_a_riichi_sticks_scores_that_differ_are_a_difference():
    text = DOUBLE_RON.read_text(encoding="utf-8")
    reach = re.search(r'<REACH who="\d" ten="(\d+),', text)
    changed = text[:reach.start(1)] + str(int(reach[1]) + 1) + text[reach.end(1):]
    reports = replay_game(parse_mjlog(changed))
    assert [r.difference for r in reports if not r.ok][0].startswith("riichi of seat")
