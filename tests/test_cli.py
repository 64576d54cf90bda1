"""The command line as a new user meets it: usage, messages, plurals, bad bytes, and a fuzz.

Bad input of any kind must end in exit 2 and one line on stderr, never a traceback
(docs/manual.md, "The command line").
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli import main
from game.rules.tiles import NotationError, parse_tiles

# digits that str.isdigit() or int() accept but MPSZ does not: superscript, full-width,
# Arabic-Indic, Extended Arabic-Indic, Devanagari, mathematical bold, NKo
FOREIGN_DIGITS = ["²", "１", "١", "۱", "१", "𝟏", "߁", "₁"]


def _run(*argv: str, stdin: str | io.TextIOBase = "") -> tuple[int, str, str]:
    """main(argv) in this process: exit code, stdout, stderr; ``stdin`` as text or a stream."""
    out, err = io.StringIO(), io.StringIO()
    saved, sys.stdin = sys.stdin, io.StringIO(stdin) if isinstance(stdin, str) else stdin
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(argv))
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def _program(*argv: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "PYTHONUTF8": "0", "LC_ALL": "C.UTF-8"}
    return subprocess.run([sys.executable, "-m", "game", *argv], input=stdin, capture_output=True, env=env,
                          timeout=60, check=False)


def _one_line_error(code: int, out: str, err: str) -> bool:
    return code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("digit", FOREIGN_DIGITS)
def test_mpsz_digits_are_ascii_only(digit):
    with pytest.raises(NotationError, match="not a digit 0-9"):
        parse_tiles(f"12{digit}m")
    assert _one_line_error(*_run("score", f"123m456p789s55p23{digit}s", "--win", "2s"))
    assert _one_line_error(*_run("score", "123m456p789s55p234s", "--win", f"{digit}s"))
    assert _one_line_error(*_run("analyze", f"123m456p78{digit}s1122z"))
    assert _one_line_error(*_run("analyze", "1m", "--visible", f"{digit}p"))
    assert _one_line_error(*_run("score", "123m456p789s55p234s", "--win", "4s", "--honba", digit))
    assert _one_line_error(*_run("wall", "PICORIICHI", "--rounds", digit))


def test_bytes_that_are_not_utf8_on_stdin_end_the_batch_with_one_line():
    for command, good in (("score", b"123m456p789s55p234s --win 4s\n"), ("analyze", b"123m456p789s1122z\n")):
        done = _program(command, "-", stdin=good + b"12\xff\xfem\n" + good)
        assert done.returncode == 2 and b"Traceback" not in done.stderr
        assert len(done.stderr.splitlines()) == 1 and b"line 2" in done.stderr
        assert len(done.stdout.splitlines()) == 1 and "error" not in json.loads(done.stdout)


@pytest.mark.parametrize("locale", ["C", "C.UTF-8", "POSIX"])
def test_stdin_is_strict_utf8_whatever_the_locale(locale):
    """Under the C locales Python reads stdin with surrogateescape (PEP 538/540): before, a bad
    byte read as a lone surrogate, its line answered and the batch went on. Bytes are decoded as
    strict UTF-8 by the command itself now, whatever the locale or PYTHONIOENCODING say."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "PYTHONUTF8", "LANG", "LC_ALL")}
    for command, good in (("score", b"123m456p789s55p234s --win 4s\n"), ("analyze", b"123m456p789s1122z\n")):
        for extra in ({}, {"PYTHONIOENCODING": "utf-8:surrogateescape"}):
            done = subprocess.run([sys.executable, "-m", "game", command, "-"], input=good + b"12\xff\xfem\n" + good,
                                  capture_output=True, env={**env, "LC_ALL": locale, **extra}, timeout=60, check=False)
            assert done.returncode == 2 and b"Traceback" not in done.stderr, done.stderr
            assert done.stderr.splitlines() == [b"picoriichi: standard input line 2 is not UTF-8 text (byte b'\\xff' at 2)"]
            assert len(done.stdout.splitlines()) == 1 and "error" not in json.loads(done.stdout)


def test_a_stdin_line_without_end_is_refused_not_read_whole():
    done = _program("analyze", "-", stdin=b"1" * 200_000)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1 and b"Traceback" not in done.stderr


def test_bare_command_prints_usage():
    code, out, err = _run()
    assert code == 0 and out.startswith("usage: picoriichi") and all(c in out for c in ("score", "analyze", "wall"))


def test_argument_errors_name_the_command_once():
    code, out, err = _run("score")
    assert code == 2 and err.startswith("picoriichi score: ") and "picoriichi: picoriichi" not in err
    code, out, err = _run("nosuch")
    assert code == 2 and err.count("picoriichi") == 1


def test_counts_are_in_the_right_number():
    assert "HAND has 1 tile;" in _run("score", "1m", "--win", "1m")[2]
    assert "HAND has 2 tiles;" in _run("score", "11m", "--win", "1m")[2]
    assert "HAND has 1 tile;" in _run("score", "1m", "--win", "1m", "--meld", "pon:111z")[2]
    assert "beside 1 meld " in _run("score", "1m", "--win", "1m", "--meld", "pon:111z")[2]
    _, out, _ = _run("analyze", "1m", "--visible", "1m1m")  # one 1m left to wait on
    assert "waits 1m:1: 1 tile (" in out
    assert "has 1 character," in _run("wall", "A")[2]


# --- the fuzz: random arguments never reach a traceback ---------------------------------------

PIECES = ["1", "2", "5", "0", "9", "m", "p", "s", "z", "123m", "456p", "789s", "55p", "1122z", "777z",
          "--win", "--meld", "chi:234m", "pon:777z", "kan:1111p", "ankan:9999s", "kakan:5555p", "--dora", "--ura",
          "--tsumo", "--riichi", "--ippatsu", "--double-riichi", "--rinshan", "--chankan", "--haitei", "--houtei",
          "--tenhou", "--chiihou", "--seat", "--round", "--honba", "--sticks", "--visible", "--rounds", "--json",
          "-", "E", "S", "x", "", " ", ":", ",", "-1", "99999", "1" * 30, "\x00", "\udcff", "ß", *FOREIGN_DIGITS]


def _argv_piece() -> st.SearchStrategy[str]:
    words = st.lists(st.sampled_from(PIECES), max_size=4).map("".join)
    return st.one_of(words, st.text(max_size=8))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["score", "analyze", "wall"]), st.lists(_argv_piece(), max_size=8))
def test_random_arguments_answer_or_refuse_in_one_line(command, argv):
    code, out, err = _run(command, *argv, stdin=" ".join(argv) + "\n")
    assert code in (0, 2), (code, err)
    if code == 2:  # refused: one line on stderr, or (stdin mode) a JSON error per bad line
        assert len(err.strip().splitlines()) == 1 or (err == "" and '"error"' in out), (out, err)
    else:
        assert err == "" and out


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["score", "analyze"]),
       st.lists(st.one_of(st.binary(max_size=12), st.sampled_from([b"123m456p789s55p234s --win 4s", b"1m",
                                                                   b"\xff", b"\xc3", b"\xe2\x80\xa8", b"\n"])),
                max_size=6).map(b"".join))
def test_random_bytes_on_strict_utf8_stdin_answer_or_refuse_in_one_line(command, data):
    code, out, err = _run(command, "-", stdin=io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict"))
    assert code in (0, 2)
    assert err == "" or len(err.strip().splitlines()) == 1
    for line in out.splitlines():
        json.loads(line)
