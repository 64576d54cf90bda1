"""Save and continue: a game interrupted at random points and continued from its save (written
and read through game/data/save.py and the storage) ends exactly as the same game played straight
through; a damaged save is set aside as *.bad with one line, never deleted."""

from __future__ import annotations

import json
import random

import pytest

from game.data import save
from game.play.driver import Game, TsumogiriAgent
from game.data.save import BadSave, SavedGame
from game.data.settings import Settings
from game.data.storage import open_storage
from engine.tasks import run_to_end

SEEDS = ("PICORIICHI", "ABCDEFGH", "00000000", "SAVE2GAME")
INTERRUPTIONS = 50  # per seed: 200 in all
SETTINGS = Settings(length="east")  # east-only games: the same rules, fewer rounds to replay


class Steady(TsumogiriAgent):
    """Fast and deterministic, but not only tsumogiri: it calls and declares riichi and kans
    whenever it may (the first legal action of each kind, in a fixed order), so saves hold
    every kind of decision."""

    name = "steady"
    ORDER = ("Tsumo", "Ron", "Riichi", "ClosedKan", "AddedKan", "Pon", "OpenKan", "Chi")

    def act(self, view):
        for kind in self.ORDER:
            for action in view.legal_actions:
                if type(action).__name__ == kind:
                    return action
        return (yield from super().act(view))


def agents():
    return [Steady(), TsumogiriAgent(), Steady(), TsumogiriAgent()]


def outcome(game: Game) -> tuple:
    """Everything a finished game is: each round's events and scores, the standings."""
    return (tuple(game.decisions), [tuple(r.events) for r in game.rounds],
            [tuple(r.scores) for r in game.rounds], game.standings)


def play_until(game: Game, task, stop: int) -> bool:
    """Step the game's task until ``stop`` decisions are made; False when the game ended first."""
    try:
        while len(game.decisions) < stop:
            next(task)
    except StopIteration:
        return False
    return True


@pytest.mark.parametrize("seed", SEEDS)
def test_a_game_interrupted_at_random_points_ends_as_if_never_interrupted(seed, tmp_path):
    straight = Game(agents(), seed, SETTINGS.ruleset())
    save.play_all(straight)
    length = len(straight.decisions)
    points = sorted(random.Random(seed).sample(range(1, length), INTERRUPTIONS))
    storage = open_storage(tmp_path, environ={})
    game = Game(agents(), seed, SETTINGS.ruleset())
    task = game.play()
    for point in points:
        assert play_until(game, task, point)
        save.write_game(storage, SavedGame(seed, SETTINGS, tuple(game.decisions)))
        task.close()  # the game is gone: only the save remains
        saved = save.read_game(storage)
        game = save.resume(saved, agents())
        task = game.play()
        assert play_until(game, task, point)  # the replay reached the very same question
        assert not game.replaying and game.round.events == straight_round(straight, game).events[: len(game.round.events)]
    assert not play_until(game, task, length + 1)
    assert outcome(game) == outcome(straight)
    assert any(type(d.action).__name__ in ("Chi", "Pon") for d in game.decisions)


def straight_round(straight: Game, game: Game):
    return straight.rounds[len(game.rounds)]


def test_a_save_holds_the_seed_the_settings_and_the_decisions(tmp_path):
    game = Game(agents(), "PICORIICHI", SETTINGS.ruleset())
    task = game.play()
    play_until(game, task, 60)
    settings = Settings(length="east", cpu_strength="weak", hints=False)
    saved = SavedGame("PICORIICHI", settings, tuple(game.decisions))
    document = json.loads(save.encode(saved))
    assert (document["version"], document["seed"], document["settings"]) == (1, "PICORIICHI", settings.as_dict())
    assert len(document["decisions"]) == 60
    assert save.decode(save.encode(saved)) == saved


def good_save(tmp_path) -> tuple:
    game = Game(agents(), "PICORIICHI", SETTINGS.ruleset())
    play_until(game, game.play(), 40)
    return save.encode(SavedGame("PICORIICHI", SETTINGS, tuple(game.decisions)))


