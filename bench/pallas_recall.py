"""Recall and false findings of the rules on the Pallas corpus (``tests/pallas_corpus``).

The corpus follows ``tests/corpus``'s conventions (a folder per error kind, a header line, a
``# expect: <code>`` on each line where a finding must start) but is measured apart: several of
its kinds raise only on a TPU, and their labels come from the device run stored beside it
(``tests/pallas_corpus/labels/``: what each program raised on the pinned CPU JAX in interpret
mode, and on a TPU v5e with jax 0.10.2 and ``interpret=False``).

    python -m bench.pallas_recall          # the table (Markdown)
    python -m bench.pallas_recall --json   # every program's outcome
    python -m bench.pallas_recall --write  # store the table (bench/results/pallas-recall.json)
    python -m bench.pallas_recall --readme # docs/pallas.md's tables, from the stored results

docs/pallas.md's numbers are made of two JSON files, so the page holds no per-stop account
(that lives in git history): the corpus table ``--write`` stores, and
``bench/pallas-real-code.json``, the findings on real kernels as their verdicts were judged
(kept by hand, as ``bench/fresh-sample.json`` is).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench.readme_block import head_commit, machine, measured, write_block
from bench.recall import REPO, discover, measure

CORPUS = REPO / "tests" / "pallas_corpus"
LABELS = CORPUS / "labels"
CPU_LABELS = LABELS / "cpu-jax-0.12.0.1.json"
TPU_LABELS = LABELS / "tpu-v5e-jax-0.10.2.json"
#: The GPU programs' labels: their kernels lowered for CUDA on the CPU (``_label_gpu.py``).
GPU_LABELS = LABELS / "gpu-lowered-jax-0.12.0.1.json"
RESULTS = REPO / "bench" / "results" / "pallas-recall.json"
REAL_CODE = REPO / "bench" / "pallas-real-code.json"
PAGE = REPO / "docs" / "pallas.md"


def labels(path: Path) -> dict[str, dict[str, Any]]:
    """Program name → what it raised, from a stored labelling run."""
    return {item["name"]: item for item in json.loads(path.read_text(encoding="utf-8"))}


def entry_name(program: Any) -> str:
    name = Path(program.path).relative_to(CORPUS).as_posix()
    return f"{name}/main.py" if program.is_project else name


def measure_corpus() -> tuple[dict[str, list[int]], list[dict[str, Any]]]:
    """Per kind: [positives, caught, negatives, negatives flagged]; and every program's
    outcome."""
    programs = discover(CORPUS)
    cpu = labels(CPU_LABELS)
    tpu = {name.removeprefix("corpus/"): item for name, item in labels(TPU_LABELS).items()}
    gpu = labels(GPU_LABELS)
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    details = []
    for outcome in measure(programs):
        program = outcome.program
        name = entry_name(program)
        if cpu[name]["raised"]:
            where = "cpu"
        else:
            where = "gpu" if gpu.get(name, {}).get("raised") else "tpu"
        row = rows[program.rule]
        if program.label == "positive":
            row[0] += 1
            row[1] += outcome.caught
        else:
            row[2] += 1
            row[3] += bool(outcome.unexpected)
        details.append(
            {
                "program": name,
                "label": program.label,
                "raises_on": where if program.label == "positive" else "",
                "tpu_raised": tpu.get(name, {}).get("raised"),
                "caught": outcome.caught,
                "unexpected": sorted(
                    f"{e.module}:{e.line + 1}:{e.code}" for e in outcome.unexpected
                ),
            }
        )
    return dict(sorted(rows.items())), details


def summary(rows: dict[str, list[int]], details: list[dict[str, Any]]) -> dict[str, Any]:
    """What ``--write`` stores: the per-kind rows and the TPU-only positives."""
    tpu_only = [d for d in details if d["label"] == "positive" and d["raises_on"] == "tpu"]
    gpu_only = [d for d in details if d["label"] == "positive" and d["raises_on"] == "gpu"]
    return {
        "kinds": rows,
        "tpu_only": [len(tpu_only), sum(1 for d in tpu_only if d["caught"])],
        "gpu_only": [len(gpu_only), sum(1 for d in gpu_only if d["caught"])],
    }


def corpus_table(result: dict[str, Any]) -> str:
    """One row per kind, the totals, and the line that says recall and false findings."""
    lines = [
        "| Kind | Positives | Caught | Negatives | Negatives flagged |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    total = [0, 0, 0, 0]
    for rule, row in result["kinds"].items():
        lines.append(f"| `{rule}` | {row[0]} | {row[1]} | {row[2]} | {row[3]} |")
        total = [a + b for a, b in zip(total, row, strict=True)]
    lines.append(f"| **all** | {total[0]} | {total[1]} | {total[2]} | {total[3]} |")
    tpu, tpu_caught = result["tpu_only"]
    gpu, gpu_caught = result.get("gpu_only", [0, 0])
    lines.append(
        f"\nRecall {total[1]} of {total[0]} ({100 * total[1] / max(total[0], 1):.0f} %); "
        f"TPU-only positives caught: {tpu_caught} of {tpu}; "
        + (f"GPU-only (lowered for CUDA on the CPU): {gpu_caught} of {gpu}; " if gpu else "")
        + f"negatives flagged: {total[3]} of {total[2]}."
    )
    return "\n".join(lines)


def real_code_table(real: dict[str, Any]) -> str:
    """The findings on real kernels and on the reports rebuilt from public bugs."""
    lines = [
        "| code | ref | files with Pallas | error findings | true | false | not judged "
        "| checked on |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    notes = []
    for row in real["trees"]:
        lines.append(
            f"| {row['tree']} | {row['ref']} | {row['files']} | {row['errors']} | {row['true']} "
            f"| {row['false']} | {row['not_judged']} | {row['checked_on']} |"
        )
        if "note" in row:
            notes.append(f"- {row['tree']}: {row['note']}.")
    tests = real["jax_pallas_tests"]
    bugs = real["realbugs"]
    return "\n".join(
        [
            *lines,
            "",
            *notes,
            f"- JAX's Pallas tests ({tests['ref']}, {tests['files']} files, checked on "
            f"{tests['checked_on']}): {tests['findings']} findings, {tests['note']}.",
            f"- `{bugs['set']}` (`python -m bench.realbugs --bugs {bugs['set']} --tools jaxlsp`, "
            f"checked on {bugs['checked_on']}): {bugs['cpu'][1]} of the {bugs['cpu'][0]} that "
            f"raise on the CPU caught, {bugs['accelerator'][1]} of the "
            f"{bugs['accelerator'][0]} that raise only on an accelerator; {bugs['fixed'][1]} "
            f"of {bugs['fixed'][0]} fixed versions flagged.",
        ]
    )


def page_block(result: dict[str, Any], real: dict[str, Any]) -> str:
    """docs/pallas.md's generated block: the corpus, then real code."""
    return "\n".join(
        [
            f"The corpus, on {result['measured_on']}. {measured(result['meta'])}",
            "",
            corpus_table(result),
            "",
            "Real code (`jaxlsp check --no-cache`):",
            "",
            real_code_table(real),
        ]
    )


def load(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--write", action="store_true", help="store the table, then the page's")
    parser.add_argument("--on", default="", help="--write: the jaxlsp measured (a commit)")
    parser.add_argument("--readme", action="store_true", help="rewrite docs/pallas.md's tables")
    args = parser.parse_args()
    if args.readme and not args.write:
        write_block("bench.pallas_recall", page_block(load(RESULTS), load(REAL_CODE)), PAGE)
        return
    rows, details = measure_corpus()
    if args.json:
        print(json.dumps(details, indent=1))
        return
    result = {**summary(rows, details), "measured_on": args.on or head_commit(), "meta": machine()}
    if args.write:
        RESULTS.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        write_block("bench.pallas_recall", page_block(result, load(REAL_CODE)), PAGE)
        return
    print(corpus_table(result))


if __name__ == "__main__":
    main()
