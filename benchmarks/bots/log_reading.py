"""Where an outside measure's games are won and lost: counts over the referee's logs.

    python benchmarks/bots/log_reading.py DIR [DIR ...]

Each ``DIR`` holds the logs a measure keeps with ``--logs DIR`` (``seed-S-seat-N.json.gz``: the
referee's mjai events, our seat N). For our seat and for the three others together it prints:

- rounds, wins (open ones apart) and deal-ins, as fractions of rounds, and their average points;
- the round's first chi or pon, by the shanten the hand is left at (0: tenpai after its
  discard): how often that round was won, dealt into, and its points won or lost;
- the same for the first chi or pon made while another seat is in riichi;
- points a game by where they flow: wins, deal-ins, others' tsumo, exhaustive draws (noten
  payments) and riichi sticks put down;
- with no riichi out and another seat open with two calls (or three and more), how often a
  hand that could be tenpai after its discard stayed tenpai (the rest broke it to defend);
- rounds by how the hand was played: opened (a chi, pon or open kan), riichi, or neither (a
  closed hand that never declared: dama, folded, or still on its way at the end), as shares of
  rounds, with how often each was won and its points a round.

Points are the round's score changes (wins, deal-ins, noten payments); a riichi's own stick is
not in them. The hands are followed from the deal through every draw, discard and call.
"""

from __future__ import annotations

import collections
import gzip
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))
from game.mjai.protocol import kind_of  # noqa: E402  (a red five reads as its kind)
from game.rules.shanten import shanten  # noqa: E402

CALLS = ("chi", "pon")
FLOWS = ("wins", "deal-ins", "tsumo paid", "draws", "riichi sticks")
PLAYED = ("opened", "riichi", "neither")


class Round:
    """One round followed event by event: the hands, the riichi, the first calls, the result."""

    def __init__(self, start: dict) -> None:
        self.hands = [[0] * 34 for _ in range(4)]
        for seat, tiles in enumerate(start["tehais"]):
            for name in tiles:
                self.hands[seat][kind_of(name)] += 1
        self.riichi = [False] * 4
        self.first_call: dict[int, tuple[int, bool]] = {}  # seat: (shanten after it, riichi out)
        self.won: dict[int, tuple[int, bool]] = {}        # seat: (points, open)
        self.dealt: dict[int, int] = {}
        self.deltas = [0] * 4
        self.calls = [0] * 4  # open calls made: chi, pon, open kan
        self.flows = [dict.fromkeys(FLOWS, 0) for _ in range(4)]
        self.kept_tenpai: list[tuple[int, int, bool]] = []  # (seat, the open seat's calls, kept)

    def follow(self, event: dict) -> None:
        kind, actor = event["type"], event.get("actor")
        if kind == "tsumo" and event["pai"] != "?":
            self.hands[actor][kind_of(event["pai"])] += 1
        elif kind == "dahai":
            self._facing_open(actor, kind_of(event["pai"]))
            self.hands[actor][kind_of(event["pai"])] -= 1
        elif kind in (*CALLS, "daiminkan", "ankan"):
            for name in event["consumed"]:
                self.hands[actor][kind_of(name)] -= 1
            if kind != "ankan":
                self.calls[actor] += 1
            if kind in CALLS and actor not in self.first_call:
                out = any(self.riichi[s] for s in range(4) if s != actor)
                self.first_call[actor] = (min(shanten(self.hands[actor]), 3), out)
        elif kind == "kakan":
            self.hands[actor][kind_of(event["pai"])] -= 1
        elif kind == "reach_accepted":
            self.riichi[actor] = True
            self.flows[actor]["riichi sticks"] -= 1000
        elif kind == "hora":
            self.won[actor] = (event["deltas"][actor], self.calls[actor] > 0)
            if event["target"] != actor:
                self.dealt[event["target"]] = -event["deltas"][event["target"]]
            self.deltas = [a + b for a, b in zip(self.deltas, event["deltas"])]
            for seat, delta in enumerate(event["deltas"]):
                flow = "wins" if seat == actor else "deal-ins" if seat == event["target"] else "tsumo paid"
                self.flows[seat][flow] += delta
        elif kind == "ryukyoku":
            deltas = event.get("deltas", [0] * 4)
            self.deltas = [a + b for a, b in zip(self.deltas, deltas)]
            for seat, delta in enumerate(deltas):
                self.flows[seat]["draws"] += delta

    def played(self, seat: int) -> str:
        """How the seat's hand was played this round (one of PLAYED)."""
        return "opened" if self.calls[seat] else "riichi" if self.riichi[seat] else "neither"

    def _facing_open(self, seat: int, thrown: int) -> None:
        """Note a discard that could keep a tenpai while an open hand of two calls or more is
        out and no riichi: whether it did."""
        most = max(self.calls[s] for s in range(4) if s != seat)
        if any(self.riichi) or most < 2:
            return
        hand = self.hands[seat]
        after = []
        for kind in range(34):
            if hand[kind]:
                hand[kind] -= 1
                after.append((kind, shanten(hand)))
                hand[kind] += 1
        if min(steps for _, steps in after) == 0:
            self.kept_tenpai.append((seat, min(most, 3), dict(after)[thrown] == 0))


