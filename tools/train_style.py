"""Learn the strong CPU's scorers (game/cpu/style_weights.py) from Phoenix-room games.

    python tools/train_style.py [--jobs J] [--part P ...] [--folds F] [--check] [--fresh]

Needs numpy (``pip install numpy``; the game and its tests do not). Every seat of every
Phoenix-room log of tests/data (the games ``benchmarks/agreement.py`` reviews, and no others:
the Tenhou logs kept for evaluation are never read) is replayed through our rules; at each of
its discards the candidates' figures are worked out by the CPU's own code
(``game.cpu.discard.style_facts``) and turned into features (``game.cpu.style.features``). The
scorer (``style.Scorer``: one rectified hidden layer and a linear part) is fitted so that the
players' cuts are likely: a softmax over each decision's candidates, Adam, an L2 penalty, a
fixed seed, so the same data give the same weights. ``--folds`` first prints the accuracy on
games left out of the fit (folds by game), the honest figure; then the weights are fitted on
every game and written: the parts named by ``--part`` (all by default) are written again, the
others kept as they are. ``--check`` only prints the cross-validated accuracy.

Four parts: DISCARD (which cut), RIICHI (riichi or dama) and CALL (call or pass) from the
four-player games; RIICHI_SANMA, riichi or dama in the three-player game, from tests/data's
three-player Phoenix games (their riichi turns only: Tenhou's three-player players stay dama
where four-player players declare, and the four-player scorer answered them worse).
"""

from __future__ import annotations

import argparse
import multiprocessing
import pickle
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from agreement import DEFAULT_LOGS, DEFAULT_SANMA_LOGS, games, log_files  # noqa: E402  (benchmarks/agreement.py)
from engine.tasks import run_to_end  # noqa: E402
from game.cpu import defence  # noqa: E402
from game.cpu.discard import candidates, style_facts  # noqa: E402
from game.cpu.strength import STRONG  # noqa: E402
from game.cpu.style import PARTS, features  # noqa: E402
from game.records import parse_log  # noqa: E402
from game.replay.door import ruleset_for  # noqa: E402
from game.coach.review import DecisionRecorder  # noqa: E402
from game.cpu.agent import CALLS_STOP  # noqa: E402
from game.cpu.calls import call_features, riichi_veto, ruled_call  # noqa: E402
from game.cpu.riichi import riichi_features  # noqa: E402
from game.rules.actions import Chi, Discard, OpenKan, Pon, Riichi, Ron  # noqa: E402
from game.rules.shanten import shanten  # noqa: E402
from game.rules.tiles import counts34  # noqa: E402

WEIGHTS = ROOT / "game" / "cpu" / "style_weights.py"
CACHE = ROOT / "build" / "style_decisions.pickle"
SEED = 20221
BATCH = 256
LEARNING_RATE = 0.01
SANMA_PARTS = {"RIICHI": "RIICHI_SANMA"}  # a three-player game's decisions, by the part they train
CALLS = (Chi, Pon, OpenKan)
HIDDEN = {"DISCARD": 48, "RIICHI": 8, "CALL": 8, "RIICHI_SANMA": 8}   # hidden units of each scorer
EPOCHS = {"DISCARD": 40, "RIICHI": 200, "CALL": 60, "RIICHI_SANMA": 200}  # passes over its decisions


def decisions_of(job: tuple[str, int]) -> dict[str, list]:
    """One seat's decisions in one game, by part: (the game, each choice's features, the index
    chosen). A riichi or a call is a choice between its features and none (yes: index 0). A
    three-player game gives its riichi turns only, as RIICHI_SANMA."""
    path, seat = job
    game = parse_log(Path(path).read_bytes(), path)
    ruleset = ruleset_for(game)
    found: dict[str, list] = {part: [] for part in PARTS}
    if ruleset.players == 3:
        for round_log in game.rounds:
            recorder = DecisionRecorder(round_log, ruleset, seat)
            recorder.replay.run()
            for note in recorder.take_notes():
                if note.view.last_discard is None and not note.taken:
                    _riichi_turn(path, note.view, note.action, ruleset, found["RIICHI_SANMA"])
        return found
    for round_log in game.rounds:
        recorder = DecisionRecorder(round_log, ruleset, seat)
        try:
            for _ in recorder.replay.run_task():
                pass
        except Exception:  # a round our rules cannot follow: its decisions so far still count
            pass
        for note in recorder.take_notes():
            if note.view.last_discard is None:
                _turn(path, note.view, note.action, ruleset, found)
            else:
                _answer(path, note, ruleset, found)
    return found


def _turn(path: str, view, action, ruleset, found: dict[str, list]) -> None:
    if not isinstance(action, (Discard, Riichi)):
        return
    cands = run_to_end(candidates(view, STRONG, ruleset))
    kinds = [c.kind for c in cands]
    kind = action.tile // 4
    if len(cands) < 2 or kind not in kinds:
        return
    threat = defence.threats(view)
    facts = run_to_end(style_facts(view, cands, threat, ruleset))
    rows = features(view, facts)
    found["DISCARD"].append((path, [rows[k] for k in kinds], kinds.index(kind)))
    _riichi_turn(path, view, action, ruleset, found["RIICHI"], cands, threat)


