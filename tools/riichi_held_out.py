"""Riichi or dama on games the riichi scorer never saw: agreement.py's two riichi topics, held out.

    python tools/riichi_held_out.py [--players 3|4] [--jobs J] [--folds F] [--fresh]

``benchmarks/agreement.py`` measures the strong CPU on the Phoenix games of tests/data, which
its scorers were fitted on, so its riichi figures are in sample. Here every turn of those games
where riichi was legal and the player cut (agreement.py's "riichi or dama" rows) is answered
twice: by the strong CPU as it is (its riichi scorer as kept in game/cpu/style_weights.py: the
figures of agreement.py), and by a riichi scorer fitted as
``tools/train_style.py`` fits it on the other folds' games only (folds by game, the trainer's).
The cut is the strong CPU's own either way (its discard scorer saw these games); the riichi
vetoes (the wait alive, the last round's place) stand. Each answer is counted as agreement.py
counts it: "riichi" over the turns where either side declared (agreeing when both declare the
same tile), "riichi or dama" over them all. The held-out figures are those to expect on Phoenix
games nobody tuned on. Needs numpy, as the trainer does. The turns and the trainer's decisions
are kept in build/ between runs: after a change to game/cpu, ``--fresh`` replays the games again.

Four players, tests/data's 41 Phoenix games:

    riichi (either declared)   as kept 69.5% of 367   held out 57.2% of 400
    riichi or dama             as kept 86.6% of 751   held out 78.4% of 751
"""

from __future__ import annotations

import argparse
import multiprocessing
import pickle
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "tools")]

import train_style  # noqa: E402  (tools/train_style.py: the decisions, the fit)
from agreement import DEFAULT_LOGS, DEFAULT_SANMA_LOGS, games, log_files  # noqa: E402
from engine.tasks import run_to_end  # noqa: E402
from game.coach.review import DecisionRecorder  # noqa: E402
from game.cpu import defence, position  # noqa: E402
from game.cpu.agent import CpuAgent  # noqa: E402
from game.cpu.riichi import riichi_features  # noqa: E402
from game.records import parse_log  # noqa: E402
from game.replay.door import ruleset_for  # noqa: E402
from game.rules.actions import Discard, Riichi  # noqa: E402

TURNS = ROOT / "build" / "riichi_turns{players}.pickle"


def turns_of(job: tuple[str, int]) -> list[dict]:
    """One seat's riichi-legal cuts in one game: the player's answer, the CPU's cut, and that
    cut's riichi features (None where the CPU's cut cannot be declared or a veto keeps it dama)."""
    path, seat = job
    game = parse_log(Path(path).read_bytes(), path)
    ruleset = ruleset_for(game)
    agent = CpuAgent("strong", ruleset)
    found = []
    for round_log in game.rounds:
        recorder = DecisionRecorder(round_log, ruleset, seat)
        recorder.replay.run()
        for note in recorder.take_notes():
            view, action = note.view, note.action
            if (view.last_discard is not None or not isinstance(action, (Discard, Riichi))
                    or not any(isinstance(a, Riichi) for a in view.legal_actions)):
                continue
            choice = run_to_end(agent.choose(view))
            answer = choice.action
            if not isinstance(answer, (Discard, Riichi)):
                continue  # (a kan or a North: another topic)
            cut = answer.tile
            chosen = next(c for c in choice.candidates if c.kind == cut // 4)  # the cut as the CPU weighed it
            features = None
            if Riichi(chosen.tile) in view.legal_actions and position.riichi_can_help(
                    view, chosen.riichi_points, chosen.dama_points, ruleset):
                threat = max(defence.threats(view).values(), default=0.0)
                features = riichi_features(view, chosen.waits_unseen, sorted(chosen.advancing or ()),
                                           chosen.dama_points, chosen.riichi_points, chosen.furiten, threat, ruleset)
            found.append({"path": path, "player": (isinstance(action, Riichi), action.tile // 4),
                          "cut": cut // 4, "features": features, "cpu": isinstance(answer, Riichi)})
    return found


def collect(players: int, jobs: int, fresh: bool) -> list[dict]:
    """Every riichi-legal cut of tests/data's Phoenix games of ``players`` (kept in build/)."""
    kept_copy = Path(str(TURNS).format(players=players))
    if kept_copy.exists() and not fresh:
        return pickle.loads(kept_copy.read_bytes())
    kept, _ = games(log_files(list(DEFAULT_SANMA_LOGS if players == 3 else DEFAULT_LOGS)), players)
    with multiprocessing.Pool(jobs) as pool:
        parts = pool.map(turns_of, [(str(path), seat) for path in kept for seat in range(players)], chunksize=1)
    turns = [turn for part in parts for turn in part]
    kept_copy.parent.mkdir(exist_ok=True)
    kept_copy.write_bytes(pickle.dumps(turns))
    return turns


def tally(turns: list[dict], declares) -> tuple[int, int, int, int]:
    """(riichi agreements, riichi decisions, riichi-or-dama agreements, riichi-or-dama decisions)
    with the CPU declaring where ``declares(turn)``."""
    both = either = same = 0
    for turn in turns:
        player, kind = turn["player"]
        cpu = turn["features"] is not None and declares(turn)
        same += player == cpu
        if player or cpu:
            either += 1
            both += player and cpu and kind == turn["cut"]
    return both, either, same, len(turns)


def held_out(turns: list[dict], decisions: list, part: str, folds: int, l2: float):
    """A ``declares`` answering each turn by the riichi scorer fitted without its game's fold."""
    import numpy as np

    names = sorted({name for _, rows, _ in decisions for row in rows for name in row})
    data = train_style.Data(decisions, names)
    paths = sorted({path for path, _, _ in decisions})
    fold_of = {path: paths.index(path) % folds for path in paths}
    fitted = {}
    for fold in range(folds):
        ids = [i for i, (path, _, _) in enumerate(decisions) if fold_of[path] != fold]
        fitted[fold] = train_style.fit(data, ids, train_style.HIDDEN[part], train_style.EPOCHS[part], l2)

    def score(p: dict, features: dict) -> float:
        x = np.array([features.get(name, 0.0) for name in names])
        return float(np.maximum(0, x @ p["W1"] + p["b1"]) @ p["w2"] + x @ p["v"])

    def declares(turn: dict) -> bool:
        p = fitted[fold_of.get(turn["path"], 0)]  # (a game with no riichi decision was in no fit)
        return score(p, turn["features"]) > score(p, {})
    return declares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--fresh", action="store_true", help="replay the games again (else build/'s copies)")
    args = parser.parse_args()
    part = "RIICHI_SANMA" if args.players == 3 else "RIICHI"
    turns = collect(args.players, args.jobs, args.fresh)
    answers = {"as kept": lambda turn: turn["cpu"],
               "held out": held_out(turns, train_style.collect(args.jobs, args.fresh)[part], part, args.folds, args.l2)}
    tallies = {name: tally(turns, declares) for name, declares in answers.items()}
    for i, topic in ((0, "riichi (either declared)"), (2, "riichi or dama")):
        cells = [f"{name} {100 * t[i] / max(1, t[i + 1]):.1f}% of {t[i + 1]}" for name, t in tallies.items()]
        print(f"{topic:26s} " + "   ".join(cells))


if __name__ == "__main__":
    main()
