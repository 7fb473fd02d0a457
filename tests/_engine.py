"""An engine per test case, on the packaged records read once for the whole run: ``Engine()``
reads every record file afresh, which costs more than most cases' analysis, and a case needs
only a workspace of its own (the records are never changed once loaded)."""

from __future__ import annotations

import re
import textwrap
from functools import cache
from pathlib import Path

from jaxlsp.engine import Engine
from jaxlsp.infer.workspace import Workspace
from jaxlsp.records.load import load_records
from jaxlsp.records.recordset import RecordSet


@cache
def packaged_records() -> RecordSet:
    """The records ``Engine()`` loads (curated, then the index)."""
    return load_records()


def fresh_engine(workspace: Workspace | None = None) -> Engine:
    """An engine that has analysed nothing, on ``workspace`` (default: an empty one)."""
    return Engine(packaged_records(), workspace)


#: The labelled corpus programs (each run on the pinned JAX by ``tests/corpus/test_labels.py``).
CORPUS = Path(__file__).resolve().parent / "corpus"


def error_findings(source: str) -> list[tuple[str, int]]:
    """The error findings of ``source`` analysed alone: (code, 1-based line), sorted."""
    analysis = fresh_engine(Workspace([])).analyze(source)
    return sorted(
        (f.code, f.span.start.line + 1) for f in analysis.findings if f.severity == "error"
    )


def error_codes(source: str) -> set[str]:
    """The codes of the error findings of ``source`` (dedented) analysed alone: what a causes
    test compares with the codes its case must get."""
    analysis = fresh_engine(Workspace([])).analyze(textwrap.dedent(source))
    return {f.code for f in analysis.findings if f.severity == "error"}


def expected_findings(source: str) -> list[tuple[str, int]]:
    """The findings a labelled program's ``# expect: CODE`` comments name, with their lines."""
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        match = re.search(r"# expect: ([a-z0-9-]+)", line)
        if match:
            found.append((match.group(1), number))
    return found


def assert_labelled_pair(negative: str, positive: str) -> None:
    """A corpus pair (paths under ``CORPUS``): the negative has no error finding, the positive
    exactly its one expected finding."""
    negative_source = (CORPUS / negative).read_text("utf-8")
    positive_source = (CORPUS / positive).read_text("utf-8")
    assert "label=negative" in negative_source
    assert error_findings(negative_source) == []
    expected = expected_findings(positive_source)
    assert len(expected) == 1
    assert error_findings(positive_source) == expected
