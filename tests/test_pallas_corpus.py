"""The Pallas corpus (``tests/pallas_corpus``, measured by ``python -m bench.pallas_recall``):
its floors, and every label confirmed by the stored runs on the pinned CPU JAX and on a TPU."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from bench.pallas_recall import CORPUS, CPU_LABELS, TPU_LABELS, entry_name, labels
from bench.recall import REPO, discover

from tests._corpus import curated_records
from tests._gpu_lowering import GPU_RULES
from tests._on_jax import kept_result

sys.path.insert(0, str(CORPUS))
from _label import HALTS_THE_CHIP

PROGRAMS = discover(CORPUS)
MINIMUM_PROGRAMS = 60
MINIMUM_NEGATIVES = 20
#: A program says it is a TPU kernel when it names Pallas's TPU module.
TPU_MARKER = "pltpu"


def test_the_corpus_reaches_its_floors() -> None:
    assert len(PROGRAMS) >= MINIMUM_PROGRAMS
    assert sum(p.label == "negative" for p in PROGRAMS) >= MINIMUM_NEGATIVES
    assert sum(p.is_project for p in PROGRAMS) >= 2


#: Programs added after the last TPU run (no machine was lent): labelled on the CPU only.
#: Stop 40's run labelled the six stop 39 left here (two `pallas-dma-semaphore-type`, four
#: `pallas-empty-ref-like-argument` programs), each as on the CPU: the positives raised the
#: same ValueError on the chip, the negatives ran.
NOT_YET_ON_TPU: frozenset[str] = frozenset(
    # stop 41: written with `pallas-ref-window-out-of-bounds` after the stop's TPU run (the
    # error is raised while the kernel is traced, before any lowering: the rule's examples and
    # probes raised it on the chip as on the CPU, labels `rules/...`)
    f"pallas-ref-window-out-of-bounds/{name}.py"
    for name in (
        "s41_block_not_array_parameter",
        "s41_halo_helper",
        "s41_halo_inside_negative",
        "s41_rows_in_steps_loop",
        "s41_rows_left_negative",
        "s41_slice_from_block_end",
        "s41_tail_tile_method",
    )
) | frozenset(
    # stop 42: written with `pallas-tpu-unpack-bitwidth` after the stop's TPU run (the error
    # is the unpack primitive's shape rule, raised while the kernel is traced: jax-39058's
    # pair, the same kernel, raised it on a TPU v5e as on the CPU, and its uint32 fix ran)
    f"pallas-tpu-unpack-bitwidth/{name}.py"
    for name in (
        "s42_int4_weights_helper",
        "s42_same_width_negative",
        "s42_uint32_words_negative",
        "s42_unpack_dtype_parameter",
        "s42_unpack_factory",
    )
)

#: The GPU programs' labels: each kernel lowered for CUDA on the CPU (``_label_gpu.py``); they
#: are not run on a TPU (their errors are a GPU lowering's).
GPU_LABELS = CORPUS / "labels" / "gpu-lowered-jax-0.12.0.1.json"


def test_every_program_is_labelled_with_the_release_and_chip_it_ran_on() -> None:
    cpu, tpu = labels(CPU_LABELS), labels(TPU_LABELS)
    gpu = labels(GPU_LABELS)
    for program in PROGRAMS:
        name = entry_name(program)
        assert cpu[name]["jax"] == "0.12.0.1" and cpu[name]["chip"] == "cpu:cpu", name
        if program.rule in GPU_RULES:
            assert gpu[name]["jax"] == "0.12.0.1" and gpu[name]["chip"] == "cuda:abstract", name
            continue
        on_tpu = tpu.get(f"corpus/{name}")
        if on_tpu is None:
            assert name in NOT_YET_ON_TPU, name
            continue
        assert name not in NOT_YET_ON_TPU, name
        assert on_tpu["jax"] == "0.10.2", name
        assert on_tpu["chip"] == "tpu:TPU v5 lite", name


def test_positives_raise_and_negatives_run_on_the_platform_their_code_names() -> None:
    cpu, tpu = labels(CPU_LABELS), labels(TPU_LABELS)
    for program in PROGRAMS:
        name = entry_name(program)
        on_tpu = tpu.get(f"corpus/{name}", {"raised": False})
        says_tpu = any(TPU_MARKER in m.read_text("utf-8") for m in program.modules())
        if name in NOT_YET_ON_TPU:
            continue
        if program.label == "positive" and on_tpu.get("not_run"):
            # a kind never run on a chip (it can halt it): its entry says why
            assert on_tpu["not_run"] == HALTS_THE_CHIP[program.rule], name
        elif program.label == "positive" and program.rule in GPU_RULES:
            assert labels(GPU_LABELS)[name]["raised"], name
        elif program.label == "positive":
            assert cpu[name]["raised"] or (says_tpu and on_tpu["raised"]), name
        else:
            assert not cpu[name]["raised"], name
            assert not (says_tpu and on_tpu["raised"]), name
            if program.rule in GPU_RULES:
                assert not labels(GPU_LABELS)[name]["raised"], name


@pytest.mark.jax
def test_the_stored_cpu_labels_are_what_the_pinned_jax_raises(
    tmp_path: Path, pinned_jax: None
) -> None:

    def run() -> list[Any]:
        out = tmp_path / "labels.json"
        subprocess.run(
            [sys.executable, str(CORPUS / "_label.py"), "--out", str(out), str(CORPUS)],
            check=True,
            capture_output=True,
            timeout=900,
        )
        ran: list[Any] = json.loads(out.read_text("utf-8"))
        return ran

    # every file the labeller reads: itself and the corpus's programs and modules
    inputs = {
        path.relative_to(CORPUS).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(CORPUS.rglob("*.py"))
        if "__pycache__" not in path.parts
    }
    fresh = {item["name"]: item for item in kept_result("pallas_corpus", inputs, run)}
    stored = labels(CPU_LABELS)
    assert sorted(fresh) == sorted(stored)
    for name, item in stored.items():
        assert (fresh[name]["raised"], fresh[name].get("error_class")) == (
            item["raised"],
            item.get("error_class"),
        ), name


#: TPU records whose reproducer is not run on the chip, and why.
NOT_RUN_ON_THE_CHIP = {
    "tpu-core-halted": "it halts the TPU core of the shared device machine",
    "tpu-backend-unavailable": "it needs the TPU held by a second process (measured by hand)",
}


#: TPU records whose reproducer is a corpus program that ran on the chip (its kernel, without
#: the corpus header): that program's outcome is checked instead.
MEASURED_AS_CORPUS = {
    "pallas-async-copy-shape-mismatch": (
        "corpus/pallas-async-copy-shape-mismatch/s35_dma_half_into_full_buffer.py"
    ),
}


def test_every_tpu_reproducer_raised_its_records_error_on_the_chip() -> None:
    stored = labels(TPU_LABELS)
    checked = 0
    for record in curated_records().records:
        reproducer = record.reproducer
        if reproducer is None or reproducer.platform != "tpu":
            continue
        name = MEASURED_AS_CORPUS.get(record.slug, f"repro/{Path(reproducer.path).name}")
        outcome = stored.get(name)
        if record.slug in NOT_RUN_ON_THE_CHIP:
            assert outcome is None, record.slug
            continue
        assert outcome is not None, record.slug
        assert outcome["raised"] and outcome["chip"] == "tpu:TPU v5 lite", record.slug
        text = f"{outcome['message']} | {outcome.get('message_tail', '')}"
        assert any(re.search(p, text) for p in record.all_patterns()), record.slug
        checked += 1
    assert checked >= 8


def _kernel_program(source: str) -> str:
    """A program's code without its docstring and its ``interpret=`` arguments (the TPU run
    turns interpret mode off), for comparing a reproducer with the program that ran."""
    tree = ast.parse(source)
    if (
        tree.body
        and isinstance(tree.body[0], ast.Expr)
        and isinstance(tree.body[0].value, ast.Constant)
    ):
        tree.body = tree.body[1:]
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            node.keywords = [k for k in node.keywords if k.arg != "interpret"]
    return ast.dump(tree)


def test_a_reproducer_measured_as_a_corpus_program_runs_that_programs_code() -> None:
    records = {record.slug: record for record in curated_records().records}
    for slug, name in MEASURED_AS_CORPUS.items():
        reproducer = records[slug].reproducer
        assert reproducer is not None
        mine = (REPO / reproducer.path).read_text("utf-8")
        program = (CORPUS / name.removeprefix("corpus/")).read_text("utf-8")
        assert _kernel_program(mine) == _kernel_program(program), slug


#: Rule examples written after the last TPU run. Stop 40's run labelled the one stop 39 left
#: (`pallas-empty-ref-like-argument`'s VALID example, the scratch buffer the rule's message
#: suggests): it ran on the chip.
#: Stop 42: `pallas-tpu-unpack-bitwidth`'s examples trace their kernel with `jax.eval_shape`
#: (its error is raised there; jax-39058's pair showed the chip raises the same).
RULE_EXAMPLES_NOT_YET_ON_TPU: frozenset[str] = frozenset(
    {
        "rules/pallas_tpu_unpack_bitwidth_valid_0.py",
        "rules/pallas_tpu_unpack_bitwidth_invalid_0.py",
    }
)


def test_every_pallas_rules_examples_ran_on_the_chip_as_they_say() -> None:
    """Each Pallas rule's VALID examples ran on a TPU and each INVALID one raised there
    (``rules/<module>_<kind>_<n>.py`` in the TPU labels), but for the kinds never run on the
    chip (their entry says why)."""
    from jaxlsp.rules import all_rules

    stored = labels(TPU_LABELS)
    checked = 0
    for rule in all_rules():
        module = type(rule).__module__.rsplit(".", 1)[-1]
        if not module.startswith("pallas") or rule.NAME in GPU_RULES:
            continue  # (a GPU rule's examples are measured lowered for CUDA on the CPU)
        for kind, examples in (("valid", rule.VALID), ("invalid", rule.INVALID)):
            for number in range(len(examples)):
                name = f"rules/{module}_{kind}_{number}.py"
                if name in RULE_EXAMPLES_NOT_YET_ON_TPU:
                    assert name not in stored, name  # labelled since: drop it from the set
                    continue
                outcome = stored[name]
                if outcome.get("not_run"):
                    assert kind == "invalid" and outcome["not_run"] in HALTS_THE_CHIP.values()
                    continue
                assert outcome["chip"] == "tpu:TPU v5 lite", module
                assert outcome["raised"] is (kind == "invalid"), (module, kind, number)
                checked += 1
    assert checked >= 80


@pytest.mark.jax
def test_the_gpu_labels_are_what_lowering_for_cuda_gives(pinned_jax: None) -> None:
    """The stored GPU labels hold: each GPU program lowered for CUDA again on the pinned JAX."""
    sys.path.insert(0, str(CORPUS))
    from _label_gpu import label, programs

    fresh = {entry["name"]: entry for entry in map(label, programs())}
    stored = labels(GPU_LABELS)
    assert sorted(fresh) == sorted(stored)
    for name, entry in stored.items():
        assert (fresh[name]["raised"], fresh[name].get("error_class")) == (
            entry["raised"],
            entry.get("error_class"),
        ), name
