"""Tenhou's shuffle and wall layout, checked against Tenhou's published data and real logs."""

from __future__ import annotations

import hashlib
import json
import struct
import xml.etree.ElementTree as ET

import pytest

from engine.tasks import run_to_end
from game.cli import main
from game.rules.errors import InputError
from game.records import decode_meld, nuki_tile
from game.rules.wall import (
    CODE_ALPHABET,
    Shuffler,
    Wall,
    code_words,
    is_hex_seed,
    mt19937,
    new_seed_code,
    normalize_code,
    rnd_from_src,
    seed_words,
    shuffle_with_rnd,
)
from conftest import LOGS, VALIDATION
from draining import drain

VALIDATION_DATA = json.loads((VALIDATION / "shuffle-validation.json").read_text())
VALIDATION_XML = VALIDATION / "2016022509gm-0009-0000-b327da61.xml"
SHUFFLED_LOGS = [
    path
    for path in sorted(LOGS.rglob("*")) + [VALIDATION_XML]
    if path.suffix in (".xml", ".mjlog") and ET.parse(path).getroot().find("SHUFFLE") is not None
]
DRAW_TAGS, KAN_KINDS = "TUVW", ("kan", "ankan", "kakan")


# --- Tenhou's published validation data ------------------------------------------------


def test_seed_string_gives_the_published_seed_words():
    words = VALIDATION_DATA["seed_u32"]
    assert seed_words(VALIDATION_DATA["seed_str"]) == words
    assert seed_words("mt19937ar-sha512-n288-base64," + VALIDATION_DATA["seed_str"]) == words
    assert seed_words(ET.parse(VALIDATION_XML).getroot().find("SHUFFLE").get("seed")) == words


def test_generator_words_hashed_words_and_wall_match_the_published_ones():
    generator = mt19937(VALIDATION_DATA["seed_u32"])
    src = [generator.getrandbits(32) for _ in range(288)]
    assert src == VALIDATION_DATA["src_u32"]
    rnd = rnd_from_src(src)
    assert rnd == VALIDATION_DATA["rnd_u32"]
    assert shuffle_with_rnd(rnd) == VALIDATION_DATA["wall136"]


def test_the_shuffler_gives_the_published_first_wall():
    first = Shuffler(VALIDATION_DATA["seed_u32"]).next_round()
    assert first.wall == VALIDATION_DATA["wall136"]


def test_mt19937_matches_the_reference_output_of_mt19937ar_c():
    # mt19937ar.out: init_by_array({0x123, 0x234, 0x345, 0x456}), the first genrand_int32 values
    generator = mt19937([0x123, 0x234, 0x345, 0x456])
    assert [generator.getrandbits(32) for _ in range(5)] == [1067595299, 955945823, 477289528, 4107218783, 4228976476]


# --- every real log with a SHUFFLE seed ----------------------------------------------------


def _walk_log(path):
    """Replay a log's walls: yield (what, logged, ours) for everything the wall decides."""
    root = ET.parse(path).getroot()
    seed = root.find("SHUFFLE").get("seed")
    three_player = bool(int(root.find("GO").get("type")) & 0x10)
    shuffler = Shuffler(seed_words(seed), three_player=three_player)
    wall, replacement_due = None, False
    for element in root:
        tag = element.tag
        if tag == "INIT":
            shuffle = shuffler.next_round()
            wall = Wall(shuffle.wall, shuffle.dice, dead_wall_flipped=is_hex_seed(seed))
            fields = [int(x) for x in element.get("seed").split(",")]
            hands = wall.deal(dealer=int(element.get("oya")))
            for seat, hand in enumerate(hands):
                yield "hand", [int(x) for x in element.get(f"hai{seat}").split(",")], hand
            yield "dice", (fields[3] + 1, fields[4] + 1), shuffle.dice
            yield "dora", fields[5], wall.dora_indicators[0]
            replacement_due = False
        elif tag[0] in DRAW_TAGS and tag[1:].isdigit():
            ours = wall.draw_replacement() if replacement_due else wall.draw()
            yield ("replacement" if replacement_due else "draw"), int(tag[1:]), ours
            replacement_due = False
        elif tag == "N":
            m, who = int(element.get("m")), int(element.get("who"))
            replacement_due = nuki_tile(m) is not None or decode_meld(m, who).kind in KAN_KINDS
        elif tag == "DORA":
            yield "kan dora", int(element.get("hai")), wall.reveal_kan_dora()
        elif tag == "AGARI":
            yield "dora at win", element.get("doraHai"), ",".join(map(str, wall.dora_indicators))
            if element.get("doraHaiUra"):
                yield "ura at win", element.get("doraHaiUra"), ",".join(map(str, wall.ura_indicators))


