"""The house rules a parser can check: layers, import circles, and the size of each room.

    .venv/bin/python tools/house.py        # prints the report; exit 1 when a rule is broken

Every import is counted, wherever it stands (inside a function, under ``TYPE_CHECKING``): an
import put inside a function to dodge a circle is still a circle. The rules:

- the rules core (``game/rules/``) imports only the standard library, itself and
  ``engine.tasks`` (the generator protocol: no clock, no pyxel);
- the rules core does no I/O and reads no clock (``impurities``): no module of the clock, the
  files, the operating system or the network (``time``, ``datetime``, ``os``, ``io``,
  ``pathlib``, ``sys``...), no ``open``, ``print`` or ``input``, and no chance but from a seed:
  ``random`` only as ``random.Random(seed)``; its one draw of chance, ``secrets`` in
  ``game.rules.wall`` (a fresh seed code), is named in ``CHANCE_ALLOWED``;
- ``engine/`` never imports ``game``; only ``game/ui/``, ``engine/`` and ``main.py`` import pyxel;
  nothing outside ``game/ui/`` and ``main.py`` imports ``game.ui``;
- no module in ``game/`` itself but ``__init__`` and ``__main__``: every room stands in the
  folder of its cluster (``game/play/``, ``game/replay/``, ``game/coach/`` ...), so the folders
  are the architecture;
- no import circle between our modules;
- no module over ``MAX_MODULE_LINES`` lines and no class over ``MAX_CLASS_LINES``, unless
  ``docs/design.md`` names it in its list of large rooms with the reason.

``tests/test_house.py`` runs the same checks.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "game")
MAX_MODULE_LINES = 500  # a room past this is asking to be split
MAX_CLASS_LINES = 400
RULES_MAY_IMPORT = ("game.rules", "engine.tasks")
DESIGN = ROOT / "docs" / "design.md"
# What the rules core may not touch: a clock, files, the process, the network, other code.
IMPURE_MODULES = frozenset({
    "time", "datetime", "zoneinfo", "calendar", "os", "io", "pathlib", "shutil", "tempfile", "glob",
    "fileinput", "sys", "subprocess", "signal", "threading", "multiprocessing", "asyncio", "socket",
    "select", "selectors", "urllib", "http", "ssl", "sqlite3", "pickle", "shelve", "logging",
    "importlib", "uuid", "secrets", "builtins",
})
IMPURE_CALLS = frozenset({"open", "print", "input", "breakpoint", "exec", "eval", "__import__"})
LOOSE_ALLOWED = ("__init__.py", "__main__.py")  # the package and `python -m game`
CHANCE_ALLOWED = {"game.rules.wall": {"secrets"}}  # the one draw of chance: a fresh seed code


@dataclass
class Module:
    name: str
    path: Path
    lines: int
    imports: set[str] = field(default_factory=set)  # every module it names, ours or not
    classes: dict[str, int] = field(default_factory=dict)  # class name -> lines
    impure: list[str] = field(default_factory=list)  # its I/O, clock and unseeded chance (see impurities)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def read_modules() -> dict[str, Module]:
    """Every module of engine/, game/ and main.py, with what it imports and its classes' sizes."""
    paths = [p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))]
    paths.append(ROOT / "main.py")
    modules = {}
    for path in paths:
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        module = Module(module_name(path), path, len(source.splitlines()))
        package = module.name if path.name == "__init__.py" else module.name.rpartition(".")[0]
        module.imports = raw_imports(tree, package)
        module.classes = {node.name: node.end_lineno - node.lineno + 1
                          for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
        module.impure = impurities(tree, CHANCE_ALLOWED.get(module.name, set()))
        modules[module.name] = module
    for module in modules.values():  # keep only what resolves to one of ours, or pyxel, or outside
        module.imports = {_resolve(name, modules) for name in module.imports} - {module.name}
    return modules


def raw_imports(tree: ast.AST, package: str) -> set[str]:
    r"""Every import in a module's tree, wherever it stands: ``a.b`` for ``import a.b``, and
    ``a.b:name`` for ``from a.b import name`` (``_resolve`` tells a submodule from a name).

        >>> sorted(raw_imports(ast.parse("def f():\n    from game.rules import tiles"), "game"))
        ['game.rules:tiles']
        >>> sorted(raw_imports(ast.parse("from .tiles import counts34"), "game.rules"))
        ['game.rules.tiles:counts34']
    """
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package, up level-1 steps
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            found.update(f"{base}:{alias.name}" for alias in node.names)
    return found


def impurities(tree: ast.AST, allowed: set[str] = frozenset()) -> list[str]:
    r"""Each use of I/O, a clock or unseeded chance in a module's tree, as ``line N: what``:
    an import of one of ``IMPURE_MODULES`` (but the ``allowed``), a call of one of
    ``IMPURE_CALLS``, and ``random`` but as ``random.Random(seed)`` (its module functions
    draw from a generator seeded by the operating system, and so does ``Random()``).

        >>> impurities(ast.parse("import time\nstart = time.perf_counter()"))
        ['line 1: imports time']
        >>> impurities(ast.parse("def f(path):\n    return open(path).read()"))
        ['line 2: calls open()']
        >>> impurities(ast.parse("import random\nrng = random.Random(7)\nrandom.shuffle([])"))
        ['line 3: random.shuffle: chance not drawn from a seed']
        >>> impurities(ast.parse("from random import Random\nRandom()"))
        ['line 2: Random() without a seed']
    """
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            for name in names:
                top = name.split(".")[0]
                if top in IMPURE_MODULES and top not in allowed and not (isinstance(node, ast.ImportFrom) and node.level):
                    found.append(f"line {node.lineno}: imports {name}")
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                found += [f"line {node.lineno}: from random import {a.name}: chance not drawn from a seed"
                          for a in node.names if a.name != "Random"]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random":
            if node.attr != "Random":
                found.append(f"line {node.lineno}: random.{node.attr}: chance not drawn from a seed")
        elif isinstance(node, ast.Call):
            callee = node.func
            name = callee.id if isinstance(callee, ast.Name) else ""
            if name in IMPURE_CALLS:
                found.append(f"line {node.lineno}: calls {name}()")
            is_random = name == "Random" or (isinstance(callee, ast.Attribute) and callee.attr == "Random"
                                            and isinstance(callee.value, ast.Name) and callee.value.id == "random")
            if is_random and not node.args and not node.keywords:
                found.append(f"line {node.lineno}: {'random.' if name != 'Random' else ''}Random() without a seed")
    return sorted(found, key=lambda line: int(line.split()[1].rstrip(":")))


def _resolve(name: str, modules: dict[str, Module]) -> str:
    """The module an imported name stands for: ours when it is ours, else its top package.

    ``base:name`` comes from ``from base import name``: the module ``base.name`` when there is
    one (a submodule), else ``base`` itself.
    """
    base, _, attribute = name.partition(":")
    if attribute and f"{base}.{attribute}" in modules:
        return f"{base}.{attribute}"
    if base in modules:
        return base
    return base.split(".")[0]


def cycles(modules: dict[str, Module]) -> list[list[str]]:
    """The import circles among our modules (each strongly connected component of two or more).

    A package's ``__init__`` counts as the module it is: ``game.cpu`` importing
    ``game.cpu.agent`` that imports ``game.cpu`` is a circle.
    """
    graph = {name: sorted(i for i in m.imports if i in modules) for name, m in modules.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm, iterative enough for our depth
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for name in graph:
        if name not in index:
            visit(name)
    return found


def layer_breaches(modules: dict[str, Module]) -> list[str]:
    """Each import that crosses a layer the wrong way, as one line."""
    ours = set(modules)
    breaches = []
    for name, module in sorted(modules.items()):
        for imported in sorted(module.imports):
            line = f"{name} imports {imported}"
            if name.startswith("game.rules") and imported in ours and not imported.startswith(RULES_MAY_IMPORT):
                breaches.append(f"{line}: the rules core imports only itself and engine.tasks")
            if name.startswith("game.rules") and imported not in ours and imported not in sys.stdlib_module_names:
                breaches.append(f"{line}: the rules core imports only the standard library")
            if name.startswith("engine") and imported.startswith("game"):
                breaches.append(f"{line}: engine/ never imports game/")
            if imported == "pyxel" and not name.startswith(("game.ui", "engine", "main")):
                breaches.append(f"{line}: only game/ui/, engine/ and main.py import pyxel")
            if imported.startswith("game.ui") and not name.startswith(("game.ui", "main")):
                breaches.append(f"{line}: only game/ui/ and main.py import the scenes")
    return breaches


def purity_breaches(modules: dict[str, Module]) -> list[str]:
    """The rules core's I/O, clock reads and unseeded chance (``impurities``), one line each."""
    return [f"{module.path.relative_to(ROOT)} {line}: the rules core does no I/O and reads no clock"
            for name, module in sorted(modules.items()) if name.startswith("game.rules") for line in module.impure]


def loose_modules(modules: dict[str, Module]) -> list[str]:
    """The modules that stand in ``game/`` itself, outside any folder (but ``LOOSE_ALLOWED``).

        >>> loose_modules({"game.sim": Module("game.sim", ROOT / "game" / "sim.py", 1),
        ...                "game.play.sim": Module("game.play.sim", ROOT / "game" / "play" / "sim.py", 1)})
        ['game/sim.py: a loose module in game/ (put it in the folder of its cluster)']
    """
    found = []
    for name, module in sorted(modules.items()):
        path = module.path.relative_to(ROOT)
        if path.parent == Path("game") and path.name not in LOOSE_ALLOWED:
            found.append(f"{path}: a loose module in game/ (put it in the folder of its cluster)")
    return found


def excused_rooms() -> set[str]:
    """The modules and classes design.md lets stay large (its "Large rooms" list)."""
    text = DESIGN.read_text(encoding="utf-8")
    section = text.split("### Large rooms", 1)[1].split("\n#", 1)[0] if "### Large rooms" in text else ""
    return set(re.findall(r"^- `([\w./:]+)`", section, flags=re.M))


def oversized(modules: dict[str, Module]) -> list[str]:
    """Modules over MAX_MODULE_LINES and classes over MAX_CLASS_LINES that design.md does not excuse."""
    excused = excused_rooms()
    found = []
    for name, module in sorted(modules.items()):
        path = str(module.path.relative_to(ROOT))
        if module.lines > MAX_MODULE_LINES and path not in excused:
            found.append(f"{path}: {module.lines} lines")
        for cls, lines in module.classes.items():
            if lines > MAX_CLASS_LINES and f"{path}:{cls}" not in excused:
                found.append(f"{path}:{cls}: a class of {lines} lines")
    return found


def main() -> int:
    modules = read_modules()
    problems = [f"circle: {' <-> '.join(c)}" for c in cycles(modules)]
    problems += layer_breaches(modules)
    problems += purity_breaches(modules)
    problems += loose_modules(modules)
    problems += [f"too large: {line}" for line in oversized(modules)]
    largest = sorted(modules.values(), key=lambda m: -m.lines)[:5]
    print(f"{len(modules)} modules; largest: " + ", ".join(f"{m.path.relative_to(ROOT)} {m.lines}" for m in largest))
    biggest = max(((c, n, m.name) for m in modules.values() for c, n in m.classes.items()), key=lambda t: t[1])
    print(f"largest class: {biggest[2]}.{biggest[0]} {biggest[1]} lines")
    for line in problems:
        print(line)
    print("house rules hold" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