def _riichi_turn(path: str, view, action, ruleset, found: list, cands=None, threat=None) -> None:
    """A riichi decision where the player's cut could have been declared: its features, and
    whether the player declared (index 0) or stayed dama."""
    kind = action.tile // 4 if isinstance(action, (Discard, Riichi)) else None
    if kind is None or not any(isinstance(a, Riichi) and a.tile // 4 == kind for a in view.legal_actions):
        return
    cands = cands if cands is not None else run_to_end(candidates(view, STRONG, ruleset))
    c = next((c for c in cands if c.kind == kind), None)
    if c is None:
        return
    threat = threat if threat is not None else defence.threats(view)
    f = riichi_features(view, c.waits_unseen, sorted(c.advancing or ()), c.dama_points, c.riichi_points,
                        c.furiten, max(threat.values(), default=0.0), ruleset)
    found.append((path, [f, {}], 0 if isinstance(action, Riichi) else 1))


def _answer(path: str, note, ruleset, found: dict[str, list]) -> None:
    view, action = note.view, note.action
    calls = [a for a in view.legal_actions if isinstance(a, CALLS)]
    called = isinstance(action, CALLS)
    if not calls or Ron() in view.legal_actions or (note.taken and not called):
        return  # no call offered, a ron first, or a pass the log cannot tell (another claim took the tile)
    threat = defence.threats(view)
    chance = max(threat.values(), default=0.0)
    if chance >= CALLS_STOP and shanten(counts34(view.hand)) >= 2:
        return  # the CPU folds there and asks no scorer
    ruled = run_to_end(ruled_call(view, STRONG, ruleset, calls))
    got = run_to_end(call_features(view, ruleset, calls, ruled, chance))
    if got is not None and not riichi_veto(view, *got[1:]):
        found["CALL"].append((path, [got[1], {}], 0 if called else 1))  # (a vetoed call asks no scorer)


def collect(jobs: int, fresh: bool) -> dict[str, list]:
    """Every part's decisions (kept in build/ between runs; ``fresh`` replays the games again, and
    a part the kept copy lacks is replayed for)."""
    found = pickle.loads(CACHE.read_bytes()) if CACHE.exists() and not fresh else {}
    missing = [part for part in PARTS if part not in found]
    if not missing:
        return found
    work = []
    if set(missing) - set(SANMA_PARTS.values()):
        kept, _ = games(log_files(list(DEFAULT_LOGS)))
        work += [(str(path), seat) for path in kept for seat in range(4)]
    if set(missing) & set(SANMA_PARTS.values()):
        kept, _ = games(log_files(list(DEFAULT_SANMA_LOGS)), players=3)
        work += [(str(path), seat) for path in kept for seat in range(3)]
    with multiprocessing.Pool(jobs) as pool:
        parts = pool.map(decisions_of, work, chunksize=1)
    found.update({part: [d for one in parts for d in one[part]] for part in missing})
    CACHE.parent.mkdir(exist_ok=True)
    CACHE.write_bytes(pickle.dumps(found))
    return found


class Data:
    """The decisions as matrices: one row a candidate, its decision's rows together."""

    def __init__(self, decisions, names: list[str]) -> None:
        import numpy as np
        index = {n: i for i, n in enumerate(names)}
        self.x = []
        self.y = []
        for _, rows, chosen in decisions:
            m = np.zeros((len(rows), len(names)), dtype=np.float64)
            for r, row in enumerate(rows):
                for name, value in row.items():
                    m[r, index[name]] = value
            self.x.append(m)
            self.y.append(chosen)


def fit(data: Data, ids: list[int], hidden: int, epochs: int, l2: float) -> dict:
    """The scorer's weights fitted on the decisions ``ids`` (softmax over each one's candidates)."""
    import numpy as np
    rng = np.random.default_rng(SEED)
    width = data.x[0].shape[1]
    p = {"W1": rng.normal(0, 0.1, (width, hidden)), "b1": np.zeros(hidden),
         "w2": rng.normal(0, 0.1, hidden), "v": np.zeros(width)}
    m = {k: np.zeros_like(v) for k, v in p.items()}
    s = {k: np.zeros_like(v) for k, v in p.items()}
    step = 0
    batches = np.array_split(rng.permutation(ids), max(1, len(ids) // BATCH))
    for _ in range(epochs):
        for b in rng.permutation(len(batches)):
            batch = batches[b]
            sizes = [data.x[i].shape[0] for i in batch]
            a = np.vstack([data.x[i] for i in batch])
            offsets = np.cumsum([0] + sizes)
            chosen = np.array([offsets[j] + data.y[i] for j, i in enumerate(batch)])
            segment = np.repeat(np.arange(len(batch)), sizes)
            h = np.maximum(0, a @ p["W1"] + p["b1"])
            score = h @ p["w2"] + a @ p["v"]
            top = np.maximum.reduceat(score, offsets[:-1])
            e = np.exp(score - top[segment])
            prob = e / np.add.reduceat(e, offsets[:-1])[segment]
            grad_score = prob
            grad_score[chosen] -= 1
            grad_score /= len(batch)
            grad_h = np.outer(grad_score, p["w2"]) * (h > 0)
            grads = {"w2": h.T @ grad_score, "v": a.T @ grad_score, "W1": a.T @ grad_h, "b1": grad_h.sum(0)}
            step += 1
            for k in p:
                g = grads[k] + l2 * p[k]
                m[k] = 0.9 * m[k] + 0.1 * g
                s[k] = 0.999 * s[k] + 0.001 * g * g
                p[k] -= LEARNING_RATE * (m[k] / (1 - 0.9 ** step)) / (np.sqrt(s[k] / (1 - 0.999 ** step)) + 1e-8)
    return p


def accuracy(data: Data, ids: list[int], p: dict) -> float:
    import numpy as np
    hits = 0
    for i in ids:
        score = np.maximum(0, data.x[i] @ p["W1"] + p["b1"]) @ p["w2"] + data.x[i] @ p["v"]
        hits += int(np.argmax(score)) == data.y[i]
    return hits / max(1, len(ids))


def _row(values) -> str:
    return "(" + ", ".join(f"{v:.4f}" for v in values) + ("," if len(values) == 1 else "") + ")"


def scorer_text(part: str, p: dict, names: list[str]) -> list[str]:
    lines = [f"{part} = dict(", "    names=("]
    lines += [f"        {name!r}," for name in names]
    lines += ["    ),", "    hidden=("]
    lines += [f"        {_row(r)}," for r in p["W1"]]
    lines += ["    ),", f"    bias={_row(p['b1'])},", f"    out={_row(p['w2'])},", f"    linear={_row(p['v'])},", ")", ""]
    return lines


def write(trained: dict[str, tuple[dict, list[str], str]]) -> None:
    """style_weights.py again: the ``trained`` parts' (weights, names, note), the others as kept."""
    from game.cpu import style_weights
    kept_notes = {line.split(":")[0]: line for line in (style_weights.__doc__ or "").splitlines() if ":" in line}
    scorers, notes = [], []
    for part in PARTS:
        if part in trained:
            p, names, note = trained[part]
        else:
            w = getattr(style_weights, part)
            p, names = {"W1": w["hidden"], "b1": w["bias"], "w2": w["out"], "v": w["linear"]}, list(w["names"])
            note = kept_notes[part]
        scorers.append((part, p, names))
        notes.append(note)
    lines = ['"""The weights of the strong CPU\'s scorers (game.cpu.style), written by',
             "``python tools/train_style.py`` from the Phoenix-room games of tests/data: do not edit.", ""]
    lines += notes + ['"""', ""]
    for part, p, names in scorers:
        lines += scorer_text(part, p, names)
    WEIGHTS.write_text("\n".join(lines))


def train(part: str, decisions: list, hidden: int, epochs: int, l2: float, folds: int) -> tuple[dict, list[str], str]:
    """Cross-validate one part (folds by game), then fit it on every game: (weights, names, note)."""
    names = sorted({name for _, rows, _ in decisions for row in rows for name in row})
    data = Data(decisions, names)
    paths = sorted({path for path, _, _ in decisions})
    fold_of = [paths.index(path) % folds for path, _, _ in decisions]
    hits = 0.0
    for fold in range(folds):
        train_ids = [i for i, f in enumerate(fold_of) if f != fold]
        test = [i for i, f in enumerate(fold_of) if f == fold]
        share = accuracy(data, test, fit(data, train_ids, hidden, epochs, l2))
        hits += share * len(test)
        print(f"{part} fold {fold}: {len(test)} decisions, {100 * share:.1f}% as the players chose", flush=True)
    held_out = hits / len(decisions)
    p = fit(data, list(range(len(decisions))), hidden, epochs, l2)
    fitted = accuracy(data, list(range(len(decisions))), p)
    note = (f"{part}: {len(decisions)} decisions of {len(paths)} games, {len(names)} features, {hidden} hidden "
            f"units, {epochs} epochs, L2 {l2}: {100 * held_out:.1f}% as the players chose in games left out "
            f"of the fit ({folds} folds by game), {100 * fitted:.1f}% in the games fitted.")
    print(note, flush=True)
    return p, names, note


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--fresh", action="store_true", help="replay the games again (else build/'s copy)")
    parser.add_argument("--check", action="store_true", help="print the cross-validated accuracy only")
    parser.add_argument("--part", choices=PARTS, nargs="+", default=list(PARTS))
    args = parser.parse_args()
    found = collect(args.jobs, args.fresh)
    trained = {part: train(part, found[part], HIDDEN[part], EPOCHS[part], args.l2, args.folds) for part in args.part}
    if not args.check:
        write(trained)
        print(f"wrote {WEIGHTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