def rounds_of(path: Path):
    """(our seat, Round) for every round of one kept log."""
    ours = int(re.search(r"seat-(\d)", path.name).group(1))
    current = None
    with gzip.open(path, "rt") as f:
        for line in f:
            event = json.loads(line)
            if event["type"] == "start_kyoku":
                current = Round(event)
            elif event["type"] == "end_kyoku" and current is not None:
                yield ours, current
                current = None
            elif current is not None:
                current.follow(event)


def tally(folders: list[Path]) -> dict:
    """The counts over every log in ``folders``, by side ("ours", "theirs")."""
    sides = {side: collections.Counter() for side in ("ours", "theirs")}
    calls = collections.defaultdict(collections.Counter)
    games = 0
    for path in sorted(p for folder in folders for p in folder.glob("*.json.gz")):
        games += 1
        for ours, rnd in rounds_of(path):
            for seat, most, kept in rnd.kept_tenpai:
                count = sides["ours" if seat == ours else "theirs"]
                count[f"tenpai open {most}"] += 1
                count[f"tenpai open {most} kept"] += kept
            for seat in range(4):
                side = "ours" if seat == ours else "theirs"
                count = sides[side]
                count["rounds"] += 1
                how = rnd.played(seat)
                count[f"played {how}"] += 1
                count[f"played {how} won"] += seat in rnd.won
                count[f"played {how} points"] += rnd.deltas[seat]
                for flow, points in rnd.flows[seat].items():
                    count[f"flow {flow}"] += points
                if seat in rnd.won:
                    points, opened = rnd.won[seat]
                    count["wins"] += 1
                    count["win points"] += points
                    count["open wins"] += opened
                if seat in rnd.dealt:
                    count["deal-ins"] += 1
                    count["deal-in points"] += rnd.dealt[seat]
                if seat in rnd.first_call:
                    steps, out = rnd.first_call[seat]
                    for key in ((side, "any", steps), (side, "riichi out", steps)) if out else ((side, "any", steps),):
                        calls[key]["rounds"] += 1
                        calls[key]["won"] += seat in rnd.won
                        calls[key]["dealt"] += seat in rnd.dealt
                        calls[key]["points"] += rnd.deltas[seat]
    return {"sides": sides, "calls": calls, "games": games}


def report(found: dict) -> str:
    lines = []
    for side, c in found["sides"].items():
        n = max(1, c["rounds"])
        lines.append(f"{side:7} rounds {c['rounds']:6}  win {c['wins'] / n:6.1%} (open {c['open wins'] / n:5.1%}) "
                     f"avg {c['win points'] / max(1, c['wins']):6.0f}   deal-in {c['deal-ins'] / n:6.1%} "
                     f"avg {c['deal-in points'] / max(1, c['deal-ins']):6.0f}")
    lines.append("points a game (theirs: each seat's), by where they flow:")
    for side, c in found["sides"].items():
        seats = 1 if side == "ours" else 3
        games = max(1, found["games"]) * seats
        flows = "  ".join(f"{flow} {c[f'flow {flow}'] / games:+6.0f}" for flow in FLOWS)
        lines.append(f"  {side:7} {flows}  total {sum(c[f'flow {f}'] for f in FLOWS) / games:+6.0f}")
    lines.append("no riichi out, an open hand of 2 (3: or more) calls: a possible tenpai kept")
    for side, c in found["sides"].items():
        kept = "  ".join(f"{most} calls {c[f'tenpai open {most} kept'] / max(1, c[f'tenpai open {most}']):6.1%} "
                         f"of {c[f'tenpai open {most}']}" for most in (2, 3))
        lines.append(f"  {side:7} {kept}")
    lines.append("rounds by how the hand was played: share of rounds, won, points a round")
    for side, c in found["sides"].items():
        shares = "  ".join(f"{how} {c[f'played {how}'] / max(1, c['rounds']):6.1%} "
                           f"won {c[f'played {how} won'] / max(1, c[f'played {how}']):6.1%} "
                           f"{c[f'played {how} points'] / max(1, c[f'played {how}']):+6.0f}" for how in PLAYED)
        lines.append(f"  {side:7} {shares}")
    lines.append("first chi or pon of a round, by the shanten it leaves (3: three or more):")
    for (side, when, steps), c in sorted(found["calls"].items()):
        n = c["rounds"]
        lines.append(f"  {side:7} {when:10} shanten {steps}: rounds {n:5}  won {c['won'] / n:6.1%}  "
                     f"dealt in {c['dealt'] / n:6.1%}  points a round {c['points'] / n:+7.0f}")
    return "\n".join(lines)


if __name__ == "__main__":
    folders = [Path(a) for a in sys.argv[1:]]
    if not folders or not all(f.is_dir() for f in folders):
        raise SystemExit("usage: python benchmarks/bots/log_reading.py DIR [DIR ...] (logs a measure kept with --logs)")
    print(report(tally(folders)))
