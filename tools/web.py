"""The web export: one HTML file that plays the game in a browser, and its offline check.

    .venv/bin/python tools/web.py build     # dist/pico-riichi.pyxapp and dist/pico-riichi.html
    .venv/bin/python tools/web.py check     # the game under the page's Pyodide, against CPython

``build`` copies only what the cartridge needs (main.py, resources.pyxres, engine/, game/) into a
staging folder, packs it with ``pyxel package`` (which packs every file of the folder it is given),
pins what the archive would otherwise take from the clock and the file system (entry times,
permissions), and inlines the archive into a page with ``pyxel app2html``. The same commit gives
the same bytes.

The page loads Pyxel's web runtime from a CDN when it opens: pyxel.js of the pyxel version that
built it, which loads Pyodide (``PYODIDE_FOR_PYXEL``) and Pyxel's wasm wheel. That runtime is on no
package registry, so ``check`` runs the game's Python under the npm package ``pyodide`` of that
same version (pinned in web/package-lock.json) in Node, with a stand-in for pyxel
(web/stand_in/pyxel.py): it unpacks the built app as the runtime does, runs the workloads of
web/workloads.py there and under CPython, and fails unless every result is equal. It prints the
slowdown of each workload and the CPUs' thinking against the frame's thinking slice.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import stat
import statistics
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.cartridge import THINK_MARGIN_SECONDS  # noqa: E402
from engine.target import FRAME_SECONDS  # noqa: E402

APP_NAME = "pico-riichi"  # the archive, its top folder and the page are named after it
STARTUP_SCRIPT = "main.py"
APP_FILES = ("main.py", "resources.pyxres")
# The code; the art is in resources.pyxres (its text in art/ is for tools/build_resources.py only).
APP_FOLDERS = ("engine", "game")
SKIPPED = ("__pycache__",)  # pyxel package skips these and dot-paths too; a stray .pyc would not
SKIPPED_SUFFIXES = (".pyc", ".pyo")
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest a zip entry can say: no clock in the archive
ZIP_FILE_MODE = stat.S_IFREG | 0o644  # a plain file, read by all
UNIX = 3  # ZipInfo.create_system: the archive reads the same whoever builds it

# Which Pyodide the page of each pyxel version loads. The installed pyxel holds only the URL of its
# pyxel.js; the Pyodide version is written in that file on the CDN (pyxel's repository, tag
# v2.9.9, wasm/pyxel.js). The check fails for a pyxel not listed here.
PYODIDE_FOR_PYXEL = {"2.9.9": "314.0.4"}

WEB = ROOT / "web"  # the check's files: package.json, its lock, the Node runner, the stand-in
DIST = ROOT / "dist"
STAGING = ROOT / "build" / "web"
CHECK_TIMEOUT_SECONDS = 600


class BuildError(Exception):
    """One line on why the build or the check cannot go on."""


# -- build ------------------------------------------------------------------------------------


def stage(folder: Path) -> Path:
    """Copy what the app needs into ``folder/APP_NAME`` (emptied first); return that folder."""
    app_dir = folder / APP_NAME
    if app_dir.exists():
        shutil.rmtree(app_dir)
    app_dir.mkdir(parents=True)
    for name in APP_FILES:
        shutil.copyfile(ROOT / name, app_dir / name)
    for folder_name in APP_FOLDERS:
        for source in sorted((ROOT / folder_name).rglob("*")):
            relative = source.relative_to(ROOT)
            if not source.is_file() or _skipped(relative):
                continue
            (app_dir / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, app_dir / relative)
    return app_dir


def _skipped(relative: Path) -> bool:
    parts = relative.parts
    return any(p in SKIPPED or p.startswith(".") for p in parts) or relative.suffix in SKIPPED_SUFFIXES


def package(app_dir: Path, out_dir: Path) -> Path:
    """``pyxel package`` the staged folder into ``out_dir``, then pin the archive's metadata."""
    import pyxel.cli

    out_dir.mkdir(parents=True, exist_ok=True)
    with contextlib.chdir(out_dir), contextlib.redirect_stdout(io.StringIO()):  # one "added" line per file
        pyxel.cli.package_pyxel_app(str(app_dir), str(app_dir / STARTUP_SCRIPT))
    app = out_dir / f"{APP_NAME}{pyxel.APP_FILE_EXTENSION}"
    normalise_zip(app)
    return app


def normalise_zip(path: Path) -> None:
    """Rewrite a zip with fixed entry times and permissions, entries sorted by name.

    ``pyxel package`` stores each file's modification time (and writes its startup-script marker
    at packing time), so two builds would differ by their clocks alone."""
    with zipfile.ZipFile(path) as source:
        comment = source.comment
        entries = sorted((info.filename, source.read(info)) for info in source.infolist())
    with zipfile.ZipFile(path, "w") as target:
        target.comment = comment
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = UNIX
            info.external_attr = ZIP_FILE_MODE << 16
            target.writestr(info, data)


