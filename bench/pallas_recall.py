"""Recall and false findings of the rules on the Pallas corpus (``tests/pallas_corpus``).

The corpus follows ``tests/corpus``'s conventions (a folder per error kind, a header line, a
``# expect: <code>`` on each line where a finding must start) but is measured apart: several of
its kinds raise only on a TPU, and their labels come from the device run stored beside it
(``tests/pallas_corpus/labels/``: what each program raised on the pinned CPU JAX in interpret
mode, and on a TPU v5e with jax 0.10.2 and ``interpret=False``).

    python -m bench.pallas_recall          # the table (Markdown)
    python -m bench.pallas_recall --json   # every program's outcome
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench.recall import REPO, discover, measure

CORPUS = REPO / "tests" / "pallas_corpus"
LABELS = CORPUS / "labels"
CPU_LABELS = LABELS / "cpu-jax-0.12.0.1.json"
TPU_LABELS = LABELS / "tpu-v5e-jax-0.10.2.json"


def labels(path: Path) -> dict[str, dict[str, Any]]:
    """Program name → what it raised, from a stored labelling run."""
    return {item["name"]: item for item in json.loads(path.read_text(encoding="utf-8"))}


def entry_name(program: Any) -> str:
    name = Path(program.path).relative_to(CORPUS).as_posix()
    return f"{name}/main.py" if program.is_project else name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    programs = discover(CORPUS)
    cpu = labels(CPU_LABELS)
    tpu = {name.removeprefix("corpus/"): item for name, item in labels(TPU_LABELS).items()}
    outcomes = measure(programs)
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    details = []
    for outcome in outcomes:
        program = outcome.program
        name = entry_name(program)
        where = "cpu" if cpu[name]["raised"] else "tpu"
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
    if args.json:
        print(json.dumps(details, indent=1))
        return
    total = [0, 0, 0, 0]
    print("| Kind | Positives | Caught | Negatives | Negatives flagged |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for rule, row in sorted(rows.items()):
        print(f"| `{rule}` | {row[0]} | {row[1]} | {row[2]} | {row[3]} |")
        total = [a + b for a, b in zip(total, row, strict=True)]
    print(f"| **all** | {total[0]} | {total[1]} | {total[2]} | {total[3]} |")
    tpu_only = [d for d in details if d["label"] == "positive" and d["raises_on"] == "tpu"]
    tpu_caught = sum(1 for d in tpu_only if d["caught"])
    print(
        f"\nRecall {total[1]} of {total[0]} ({100 * total[1] / max(total[0], 1):.0f} %); "
        f"TPU-only positives caught: {tpu_caught} of {len(tpu_only)}; "
        f"negatives flagged: {total[3]} of {total[2]}."
    )


if __name__ == "__main__":
    main()
