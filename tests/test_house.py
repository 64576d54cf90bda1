"""The house rules (tools/house.py): layers, no import circle, a rules core with no I/O and no
clock, rooms of a readable size, and a design.md whose list of rooms is the tree."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import house  # noqa: E402  (tools/house.py)

# its tests share a module fixture: one worker reads the modules (make test runs --dist loadgroup)
pytestmark = pytest.mark.xdist_group("house")


@pytest.fixture(scope="module")
def modules():
    """The house's modules, read once by the worker that runs these tests (read at import, every
    worker spent two seconds on them while collecting)."""
    return house.read_modules()


def test_every_module_of_game_stands_in_the_folder_of_its_cluster(modules):
    """No module in game/ itself but the package's __init__ and __main__ (issue 48)."""
    assert house.loose_modules(modules) == []
    assert not [p.name for p in (ROOT / "game").glob("*.py") if p.name not in ("__init__.py", "__main__.py")]


def test_no_import_circle(modules):
    assert house.cycles(modules) == []


def test_each_layer_imports_only_what_it_may(modules):
    assert house.layer_breaches(modules) == []


def test_the_rules_core_does_no_io_and_reads_no_clock(modules):
    """design.md: "No I/O and no clock; its one draw of chance is wall.new_seed_code()"."""
    assert house.purity_breaches(modules) == []
    assert all(not m.impure for name, m in modules.items() if name.startswith("game.rules") and name != "game.rules.wall")


@pytest.mark.parametrize("source", [
    "def load(path):\n    with open(path) as f:\n        return f.read()",
    "import time\ndef now():\n    return time.perf_counter()",
    "def now():\n    from time import monotonic\n    return monotonic()",
    "import datetime\nTODAY = datetime.date.today()",
    "import os\nSEED = os.environ.get('SEED')",
    "import os.path\n",
    "from pathlib import Path\n",
    "import sys\nsys.stdout.write('x')",
    "print('debug')",
    "import random\nrandom.shuffle([1, 2])",
    "from random import choice\n",
    "import random\nrng = random.Random()",
    "import secrets\nsecrets.token_hex()",
])
def test_the_purity_check_sees_io_a_clock_or_unseeded_chance_in_the_rules_core(source):
    module = house.Module("game.rules.tiles", ROOT / "game" / "rules" / "tiles.py", 1, set(),
                          impure=house.impurities(house.ast.parse(source)))
    assert module.impure and len(house.purity_breaches({module.name: module})) == len(module.impure)


def test_the_purity_check_lets_seeded_chance_and_the_wall_s_fresh_code_be(modules):
    assert house.impurities(house.ast.parse("import random\nrng = random.Random(seed)\nrng.shuffle(x)")) == []
    assert house.impurities(house.ast.parse("from . import tiles\nfrom .errors import InputError")) == []
    assert house.impurities(house.ast.parse("import secrets"), {"secrets"}) == []
    assert modules["game.rules.wall"].impure == []  # its secrets is allowed, and only there


def test_no_room_is_too_large_unless_design_md_says_why(modules):
    assert house.oversized(modules) == []


def test_the_checks_see_a_circle_hidden_in_a_function_and_a_breach_of_the_rules_core():
    fake = {
        "game.rules.a": house.Module("game.rules.a", ROOT, 1, {"game.rules.b", "pyxel"}),
        "game.rules.b": house.Module("game.rules.b", ROOT, 1, {"game.rules.a", "game.play.driver"}),
        "game.play.driver": house.Module("game.play.driver", ROOT, 1, set()),
    }
    assert house.cycles(fake) == [["game.rules.a", "game.rules.b"]]
    breaches = house.layer_breaches(fake)
    assert any("game.rules.a imports pyxel" in b for b in breaches)
    assert any("game.rules.b imports game.play.driver" in b for b in breaches)


def test_an_import_inside_a_function_counts():
    tree = house.ast.parse("def later():\n    from game.rules import round\n")
    assert house.raw_imports(tree, "game.rules") == {"game.rules:round"}


def test_design_md_lists_every_room_of_the_tree_and_nothing_else():
    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    rooms = text.split("## The rooms", 1)[1].split("\n## ", 1)[0]
    listed = {path for path in re.findall(r"`((?:engine|game)/[\w/]+\.py)`", rooms)
              if not path.endswith("__init__.py")}
    tree = {p.relative_to(ROOT).as_posix() for package in ("engine", "game") for p in (ROOT / package).rglob("*.py")
            if p.name not in ("__init__.py", "__main__.py")}
    assert sorted(tree - listed) == [] and sorted(listed - tree) == []


def test_the_tools_own_examples():
    import doctest

    assert doctest.testmod(house).failed == 0
