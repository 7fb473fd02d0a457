"""Every rule's own examples, run on the pinned CPU JAX: an INVALID example raises the rule's
record's error, a VALID one runs to the end (so the examples are true, not only flagged).  The
examples of the GPU rules run with each kernel lowered for CUDA (``tests._gpu_lowering``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from bench.recall import Expectation, Program, label_problem

from jaxlsp.records.load import curated_records_dir, load_records
from jaxlsp.rules import all_rules
from tests._corpus import skip_without_libraries
from tests._gpu_lowering import GPU_RULES, lowered_for_a_gpu
from tests._on_jax import run_on_jax
from tests.engine._expect import expected

pytestmark = pytest.mark.jax

EXAMPLES = [
    (rule.NAME, kind, index, source)
    for rule in all_rules()
    for kind, sources in (("positive", rule.INVALID), ("negative", rule.VALID))
    for index, source in enumerate(sources)
]
RECORDS = load_records([curated_records_dir()])


def _program(folder: Path, rule: str, kind: str, index: int, source: str) -> Program:
    path = folder / f"{rule.replace('-', '_')}_{kind}_{index}.py"
    path.write_text(source, encoding="utf-8")
    expectations = frozenset(Expectation(path.name, line, code) for line, code in expected(source))
    return Program(path, rule, kind, ("direct",), expectations)


@pytest.fixture(scope="module")
def programs(
    tmp_path_factory: pytest.TempPathFactory, pinned_jax: None
) -> dict[str, tuple[Program, Any]]:
    folder = tmp_path_factory.mktemp("rule-examples")
    made = [_program(folder, *example) for example in EXAMPLES]
    texts = {p.path.stem: p.path.read_text(encoding="utf-8") for p in made}
    for p in made:
        if p.rule in GPU_RULES:
            texts[p.path.stem] = lowered_for_a_gpu(texts[p.path.stem])
    outcomes = run_on_jax("rule_examples", texts, folder)
    return {p.path.name: (p, outcomes[p.path.stem]) for p in made}


@pytest.mark.parametrize(
    ("rule", "kind", "index", "source"), EXAMPLES, ids=[f"{r}-{k}-{i}" for r, k, i, _ in EXAMPLES]
)
def test_example_behaves_on_jax_as_labelled(
    rule: str, kind: str, index: int, source: str, programs: dict[str, tuple[Program, Any]]
) -> None:
    skip_without_libraries(source)
    program, outcome = programs[f"{rule.replace('-', '_')}_{kind}_{index}.py"]
    records = RECORDS
    record = records.get(next(r for r in all_rules() if rule == r.NAME).RECORD_ID)
    reproducer = record.reproducer if record is not None else None
    if kind == "positive" and reproducer is not None and reproducer.platform == "tpu":
        # a TPU-only error: interpret mode on the CPU runs the example to the end; what the
        # TPU raised is its reproducer's stored outcome
        assert not outcome["raised"], outcome["message"][:300]
        return
    assert label_problem(program, outcome, records) is None
