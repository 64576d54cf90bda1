"""Tenhou's three-player game (sanma): the rules against Tenhou's own three-player logs, scenes of
the North set aside (nukidora), the walls of a real game's seed, both formats written back, and
whole games played by the driver and the simulator.

tests/data/logs/sanma holds 100 real Phoenix-room games of January 2026 (GO type 185) and
dnovikoff/sanma2.xml one more: every round must replay with no difference, every figure the log
records checked (payments, the table at each result and riichi, the final figures with uma).
"""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from conftest import LOGS

from engine.tasks import run_to_end
from game.cpu import CpuAgent
from game.mjai.tracker import THREE_PLAYER_REFUSAL
from game.play.driver import Game
from game.play import sim
from game.records import Nuki as LogNuki, parse_mjlog, parse_tenhou6, read_log
from game.records.mjlog_write import write_mjlog
from game.records.tenhou6_write import write_tenhou6
from game.replay.door import replay_file, replay_game
from game.replay.steps import ReplayLog
from game.rules.actions import Chi, Discard, Nuki, Pass, Pon, Riichi, Ron, Tsumo
from game.rules.errors import InputError
from game.rules.events import Called, Missed, NukiDeclared, Won
from game.rules.match import Match, RoundEnd
from game.rules.round import Round
from game.rules.ruleset import TENHOU_SANMA
from game.rules.scoring import WinSituation, score_hand, win_deltas
from game.rules.tiles import NORTH, parse_tile, parse_tiles
from game.rules.wall import Wall

SANMA_LOGS = sorted((LOGS / "sanma").glob("*.xml")) + [LOGS / "dnovikoff" / "sanma2.xml"]
FIRST = LOGS / "sanma" / "2026011614gm-00b9-0000-04f8ec3d.xml"
START = (35000,) * 3


def _tags(text: str) -> list[tuple[str, dict]]:
    return [(e.tag, dict(e.attrib)) for e in ET.fromstring(text)]


# --- the real games ------------------------------------------------------------------------


def test_every_three_player_log_replays_with_no_difference_and_holds_the_rare_cases():
    rounds, finals = 0, 0
    seen = Counter()
    for path in SANMA_LOGS:
        report = replay_file(path)
        assert report.error is None and not report.unsupported, path.name
        assert [(r.label, r.difference) for r in report.rounds if not r.ok] == [], path.name
        assert report.rounds[-1].note is None, path.name  # the final figures were checked
        rounds += len(report.rounds)
        finals += 1
        for tag, attributes in _tags(path.read_text(encoding="utf-8")):
            if tag == "RYUUKYOKU":
                seen[attributes.get("type", "exhaustive")] += 1
            elif tag == "BYE":
                seen["disconnection"] += 1
            elif tag == "AGARI":
                seen.update(f"yakuman {y}" for y in attributes.get("yakuman", "").split(",") if y)
                seen["rinshan"] += "4" in attributes.get("yaku", "").split(",")[::2]
        text = path.read_text(encoding="utf-8")
        seen["double ron"] += text.count("/><AGARI")
        seen["nuki"] += sum(isinstance(e, LogNuki) for r in read_log(path).rounds for e in r.events)
    assert rounds == 917 and finals == 101
    for case in ("kan4", "nm", "yao9", "exhaustive", "disconnection", "double ron", "rinshan",
                 "yakuman 39", "yakuman 40", "yakuman 41", "yakuman 47"):
        assert seen[case], case  # the logs hold every rare case the rules must follow
    assert seen["nuki"] > 2000


@pytest.mark.parametrize("change, found", [
    # a non-dealer's haneman tsumo with the absent seat's 3,000 paid by the dealer (no tsumo loss)
    (lambda text: text.replace('sc="530,-61,340,102,170,-31,0,0"', 'sc="530,-91,340,132,170,-31,0,0"'), "pays"),
    # the final figures with the four-player uma
    (lambda text: text.replace("-29,-62.9,484,8.4,595,54.5", "-29,-72.9,484,18.4,595,54.5"), "final"),
    # a North set aside that is no North
    (lambda text: text.replace('<N who="2" m="31008" />', '<N who="2" m="30496" />', 1), ""),
])
def test_a_changed_three_player_log_is_a_difference(change, found):
    original = FIRST.read_text(encoding="utf-8")
    changed = change(original)
    assert changed != original
    try:
        reports = replay_game(parse_mjlog(changed))
    except InputError:
        return  # refused as it is read
    bad = [r.difference for r in reports if not r.ok]
    assert bad and found in " ".join(bad)


