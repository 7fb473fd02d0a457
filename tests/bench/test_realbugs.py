"""The real-bug benchmark (``python -m bench.realbugs``): its floors, every bug raising its
error on the pinned CPU JAX and every fix running, and the scoring on jaxlsp's own findings."""

from __future__ import annotations

from pathlib import Path

import pytest
from bench.realbugs import (
    PEERS,
    SETS,
    BugError,
    RealBug,
    Report,
    ToolRun,
    discover,
    label_problems,
    load,
    markdown,
    run_pyrefly,
    score,
)

BUGS = discover()
#: The Pallas set is smaller: few public Pallas reports carry a program, and most of those
#: fail only on an accelerator.
#: Stops 35, 36: at least 30 new reports; stops 37 to 40: at least 25; stop 41: 24.
SET_FLOORS = {
    "pallas": 20,
    "fresh6": 30,
    "fresh7": 30,
    "fresh8": 25,
    "fresh9": 25,
    "fresh10": 25,
    "fresh11": 25,
    "fresh12": 24,
    "fresh13": 24,
}
#: The issue's floor: bugs rebuilt from public reports, about one fixed version each.
MINIMUM_BUGS = 50


def test_the_benchmark_reaches_its_floor_with_a_source_for_each_bug() -> None:
    assert len(BUGS) >= MINIMUM_BUGS
    assert all(bug.source.startswith("https://github.com/") for bug in BUGS)
    assert sum(bug.fixed is not None for bug in BUGS) >= MINIMUM_BUGS


@pytest.mark.jax
def test_every_bug_raises_its_error_and_every_fix_runs_on_the_pinned_jax() -> None:
    assert label_problems(BUGS) == []


def test_a_bug_without_a_marked_line_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "x-1-thing"
    folder.mkdir()
    (folder / "bug.py").write_text(
        "# realbug: x-1-thing\n# source: https://github.com/a/b/issues/1\n# kind: k\n"
        "# raises: TypeError\nprint(1)\n"
    )
    with pytest.raises(BugError, match="no line is marked"):
        load(folder)


def test_caught_needs_a_finding_on_a_marked_line_and_fixes_count_false_positives(
    tmp_path: Path,
) -> None:
    bug = RealBug(tmp_path, "https://x", "k", "TypeError", frozenset({5}))
    (tmp_path / "fixed.py").write_text("pass\n")
    elsewhere = ToolRun("t", "1", reports={str(bug.bug): Report({4: "code"})})
    assert score([bug], elsewhere).caught == []
    assert score([bug], elsewhere).elsewhere == [bug.name]
    on_line = ToolRun(
        "t",
        "1",
        reports={str(bug.bug): Report({5: "code"}), str(tmp_path / "fixed.py"): Report({1: "c"})},
    )
    result = score([bug], on_line)
    assert result.caught == [bug.name]
    assert result.wrong == [bug.name]


needs_pyrefly = pytest.mark.skipif(
    not (PEERS / "bin" / "pyrefly").is_file(),
    reason="Pyrefly is not installed (bash bench/setup-shape-peers.sh)",
)


@needs_pyrefly
def test_pyrefly_runs_with_its_jax_shapes_on(tmp_path: Path) -> None:
    program = tmp_path / "shapes.py"
    program.write_text(
        "import jax.numpy as jnp\n"
        "a = jnp.zeros((3, 4))\n"
        "fine = a @ jnp.ones((4, 2))\n"
        "bad = a @ jnp.ones((5, 6))\n"
        "also_bad = a.reshape((5, 5))\n"
    )
    run = run_pyrefly([program])
    assert run.unavailable is None
    assert set(run.reports[str(program)].lines) == {4, 5}


@needs_pyrefly
def test_pyrefly_is_not_scored_when_its_probe_finds_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bench.realbugs.PYREFLY_PROBE", "x = 1\n")
    run = run_pyrefly([tmp_path / "unused.py"])
    assert run.unavailable is not None and "shape mode is off" in run.unavailable
    assert run.reports == {}


@pytest.mark.parametrize("folder", SETS, ids=lambda folder: folder.name)
def test_every_set_is_well_formed_with_a_fixed_version_and_a_source_for_each_bug(
    folder: Path,
) -> None:
    bugs = discover(folder)
    assert len(bugs) >= SET_FLOORS.get(folder.name, 40)
    assert all(bug.source.startswith("https://") for bug in bugs)
    assert all(bug.fixed is not None for bug in bugs)


#: The sets held apart by this check: ``fresh/`` predates it and repeats one report of
#: ``bugs/`` (jax-1681), so the check starts at ``fresh2/``.
HELD_APART = range(2, len(SETS))


@pytest.mark.parametrize("index", HELD_APART, ids=[SETS[index].name for index in HELD_APART])
def test_a_later_set_rebuilds_no_report_of_the_earlier_ones(index: int) -> None:
    """Each later set is held apart: none of its reports is scored in an earlier set."""
    scored = {bug.source for folder in SETS[:index] for bug in discover(folder)}
    assert [bug.name for bug in discover(SETS[index]) if bug.source in scored] == []


def test_a_bug_that_needs_an_accelerator_is_scored_but_not_run_on_the_cpu(tmp_path: Path) -> None:
    folder = tmp_path / "x-2-tpu-only"
    folder.mkdir()
    (folder / "bug.py").write_text(
        "# realbug: x-2-tpu-only\n# source: https://github.com/a/b/issues/2\n# kind: k\n"
        "# raises: LoweringException\n# needs: TPU. Mosaic refuses it.\n"
        "print('runs on the CPU')  # BUG\n"
    )
    bug = load(folder)
    assert bug.needs == "TPU. Mosaic refuses it."
    assert label_problems([bug]) == []
    table = markdown(
        [bug], [score([bug], ToolRun("t", "1", reports={str(bug.bug): Report({6: "c"})}))]
    )
    assert "| t | 0 of 0 | 1 of 1 |" in table