def test_the_logs_cover_what_the_walk_checks():
    assert len(SHUFFLED_LOGS) >= 40
    whats = [what for path in SHUFFLED_LOGS for what, _, _ in _walk_log(path)]
    for what in ("hand", "dice", "dora", "draw", "replacement", "kan dora", "dora at win", "ura at win"):
        assert whats.count(what) >= 5, what
    assert any(is_hex_seed(ET.parse(p).getroot().find("SHUFFLE").get("seed")) for p in SHUFFLED_LOGS)


@pytest.mark.parametrize("path", SHUFFLED_LOGS, ids=lambda p: p.name)
def test_every_deal_draw_and_indicator_of_a_log_comes_from_its_seed(path):
    """Each INIT takes the next shuffle; every hand (in dealt order), the dice, the dora
    indicator, every draw (live and replacement), every kan dora and the ura-dora at a
    win are what the wall gives."""
    rounds = 0
    for what, logged, ours in _walk_log(path):
        assert logged == ours, what
        rounds += what == "dice"
    assert rounds == len(ET.parse(path).getroot().findall("INIT"))


# --- the shuffle as a task -------------------------------------------------------------


def test_the_round_task_yields_between_chunks_and_during_fisher_yates():
    progress, result = drain(Shuffler(code_words("TASKTASK")).round_task())
    assert len(progress) >= 9 + 3
    assert progress == sorted(progress) and 0 <= progress[0] and progress[-1] <= 1
    assert result == Shuffler(code_words("TASKTASK")).next_round()


def test_seeding_is_a_task_and_a_new_shuffler_does_not_seed():
    """MT19937's init_by_array is some 2,500 big-int steps: a game seeds in its thinking time,
    in slices, so that starting one costs no frame more than its budget (issue 10)."""
    shuffler = Shuffler(code_words("SEEDTASK"))
    assert shuffler.generator is None
    progress, _ = drain(shuffler.seed_task())
    assert len(progress) >= 6
    assert shuffler.generator.getstate() == mt19937(code_words("SEEDTASK")).getstate()
    assert shuffler.next_round() == Shuffler(code_words("SEEDTASK")).next_round()  # seeded on first use


def test_rounds_follow_one_another_even_when_tasks_interleave():
    shuffler, twin = Shuffler(code_words("ORDER123")), Shuffler(code_words("ORDER123"))
    first, second = shuffler.round_task(), shuffler.round_task()
    next(second)
    assert run_to_end(first) == twin.next_round()
    assert run_to_end(second) == twin.next_round()


def test_a_three_player_shuffle_holds_the_108_tiles():
    wall = Shuffler(code_words("SANMA123"), three_player=True).next_round().wall
    assert sorted(wall) == [t for t in range(136) if not 4 <= t < 32]


# --- seed codes -------------------------------------------------------------------


def test_a_seed_code_is_pinned_to_its_first_wall():
    """Frozen: changing the code expansion would change every shared code's deals."""
    first = Shuffler(seed_words("PICORIICHI")).next_round()
    assert first.dice == (2, 4)
    assert first.wall == [
        37, 101, 73, 80, 115, 8, 24, 81, 114, 119, 68, 128, 123, 109, 17, 104, 90, 49, 9, 125, 25, 58,
        102, 0, 30, 100, 41, 93, 40, 33, 108, 51, 23, 107, 6, 98, 79, 5, 66, 38, 45, 56, 50, 126, 18, 67,
        31, 7, 112, 63, 29, 72, 64, 70, 48, 12, 52, 53, 71, 1, 131, 103, 21, 26, 54, 2, 116, 44, 84, 124,
        28, 77, 59, 75, 74, 35, 39, 76, 91, 135, 14, 120, 15, 19, 134, 97, 57, 118, 11, 130, 34, 95, 78,
        46, 69, 88, 133, 10, 121, 83, 92, 132, 42, 47, 87, 20, 62, 22, 4, 27, 113, 106, 85, 122, 43, 105,
        117, 94, 110, 111, 96, 127, 13, 60, 61, 82, 55, 99, 16, 129, 86, 65, 32, 3, 36, 89,
    ]