def to_html(app: Path) -> Path:
    """``pyxel app2html``: a page beside the app that embeds it (base64) and loads the runtime."""
    import pyxel.cli

    with contextlib.chdir(app.parent):
        pyxel.cli.create_html_from_pyxel_app(app.name)
    return app.with_suffix(".html")


def build(out_dir: Path = DIST, staging: Path = STAGING) -> tuple[Path, Path]:
    """Stage, package and export; return (the .pyxapp, the .html)."""
    app = package(stage(staging), out_dir)
    return app, to_html(app)


# -- check ------------------------------------------------------------------------------------


def pinned_pyodide() -> str:
    """The Pyodide the page built by the installed pyxel loads; a BuildError when it is unknown."""
    import pyxel

    pyodide = PYODIDE_FOR_PYXEL.get(pyxel.VERSION)
    if pyodide is None:
        raise BuildError(f"pyxel {pyxel.VERSION} is installed but the web check knows the Pyodide only of "
                         f"pyxel {', '.join(PYODIDE_FOR_PYXEL)} (tools/web.py PYODIDE_FOR_PYXEL)")
    locked = json.loads((WEB / "package-lock.json").read_text())["packages"]["node_modules/pyodide"]["version"]
    if locked != pyodide:
        raise BuildError(f"web/package-lock.json has pyodide {locked}; pyxel {pyxel.VERSION}'s page loads {pyodide}")
    return pyodide


def pyxel_constants() -> dict[str, int]:
    """Every int constant of the real pyxel (keys, gamepad buttons, ...), for the stand-in."""
    import pyxel

    return {name: value for name, value in vars(pyxel).items()
            if name.isupper() and isinstance(value, int) and not isinstance(value, bool)}


def cpython_command(app: Path, scratch: Path) -> list[str]:
    """The workloads under this Python, through the same runner the Node side uses."""
    # -S: no site-packages, so nothing of the repo (its editable install) can stand in for the app
    return [sys.executable, "-S", str(WEB / "workloads.py"), str(app), str(ROOT / "tests" / "data"),
            str(scratch.parent / "constants.json"), str(scratch)]


def pyodide_command(app: Path, scratch: Path, pyodide: str) -> list[str]:
    if not (WEB / "node_modules" / "pyodide").is_dir():
        raise BuildError("web/node_modules is missing: run `npm ci` in web/ (make web-check does)")
    return ["node", str(WEB / "check.mjs"), pyodide, str(app), str(ROOT / "tests" / "data"),
            str(scratch.parent / "constants.json"), str(WEB)]


