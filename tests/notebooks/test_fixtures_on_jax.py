"""Each test notebook really raises its error on the pinned JAX when its cells run in order.

The Jupytext percent-format notebook (``percent_*.py``, magics commented out) is a plain module:
it runs as a script, and jaxlsp checks it as one.

The cells run as the kernel would run them, less what IPython alone understands: the notebook's
module (``jaxlsp.notebooks``), in which a magic or shell line is ``pass`` and ``%time stmt``
runs ``stmt``.  The error must be the one jaxlsp reports: the record's class and a message its
pattern (or a variant's) matches.  Every notebook in ``fixtures/`` must be listed here.
"""

from __future__ import annotations

from typing import Any

import pytest

from jaxlsp.checker import check_paths
from jaxlsp.notebooks import load_notebook
from jaxlsp.records import safe_regex
from jaxlsp.records.load import load_records
from tests._on_jax import run_on_jax
from tests.notebooks._client import FIXTURES

EXPECTED = {
    "symbolic_zeros.ipynb": "custom-vjp-symbolic-zeros-support-with-shard-map",
    "key_reuse.ipynb": "key-reuse-error",
    "percent_key_reuse.py": "key-reuse-error",
}


def test_every_fixture_is_listed() -> None:
    found = [*FIXTURES.glob("*.ipynb"), *FIXTURES.glob("*.py")]
    assert sorted(p.name for p in found) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_jaxlsp_reports_the_error_the_notebook_raises(name: str) -> None:
    (file,) = check_paths([FIXTURES / name]).files
    assert [f.code for f in file.findings] == [EXPECTED[name]]


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Each notebook's cells in order, as one module (every notebook in one JAX process)."""
    pytest.importorskip("jax")
    programs = {}
    for name in EXPECTED:
        text = (FIXTURES / name).read_text(encoding="utf-8")
        cells = load_notebook(text).text if name.endswith(".ipynb") else text
        programs[name.replace(".", "_")] = cells
    return run_on_jax("notebooks", programs, tmp_path_factory.mktemp("notebooks"))


@pytest.mark.jax
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_notebook_raises_on_jax(name: str, ran: dict[str, Any]) -> None:
    outcome = ran[name.replace(".", "_")]
    assert outcome["raised"], f"{name} ran to the end without raising"
    record = load_records().get(EXPECTED[name])
    assert record is not None
    wordings = [(record.error_class, record.message_pattern)] + [
        (variant.error_class or record.error_class, variant.message_pattern)
        for variant in record.message_variants
    ]
    assert any(
        outcome["class"] == error_class
        and safe_regex.search(pattern, outcome["message"]) is not None
        for error_class, pattern in wordings
    ), outcome
