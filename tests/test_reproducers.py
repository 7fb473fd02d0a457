"""Every curated record's reproducer really raises the recorded error on the pinned JAX.

All CPU reproducers run in one subprocess (``reproducers/_harness.py``), so JAX is imported
once and never in the test process.  For each record we check what the harness saw: the error
was raised, with the recorded class, a message the record's pattern matches, at the recorded
place in JAX's source, and the matcher ranks this record first for the real traceback.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.apis.module_names import MODULE_NAMES
from jaxlsp.records import safe_regex
from jaxlsp.records.match import Matcher
from jaxlsp.records.model import ErrorRecord, MessageVariant
from jaxlsp.rules.jax_import_name_missing import JaxImportNameMissing
from jaxlsp.rules.jax_module_attribute_missing import JaxModuleAttributeMissing
from jaxlsp.rules.jax_module_missing import JaxModuleMissing
from tests._corpus import (
    HARNESS,
    PINNED_JAX,
    ROOT,
    curated_records,
    jax_names_in,
    jax_names_in_prose,
    missing_libraries,
    prose_of,
    reproducible_on,
    skip_without_libraries,
)

CPU_RECORDS = reproducible_on("cpu")
ACCELERATOR_RECORDS = reproducible_on("gpu") + reproducible_on("tpu")
#: Generous: the whole corpus runs in a few seconds on two cores.
HARNESS_TIMEOUT_SECONDS = 600

pytestmark = pytest.mark.jax


#: JAX_PLATFORMS for each reproducer platform.
JAX_PLATFORM_NAMES = {"cpu": "cpu", "gpu": "cuda,rocm", "tpu": "tpu"}


def _run_harness(arguments: list[str], platform: str = "cpu") -> None:
    environment = {
        **os.environ,
        "XLA_FLAGS": "--xla_force_host_platform_device_count=8",
        "JAX_PLATFORMS": JAX_PLATFORM_NAMES[platform],
        "JAX_TRACEBACK_FILTERING": "off",
    }
    completed = subprocess.run(
        [sys.executable, str(HARNESS), *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=HARNESS_TIMEOUT_SECONDS,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr[-4000:]


def _reproduce(
    records: list[ErrorRecord], tmp_path: Path, platform: str = "cpu"
) -> dict[str, dict[str, Any]]:
    out = tmp_path / "reproduced.json"
    paths = [record.reproducer.path for record in records if record.reproducer is not None]
    _run_harness([str(out), *paths], platform)
    results: dict[str, dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))
    return results


@pytest.fixture(scope="module")
def reproduced(
    tmp_path_factory: pytest.TempPathFactory, pinned_jax: None
) -> dict[str, dict[str, Any]]:
    """What every CPU reproducer raised, keyed by reproducer path."""
    return _reproduce(CPU_RECORDS, tmp_path_factory.mktemp("harness"))


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return Matcher(curated_records().records)


def _outcome(record: ErrorRecord, reproduced: dict[str, dict[str, Any]]) -> dict[str, Any]:
    assert record.reproducer is not None
    skip_without_libraries((ROOT / record.reproducer.path).read_text(encoding="utf-8"))
    outcome = reproduced[record.reproducer.path]
    assert outcome["raised"], f"{record.reproducer.path} ran to the end without raising"
    return outcome


def _matching_message(record: ErrorRecord, message: str) -> ErrorRecord | MessageVariant | None:
    """The record itself, or the variant, whose pattern matches the message."""
    if safe_regex.search(record.message_pattern, message) is not None:
        return record
    return next(
        (v for v in record.message_variants if safe_regex.search(v.message_pattern, message)),
        None,
    )


def _anchor_lines(url: str) -> tuple[int, int]:
    """The line range a GitHub URL points at (``#L12`` or ``#L10-L20``)."""
    anchor = url.rsplit("#L", 1)[1]
    first, _, last = anchor.partition("-L")
    return int(first), int(last or first)


@pytest.mark.parametrize("record", CPU_RECORDS, ids=lambda r: r.slug)
def test_reproducer_raises_the_recorded_error(
    record: ErrorRecord, reproduced: dict[str, dict[str, Any]]
) -> None:
    outcome = _outcome(record, reproduced)
    matched = _matching_message(record, outcome["message"])
    assert matched is not None, f"no pattern of {record.slug} matches:\n{outcome['message']}"
    assert outcome["class"] == (matched.error_class or record.error_class)


@pytest.mark.parametrize("record", CPU_RECORDS, ids=lambda r: r.slug)
def test_record_names_where_jax_raises(
    record: ErrorRecord, reproduced: dict[str, dict[str, Any]]
) -> None:
    """filePath is the module that raised; a record pinned to the release tag names its line."""
    outcome = _outcome(record, reproduced)
    matched = _matching_message(record, outcome["message"])
    assert matched is not None
    if matched.file_path is None:
        return  # raised from jaxlib's compiled code: no line of JAX's Python raises it
    site_path, site_line = outcome["raiseSite"]
    assert site_path == matched.file_path
    if record.github_url and f"/blob/jax-v{PINNED_JAX}/" in record.github_url:
        assert site_line == matched.line_number
        if matched is record:
            assert record.github_url.endswith(f"/{record.file_path}#L{record.line_number}")


def _assert_ranked_first(matcher: Matcher, text: str, record: ErrorRecord) -> None:
    matches = matcher.match(text)
    assert matches, f"nothing matched {record.slug}"
    assert matches[0].record.id == record.id, [m.record.slug for m in matches]
    assert matches[0].kind == "exact"


@pytest.mark.parametrize("record", CPU_RECORDS, ids=lambda r: r.slug)
def test_matcher_ranks_the_record_first_for_the_message(
    record: ErrorRecord, reproduced: dict[str, dict[str, Any]], matcher: Matcher
) -> None:
    outcome = _outcome(record, reproduced)
    text = f"{outcome['class']}: {outcome['message']}"
    if not outcome["message"].strip():
        # a bare error (no message) ties with every other bare error of its class: its
        # message cannot tell them apart (the traceback test ranks it first)
        matches = matcher.match(text)
        assert matches, f"nothing matched {record.slug}"
        best = [m for m in matches if m.score == matches[0].score]
        assert record.id in {m.record.id for m in best}
        assert all(m.kind == "exact" for m in best)
        return
    _assert_ranked_first(matcher, text, record)


@pytest.mark.parametrize(
    "record",
    CPU_RECORDS,
    ids=lambda r: r.slug,
)
def test_matcher_ranks_the_record_first_for_the_traceback(
    record: ErrorRecord, reproduced: dict[str, dict[str, Any]], matcher: Matcher
) -> None:
    _assert_ranked_first(matcher, _outcome(record, reproduced)["traceback"], record)


def test_records_name_only_apis_that_exist_in_the_pinned_jax(
    tmp_path: Path, pinned_jax: None
) -> None:
    """Except where a record is about a name JAX lacks (read or imported): those it names
    (``jax.tree_map``) are ones the rules' data says are missing, and the pinned JAX must lack
    them too."""
    names: set[str] = set()
    removed: set[str] = set()
    for record in curated_records().records:
        if record.reproducer is not None and missing_libraries(
            (ROOT / record.reproducer.path).read_text(encoding="utf-8")
        ):
            continue  # names of a library not installed here cannot be resolved
        named = set(record.apis)
        if record.example_fix:
            named.update(jax_names_in(record.example_fix))
        named.update(jax_names_in_prose(prose_of(record)))
        if record.slug in (
            JaxModuleAttributeMissing.CODE,
            JaxImportNameMissing.CODE,
            JaxModuleMissing.CODE,
        ):
            removed.update(name for name in named if _lacked_by_its_module(name))
        names.update(named)
    # a library's names (flax.nnx.Conv in a record about JAX's convolution) where it is installed
    names = {name for name in names if importlib.util.find_spec(name.partition(".")[0])}
    request, out = tmp_path / "names.json", tmp_path / "missing.json"
    request.write_text(json.dumps(sorted(names)), encoding="utf-8")
    _run_harness(["--resolve", str(request), str(out)])
    assert removed
    assert json.loads(out.read_text(encoding="utf-8")) == sorted(removed)


def _lacked_by_its_module(name: str) -> bool:
    """Whether ``jax-module-attribute-missing``'s data says ``name``'s module lacks it."""
    module, _, attribute = name.rpartition(".")
    return module in MODULE_NAMES and attribute not in MODULE_NAMES[module]


@pytest.mark.accelerator
@pytest.mark.parametrize("record", ACCELERATOR_RECORDS, ids=lambda r: r.slug)
def test_accelerator_reproducer_raises_the_recorded_error(
    record: ErrorRecord, tmp_path: Path, pinned_jax: None
) -> None:
    assert record.reproducer is not None
    outcome = _outcome(record, _reproduce([record], tmp_path, record.reproducer.platform))
    matched = _matching_message(record, outcome["message"])
    assert matched is not None, outcome["message"]
    assert outcome["class"] == (matched.error_class or record.error_class)
