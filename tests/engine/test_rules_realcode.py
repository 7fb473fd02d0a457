"""The rules on real JAX libraries and notebooks (bench/realcode.py): every finding reviewed.

Slow (about 4 minutes, and the first run downloads ~10 pinned wheels), so not in the default
suite: ``pytest -m slow tests/engine/test_rules_realcode.py``.
"""

from __future__ import annotations

import subprocess
from collections import Counter

import pytest

from bench import realcode
from tests.conftest import REPO

pytestmark = pytest.mark.slow

#: The highest false-positive rate a rule may have on the real-code corpus.
MAX_FP_RATE = 0.1


@pytest.fixture(scope="module")
def results() -> list[realcode.PackageResult]:
    scratch = REPO / ".jaxlsp-cache" / "realcode"
    try:
        return realcode.run(scratch, list(realcode.PACKAGES))
    except subprocess.CalledProcessError as error:  # no package index reachable
        pytest.skip(f"cannot download the pinned wheels: {error}")


@pytest.fixture(scope="module")
def notebooks() -> list[realcode.PackageResult]:
    scratch = REPO / ".jaxlsp-cache" / "realcode"
    try:
        return realcode.run_notebooks(scratch)
    except subprocess.CalledProcessError as error:  # no package index reachable
        pytest.skip(f"cannot download the pinned sdists: {error}")


def test_every_notebook_is_read_and_every_finding_and_problem_reviewed(
    notebooks: list[realcode.PackageResult],
) -> None:
    assert {r.name for r in notebooks} == {f"{n} notebooks" for n in realcode.NOTEBOOK_PACKAGES}
    assert all(r.files > 0 and r.lines > 0 and not r.stderr.strip() for r in notebooks)
    assert realcode.unreviewed([], notebooks) == []


def test_every_file_is_checked(results: list[realcode.PackageResult]) -> None:
    """Every file is analysed, but for files over a size limit (``maxLineLength``), each
    skipped with its reason and reviewed (``test_every_finding_is_reviewed``)."""
    assert {r.name for r in results} == set(realcode.PACKAGES)
    assert all(r.files > 0 and r.lines > 0 for r in results)
    unexplained = [
        p for r in results for p in r.problems if not p["message"].startswith("not analysed: ")
    ]
    assert unexplained == []


def test_every_finding_is_reviewed(results: list[realcode.PackageResult]) -> None:
    assert realcode.unreviewed(results) == []


def test_false_positive_rate_per_rule(
    results: list[realcode.PackageResult], notebooks: list[realcode.PackageResult]
) -> None:
    review = realcode.load_review()
    found: Counter[str] = Counter()
    false: Counter[str] = Counter()
    for r in (*results, *notebooks):
        for f in r.findings:
            found[f["rule"]] += 1
            if review[realcode.finding_key(r.name, f)]["verdict"] == "fp":
                false[f["rule"]] += 1
    for rule, count in found.items():
        assert false[rule] / count <= MAX_FP_RATE, rule
