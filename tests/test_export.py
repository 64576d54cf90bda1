"""Writing Tenhou's formats: the validation game against Tenhou's own JSON, real mjlogs read and
written back tag for tag, and our own games exported and replayed through the rules."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import LOGS, VALIDATION, collected_log
from greedy import GreedyAgent

from engine.tasks import run_to_end
from game.play.driver import Game
from game.records import parse_mjlog, parse_tenhou6, read_log
from game.records.mjlog_write import write_mjlog
from game.records.ours import export_game, game_log
from game.records.tenhou6_codes import kind_of
from game.records.tenhou6_write import write_tenhou6
from game.replay.door import RoundReplay, checked_log, rebuilt_wall, replay_game, ruleset_for
from game.rules.errors import InputError
from game.rules.ruleset import Ruleset
from game.rules.wall import seed_words, tenhou_seed_words

VALIDATION_GAME = VALIDATION / "2016022509gm-0009-0000-b327da61"
MJLOGS = sorted(p for p in LOGS.rglob("*") if p.suffix in (".xml", ".mjlog"))
GAME_TAGS = {"INIT", "N", "REACH", "DORA", "AGARI", "RYUUKYOKU", "BYE"}
# Tenhou's JSON carries its rating class (ratingc, "PF4"), which no mjlog tag holds.
UNKNOWABLE = {"ratingc"}


def test_our_json_of_the_validation_game_equals_tenhous_own():
    ours = write_tenhou6(read_log(VALIDATION_GAME.with_suffix(".xml")))
    theirs = json.loads(VALIDATION_GAME.with_suffix(".json").read_text(encoding="utf-8"))
    assert set(ours) == set(theirs) - UNKNOWABLE
    for field in set(theirs) - UNKNOWABLE:
        assert ours[field] == theirs[field], field




def _game_tags(text: str) -> list[tuple[str, dict]]:
    root = ET.fromstring(text)
    moves = {"T", "U", "V", "W", "D", "E", "F", "G"}
    return [(e.tag, dict(e.attrib)) for e in root
            if e.tag in GAME_TAGS or (e.tag[:1] in moves and e.tag[1:].isdigit())]


@pytest.mark.parametrize("path", [p for p in MJLOGS if not collected_log(p).three_player], ids=lambda p: p.name)
def test_a_real_mjlog_written_back_has_the_same_game_tags(path):
    original = path.read_text(encoding="utf-8")
    written = write_mjlog(parse_mjlog(original))
    assert _game_tags(written) == _game_tags(original)


def _ranked_and_complete(path) -> bool:
    game = collected_log(path)
    return (not game.three_player and game.owari is not None and not (game.go_type or 0) & ~0xFF)


@pytest.mark.parametrize("path", [p for p in MJLOGS if _ranked_and_complete(p)], ids=lambda p: p.name)
def test_a_real_game_as_tenhou6_json_replays_as_the_mjlog_does(path):
    """The JSON drops dice, copies and the seed, but every round still replays (a custom
    room's points have no place in the JSON: those logs are left out)."""
    game = read_log(path)
    back = parse_tenhou6(json.dumps(write_tenhou6(game), ensure_ascii=False))
    assert back.ref == game.ref
    assert [r.to_json() for r in replay_game(back) if not r.ok] == []


def _played(code: str, east_south: bool) -> Game:
    game = Game([GreedyAgent(seat) for seat in range(4)], code, Ruleset(east_south=east_south))
    run_to_end(game.play())
    return game


# EXPORT0073 and EXPORT0168: a skipped seat pons the second of two equal discards, which the
# JSON cannot tell from the first (the reader's readings, settled by the moves and by the rules)
@pytest.mark.parametrize("code, east_south", [("EXPORT0000", True), ("EXPORT0001", False), ("EXPORT0073", False),
                                              ("EXPORT0168", True)])
def test_our_games_exported_in_both_formats_replay_with_no_difference(code, east_south):
    game = _played(code, east_south)
    log = game_log(game, played="2026112220")
    assert tenhou_seed_words(log.seed) == seed_words(code)  # the SHUFFLE tag rebuilds our walls
    kinds = {type(e).__name__ for r in log.rounds for e in r.events}
    assert {"Agari", "Call", "Riichi"} <= kinds  # the games hold wins, calls and riichi
    mjlog = parse_mjlog(write_mjlog(log))
    assert mjlog.seed == log.seed
    tenhou6 = parse_tenhou6(json.dumps(write_tenhou6(log), ensure_ascii=False))
    # and on through the other format: before, EXPORT0168's JSON read first as a pon of three
    # kinds (a call taken from the wrong discard), whose mjlog then read as another game
    via_json = parse_mjlog(write_mjlog(tenhou6))
    via_mjlog = parse_tenhou6(json.dumps(write_tenhou6(via_json), ensure_ascii=False))
    for back in (mjlog, tenhou6, via_json, via_mjlog):
        back.ref = log.ref
        reports = replay_game(back)
        assert len(reports) == len(game.rounds)
        assert [r.to_json() for r in reports if not r.ok] == []
    assert write_tenhou6(via_mjlog) == write_tenhou6(tenhou6)
    # through the door, every round is the reading that replays, as the review and viewer drive it
    checked = checked_log(json.dumps(write_tenhou6(log), ensure_ascii=False).encode("utf-8"), "game.json")
    ruleset = ruleset_for(checked)
    for one_round in checked.rounds:
        RoundReplay(one_round, rebuilt_wall(one_round), ruleset).run()  # a Difference would fail here


def test_export_game_writes_both_files_that_read_back(tmp_path):
    game = _played("EXPORT0001", east_south=False)
    paths = export_game(game, tmp_path / "logs", played="2026112220")
    assert sorted(p.suffix for p in paths) == [".json", ".mjlog"]
    for path in paths:
        assert read_log(path).owari is not None


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=120)


