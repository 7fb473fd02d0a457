"""Corpus-wide checks on the curated records in data/records (no JAX needed).

Each explained record must be complete (documentation, scenarios, solutions, a parseable
before/after example, tags, APIs), pinned to the JAX release it was checked on, in canonical
form, and tied one-to-one to a reproducer script under tests/reproducers.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from jaxlsp.records.model import ErrorRecord, RecordFile, dump_record_file
from tests._corpus import (
    HARNESS,
    PINNED_JAX,
    RECORDS_DIR,
    REPRODUCERS_DIR,
    ROOT,
    curated_records,
    jax_names_in,
    jax_names_in_prose,
)

LOADED = curated_records()
EXPLAINED = sorted((r for r in LOADED.records if r.has_explanation), key=lambda r: r.slug)
#: The issue's floor for the curated corpus, beyond the two seed records.
MINIMUM_CURATED = 40 + 2


def test_every_record_file_loads_without_problems() -> None:
    assert [str(problem) for problem in LOADED.problems] == []
    assert len(LOADED.loaded) == len(list(RECORDS_DIR.glob("*.json")))


def test_corpus_reaches_the_issue_floor() -> None:
    assert len(EXPLAINED) >= MINIMUM_CURATED


SEED_IDS = frozenset({"9906f2c2bb54d4d6", "893b10de5624d9e1"})


@pytest.mark.parametrize("path", sorted(RECORDS_DIR.glob("*.json")), ids=lambda p: p.name)
def test_record_file_is_canonical_and_named_by_slug(path: Path) -> None:
    raw = path.read_text(encoding="utf-8")
    envelope = RecordFile.model_validate_json(raw)
    assert dump_record_file(envelope, pretty=True) == raw
    if PINNED_JAX in envelope.record.jax_versions and "/blob/jax-v" in (
        envelope.record.github_url or ""
    ):
        assert path.stem == envelope.record.slug
        if envelope.record.id not in SEED_IDS:  # the seeds keep the ids their dataset gave them
            assert envelope.record.id == hashlib.sha256(path.stem.encode()).hexdigest()[:16]


def test_slugs_are_unique() -> None:
    slugs = [record.slug for record in LOADED.records]
    assert len(slugs) == len(set(slugs))


@pytest.mark.parametrize("record", EXPLAINED, ids=lambda r: r.slug)
def test_explained_record_is_complete(record: ErrorRecord) -> None:
    # A log line (JAX_EXPLAIN_CACHE_MISSES) is raised by nothing, so it has no class.
    assert record.error_class or record.error_type == "log", "errorClass"
    assert record.trigger_scenarios, "triggerScenarios"
    assert record.common_situations, "commonSituations"
    assert record.solutions, "solutions"
    assert record.prevention_tips, "preventionTips"
    assert record.tags, "tags"
    assert record.apis, "apis"
    assert PINNED_JAX in record.jax_versions
    assert record.source_code is None, "JAX's code is never pasted into a record"


@pytest.mark.parametrize("record", EXPLAINED, ids=lambda r: r.slug)
def test_example_fix_parses_and_shows_before_and_after(record: ErrorRecord) -> None:
    assert record.example_fix is not None
    ast.parse(record.example_fix)
    before, separator, after = record.example_fix.partition("# after")
    assert separator and before.lstrip().startswith("# before")
    assert after.strip(), "the fixed code"


@pytest.mark.parametrize("record", EXPLAINED, ids=lambda r: r.slug)
def test_github_url_points_at_the_recorded_line(record: ErrorRecord) -> None:
    if record.file_path is None:
        assert record.line_number is None
        return
    assert record.github_url is not None
    assert record.line_number is not None
    url, _, anchor = record.github_url.partition("#L")
    assert url.startswith("https://github.com/jax-ml/jax/blob/")
    assert url.endswith("/" + record.file_path)
    first, _, last = anchor.partition("-L")
    assert int(first) <= record.line_number <= int(last or first)


@pytest.mark.parametrize("record", EXPLAINED, ids=lambda r: r.slug)
def test_explained_record_has_a_reproducer_script(record: ErrorRecord) -> None:
    assert record.reproducer is not None
    script = ROOT / record.reproducer.path
    assert script.parent == REPRODUCERS_DIR and script.is_file()
    module = ast.parse(script.read_text(encoding="utf-8"))
    assert ast.get_docstring(module), "a reproducer says what it shows"


def test_every_reproducer_script_belongs_to_exactly_one_record() -> None:
    claimed = [r.reproducer.path for r in LOADED.records if r.reproducer is not None]
    scripts = sorted(
        str(path.relative_to(ROOT))
        for path in REPRODUCERS_DIR.glob("*.py")
        if not path.name.startswith("_")
    )
    assert sorted(claimed) == scripts


def test_example_names_are_collected_with_aliases_expanded() -> None:
    """The helper the JAX-side name check relies on (it must not miss aliased names)."""
    code = "y = jnp.zeros(3).sum()\nz = jax.lax.scan(f, 0, x)\nw = x.at[0].set(1)\npl.BlockSpec"
    assert jax_names_in(code) == {
        "jax.numpy.zeros",
        "jax.lax.scan",
        "jax.experimental.pallas.BlockSpec",
    }


def test_prose_names_are_collected_with_aliases_expanded() -> None:
    text = "Use jnp.where or jax.lax.cond. See pl.BlockSpec, then x.at[0].set (not a name)."
    assert jax_names_in_prose(text) == {
        "jax.numpy.where",
        "jax.lax.cond",
        "jax.experimental.pallas.BlockSpec",
    }


def _harness() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reproducer_harness", HARNESS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.jax
def test_a_program_that_changes_jax_config_does_not_change_the_next(
    tmp_path: Path, pinned_jax: None
) -> None:
    """The harness runs every program in one process: what one sets in ``jax.config``
    (float64 by default, rank promotion refused) is put back before the next runs."""
    from bench.recall import run_paths_on_jax

    setting = tmp_path / "a_sets_config.py"
    setting.write_text(
        "import jax\n\njax.config.update('jax_enable_x64', True)\n"
        "jax.config.update('jax_numpy_rank_promotion', 'raise')\n",
        encoding="utf-8",
    )
    reading = tmp_path / "b_reads_config.py"
    reading.write_text(
        "import jax.numpy as jnp\n\nassert jnp.ones(1).dtype == jnp.float32\n"
        "jnp.ones((2, 3)) + jnp.ones(3)\n",
        encoding="utf-8",
    )
    outcomes = run_paths_on_jax([setting, reading, setting, reading])
    assert not outcomes[str(setting)]["raised"]
    assert not outcomes[str(reading)]["raised"], outcomes[str(reading)].get("message")


def test_harness_reports_each_outcome_without_stopping(tmp_path: Path) -> None:
    """The harness (without JAX) turns a raise, a clean run and an exit into data."""
    harness = _harness()
    raising = tmp_path / "raising.py"
    raising.write_text('raise ValueError("bad spec\\nsecond line")\n', encoding="utf-8")
    clean = tmp_path / "clean.py"
    clean.write_text("x = 1\n", encoding="utf-8")
    exiting = tmp_path / "exiting.py"
    exiting.write_text("import sys\nsys.exit(3)\n", encoding="utf-8")

    outcome = harness.run_reproducer(str(raising))
    assert outcome["raised"] and outcome["class"] == "ValueError"
    assert outcome["message"] == "bad spec\nsecond line"
    assert outcome["traceback"].rstrip().endswith("second line")
    assert outcome["raiseSite"] is None  # no frame inside the jax package
    assert harness.run_reproducer(str(clean))["raised"] is False
    exited = harness.run_reproducer(str(exiting))
    assert exited["raised"] is False and exited["exitCode"] == "3"
