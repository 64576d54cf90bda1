"""The web export (tools/web.py): a reproducible page holding only the cartridge, the Pyodide pin,
the stand-in pyxel's coverage, and what the cartridge may not do in a browser.

The game itself under Pyodide is `make web-check` (run by `make test` where node is present).
"""

from __future__ import annotations

import ast
import base64
import importlib.util
import json
import re
import sys
import zipfile
from pathlib import Path

import pytest

# its tests share a module fixture: one worker runs them all (make test runs pytest-xdist --dist loadgroup)
pytestmark = pytest.mark.xdist_group("web")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import web  # noqa: E402

# What Pyodide lacks or a browser cannot wait for: threads, processes, blocking waits.
FORBIDDEN_MODULES = {"threading", "_thread", "subprocess", "multiprocessing", "concurrent", "socket",
                     "signal", "select", "selectors"}
# The one exception: the writer (engine/writer.py) imports threading for its thread beside the
# frames on a computer; in the browser ``Writer.machine`` is inline and starts none (checked below).
# Pyodide's threading imports; only starting a thread fails there.
ALLOWED = {("writer.py", "threading")}
FORBIDDEN_CALLS = {("time", "sleep"), ("time", "thread_time"), ("time", "thread_time_ns"), ("os", "fork"),
                   ("os", "system"), ("os", "popen"), ("os", "wait"), ("os", "waitpid")}


def _load_workloads():
    spec = importlib.util.spec_from_file_location("web_workloads", ROOT / "web" / "workloads.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """Two builds from the same tree, each in its own folders."""
    made = []
    for name in ("one", "two"):
        folder = tmp_path_factory.mktemp(name)
        made.append(web.build(out_dir=folder / "dist", staging=folder / "staging"))
    return made


def test_two_builds_are_byte_identical(builds):
    (app1, html1), (app2, html2) = builds
    assert app1.name == "pico-riichi.pyxapp" and html1.name == "pico-riichi.html"
    assert app1.read_bytes() == app2.read_bytes()
    assert html1.read_bytes() == html2.read_bytes()


def test_the_app_holds_the_cartridge_and_nothing_else(builds):
    app, _ = builds[0]
    with zipfile.ZipFile(app) as archive:
        names = archive.namelist()
        marker = archive.read("pico-riichi/.pyxapp_startup_script").decode()
        main = archive.read("pico-riichi/main.py")
    assert marker == "main.py" and main == (ROOT / "main.py").read_bytes()
    expected = {"pico-riichi/main.py", "pico-riichi/resources.pyxres", "pico-riichi/.pyxapp_startup_script"}
    expected |= {f"pico-riichi/{p.relative_to(ROOT).as_posix()}" for folder in ("engine", "game")
                 for p in (ROOT / folder).rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert set(names) == expected


def test_the_page_embeds_the_app_and_loads_the_installed_pyxels_runtime(builds):
    import pyxel

    app, html = builds[0]
    page = html.read_text()
    assert f"https://cdn.jsdelivr.net/gh/kitao/pyxel@{pyxel.VERSION}/wasm/pyxel.js" in page
    embedded = re.search(r'base64: "([A-Za-z0-9+/=]+)"', page).group(1)
    assert base64.b64decode(embedded) == app.read_bytes()


def test_the_check_unpacks_the_app_as_pyxel_does(builds, tmp_path):
    import pyxel.cli

    app, _ = builds[0]
    theirs = Path(pyxel.cli._extract_pyxel_app(str(app)))
    ours = _load_workloads().unpack(app, tmp_path)
    assert ours.relative_to(tmp_path) == theirs.relative_to(theirs.parent.parent)
    files = {p.relative_to(ours.parent) for p in ours.parent.rglob("*") if p.is_file()}
    assert files == {p.relative_to(theirs.parent) for p in theirs.parent.rglob("*") if p.is_file()}


def test_the_installed_pyxel_is_pinned_to_the_locked_pyodide():
    import pyxel

    assert web.pinned_pyodide() == web.PYODIDE_FOR_PYXEL[pyxel.VERSION]


def test_an_unpinned_pyxel_fails_the_check(monkeypatch):
    import pyxel

    monkeypatch.setattr(pyxel, "VERSION", "2.99.0")
    with pytest.raises(web.BuildError, match="pyxel 2.99.0 is installed"):
        web.pinned_pyodide()


def test_a_lock_file_with_another_pyodide_fails_the_check(monkeypatch, tmp_path):
    lock = {"packages": {"node_modules/pyodide": {"version": "0.26.4"}}}
    (tmp_path / "package-lock.json").write_text(json.dumps(lock))
    monkeypatch.setattr(web, "WEB", tmp_path)
    with pytest.raises(web.BuildError, match="package-lock.json has pyodide 0.26.4"):
        web.pinned_pyodide()


def _stand_in():
    spec = importlib.util.spec_from_file_location("pyxel_stand_in", ROOT / "web" / "stand_in" / "pyxel.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _cartridge_modules() -> list[Path]:
    """main.py and every game/engine module it imports, directly or not (lazy imports too)."""
    seen: dict[Path, None] = {}
    todo = [ROOT / "main.py"]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen[path] = None
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            for name in names:
                base = ROOT.joinpath(*name.split("."))
                for candidate in (base.with_suffix(".py"), base / "__init__.py"):
                    if name.split(".")[0] in ("game", "engine") and candidate.is_file():
                        todo.append(candidate)
    return list(seen)


def test_the_cartridge_uses_no_threads_processes_or_blocking_waits():
    modules = _cartridge_modules()
    assert ROOT / "game" / "ui" / "table.py" in modules  # the walk reaches the scenes
    found = []
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found += [(path.name, a.name) for a in node.names if a.name.split(".")[0] in FORBIDDEN_MODULES]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in FORBIDDEN_MODULES:
                found.append((path.name, node.module))
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if (node.value.id, node.attr) in FORBIDDEN_CALLS:
                    found.append((path.name, f"{node.value.id}.{node.attr}"))
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "input":
                found.append((path.name, "input()"))
    assert [f for f in found if f not in ALLOWED] == []


def test_the_writer_starts_no_thread_in_a_browser():
    from engine.writer import Writer

    browser = Writer.machine("emscripten")
    job = browser.hand(lambda: "written")
    assert not browser.is_threaded and browser.thread is None and job.done and job.result == "written"
    assert Writer.machine("linux").is_threaded


def test_the_stand_in_pyxel_has_everything_the_cartridge_uses():
    import pyxel

    stand_in = _stand_in()
    stand_in.set_constants(web.pyxel_constants())
    used = set()
    for path in _cartridge_modules():
        used |= set(re.findall(r"\bpyxel\.([A-Za-z_][A-Za-z0-9_]*)", path.read_text()))
    used |= {f"KEY_{c}" for c in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"}  # the title's getattr(pyxel, f"KEY_{c}")
    missing = sorted(name for name in used if not hasattr(stand_in, name))
    assert missing == []
    constants = {name for name in used if name.isupper()}
    assert all(getattr(stand_in, name) == getattr(pyxel, name) for name in constants)
