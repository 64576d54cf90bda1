"""Your figures over your games (game/coach/stats.py, ``picoriichi stats``), against the logs read
another way: Tenhou's mjlog XML tag by tag, and the driver's own standings."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import LOGS

from engine.tasks import run_to_end
from game.cli import main
from game.coach.stats import Stats, seat_game
from game.cpu import CpuAgent
from game.data.logs import log_document
from game.play.driver import Game
from game.records import read_log
from game.records.ours import game_log
from game.records.tenhou6_write import write_tenhou6
from game.rules.ruleset import Ruleset

PHOENIX = sorted((LOGS / "mjx2022").glob("*.mjlog"))
CHI, PON, KAKAN, NUKI = 0x4, 0x8, 0x10, 0x20  # the mjlog meld code's kind bits


def by_the_tags(path: Path, seat: int) -> dict:
    """One seat's rounds, wins, deal-ins, riichis, open calls and place, counted from the XML's
    tags alone (INIT, AGARI who/fromWho, REACH step 1, N's meld code, owari)."""
    root = ET.parse(path).getroot()
    counts = {"rounds": 0, "won": 0, "dealt_in": 0, "riichi": 0, "called": 0}
    seen: set[str] = set()
    final = None
    for tag in root:
        if tag.tag == "INIT":
            counts["rounds"] += 1
            seen = set()
        mark = None
        if tag.tag == "AGARI" and int(tag.get("who")) == seat:
            mark = "won"
        elif tag.tag == "AGARI" and int(tag.get("fromWho")) == seat:
            mark = "dealt_in"
        elif tag.tag == "REACH" and int(tag.get("who")) == seat and tag.get("step") == "1":
            mark = "riichi"
        elif tag.tag == "N" and int(tag.get("who")) == seat and _opens(int(tag.get("m"))):
            mark = "called"
        if mark and mark not in seen:  # each a round at most once (a double ron deals in once)
            seen.add(mark)
            counts[mark] += 1
        if tag.get("owari"):
            final = [int(x) for x in tag.get("owari").split(",")[0::2]]
    counts["place"] = 1 + sum(1 for s in range(4) if final[s] > final[seat] or (final[s] == final[seat] and s < seat))
    return counts


def _opens(code: int) -> bool:
    """A chi, a pon or an open kan: not an added kan, a closed kan (no seat it came from) or a nuki."""
    if code & (CHI | PON):
        return True
    return not code & (KAKAN | NUKI) and code & 0x3 != 0


@pytest.mark.parametrize("path", PHOENIX, ids=[p.stem[-8:] for p in PHOENIX])
def test_a_seats_figures_are_those_its_mjlogs_tags_give(path):
    game = read_log(path)
    for seat in range(4):
        figures = seat_game(game, seat)
        expected = by_the_tags(path, seat)
        assert {k: getattr(figures, k) for k in expected} == expected, seat
        assert figures.finished


def test_the_rates_are_over_the_rounds_and_the_place_over_finished_games():
    games = [seat_game(read_log(path), 1) for path in PHOENIX]
    stats = Stats(games)
    rounds = sum(by_the_tags(path, 1)["rounds"] for path in PHOENIX)
    assert stats.rounds == rounds
    assert stats.rate("riichi") == sum(by_the_tags(p, 1)["riichi"] for p in PHOENIX) / rounds
    assert stats.average_place == sum(by_the_tags(p, 1)["place"] for p in PHOENIX) / len(PHOENIX)
    assert sum(stats.places().values()) == len(PHOENIX)


def test_a_left_game_has_no_place_in_the_average():
    kept = seat_game(read_log(PHOENIX[0]), 0)
    left = seat_game(read_log(PHOENIX[1]), 0, finished=False)
    assert Stats([kept, left]).average_place == kept.place


# --- our own logs, as the table keeps them -------------------------------------------------------


def kept(folder: Path, seed: str, stamp: str, seat: int) -> Game:
    game = Game([CpuAgent("weak") for _ in range(4)], seed, Ruleset(east_south=False))
    run_to_end(game.play())
    data = log_document(write_tenhou6(game_log(game)), game.seed, {}, seat, True, game.decisions)
    (folder / f"{stamp}-{seed.lower()}.json").write_bytes(data)
    return game


def test_stats_of_our_logs_count_the_players_seat_as_the_driver_ranked_it(tmp_path, capsys):
    first = kept(tmp_path, "STATSGAME1", "20261201-100000", 2)
    second = kept(tmp_path, "STATSGAME2", "20261202-100000", 0)
    (tmp_path / "notes.json").write_bytes(b"{not a log")
    assert main(["stats", str(tmp_path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    ranks = [next(s.rank for s in g.standings if s.seat == seat) for g, seat in ((first, 2), (second, 0))]
    assert [g["place"] for g in out["per_game"]] == ranks
    assert [g["rounds"] for g in out["per_game"]] == [len(first.rounds), len(second.rounds)]
    assert out["average_place"] == sum(ranks) / 2
    assert main(["stats", str(tmp_path), "--last", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["per_game"][0]["when"] == "20261202100000"


def test_a_file_that_is_no_log_is_named_and_passed_over(tmp_path, capsys):
    (tmp_path / "junk.json").write_bytes(b"\x00\xff")
    assert main(["stats", str(tmp_path / "junk.json")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"picoriichi stats: {tmp_path / 'junk.json'}: passed over:")
    assert err[-1] == "picoriichi: no game to count (a Tenhou log needs --name)" and len(err) == 2


def test_a_tenhou_log_counts_for_the_player_named(capsys):
    path = PHOENIX[0]
    name = read_log(path).players[3].name
    assert main(["stats", str(path), "--name", name]) == 0
    lines = capsys.readouterr().out.splitlines()
    expected = by_the_tags(path, 3)
    assert lines[0] == f"1 game (1 finished), {expected['rounds']} rounds"
    assert lines[1].startswith(f"average place {expected['place']:.2f}")


def test_with_no_logs_named_the_data_folders_logs_are_counted(tmp_path, monkeypatch, capsys):
    (tmp_path / "logs").mkdir()
    kept(tmp_path / "logs", "STATSGAME3", "20261203-100000", 1)
    monkeypatch.setenv("PICORIICHI_DATA_DIR", str(tmp_path))
    assert main(["stats"]) == 0
    assert capsys.readouterr().out.startswith("1 game (1 finished)")
    monkeypatch.setenv("PICORIICHI_DATA_DIR", str(tmp_path / "nowhere"))
    assert main(["stats"]) == 2
    assert "name the logs to count" in capsys.readouterr().err


def test_every_seat_counts_each_players_games_of_the_logs(capsys):
    assert main(["stats", str(LOGS / "mjx2022"), "--every-seat", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    expected = [by_the_tags(path, seat) for path in PHOENIX for seat in range(4)]
    assert out["games"] == 4 * len(PHOENIX) and out["rounds"] == sum(e["rounds"] for e in expected)
    assert out["rates"]["won"] == sum(e["won"] for e in expected) / out["rounds"]
    assert out["average_place"] == 2.5  # every place once a game