def test_the_export_command_converts_either_way(tmp_path):
    source = VALIDATION_GAME.with_suffix(".json")
    out = tmp_path / "game.mjlog"
    done = _cli("export", str(source), "--to", "mjlog", "-o", str(out))
    assert done.returncode == 0 and done.stdout == ""
    assert len(read_log(out).rounds) == 1
    printed = _cli("export", str(out), "--to", "tenhou6")
    assert printed.returncode == 0 and json.loads(printed.stdout)["log"][0][16][0] == "和了"


@pytest.mark.parametrize("args", [("nowhere.xml", "--to", "mjlog"), ("{log}", "--to", "xml"), ("{log}",)])
def test_the_export_command_refuses_bad_input_in_one_line(args, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"log": [[1, 2', encoding="utf-8")
    done = _cli("export", *[a.replace("{log}", str(broken)) for a in args])
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def _one_line_refusal(done) -> str:
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr[-300:]
    return lines[0]


@pytest.mark.parametrize("target", ["a FIFO", "a link", "a device", "a folder"])
def test_export_o_refuses_what_is_not_a_regular_file_and_leaves_it_as_it_was(target, tmp_path):
    """``-o`` writes a file and nothing else: a FIFO, a link (even to a file), a device or a
    folder standing there is refused in one line (exit 2), never replaced nor written through."""
    path = tmp_path / "out.mjlog"
    kept = tmp_path / "kept.mjlog"
    kept.write_text("the player's", encoding="utf-8")
    if target == "a FIFO":
        os.mkfifo(path)
    elif target == "a link":
        path.symlink_to(kept)
    elif target == "a device":
        if os.geteuid() != 0:
            pytest.skip("making a device node needs root (as -o /dev/full did)")
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 7))  # /dev/full's numbers, in tmp_path
    else:
        path.mkdir()
    before = os.lstat(path)
    line = _one_line_refusal(_cli("export", str(VALIDATION_GAME.with_suffix(".json")), "--to", "mjlog",
                                  "-o", str(path)))
    assert str(path) in line and "not a regular file" in line
    after = os.lstat(path)
    assert (after.st_mode, after.st_ino, after.st_rdev) == (before.st_mode, before.st_ino, before.st_rdev)
    assert kept.read_text(encoding="utf-8") == "the player's"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["kept.mjlog", "out.mjlog"])


