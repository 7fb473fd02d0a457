"""An engine per test case, on the packaged records read once for the whole run: ``Engine()``
reads every record file afresh, which costs more than most cases' analysis, and a case needs
only a workspace of its own (the records are never changed once loaded)."""

from __future__ import annotations

from functools import cache

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
