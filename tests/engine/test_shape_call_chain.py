"""A shape error inside a helper names the calls it follows: the call into the helper and the
outermost call of the chain, where the values it rests on came in.  A run that never made that
outer call never tested those values (the oracle reads these locations; ``bench/oracle.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from jaxlsp.checker import check_paths, format_json

THROUGH_TWO_CALLS = """\
import jax.numpy as jnp


def add(a, b):
    return a + b


def pair(n):
    return add(jnp.ones(n), jnp.ones(3))


pair(5)
"""
DIRECT = """\
import jax.numpy as jnp


def add(a, b):
    return a + b


add(jnp.ones(5), jnp.ones(3))
"""


def _calls(tmp_path: Path, source: str) -> list[tuple[int, str]]:
    path = tmp_path / "main.py"
    path.write_text(source)
    (finding,) = json.loads(format_json(check_paths([path])))["findings"]
    assert finding["code"] == "incompatible-shapes-for-broadcasting"
    assert finding["line"] == 5
    return [
        (r["line"], r["message"]) for r in finding["related"] if "is called here" in r["message"]
    ]


def test_an_error_two_calls_deep_names_the_inner_and_the_outermost_call(tmp_path: Path) -> None:
    assert _calls(tmp_path, THROUGH_TWO_CALLS) == [
        (9, "`add` is called here"),
        (12, "`pair` is called here"),
    ]


def test_an_error_one_call_deep_names_that_call_once(tmp_path: Path) -> None:
    assert _calls(tmp_path, DIRECT) == [(8, "`add` is called here")]
