"""Error findings only where the code surely raises: the causes of false error findings on
the stop-34 fresh sample (``bench/fresh-sample.json``'s s34; its account: ``git show cf0d997:docs/fresh-sample.md``).

Each cause has a pair of labelled corpus programs (``tests/corpus/<rule>/s34_*.py``): the
close negative, in the style of the library where the false finding was, runs on the pinned
JAX and must get no error finding; its raising variant must keep its finding on the line it
marks.  ``tests/corpus/test_labels.py`` runs both on JAX and checks each label.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jaxlsp.engine import Engine
from jaxlsp.infer.workspace import Workspace
from tests.conftest import REPO

CORPUS = REPO / "tests" / "corpus"

#: (rule folder, close negative, raising variant): one row per cause.
PAIRS: list[tuple[str, str, str]] = [
    # a value tested twice is split on its truth: a tuple of unknown length, or an unknown,
    # stays what it is on each path, not the bool True (tf2jax's explicit paddings)
    (
        "reshape-size-mismatch",
        "s34_paddings_tested_twice_negative",
        "s34_padding_flag_tested_twice",
    ),
    # an empty dict tested by `if not d: return` is falsy: the code below runs only with
    # entries (brainevent's general batching rule)
    ("scan-no-length", "s34_empty_batch_guard_negative", "s34_empty_batch_unguarded"),
]


def _errors(path: Path) -> list[tuple[str, int]]:
    source = path.read_text(encoding="utf-8")
    analysis = Engine(workspace=Workspace([])).analyze(source)
    return sorted(
        (f.code, f.span.start.line + 1) for f in analysis.findings if f.severity == "error"
    )


def _expected(path: Path) -> list[tuple[str, int]]:
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = re.search(r"# expect: ([a-z0-9-]+)", line)
        if match:
            found.append((match.group(1), number))
    return found


@pytest.mark.parametrize(("rule", "negative", "positive"), PAIRS, ids=[p[1] for p in PAIRS])
def test_the_working_variant_is_silent_and_the_raising_one_flagged(
    rule: str, negative: str, positive: str
) -> None:
    negative_path = CORPUS / rule / f"{negative}.py"
    positive_path = CORPUS / rule / f"{positive}.py"
    assert "label=negative" in negative_path.read_text(encoding="utf-8")
    assert _errors(negative_path) == []
    expected = _expected(positive_path)
    assert expected and all(code == rule for code, _ in expected)
    assert _errors(positive_path) == expected


def _findings(source: str) -> list[tuple[str, int]]:
    analysis = Engine(workspace=Workspace([])).analyze(source)
    return sorted(
        (f.code, f.span.start.line + 1) for f in analysis.findings if f.severity == "error"
    )


_SPLIT = """\
import jax.numpy as jnp


def parse(attrs, pick):
    flag = {value}
    if flag:
        flag = jnp.array(flag).reshape(4, 2)
    if flag:
        return 1
    return 0
"""


@pytest.mark.parametrize(
    ("value", "flagged"),
    [
        ("tuple(attrs)", False),  # a tuple of unknown length: as long as it is
        ("attrs.get('paddings')", False),  # nothing known: no bool either
        ("[0] * len(attrs)", False),  # a list of unknown length
        ("bool(attrs)", True),  # a bool: jnp.array(True) is 0-d
        ("attrs is not None", True),  # a bool of unknown value
    ],
)
def test_a_split_keeps_what_the_flag_is(value: str, flagged: bool) -> None:
    found = _findings(_SPLIT.format(value=value))
    assert found == ([("reshape-size-mismatch", 7)] if flagged else [])


_GUARD = """\
import jax.numpy as jnp


def run(step):
    xs = {empty}
    if not xs:
        return None
    out = jnp.zeros(3)
    out[0] = 1.0
    return out
"""


@pytest.mark.parametrize("empty", ["{}", "[]", "()", "dict()"])
def test_an_empty_container_guard_returns(empty: str) -> None:
    # the write after the guard never runs: xs is empty on every path
    assert _findings(_GUARD.format(empty=empty)) == []


@pytest.mark.parametrize("filled", ["{'a': 1}", "[1]", "(1,)"])
def test_a_filled_container_guard_goes_on(filled: str) -> None:
    assert _findings(_GUARD.format(empty=filled)) == [("immutable-array-item-assignment", 9)]


def test_a_dict_filled_on_some_path_is_not_decided() -> None:
    source = _GUARD.format(empty="{}").replace(
        "    if not xs:", "    if step is None:\n        xs['a'] = 1\n    if not xs:"
    )
    assert _findings(source) == [("immutable-array-item-assignment", 11)]
