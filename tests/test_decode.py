"""Files decoded as Python decodes them (PEP 263 coding lines, a UTF-8 byte order mark), and
problems reported where they are: a bad byte, a syntax error, syntax newer than jaxlsp's Python."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from jaxlsp.engine import Engine
from jaxlsp.syntax.decode import UndecodableSource, decode_source
from jaxlsp.syntax.newer import newer_syntax
from tests.conftest import run_jaxlsp

SEED_AS_KEY = "import jax\n\nx = jax.random.normal(0, (3,))  # café\n"


def _check_json(*paths: Path) -> dict[str, object]:
    result = run_jaxlsp("check", "--no-cache", "--format", "json", *map(str, paths))
    payload: dict[str, object] = json.loads(result.stdout)
    return payload


def _codes(payload: dict[str, object]) -> list[tuple[int, int, str]]:
    findings = payload["findings"]
    assert isinstance(findings, list)
    return [(f["line"], f["column"], f["code"]) for f in findings]


def test_a_utf8_file_with_a_byte_order_mark_is_checked(tmp_path: Path) -> None:
    path = tmp_path / "bom.py"
    path.write_bytes(b"\xef\xbb\xbf" + SEED_AS_KEY.encode("utf-8"))
    payload = _check_json(path)
    assert payload["problems"] == []
    assert _codes(payload) == [(3, 23, "random-int-seed-as-key")]


def test_a_coding_line_decodes_the_file(tmp_path: Path) -> None:
    path = tmp_path / "latin.py"
    path.write_bytes(("# -*- coding: latin-1 -*-\n" + SEED_AS_KEY).encode("latin-1"))
    payload = _check_json(path)
    assert payload["problems"] == []
    assert _codes(payload) == [(4, 23, "random-int-seed-as-key")]


def test_a_module_imported_from_a_latin1_file_is_followed(tmp_path: Path) -> None:
    (tmp_path / "settings.py").write_bytes(
        "# coding: latin-1\nSEED = 0  # graine, été\n".encode("latin-1")
    )
    main = tmp_path / "main.py"
    main.write_text("import jax\nfrom settings import SEED\n\nx = jax.random.normal(SEED, (3,))\n")
    assert _codes(_check_json(main)) == [(4, 5, "random-int-seed-as-key")]


def test_an_undecodable_file_is_reported_at_its_bad_byte(tmp_path: Path) -> None:
    path = tmp_path / "bad.py"
    path.write_bytes(b"import jax\nname = 'caf\xe9'\n")
    result = run_jaxlsp("check", "--no-cache", str(path))
    assert result.returncode == 1
    assert result.stdout.startswith(f"{path}:2:12: error: cannot decode byte(s) e9 as utf-8")
    (problem,) = _check_json(path)["problems"]  # type: ignore[misc]
    assert (problem["line"], problem["column"]) == (2, 12)
    github = run_jaxlsp("check", "--no-cache", "--format", "github", str(path)).stdout
    assert github.startswith(f"::error file={path},line=2,col=12::cannot decode")


def test_a_syntax_error_is_reported_where_python_says(tmp_path: Path) -> None:
    path = tmp_path / "broken.py"
    path.write_text("import jax\n\n\ndef f(x):\n    return x +* 2\n")
    result = run_jaxlsp("check", "--no-cache", str(path))
    assert result.stdout.startswith(f"{path}:5:15: error: not valid Python: invalid syntax")


def test_the_decoder_names_an_unknown_encoding_on_its_line() -> None:
    with pytest.raises(UndecodableSource) as raised:
        decode_source(b"#!/usr/bin/env python\n# coding: klingon\nx = 1\n")
    assert (raised.value.line, raised.value.column) == (1, 0)
    assert "klingon" in raised.value.message
    assert decode_source(b"x = 1\r\ny = 2\r") == "x = 1\ny = 2\n"


# ------------------------------------------------------------------- newer syntax than jaxlsp's


def _syntax_error(source: str) -> SyntaxError:
    """The SyntaxError Python 3.11 raised for PEP 695 code (fed to the detection as 3.11)."""
    return SyntaxError("expected '('", ("<unknown>", 3, 6, source.split("\n")[2], 3, 7))


def test_pep_695_is_newer_syntax_for_python_311_and_not_for_312() -> None:
    source = "import jax\n\ndef first[T](xs: list[T]) -> T:\n    return xs[0]\n"
    lines = source.split("\n")
    on_311 = newer_syntax(_syntax_error(source), lines, running=(3, 11, 9))
    assert on_311 is not None
    assert on_311.message == (
        "this file uses type parameter lists and `type` statements (PEP 695), new in Python "
        "3.12; jaxlsp runs on Python 3.11.9 and cannot parse it: run jaxlsp from Python 3.12 "
        "or newer to analyse it"
    )
    assert newer_syntax(_syntax_error(source), lines, running=(3, 12, 1)) is None
    # A real error on such a line is not blamed on the version.
    assert newer_syntax(_syntax_error("\n\nx = (\n"), ["", "", "x = ("], running=(3, 11, 0)) is None


def test_syntax_this_python_lacks_is_said_so_not_called_invalid(tmp_path: Path) -> None:
    """A construct the running Python (3.12 or 3.13 here) does not have: PEP 696 defaults
    are 3.13, PEP 758's unparenthesised except is 3.14."""
    source = (
        "import jax\n\n\ndef first[T = int](xs: list[T]) -> T:\n    return xs[0]\n"
        if not _parses("def f[T = int](): pass")
        else "try:\n    pass\nexcept ValueError, TypeError:\n    pass\n"
    )
    if _parses(source):
        pytest.skip("this Python parses every construct the test knows")
    path = tmp_path / "generic.py"
    path.write_text(source)
    result = run_jaxlsp("check", "--no-cache", str(path))
    (line,) = result.stdout.splitlines()
    assert "not valid Python" not in line
    assert "new in Python 3.1" in line and "run jaxlsp from Python" in line
    analysis = Engine().analyze(source, str(path))
    assert analysis.newer_syntax and analysis.error_position is not None


def _parses(source: str) -> bool:
    try:
        ast.parse(source)
    except SyntaxError:
        return False
    return True