def run_both(commands: dict[str, list[str]]) -> dict[str, dict]:
    """Run the two sides at once (each uses one core) and read each one's JSON line."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy")
    running = {label: subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
               for label, command in commands.items()}
    results = {}
    for label, process in running.items():
        out, err = process.communicate(timeout=CHECK_TIMEOUT_SECONDS)
        lines = out.strip().splitlines()
        if process.returncode != 0 or not lines:
            sys.stderr.write(err[-4000:])
            raise BuildError(f"the {label} run failed (exit {process.returncode}); its stderr is above")
        results[label] = json.loads(lines[-1])
    return results


def compare(cpython: dict, pyodide: dict) -> list[str]:
    """A line per workload whose results differ (none when all are equal), and a line when the
    Pyodide run was not a browser's or did not keep its saves in the browser's local storage."""
    wrong = []
    if pyodide.get("platform") != "emscripten":
        wrong.append(f"platform: the Pyodide run's is {pyodide.get('platform')!r}, not emscripten")
    for label, run, kind in (("Pyodide", pyodide, "BrowserStorage"), ("CPython", cpython, "FolderStorage")):
        summary = run["workloads"].get("storage", {}).get("summary", "")
        if not summary.startswith(kind + ":"):
            wrong.append(f"storage: the {label} run saved through {summary.split(':')[0] or 'nothing'}, not {kind}")
    for name, ours in cpython["workloads"].items():
        theirs = pyodide["workloads"].get(name)
        if theirs is None:
            wrong.append(f"{name}: not run under Pyodide")
        elif not (ours["ok"] and theirs["ok"]):
            wrong.append(f"{name}: its own checks failed ({ours['summary']} / {theirs['summary']})")
        elif theirs["digest"] != ours["digest"]:
            wrong.append(f"{name}: Pyodide's result differs from CPython's ({theirs['summary']} vs {ours['summary']})")
    return wrong


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def report(cpython: dict, pyodide: dict) -> list[str]:
    """The figures: slowdown per workload, the CPUs' thinking against the frame's slice."""
    lines = [f"{'workload':<10}{'CPython s':>10}{'Pyodide s':>10}{'slowdown':>9}  result   (processor seconds)"]
    for name, ours in cpython["workloads"].items():
        theirs = pyodide["workloads"].get(name, {})
        seconds = theirs.get("cpu_seconds", float("nan"))
        ratio = seconds / ours["cpu_seconds"] if ours["cpu_seconds"] > 0 else float("nan")
        summary = ours["summary"] if theirs.get("summary", ours["summary"]) == ours["summary"] else \
            f"{ours['summary']}; Pyodide: {theirs['summary']}"
        lines.append(f"{name:<10}{ours['cpu_seconds']:>10.2f}{seconds:>10.2f}{ratio:>8.1f}x  {summary}")
    lines.append(f"imports: CPython {cpython['import_seconds']:.2f} s, Pyodide {pyodide['import_seconds']:.2f} s"
                 f" (Pyodide {pyodide['version']}, Python {pyodide['python']})")
    if hasattr(os, "getloadavg"):
        lines.append(f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (wall-clock "
                     "figures below include waiting for a core)")
    frames = pyodide["frames"]
    slice_ms = (FRAME_SECONDS - THINK_MARGIN_SECONDS) * 1000 - frames["update_draw_ms_median"]
    lines.append(f"thinking slice per frame: {FRAME_SECONDS * 1000:.1f} ms frame - {THINK_MARGIN_SECONDS * 1000:.0f} ms "
                 f"margin - {frames['update_draw_ms_median']:.2f} ms update+draw (median under Pyodide, stand-in "
                 f"pyxel) = {slice_ms:.1f} ms")
    for label, run in (("CPython", cpython), ("Pyodide", pyodide)):
        decisions = run["decisions"]
        if not decisions["seconds"]:
            lines.append(f"{label}: no CPU decisions timed")
            continue
        lines.append(f"{label} CPU decisions ({len(decisions['seconds'])}, {decisions['agents']}), "
                     f"against a turn of {decisions['turn_frames']} frames x slice = "
                     f"{decisions['turn_frames'] * slice_ms:.0f} ms and a frame's slice of {slice_ms:.1f} ms:")
        for clock, key in (("wall-clock", ""), ("processor", "cpu_")):
            ms = [s * 1000 for s in decisions[f"{key}seconds"]]
            steps = [s * 1000 for s in decisions[f"step_{key}seconds"]]
            lines.append(f"  {clock:>10}: p99 {percentile(ms, 0.99):.1f} ms, max {max(ms):.1f} ms, median "
                         f"{statistics.median(ms):.2f} ms; longest step between yields {max(steps):.2f} ms")
    lines.append(verdict(pyodide["decisions"], slice_ms))
    return lines


def verdict(decisions: dict, slice_ms: float) -> str:
    """Whether the CPUs' thinking under Pyodide (processor time: the machine's other work left out)
    fits the frames: every step within one frame's slice, every decision within its turn.
    Said, not enforced: timings on a shared machine are no pass/fail."""
    if not decisions["cpu_seconds"]:
        return "verdict: no CPU decisions to judge"
    longest_step = max(decisions["step_cpu_seconds"]) * 1000
    longest = max(decisions["cpu_seconds"]) * 1000
    turn = decisions["turn_frames"] * slice_ms
    fits = longest_step <= slice_ms and longest <= turn
    return (f"verdict: {'within' if fits else 'OVER'} the budget under Pyodide: longest step {longest_step:.1f} ms "
            f"of a {slice_ms:.1f} ms slice, longest decision {longest:.1f} ms of a {turn:.0f} ms turn")


def check(out_dir: Path = DIST) -> int:
    """Run the workloads on the built app under CPython and Pyodide; 1 when any result differs."""
    pyodide = pinned_pyodide()
    app = out_dir / f"{APP_NAME}.pyxapp"
    if not app.is_file():
        raise BuildError(f"{app} is missing: run make web first")
    scratch = STAGING / "check"
    if scratch.exists():
        shutil.rmtree(scratch)
    scratch.mkdir(parents=True)
    (scratch / "constants.json").write_text(json.dumps(pyxel_constants(), sort_keys=True))
    runs = run_both({"CPython": cpython_command(app, scratch / "cpython"),
                     "Pyodide": pyodide_command(app, scratch / "pyodide", pyodide)})
    cpython, web = runs["CPython"], runs["Pyodide"]
    if web["version"] != pyodide:
        raise BuildError(f"node loaded Pyodide {web['version']}, the page loads {pyodide}")
    for line in report(cpython, web):
        print(line)
    wrong = compare(cpython, web)
    for line in wrong:
        print("DIFFERS", line)
    failed = {line.split(":")[0] for line in wrong}  # each line names its workload (or the platform)
    passed = len(set(cpython["workloads"]) - failed)
    print(f"web-check: {passed} passed, {len(failed)} failed")
    return 1 if wrong else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("build", "check"))
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            app, html = build()
            print(f"wrote {html.relative_to(ROOT)} ({html.stat().st_size} bytes) and "
                  f"{app.relative_to(ROOT)} ({app.stat().st_size} bytes)")
            return 0
        return check()
    except (BuildError, subprocess.TimeoutExpired) as error:
        print(f"web {args.command}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