def test_the_code_expansion_is_the_documented_shake256():
    digest = hashlib.shake_256(b"picoriichi seed code v1:P1C0R11CH1").digest(2496)
    assert code_words("picoriichi") == list(struct.unpack("<624I", digest))


@pytest.mark.parametrize("typed", ["p1c0r11ch1", "PICO-RIICHI", " pico riichi ", "P1C0R1LCH1"])
def test_typed_codes_are_case_insensitive_and_forgiving(typed):
    assert normalize_code(typed) == "P1C0R11CH1"
    assert seed_words(typed) == seed_words("PICORIICHI")


def test_new_codes_come_from_the_alphabet_and_differ():
    codes = {new_seed_code() for _ in range(50)}
    assert len(codes) == 50
    for code in codes:
        assert 8 <= len(code) <= 12 and set(code) <= set(CODE_ALPHABET)
        assert normalize_code(code.lower()) == code
    assert not set("ILOU") & set(CODE_ALPHABET)


def test_different_codes_give_different_games():
    assert Shuffler(seed_words("AAAAAAAA")).next_round() != Shuffler(seed_words("AAAAAAAB")).next_round()
    assert seed_words("00000000") != seed_words("000000000")


@pytest.mark.parametrize(
    "text, message",
    [
        ("ABCD!FGH", "not a code character"),
        ("UUUUUUUU", "not a code character"),
        ("ABC", "not 8 to 12"),
        ("ABCDEFGHJKMNP", "not 8 to 12"),
        ("", "not 8 to 12"),
        ("mt19937ar-sha512-n288-base64,@@@@", "not valid base64"),
        ("mt19937ar-sha512-n288-base64,AAAA", "not 2496"),
        ("A" * 100, "not 2496"),
        ("mt19937ar-sha512-n288,XYZ", "hex words"),
        ("md5-whatever,AAAA", "is not mt19937ar"),
    ],
)
def test_malformed_seeds_are_input_errors_with_one_line(text, message):
    with pytest.raises(InputError, match=message) as error:
        seed_words(text)
    assert "\n" not in str(error.value)


# --- the wall object ------------------------------------------------------------------


def _identity_wall():
    return Wall(list(range(136)), (3, 4))


def test_deal_is_four_four_four_one_from_the_top_dealer_first():
    hands = _identity_wall().deal(dealer=2)
    assert hands[2] == [135, 134, 133, 132, 119, 118, 117, 116, 103, 102, 101, 100, 87]
    assert hands[3][:4] == [131, 130, 129, 128] and hands[3][-1] == 86
    assert hands[1][-1] == 84


def test_live_draws_and_the_end_of_the_live_wall():
    wall = _identity_wall()
    wall.deal(0)
    assert [wall.draw() for _ in range(3)] == [83, 82, 81]
    assert wall.tiles_left == 67
    drawn = [wall.draw() for _ in range(67)]
    assert drawn[-1] == 14 and wall.tiles_left == 0
    with pytest.raises(InputError):
        wall.draw()


def test_each_kan_ends_the_live_wall_one_tile_earlier():
    wall = _identity_wall()
    wall.deal(0)
    assert [wall.draw_replacement() for _ in range(4)] == [1, 0, 3, 2]
    assert [wall.reveal_kan_dora() for _ in range(4)] == [7, 9, 11, 13]
    assert wall.dora_indicators == [5, 7, 9, 11, 13] and wall.ura_indicators == [4, 6, 8, 10, 12]
    assert wall.kans == 4 and wall.tiles_left == 66
    drawn = [wall.draw() for _ in range(66)]
    assert drawn[-1] == 18
    with pytest.raises(InputError):
        wall.draw_replacement()
    with pytest.raises(InputError):
        wall.reveal_kan_dora()


def test_a_copy_goes_its_own_way():
    wall = _identity_wall()
    wall.deal(0)
    twin = wall.copy()
    assert wall.draw() == twin.draw() == 83
    wall.draw_replacement()
    wall.reveal_kan_dora()
    assert twin.dora_indicators == [5] and twin.tiles_left == 69 and wall.tiles_left == 68


