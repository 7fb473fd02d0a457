"""The labelled corpus (``tests/corpus``, measured by ``python -m bench.recall``): its floors,
every label confirmed on the pinned CPU JAX, and the recall table of docs/rules.md current."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from bench.pallas_recall import CORPUS as PALLAS_CORPUS
from bench.recall import BEGIN, END, README, discover, label_problem, markdown, measure

from jaxlsp.records.load import curated_records_dir, load_records
from jaxlsp.rules import all_rules
from tests.corpus._hints import Hint, hints_of, matches, probe_cached

PROGRAMS = discover()
#: The issue's floors: programs, multi-module projects, styles per rule, negatives per rule.
MINIMUM_PROGRAMS = 150
MINIMUM_PROJECTS = 10
MINIMUM_STYLES = 3
MINIMUM_NEGATIVES = 2
#: A later batch (``batch=`` in the header), written apart from the rules as they then stood and
#: measured on its own (``python -m bench.recall --batch c``): programs, projects, and per rule
#: positives and close negatives.
BATCH = "c"
BATCH_MINIMUM_PROGRAMS = 120
BATCH_MINIMUM_PROJECTS = 8
BATCH_MINIMUM_POSITIVES = 4
BATCH_MINIMUM_NEGATIVES = 2
#: How many rules there were when batch c was written (each has programs in it).
BATCH_RULES = 20


def test_the_corpus_reaches_its_floors() -> None:
    assert len(PROGRAMS) >= MINIMUM_PROGRAMS
    assert sum(p.is_project for p in PROGRAMS) >= MINIMUM_PROJECTS
    styles: dict[str, set[str]] = defaultdict(set)
    negatives: dict[str, int] = defaultdict(int)
    # the Pallas rules' programs are in their own corpus (tests/pallas_corpus)
    for program in [*PROGRAMS, *discover(PALLAS_CORPUS)]:
        if program.label == "positive":
            styles[program.rule].update(program.styles)
        else:
            negatives[program.rule] += 1
    for rule in all_rules():
        assert len(styles[rule.NAME] - {"direct"}) >= MINIMUM_STYLES, rule.NAME
        assert negatives[rule.NAME] >= MINIMUM_NEGATIVES, rule.NAME


def test_the_fresh_batch_reaches_its_floors() -> None:
    batch = [program for program in PROGRAMS if program.batch == BATCH]
    assert batch == discover(batch=BATCH)
    assert len(batch) >= BATCH_MINIMUM_PROGRAMS
    assert sum(p.is_project for p in batch) >= BATCH_MINIMUM_PROJECTS
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for program in batch:
        counts[program.rule, program.label] += 1
    # the rules as they stood when the batch was written; a rule added later has no programs
    # in it, and is measured by the programs written with it
    covered = {program.rule for program in batch}
    assert len(covered) >= BATCH_RULES
    for rule in covered:
        assert counts[rule, "positive"] >= BATCH_MINIMUM_POSITIVES, rule
        assert counts[rule, "negative"] >= BATCH_MINIMUM_NEGATIVES, rule


def test_positives_expect_their_own_rules_code() -> None:
    codes = {rule.NAME: rule.CODE for rule in all_rules()}
    for program in PROGRAMS:
        assert program.rule in codes, program.name
        for expectation in program.expectations:
            assert expectation.code == codes[program.rule], program.name


@pytest.fixture(scope="module")
def records() -> Any:
    return load_records([curated_records_dir()])


@pytest.fixture(scope="module")
def corpus_on_jax(pinned_jax: None) -> tuple[dict[str, Any], list[Hint], dict[str, list[str]]]:
    """One run of the corpus on the pinned JAX: what each program raised, and what JAX had
    where jaxlsp shows an inlay hint in a negative."""
    hints = [
        hint for program in PROGRAMS if program.label == "negative" for hint in hints_of(program)
    ]
    outcomes, seen = probe_cached(PROGRAMS, hints)
    return outcomes, hints, seen


@pytest.fixture(scope="module")
def outcomes_on_jax(
    corpus_on_jax: tuple[dict[str, Any], list[Hint], dict[str, list[str]]],
) -> dict[str, Any]:
    return corpus_on_jax[0]


@pytest.mark.jax
@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_the_label_holds_on_jax(
    program: Any, outcomes_on_jax: dict[str, Any], records: Any
) -> None:
    assert label_problem(program, outcomes_on_jax[program.name], records) is None


def test_the_recall_table_is_current() -> None:
    content = README.read_text(encoding="utf-8")
    table = content.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    assert table == markdown(measure(PROGRAMS)), (
        "docs/rules.md's recall table is stale: run python -m bench.recall --readme"
    )


#: The fewest hints checked against JAX (the check must not pass vacuously).
MINIMUM_HINTS_CHECKED = 150


@pytest.mark.jax
def test_every_inlay_hint_on_the_negatives_is_the_shape_jax_has(
    corpus_on_jax: tuple[dict[str, Any], list[Hint], dict[str, list[str]]],
) -> None:
    """What a hinted name holds after its line runs, and what a hinted function returns, are
    the shapes and dtypes JAX traces with (as ``jax.eval_shape`` gives them); a hint on a
    line that never ran cannot be checked."""
    _, hints, seen = corpus_on_jax
    wrong = []
    checked = 0
    for hint in hints:
        if hint.key not in seen:
            continue
        checked += 1
        values = seen[hint.key]
        if len(values) != 1 or not matches(hint.aval, values[0]):
            wrong.append(f"{hint.key}: jaxlsp {hint.aval}, JAX {values}")
    assert not wrong, f"{len(wrong)} of {checked} hints are wrong:\n" + "\n".join(wrong)
    assert checked >= MINIMUM_HINTS_CHECKED, f"only {checked} of {len(hints)} hints ran"