@pytest.mark.parametrize("output", ["/", "", "nowhere/at/all.mjlog", "folder/"])
def test_export_o_with_no_file_to_write_is_one_line(output, tmp_path):
    root = str(Path(__file__).resolve().parent.parent)  # this tree's game, run from an empty folder
    done = subprocess.run([sys.executable, "-m", "game", "export", str(VALIDATION_GAME.with_suffix(".json")),
                           "--to", "mjlog", "-o", output], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env=dict(os.environ, PYTHONPATH=root))
    _one_line_refusal(done)
    assert list(tmp_path.iterdir()) == []


def test_export_o_replaces_a_regular_file_whole(tmp_path):
    out = tmp_path / "game.json"
    out.write_text("old", encoding="utf-8")
    done = _cli("export", str(VALIDATION_GAME.with_suffix(".xml")), "--to", "tenhou6", "-o", str(out))
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(out.read_text(encoding="utf-8"))["ref"] == "2016022509gm-0009-0000-b327da61"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_sim_export_writes_every_game_in_both_formats(tmp_path):
    from game.play import sim
    from game.replay.door import replay_file

    sim.run(["efficiency", "efficiency", "tsumogiri", "efficiency"], "EXPORTRUN", 2, progress=False,
            export=str(tmp_path))
    files = sorted(tmp_path.iterdir())
    assert sorted(p.suffix for p in files) == [".json", ".json", ".mjlog", ".mjlog"]
    for path in files:
        report = replay_file(path)
        assert report.ok and report.rounds and not report.error, report.to_json()


@pytest.mark.parametrize("target", ["missing", "folder"])
def test_sim_export_refuses_a_link_as_export_o_does(tmp_path, target):
    """A link standing at DIR (to nothing, or to a folder) is refused in one line, exit 2, and
    nothing is made or written through it. Before: a link to a folder was written through, and a
    link to nothing had its target made by the probe."""
    aimed = tmp_path / "target"
    if target == "folder":
        aimed.mkdir()
    link = tmp_path / "link"
    link.symlink_to(aimed)
    done = _cli("sim", "--games", "1", "--seed", "LINK", "--seats", "tsumogiri,tsumogiri,tsumogiri,tsumogiri",
                "--export", str(link))
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1, done.stderr
    assert "symbolic link" in done.stderr
    assert (aimed.exists() and not list(aimed.iterdir())) if target == "folder" else not aimed.exists()
    assert link.is_symlink()


def test_sim_export_probes_with_a_file_of_its_own(tmp_path):
    """A link to nothing standing in DIR under any name the sim writes is never written through:
    the probe is a new file (mkstemp), the logs go through the one atomic writer."""
    folder = tmp_path / "logs"
    folder.mkdir()
    nowhere = tmp_path / "nowhere"
    (folder / ".picoriichi-probe").symlink_to(nowhere)  # the probe's name before
    done = _cli("sim", "--games", "1", "--seed", "PROBE", "--seats", "tsumogiri,tsumogiri,tsumogiri,tsumogiri",
                "--export", str(folder))
    assert done.returncode == 0, done.stderr
    assert not nowhere.exists()
    assert sorted(p.suffix for p in folder.iterdir() if not p.is_symlink()) == [".json", ".mjlog"]