def test_walls_must_hold_every_tile_once_and_deal_once():
    with pytest.raises(InputError):
        Wall([0] * 136)
    with pytest.raises(InputError):
        Wall(list(range(1, 137)))
    wall = _identity_wall()
    wall.deal(0)
    with pytest.raises(InputError):
        wall.deal(0)


def test_an_arranged_wall_gives_back_what_it_was_given():
    """A real seeded round's hands, draws, replacement draws and indicators, arranged
    into a wall, come out of it in the same order (the layout is the Wall's own)."""
    shuffle = Shuffler(code_words("ARRANGE1")).next_round()
    real = Wall(shuffle.wall, shuffle.dice)
    hands = real.deal(dealer=1)
    replacements = [real.draw_replacement() for _ in range(2)]
    draws = [real.draw() for _ in range(66)]
    dora = [*real.dora_indicators, real.reveal_kan_dora(), real.reveal_kan_dora()]
    ura = real.ura_indicators
    wall = Wall.arranged(hands, 1, draws, replacements, dora, ura, shuffle.dice)
    assert wall.deal(dealer=1) == hands
    assert [wall.draw_replacement() for _ in range(2)] == replacements
    assert [wall.draw() for _ in range(66)] == draws
    assert [*wall.dora_indicators, wall.reveal_kan_dora(), wall.reveal_kan_dora()] == dora
    assert wall.ura_indicators == ura and wall.tiles_left == real.tiles_left == 2


def test_an_arranged_wall_refuses_a_tile_placed_twice():
    hands = [list(range(13 * s, 13 * s + 13)) for s in range(4)]
    with pytest.raises(InputError, match="placed twice"):
        Wall.arranged(hands, draws=[0])
    with pytest.raises(InputError):
        Wall.arranged(hands[:2])


# --- the command line -------------------------------------------------------------------


def test_cli_json_follows_the_contract(capsys):
    assert main(["wall", VALIDATION_DATA["seed_str"], "--rounds", "2", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert len(answer["rounds"]) == 2
    first = answer["rounds"][0]
    assert set(first) == {"wall", "dice", "deal", "dora_indicator"}
    assert first["wall"] == VALIDATION_DATA["wall136"]
    init = ET.parse(VALIDATION_XML).getroot().find("INIT")  # dealer: seat 0
    assert first["deal"] == [sorted(int(x) for x in init.get(f"hai{s}").split(",")) for s in range(4)]
    assert first["dora_indicator"] == int(init.get("seed").split(",")[5]) == first["wall"][5]
    fields = init.get("seed").split(",")
    assert first["dice"] == [int(fields[3]) + 1, int(fields[4]) + 1]


def test_cli_code_and_human_output(capsys):
    assert main(["wall", "pico-riichi"]) == 0
    text = capsys.readouterr().out
    assert "P1C0R11CH1" in text and "round 1: dice 2+4" in text and "round 2" not in text


@pytest.mark.parametrize(
    "argv", [["wall", "AB!DEFGH"], ["wall", "mt19937ar-sha512-n288-base64,AAAA"], ["wall", "ABCDEFGH", "--rounds", "0"]]
)
def test_cli_malformed_input_exits_2_with_one_line(argv, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and captured.err.startswith("picoriichi:")


def test_a_tenhou_seed_pasted_over_several_lines_still_reads():
    text = VALIDATION_DATA["seed_str"]
    wrapped = "\n".join(text[i:i + 76] for i in range(0, len(text), 76))
    assert seed_words(wrapped) == VALIDATION_DATA["seed_u32"]


def test_cli_reads_an_old_hex_seed_with_its_flipped_dead_wall(capsys):
    root = ET.parse(LOGS / "dnovikoff" / "pao.xml").getroot()
    seed = root.find("SHUFFLE").get("seed")
    assert is_hex_seed(seed)
    assert main(["wall", seed, "--rounds", "2", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    for one_round, init in zip(answer["rounds"], root.findall("INIT")):
        assert one_round["dora_indicator"] == int(init.get("seed").split(",")[5]) == one_round["wall"][4]
        dealer = int(init.get("oya"))
        logged = [sorted(int(x) for x in init.get(f"hai{(dealer + k) % 4}").split(",")) for k in range(4)]
        assert one_round["deal"] == logged