def damaged(data: bytes) -> dict[str, bytes]:
    document = json.loads(data)
    wrong_tile = json.loads(data)
    wrong_tile["decisions"][5] = [wrong_tile["decisions"][5][0], "Discard", 200]
    unfit = json.loads(data)
    unfit["seed"] = "ZZZZZZZZ"  # the decisions belong to another seed's deal
    return {
        "truncated": data[: len(data) // 2],
        "garbage": bytes(random.Random(3).randrange(256) for _ in range(300)),
        "empty": b"",
        "wrong version": json.dumps(dict(document, version=2)).encode(),
        "not a save": b'{"title": "a tenhou log?"}',
        "bad seed": json.dumps(dict(document, seed="NOT A SEED!")).encode(),
        "bad tile": json.dumps(wrong_tile).encode(),
        "unfit seed": json.dumps(unfit).encode(),
    }


def test_every_damaged_save_is_set_aside_with_one_line(tmp_path):
    data = good_save(tmp_path)
    for kind, bad in damaged(data).items():
        folder = tmp_path / kind.replace(" ", "_")
        storage = open_storage(folder, environ={})
        storage.save(save.GAME, bad)
        with pytest.raises(BadSave) as caught:
            save.read_game(storage)
        message = str(caught.value)
        assert "\n" not in message and message.endswith("set aside as game.bin.bad"), (kind, message)
        assert (folder / "game.bin.bad").read_bytes() == bad, kind  # kept, byte for byte
        assert save.read_game(storage) is None and not save.has_game(storage)  # a new game may start


def test_saved_moves_left_after_the_game_ends_are_refused_not_played_as_a_finished_game():
    """A save whose moves go on past its game's end (they were another game's: once, the rules
    changed under a save) is refused as the loading screen's SAVE UNFIT MOVES when catching up
    reaches the end, not continued as a finished game with nothing to show (once a crash)."""
    game = Game(agents(), "PICORIICHI", SETTINGS.ruleset())
    save.play_all(game)
    moves = tuple(game.decisions)
    unfit = save.resume(SavedGame("PICORIICHI", SETTINGS, moves + moves[-3:]), agents(), pace=save.until_shown)
    with pytest.raises(BadSave, match="3 saved decisions after the game's end") as caught:
        run_to_end(save.catch_up(unfit, unfit.play()))
    assert caught.value.short == "UNFIT MOVES" and unfit.match.over
    whole = save.resume(SavedGame("PICORIICHI", SETTINGS, moves), agents(), pace=save.until_shown)
    run_to_end(save.catch_up(whole, whole.play()))  # every move its game's: caught up, no complaint
    assert tuple(whole.decisions) == moves and not whole.replaying


def test_a_second_bad_save_does_not_overwrite_the_first(tmp_path):
    storage = open_storage(tmp_path, environ={})
    for garbage in (b"one", b"two"):
        storage.save(save.GAME, garbage)
        with pytest.raises(BadSave):
            save.read_game(storage)
    assert (tmp_path / "game.bin.bad").read_bytes() == b"one"
    assert (tmp_path / "game.bin.2.bad").read_bytes() == b"two"


def test_settings_persist_and_damaged_settings_are_set_aside(tmp_path):
    storage = open_storage(tmp_path, environ={})
    assert save.read_settings(storage) == (Settings(), "")
    chosen = Settings(red_fives=False, cpu_speed="fast")
    save.write_settings(storage, chosen)
    assert save.read_settings(storage) == (chosen, "")
    storage.save(save.SETTINGS, b'{"format": "pico-riichi save", "vers')
    settings, message = save.read_settings(storage)
    assert settings == Settings() and message == "the saved settings were damaged: set aside as settings.bin.bad"
    assert (tmp_path / "settings.bin.bad").exists()


def test_a_save_keeps_its_take_backs_and_refuses_a_damaged_count():
    """A game with cuts taken back in practice is saved as practice, and continued as one."""
    from game.data.save import BadSave, SavedGame, decode, encode
    from game.data.settings import Settings
    from game.play.driver import Decision
    from game.rules.actions import Pass

    saved = SavedGame("PICORIICHI", Settings(), (Decision(0, Pass()),), take_backs=2)
    assert decode(encode(saved)) == saved
    assert decode(encode(SavedGame("PICORIICHI", Settings(), ()))).take_backs == 0
    for bad in (b'"take_backs":-1', b'"take_backs":"2"', b'"take_backs":true'):
        data = encode(saved).replace(b'"take_backs":2', bad)
        with pytest.raises(BadSave, match="take-backs"):
            decode(data)
