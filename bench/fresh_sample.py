"""The fresh samples' results table (docs/fresh-sample.md), made of ``bench/fresh-sample.json``.

Each stop draws code nobody on the project had looked at (PyPI libraries, research
repositories), checks it, judges every error finding by execution and checks it again on the
branch that fixed the causes of the false ones.  ``bench/fresh-sample.json`` keeps, per sample,
its members (``name==version``, ``owner/name@commit``: a later draw leaves them out), its size,
where each finding's verdict is, and one row per code it was checked on.  The page's table is
made of it (``--readme``), so the numbers live in one place and each stop's account of the
causes lives in git history, not in the page.

    python -m bench.fresh_sample            # print the table
    python -m bench.fresh_sample --readme   # rewrite docs/fresh-sample.md's table
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from bench.readme_block import write_block
from bench.servers import BENCH_DIR

SAMPLES = BENCH_DIR / "fresh-sample.json"
PAGE = BENCH_DIR.parent / "docs" / "fresh-sample.md"


def load(path: Path = SAMPLES) -> list[dict[str, Any]]:
    samples: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return samples


def _share(row: dict[str, Any]) -> str:
    """The true findings of those decided (an undecided one is neither)."""
    decided = row["true"] + row["false"]
    return f"{100 * row['true'] / decided:.1f} %" if decided else "n/a"


def table(samples: list[dict[str, Any]]) -> str:
    """One row per sample and code it was checked on; the notes below say what a row leaves
    out."""
    lines = [
        "| sample | drawn from | members | lines | checked on | error findings | true | false "
        "| undecided | true of decided | warnings |",
        "| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    notes = []
    for sample in samples:
        for index, row in enumerate(sample["rows"]):
            first = index == 0
            lines.append(
                "| "
                + " | ".join(
                    [
                        f"`{sample['sample']}` (stop {sample['stop']})" if first else "",
                        sample["kind"] if first else "",
                        str(len(sample["members"])) if first else "",
                        f"{sample['lines'] // 1000:,} k" if first else "",
                        row["checked"],
                        str(row["errors"]),
                        str(row["true"]),
                        str(row["false"]),
                        str(row["undecided"]),
                        _share(row),
                        str(row["warnings"]),
                    ]
                )
                + " |"
            )
            if "note" in row:
                notes.append(f"- `{sample['sample']}`, {row['checked']}: {row['note']}.")
    return "\n".join([*lines, *([""] if notes else []), *notes, "", *summary(samples)])


def summary(samples: list[dict[str, Any]]) -> list[str]:
    """Per kind of code, each sample's share of true error findings (of those decided) on the
    code it was first checked on, and on the last: what the samples say, made of the same rows
    as the table, so that no sentence of the page carries a number of its own."""
    kinds: dict[str, list[str]] = {}
    for sample in samples:
        rows = sample["rows"]
        step = _share(rows[0]) if len(rows) == 1 else f"{_share(rows[0])} → {_share(rows[-1])}"
        kinds.setdefault(sample["kind"], []).append(f"`{sample['sample']}` {step}")
    return [
        f"- {kind}, true of decided on the code first checked → on the last: "
        + ", ".join(steps)
        + "."
        for kind, steps in kinds.items()
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--readme", action="store_true", help="rewrite the page's table")
    args = parser.parse_args(argv)
    made = table(load())
    if args.readme:
        write_block("bench.fresh_sample", made, PAGE)
    else:
        print(made)


if __name__ == "__main__":
    main()