@pytest.mark.parametrize("name", ["ratio.xml", "newattr2023.xml"])
def test_a_room_with_points_of_its_own_exports_to_mjlog_only(tmp_path, name):
    """The JSON names a ranked room; a custom lobby's or a skill room's points have no place in it,
    so its final figures would read otherwise: refused in one line. Its mjlog keeps the GO tag whole
    (the custom lobby's csrule: before, it was dropped and the figures read otherwise)."""
    path = LOGS / "dnovikoff" / name
    done = _cli("export", str(path), "--to", "tenhou6")
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1
    assert "export it --to mjlog" in done.stderr
    out = tmp_path / name
    assert _cli("export", str(path), "--to", "mjlog", "-o", str(out)).returncode == 0
    assert ET.fromstring(out.read_text(encoding="utf-8")).find("GO").attrib == \
        ET.fromstring(path.read_text(encoding="utf-8")).find("GO").attrib
    done = _cli("replay", str(out))
    assert done.returncode == 0 and "all agree" in done.stdout, done.stdout


# --- tenhou.net/6 as Tenhou writes it (docs/reference.md §4: the order, disp, connection) ---------

RED_CODES = {51: 15, 52: 25, 53: 35}  # a red five's tenhou.net/6 code, and its plain five's


def _holds_red_beside_plain(tiles) -> bool:
    return any(red in tiles and any(t // 4 == red // 4 and t != red for t in tiles) for red in (16, 52, 88))


def _red_five_logs() -> list:
    """The real mjlogs (four players, red fives) whose start hands or melds hold a red five beside a
    plain five of its kind: the cases where Tenhou's order shows."""
    found = []
    for path in MJLOGS:
        game = collected_log(path)
        if game.three_player or not game.rules.red_fives:
            continue
        hands = [hand for r in game.rounds for hand in r.init.hands]
        melds = [_own_tiles(e.meld) for r in game.rounds for e in r.events if type(e).__name__ == "Call"]
        if any(_holds_red_beside_plain(tiles) for tiles in hands + melds):
            found.append(path)
    return found


def _own_tiles(meld) -> list[int]:
    """The tiles of a meld that came from the caller's hand (all four of a closed kan)."""
    return list(meld.tiles) if meld.kind == "ankan" else [t for t in meld.tiles if t not in (meld.called, meld.added)]


def _red_after_plain(codes: list[int]) -> bool:
    """Every red five comes after every plain five of its kind."""
    return all(max(i for i, c in enumerate(codes) if c == plain) < codes.index(red)
               for red, plain in RED_CODES.items() if red in codes and plain in codes)


def _own_codes(text: str) -> list[int]:
    """The caller's own tiles of a meld string, in the string's order: a chi, pon or open kan
    without its called tile (the one after the letter), an added kan without the added and
    called ones, a closed kan's four."""
    at = next(i for i, c in enumerate(text) if c.isalpha())
    digits = text[:at] + text[at + 1:]
    codes = [int(digits[i:i + 2]) for i in range(0, len(digits), 2)]
    taken = {"c": 1, "p": 1, "m": 1, "k": 2, "a": 0}[text[at]]
    return codes[:at // 2] + codes[at // 2 + taken:]


@pytest.mark.parametrize("path", _red_five_logs(), ids=lambda p: p.name)
def test_a_red_five_comes_after_the_plain_fives_of_its_kind_as_in_tenhous_json(path):
    """Tenhou's JSON sorts a start hand by kind, a red five after the plain fives
    (``[..., 35, 53, ...]``), and lists a meld string's own tiles the same way (``35p3553``)."""
    data = write_tenhou6(read_log(path))
    seen = 0
    for entry in data["log"]:
        for seat in range(4):
            hand = entry[4 + 3 * seat]
            assert hand == sorted(hand, key=lambda c: (kind_of(c), c in RED_CODES)), hand
            melds = [_own_codes(m) for m in entry[5 + 3 * seat] + entry[6 + 3 * seat] if isinstance(m, str)
                     and not m.startswith("r")]
            assert all(_red_after_plain(codes) for codes in melds), melds
            seen += sum(any(RED_CODES.get(c) in codes for c in codes) for codes in [hand] + melds)
    assert seen  # the log shows the case


@pytest.mark.parametrize("go_type, disp", [(0x09, "般南喰赤"), (0x29, "特南喰赤"), (0x89, "上南喰赤"),
                                           (0xA9, "鳳南喰赤"), (0xA1, "鳳東喰赤"), (0x2F, "特南"), (0xE9, "鳳南喰赤速")])
def test_the_rules_disp_names_the_lobby_of_the_go_type(go_type, disp):
    """0x20 and 0x80 together are 鳳, 0x20 alone 特, 0x80 alone 上, neither 般; the name
    survives the JSON read back and the way through an mjlog."""
    text = VALIDATION_GAME.with_suffix(".xml").read_text(encoding="utf-8")
    game = parse_mjlog(text.replace('<GO type="9"', f'<GO type="{go_type}"'))
    data = write_tenhou6(game)
    assert data["rule"]["disp"] == disp
    from_json = parse_tenhou6(json.dumps(data, ensure_ascii=False))
    assert write_tenhou6(from_json)["rule"]["disp"] == disp
    assert write_tenhou6(parse_mjlog(write_mjlog(from_json)))["rule"]["disp"] == disp


# step: the draw and discard tags of the round before the BYE or UN (counted in each file)
CONNECTIONS = {
    "bye.xml": [{"what": 0, "log": 1, "who": 1, "step": 117}, {"what": 1, "log": 1, "who": 1, "step": 123}],
    "newattr2023.xml": [{"what": 0, "log": 0, "who": 0, "step": 3}, {"what": 1, "log": 1, "who": 0, "step": 12}],
    "bug7.xml": [{"what": 0, "log": 1, "who": 2, "step": 90}],
}


@pytest.mark.parametrize("name", CONNECTIONS)
def test_disconnections_are_tenhous_connection_list_and_read_back(name):
    data = write_tenhou6(read_log(LOGS / "dnovikoff" / name))
    assert data["connection"] == CONNECTIONS[name]
    from_json = parse_tenhou6(json.dumps(data, ensure_ascii=False))
    assert write_tenhou6(from_json)["connection"] == CONNECTIONS[name]
    assert write_tenhou6(parse_mjlog(write_mjlog(from_json)))["connection"] == CONNECTIONS[name]


def test_a_game_without_disconnections_has_no_connection_list():
    assert "connection" not in write_tenhou6(read_log(LOGS / "dnovikoff" / "pao.xml"))


@pytest.mark.parametrize("connection", [{"what": 0}, [{"what": 2, "log": 0, "who": 0, "step": 0}],
                                        [{"what": 0, "log": 1, "who": 0, "step": 0}],
                                        [{"what": 0, "log": 0, "who": 4, "step": 0}],
                                        [{"what": 1, "log": 0, "who": 0, "step": 500}]])
def test_a_connection_list_that_is_not_tenhous_is_one_line(connection):
    data = json.loads(VALIDATION_GAME.with_suffix(".json").read_text(encoding="utf-8"))
    data["connection"] = connection
    with pytest.raises(InputError) as error:
        parse_tenhou6(json.dumps(data, ensure_ascii=False))
    assert "connection" in str(error.value) and "\n" not in str(error.value)


# --- JSON -> mjlog: what the JSON leaves out, worked out again -------------------------------------

def _wins(text: str) -> list[tuple[str, str, str]]:
    """Each AGARI's ``ten``, ``yaku`` and ``yakuman`` as the mjlog writes them."""
    return [(e.get("ten"), e.get("yaku"), e.get("yakuman")) for e in ET.fromstring(text) if e.tag == "AGARI"]


@pytest.mark.parametrize("path", [p for p in MJLOGS if _ranked_and_complete(p)], ids=lambda p: p.name)
def test_a_real_games_json_as_mjlog_has_tenhous_fu_and_ura_entries(path):
    """A limit hand's value text ('満貫8000点') holds no fu and a riichi win without ura-dora
    no '裏ドラ' text: the mjlog written from the JSON has the fu worked out from the hand (by the
    rules' scorer) and Tenhou's ``53,0`` entry, as Tenhou's own mjlog has them."""
    original = path.read_text(encoding="utf-8")
    from_json = parse_tenhou6(json.dumps(write_tenhou6(parse_mjlog(original)), ensure_ascii=False))
    assert _wins(write_mjlog(from_json)) == _wins(original)


@pytest.mark.parametrize("path", [p for p in MJLOGS if _ranked_and_complete(p)], ids=lambda p: p.name)
def test_a_real_games_json_through_an_mjlog_is_the_same_json_and_the_mjlog_replays(path):
    """JSON -> mjlog -> JSON changes nothing, and the mjlog replays: before, it wrote 0 fu for a
    limit hand (the replay refused it), no tenpai hands at a nagashi mangan, lobby 0 for a log
    that names none."""
    game = read_log(path)
    data = write_tenhou6(game)
    back = parse_mjlog(write_mjlog(parse_tenhou6(json.dumps(data, ensure_ascii=False))))
    back.ref = game.ref  # an mjlog holds no game id: a file takes it from its name
    assert write_tenhou6(back) == data
    assert [r.to_json() for r in replay_game(back) if not r.ok] == []


def test_the_export_of_a_json_log_to_mjlog_replays_on_the_command_line(tmp_path):
    """The issue's case: ``export --to mjlog`` of a JSON log with limit hands, then ``replay``."""
    game = read_log(LOGS / "mjx" / "2016052515gm-00a9-0000-c4d72066.mjlog")
    source = tmp_path / "2016052515gm-00a9-0000-c4d72066.json"
    source.write_text(json.dumps(write_tenhou6(game), ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "2016052515gm-00a9-0000-c4d72066.mjlog"
    assert _cli("export", str(source), "--to", "mjlog", "-o", str(out)).returncode == 0
    assert 'ten="0,' not in out.read_text(encoding="utf-8")
    done = _cli("replay", str(out))
    assert done.returncode == 0, done.stdout[-400:]


# --- mjlog -> JSON -> mjlog: Tenhou's XML attribute for attribute (issue 42.8) ----------------------

TENHOU_XML = [p for p in MJLOGS if p.parent.name in ("mjx", "mjx2022")] + [VALIDATION_GAME.with_suffix(".xml")]
TILE_LISTS = {"hai", "hai0", "hai1", "hai2", "hai3"}  # hands: the mjlog's order is the deal's, the JSON's sorted


def _code(tile) -> int:
    """A tile as the JSON names it: its kind, a red five apart (the JSON holds no copies)."""
    from game.records.tenhou6_codes import tile_code
    return tile_code(int(tile))


def _as_json_can_hold(text: str) -> list[tuple[str, dict]]:
    """Every tag of an mjlog after SHUFFLE as tenhou.net/6 JSON can hold it: tiles by kind and red
    (no copies), INIT without its dice, a meld by what it shows, a rate as a number (Tenhou's
    2010 mjlogs wrote some whole: 2121, later 2121.00; the JSON holds 2121 for both). Everything
    else as written: names, figures (``-46.0``), the hands a drawn round shows, ura indicators."""
    from game.records.meld_codec import decode_meld
    tags = []
    for element in ET.fromstring(text):
        tag, attributes = element.tag, dict(element.attrib)
        if tag == "SHUFFLE":
            continue
        if tag[:1] in "TUVWDEFG" and tag[1:].isdigit():
            tag, attributes = tag[0] + str(_code(tag[1:])), {}
        for name in TILE_LISTS & set(attributes):
            if tag != "DORA":
                attributes[name] = sorted(_code(t) for t in attributes[name].split(","))
        for name in {"doraHai", "doraHaiUra", "machi"} & set(attributes):
            attributes[name] = [_code(t) for t in attributes[name].split(",")]
        if tag == "DORA":
            attributes["hai"] = _code(attributes["hai"])
        if tag == "INIT":
            seed = attributes["seed"].split(",")
            attributes["seed"] = seed[:3] + [_code(seed[5])]
        if tag == "UN" and "rate" in attributes:
            attributes["rate"] = [float(r) for r in attributes["rate"].split(",")]
        if "m" in attributes:
            who = int(attributes["who"])
            attributes["m"] = [_shown(decode_meld(int(m), who)) for m in attributes["m"].split(",")]
        tags.append((tag, attributes))
    return tags


def _shown(meld) -> tuple:
    called = None if meld.kind == "ankan" or meld.called is None else _code(meld.called)
    added = None if meld.added is None else _code(meld.added)
    return meld.kind, sorted(_code(t) for t in meld.tiles), called, meld.from_seat, added


@pytest.mark.parametrize("path", TENHOU_XML, ids=lambda p: p.name)
def test_a_tenhou_mjlog_through_json_and_back_is_tenhous_xml_attribute_for_attribute(path):
    """Before, the mjlog written from the JSON lost a riichi yakuman's doraHaiUra, the nine
    terminals hand (RYUUKYOKU yao9 hai), the hands shown at four riichi and triple ron, and wrote
    owari -46 where Tenhou writes -46.0. The shared logs and the validation game, with a log that
    stops mid-round among them, come back tag for tag."""
    original = path.read_text(encoding="utf-8")
    json_text = json.dumps(write_tenhou6(parse_mjlog(original)), ensure_ascii=False)
    back = write_mjlog(parse_tenhou6(json_text))
    theirs, ours = _as_json_can_hold(original), _as_json_can_hold(back)
    assert [t for t, _ in ours] == [t for t, _ in theirs]
    for index, (mine, tenhou) in enumerate(zip(ours, theirs)):
        assert mine == tenhou, index


def _riichi_yakuman_game() -> str:
    """One round, hand-made: the dealer deals itself four closed triplets and a single, draws
    and throws once, declares riichi on the next discard, and wins by tsumo on its pair's
    second tile (suuankou tanki): a riichi yakuman, whose mjlog shows the ura indicators."""
    hands = ["0,1,2,36,37,38,72,73,74,108,109,110,112",  # 111m 111p 111s EEE S
             ",".join(map(str, [4, 8, 12, 40, 44, 48, 76, 80, 84, 116, 120, 124, 128])),
             ",".join(map(str, [5, 9, 13, 41, 45, 49, 77, 81, 85, 117, 121, 125, 129])),
             ",".join(map(str, [6, 10, 14, 42, 46, 50, 78, 82, 86, 118, 122, 126, 130]))]
    init = ('<INIT seed="0,0,0,0,0,131" ten="250,250,250,250" oya="0" '
            + " ".join(f'hai{s}="{h}"' for s, h in enumerate(hands)) + "/>")
    play = ("<T132/><D132/><U60/><E60/><V61/><F61/><W62/><G62/>"
            '<T133/><REACH who="0" step="1"/><D133/><REACH who="0" ten="240,250,250,250" step="2"/>'
            "<U64/><E64/><V65/><F65/><W66/><G66/><T113/>")
    agari = ('<AGARI ba="0,1" hai="0,1,2,36,37,38,72,73,74,108,109,110,112,113" machi="113" ten="50,48000,5" '
             'yakuman="41" doraHai="131" doraHaiUra="134" who="0" fromWho="0" sc="240,490,250,-160,250,-160,250,-160"/>')
    return ('<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="A" n1="B" n2="C" n3="D" dan="0,0,0,0" '
            'rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,M"/><TAIKYOKU oya="0"/>'
            + init + play + agari + "</mjloggm>")


def test_a_riichi_yakuman_keeps_its_ura_indicators_through_json():
    text = _riichi_yakuman_game()
    game = parse_mjlog(text)
    assert [r.difference for r in replay_game(game) if not r.ok] == []
    back = parse_mjlog(write_mjlog(parse_tenhou6(json.dumps(write_tenhou6(game), ensure_ascii=False))))
    win = back.rounds[0].results[0]
    ura = game.rounds[0].results[0].ura_indicators
    assert win.yakuman == (41,) and ura and [t // 4 for t in win.ura_indicators] == [t // 4 for t in ura]
    assert [r.difference for r in replay_game(back) if not r.ok] == []