def test_the_wall_of_a_real_three_player_game_comes_from_its_seed():
    game = read_log(FIRST)
    done = subprocess.run([sys.executable, "-m", "game", "wall", game.seed, "--players", "3", "--rounds", "3",
                           "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    rounds = json.loads(done.stdout)["rounds"]
    for one, round_log in zip(rounds, game.rounds):
        init = round_log.init
        assert len(one["wall"]) == 108 and not {t // 4 for t in one["wall"]} & set(range(1, 8))
        assert tuple(one["dice"]) == init.dice and one["dora_indicator"] == init.dora_indicator
        for k, hand in enumerate(one["deal"]):  # dealer first
            assert hand == sorted(init.hands[(init.dealer + k) % 3])


def test_each_three_player_mjlog_written_back_is_tenhous_tag_for_tag():
    for path in SANMA_LOGS:
        original = path.read_text(encoding="utf-8")
        assert _tags(write_mjlog(parse_mjlog(original))) == _tags(original), path.name


def test_each_three_player_game_as_tenhou6_json_replays_and_comes_back_the_same():
    for path in SANMA_LOGS[::10]:
        game = read_log(path)
        data = write_tenhou6(game)
        assert data["rule"]["disp"] == "三鳳南喰赤" and data["name"][3] == "" and len(data["log"][0]) == 17
        back = parse_tenhou6(json.dumps(data, ensure_ascii=False))
        assert back.three_player and len(back.players) == 3
        assert [r.to_json() for r in replay_game(back) if not r.ok] == []
        again = parse_mjlog(write_mjlog(back))
        again.ref = back.ref
        assert write_tenhou6(again) == data


def test_export_and_review_take_a_three_player_game(tmp_path):
    out = tmp_path / "game.json"
    done = subprocess.run([sys.executable, "-m", "game", "export", str(FIRST), "--to", "tenhou6", "-o", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert replay_file(out).ok
    review = subprocess.run([sys.executable, "-m", "game", "review", str(FIRST), "--seat", "2", "--json"],
                            capture_output=True, text=True, timeout=300)
    assert review.returncode == 0, review.stderr
    assert json.loads(review.stdout)["decisions"]


def test_the_viewer_steps_show_three_seats_and_the_norths_set_aside():
    with pytest.raises(InputError, match="not a four-player game"):
        ReplayLog.read(FIRST)  # the four-player tools' default: they are not offered the game
    stepped = ReplayLog.read(FIRST, seats=(3, 4)).round(0)
    assert all(len(step.views) == 3 for step in stepped.steps)
    assert any("NUKI" in step.caption for step in stepped.steps)
    assert any(view.nukis[1] for view in stepped.steps[-1].views)


# --- the rules, scene by scene -------------------------------------------------------------


def sanma_table(hands: list[str], draws: list[str], replacements: list[str] = ()) -> Round:
    """A three-player round (dealer 0) with these hands, live draws and replacement draws."""
    used: set[int] = set()
    dealt = [parse_tiles(h, used) for h in hands]
    drawn = [t for d in draws for t in parse_tiles(d, used)]
    spare = [t for d in replacements for t in parse_tiles(d, used)]
    wall = Wall.arranged(dealt, dealer=0, draws=drawn, replacements=spare)
    assert wall.players == 3
    return Round.start(wall, dealer=0, scores=START, ruleset=TENHOU_SANMA, check=True)


def _north(rnd: Round, seat: int) -> int:
    return next(t for t in rnd.hands[seat] if t // 4 == NORTH)


# Seat 0 holds a North; seat 1 waits on a North (tanki, haku for the yaku), and holds 12p.
ROBBING = ["4z123p456s789s1s23z", "555z111m999m123p4z", "99p88p77p22s33s66z7z"]


def test_no_chi_with_three_players():
    rnd = sanma_table(ROBBING, ["1z"])
    rnd.apply(0, Discard(next(t for t in rnd.hands[0] if t // 4 == parse_tile("3p") // 4)))
    assert not any(isinstance(a, Chi) for a in rnd.legal_actions(1))
    assert rnd.phase == "turn" and rnd.turn == 1  # nobody could claim the 3p: seat 1 drew


def test_a_north_set_aside_may_be_robbed_by_ron_without_chankan():
    rnd = sanma_table(ROBBING, ["1z"], replacements=["2z"])
    north = _north(rnd, 0)
    assert Nuki(north) in rnd.legal_actions(0)
    rnd.apply(0, Nuki(north))
    assert rnd.nukis[0] == [north] and rnd.offer.kind == "nuki"
    assert not rnd.uninterrupted and not any(rnd.ippatsu)  # as a call: the first go-around is over
    assert Ron() in rnd.legal_actions(1)
    rnd.apply(1, Ron())
    won = rnd.result.wins[0]
    assert (won.seat, won.from_seat, won.tile) == (1, 0, north)
    assert 3 not in {y for y, _ in won.score.yaku}  # no chankan
    assert Round.replay(rnd.setup, rnd.events).snapshot() == rnd.snapshot()


def test_a_passed_ron_on_a_north_set_aside_is_furiten_and_the_replacement_comes_from_the_dead_wall():
    rnd = sanma_table(ROBBING, ["1z"], replacements=["2z"])
    rnd.apply(0, Nuki(_north(rnd, 0)))
    rnd.apply(1, Pass())
    assert any(isinstance(e, Missed) and e.seat == 1 for e in rnd.events)
    assert rnd.furiten_temp[1]
    assert (rnd.turn, rnd.rinshan, rnd.drawn // 4) == (0, True, parse_tile("2z") // 4)


def test_a_win_on_the_replacement_after_a_nuki_is_rinshan_and_the_north_a_dora():
    rnd = sanma_table(["111m999m456p99s5z4z", "19p19s1234567z11s", "99p88p77p22s33s66z7z"], ["5z"],
                      replacements=["5z"])
    rnd.apply(0, Nuki(_north(rnd, 0)))
    assert Tsumo() in rnd.legal_actions(0)
    rnd.apply(0, Tsumo())
    yaku = dict(rnd.result.wins[0].score.yaku)
    assert yaku[4] == 1 and yaku[52] >= 1  # rinshan kaihou; the North aside is one dora


def test_no_nuki_right_after_a_pon():
    rnd = sanma_table(["9p123p456s789s1s23z", "555z111m999m123p1z", "99p88p77p22s33s66z4z"], ["9p"])
    rnd.apply(0, Discard(rnd.drawn))
    pon = next(a for a in rnd.legal_actions(2) if isinstance(a, Pon))
    rnd.apply(2, pon)
    assert any(isinstance(e, Called) for e in rnd.events)
    assert not any(isinstance(a, Nuki) for a in rnd.legal_actions(2))


def test_in_riichi_only_a_drawn_north_is_set_aside():
    # seat 0 waits on the North it holds (tanki); it declares riichi with the 1z it draws
    rnd = sanma_table(["111m999m123p456p4z", "19p19s1235677z11s", "99p88p77p22s33s66z7z"],
                      ["1z", "9s", "8s", "2p", "9s", "8s", "4z"])
    rnd.apply(0, Riichi(rnd.drawn))
    for seat in (1, 2, 0, 1, 2):  # the 2p drawn in riichi: no Nuki of the North held
        assert rnd.turn == seat
        assert not any(isinstance(a, Nuki) for a in rnd.legal_actions(seat))
        rnd.apply(seat, Discard(rnd.drawn))
    assert rnd.turn == 0 and rnd.drawn // 4 == NORTH
    nukis = [a for a in rnd.legal_actions(0) if isinstance(a, Nuki)]
    assert nukis == [Nuki(rnd.drawn)] and Tsumo() in rnd.legal_actions(0)


def test_three_player_dora_payments_and_nukis():
    hand = parse_tiles("111m999m123p456p55s")
    # the dora after a 1m indicator is the 9m (no 2m-8m): three dora
    one = score_hand(hand, hand[-1], [], WinSituation(riichi=True, tsumo=True, seat_wind=1,
                                                      dora_indicators=(parse_tile("1m"),)), TENHOU_SANMA)
    assert dict(one.yaku)[52] == 3
    # two Norths aside: one dora each, and two more each when a West points at the North
    two = score_hand(hand, hand[-1], [], WinSituation(riichi=True, tsumo=True, seat_wind=1, nukis=2,
                                                      dora_indicators=(parse_tile("3z"),)), TENHOU_SANMA)
    assert dict(two.yaku)[52] == 4
    # tsumo loss: a non-dealer's mangan by tsumo is 2,000 + 4,000; honba 100 from each payer
    mangan = score_hand(hand, hand[-1], [], WinSituation(riichi=True, tsumo=True, seat_wind=1, nukis=3),
                        TENHOU_SANMA)
    assert mangan.limit == "mangan" and mangan.total == 6000
    assert win_deltas(mangan, winner=1, dealer=0, from_seat=None, honba=1, riichi_sticks=1,
                      ruleset=TENHOU_SANMA) == [-4100, 7200, -2100]
    ron = score_hand(hand, hand[-1], [], WinSituation(riichi=True, seat_wind=1, nukis=3), TENHOU_SANMA)
    assert win_deltas(ron, 1, 0, 2, honba=2, riichi_sticks=0, ruleset=TENHOU_SANMA) == [0, 8400, -8400]


def test_pao_with_three_players_is_paid_as_with_four():
    """No three-player log here shows a pao: our reading is four-player Tenhou's (the liable
    player pays the whole hand of a tsumo, half of a ron), honba at the three-player ron rate."""
    from game.rules.melds import Meld
    pons = [Meld("pon", tuple(parse_tiles(t)), from_seat=0) for t in ("555z", "666z", "777z")]
    hand = parse_tiles("89p7p11s")
    score = score_hand(hand, hand[2], pons, WinSituation(tsumo=True, seat_wind=1), TENHOU_SANMA)
    assert score.yakuman == 1
    assert win_deltas(score, 2, 1, None, honba=1, riichi_sticks=0, pao_seat=0, ruleset=TENHOU_SANMA) == [-32200, 0, 32200]
    ron = score_hand(hand, hand[2], pons, WinSituation(seat_wind=1), TENHOU_SANMA)
    assert win_deltas(ron, 2, 1, 1, honba=1, riichi_sticks=0, pao_seat=0, ruleset=TENHOU_SANMA) == [-16200, -16000, 32200]


def test_the_three_player_match_goes_from_east_3_to_south_1_and_pays_its_uma():
    match = Match(TENHOU_SANMA)
    for _ in range(3):  # three non-dealer wins
        match.end_round(RoundEnd((-1000, 1000, 0) if match.dealer != 1 else (0, -1000, 1000), winners=(1,)))
    assert (match.label, match.dealer, match.round_index) == ("S1", 0, 4)
    match.scores = [-2900, 48400, 59500]  # the first sanma log's final points
    assert [(s.seat, s.figure) for s in match.standings()] == [(2, 54.5), (1, 8.4), (0, -62.9)]


# --- whole games ---------------------------------------------------------------------------


def test_a_three_player_game_by_the_driver_is_legal_and_logs_as_tenhou():
    game = Game([CpuAgent("strong", TENHOU_SANMA) for _ in range(3)], "SANMA0001", TENHOU_SANMA)
    standings = run_to_end(game.play())
    assert len(standings) == 3 and sum(s.points for s in standings) == 105000
    assert game.invalid == []
    events = [e for rnd in game.rounds for e in rnd.events]
    assert any(isinstance(e, NukiDeclared) for e in events)  # the CPU sets Norths aside
    assert not any(isinstance(e, Called) and e.meld.kind == "chi" for e in events)
    assert any(isinstance(e, Won) for e in events)
    from game.records.ours import game_log
    log = game_log(game, played="2026120100")
    for back in (parse_mjlog(write_mjlog(log)), parse_tenhou6(json.dumps(write_tenhou6(log), ensure_ascii=False))):
        back.ref = log.ref
        assert [r.to_json() for r in replay_game(back) if not r.ok] == []


def test_sim_plays_three_player_games_and_seats_no_mjai_bot():
    first = sim.summarize([sim.play_game(["cpu", "efficiency", "tsumogiri"], "SANMA", 0)], 1.0)
    again = sim.summarize([sim.play_game(["cpu", "efficiency", "tsumogiri"], "SANMA", 0)], 1.0)
    assert first["seats"] == again["seats"]
    assert all(f["illegal_answers"] == 0 for f in first["seats"].values())
    with pytest.raises(InputError, match="three-player"):
        sim.parse_seats("cpu,cpu,mjai:bot", players=3)
    with pytest.raises(InputError, match="not 3"):
        sim.parse_seats("cpu,cpu,cpu,cpu", players=3)


def test_the_mjai_bot_refuses_a_three_player_game_in_one_line():
    lines = ['[{"type":"start_game","id":0}]',
             '[{"type":"start_kyoku","bakaze":"E","dora_marker":"2s","kyoku":1,"honba":0,"kyotaku":0,"oya":0,'
             '"scores":[35000,35000,35000],"tehais":[["?"],["?"],["?"]]}]']
    done = subprocess.run([sys.executable, "-m", "game", "mjai"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [f"picoriichi mjai: {THREE_PLAYER_REFUSAL}"]
