"""A generated 100-module project: how jaxlsp's analysis scales with imports between modules.

The project is a package of modules built from ``bench.generate``'s model code, each importing
a few earlier modules and calling their functions (so values cross modules: a jitted step in
one module reaches a helper in another). Two budgets of the interpreter issue are measured, as
ratios in one run:

- **first diagnostics**: analysing one file from cold (a fresh engine) against ``ast.parse`` of
  the modules its analysis reaches (itself and what it imports, transitively): ≤ 10×;
- **dependents re-checked**: after an edit to a module that 20 open files import, the
  re-analysis of those 20 files (what the server re-publishes) against a single-file edit
  (the edited file's own re-analysis): ≤ 5×.

Run: ``python -m bench.project`` (``--modules``, ``--lines``, ``--keep DIR``; ``--json``).
The result goes to ``bench/results/project.json``; ``--readme`` rewrites bench/README.md's
table from it.
The engine is driven in-process, as the language server's workers drive it.  The garbage one
step leaves is collected before the next is timed (the server, too, holds the collection an
analysis's survivors trigger until its diagnostics are published), so that neither the
single-file edit nor the dependents' re-check pays for the other's.
"""

from __future__ import annotations

import argparse
import ast
import gc
import json
import random
import re
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from bench.generate import EDIT_MARKER, generate
from bench.readme_block import machine, measured, write_block
from bench.servers import BENCH_DIR
from jaxlsp.engine import Analysis, Engine
from jaxlsp.gcpause import gc_paused
from jaxlsp.infer.workspace import Workspace

#: The package the modules live in.
PACKAGE = "model"
RESULTS = BENCH_DIR / "results" / "project.json"
#: Budgets (ratios).
FIRST_DIAGNOSTICS_LIMIT = 10.0
DEPENDENTS_LIMIT = 5.0


@dataclass
class ProjectResult:
    modules: int
    lines: int
    #: The analysed file, the modules its analysis reached, and their lines.
    first_file: str
    reached: int
    reached_lines: int
    first_s: float
    parse_reached_s: float
    first_ratio: float
    #: The edited module, how many open files import it, the re-analysis of them all: after
    #: an edit that keeps what they read of it (a module-level constant they do not use),
    #: and after one to the body of a function they call.
    edited: str
    dependents: int
    single_edit_s: float
    dependents_s: float
    dependents_ratio: float
    body_single_edit_s: float
    body_dependents_s: float
    body_dependents_ratio: float

    @property
    def ok(self) -> bool:
        return (
            self.first_ratio <= FIRST_DIAGNOSTICS_LIMIT
            and self.dependents_ratio <= DEPENDENTS_LIMIT
            and self.body_dependents_ratio <= DEPENDENTS_LIMIT
        )


def generate_project(root: Path, modules: int = 100, lines: int = 500, seed: int = 0) -> None:
    """Write ``root/model/m000.py`` ... : module ``i`` imports up to four earlier modules (one of
    them always ``m010``, so that many files depend on it) and calls their jitted functions."""
    rng = random.Random(seed)
    package = root / PACKAGE
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text('"""A generated model package."""\n', encoding="utf-8")
    texts: list[str] = []
    for index in range(modules):
        text = generate(lines, seed=seed * 1000 + index)
        earlier = list(range(index))
        deps = sorted(set(rng.sample(earlier, min(3, len(earlier))) + ([10] if index > 10 else [])))
        imports = "".join(f"from {PACKAGE} import m{d:03d}\n" for d in deps)
        uses = []
        for d in deps:
            names = re.findall(r"^def (apply_\w+)\(params, x\)", texts[d], re.MULTILINE)
            for name in names[:2]:
                uses.append(
                    f"\n\n@jax.jit\ndef via_m{d:03d}_{name}(params, x):\n"
                    f"    return m{d:03d}.{name}(params, x) * 2.0\n"
                )
        head, marker, rest = text.partition(EDIT_MARKER)
        text = head + imports + marker + rest + "".join(uses)
        texts.append(text)
        (package / f"m{index:03d}.py").write_text(text, encoding="utf-8")


def _constant_edit(text: str, count: int) -> str:
    """The module-level constant set to ``count`` (each edit a text not seen before)."""
    at = text.index(EDIT_MARKER) + len(EDIT_MARKER)
    end = text.index("\n", at)
    return text[:at] + str(count) + text[end:]


#: The body edit: the first dense layer's bias scaled (its dependents call that layer).
_BIAS = re.compile(r'\+ params\["b"\]( \* \d+\.0)?')


def _body_edit(text: str, count: int) -> str:
    return _BIAS.sub(f'+ params["b"] * {count}.0', text, count=1)


def _edits(
    engine: Engine,
    analyses: dict[Path, Analysis],
    edited: Path,
    dependents: list[Path],
    texts: dict[Path, str],
    edit: Callable[[str, int], str],
    repeat: int,
) -> tuple[float, float]:
    """The edited file's own re-analysis and its dependents', medians over ``repeat`` edits."""
    singles, groups = [], []
    text = texts[edited]
    for count in range(1, repeat + 1):
        text = edit(text, count)
        engine.workspace.set_document(edited, text)
        gc.collect()  # see the module docstring
        started = time.perf_counter()
        analyses[edited] = engine.analyze(text, str(edited), previous=analyses[edited])
        singles.append(time.perf_counter() - started)
        gc.collect()
        started = time.perf_counter()
        for path in dependents:
            analyses[path] = engine.analyze(texts[path], str(path), previous=analyses[path])
        groups.append(time.perf_counter() - started)
    texts[edited] = text
    return statistics.median(singles), statistics.median(groups)


def measure(root: Path, repeat: int = 3) -> ProjectResult:
    package = root / PACKAGE
    paths = sorted(package.glob("m*.py"))
    texts = {p: p.read_text(encoding="utf-8") for p in paths}

    # first diagnostics of the last module, from cold, against parsing what it reaches
    last = paths[-1]
    firsts = []
    analysis: Analysis | None = None
    for _ in range(repeat):
        engine = Engine(workspace=Workspace([root]))
        started = time.perf_counter()
        analysis = engine.analyze(texts[last], str(last))
        firsts.append(time.perf_counter() - started)
    assert analysis is not None
    reached = [last, *(Path(key) for key in analysis.dependencies)]
    reached_texts = [p.read_text(encoding="utf-8") for p in reached]
    parses = []
    for _ in range(repeat):
        with gc_paused():
            started = time.perf_counter()
            for text in reached_texts:
                ast.parse(text)
            parses.append(time.perf_counter() - started)

    # an edit to m010, which many modules import: the open files that depend on it re-checked
    edited = package / "m010.py"
    engine = Engine(workspace=Workspace([root]))
    dependents = [p for p in paths if "import m010\n" in texts[p]][:20]
    open_files = [edited, *dependents]
    analyses = {}
    for path in open_files:
        engine.workspace.set_document(path, texts[path])
        analyses[path] = engine.analyze(texts[path], str(path))
    single_s, group_s = _edits(engine, analyses, edited, dependents, texts, _constant_edit, repeat)
    body_single_s, body_group_s = _edits(
        engine, analyses, edited, dependents, texts, _body_edit, repeat
    )
    first_s = statistics.median(firsts)
    parse_s = statistics.median(parses)
    return ProjectResult(
        modules=len(paths),
        lines=sum(t.count("\n") for t in texts.values()),
        first_file=last.name,
        reached=len(reached),
        reached_lines=sum(t.count("\n") for t in reached_texts),
        first_s=first_s,
        parse_reached_s=parse_s,
        first_ratio=first_s / parse_s,
        edited=edited.name,
        dependents=len(dependents),
        single_edit_s=single_s,
        dependents_s=group_s,
        dependents_ratio=group_s / single_s,
        body_single_edit_s=body_single_s,
        body_dependents_s=body_group_s,
        body_dependents_ratio=body_group_s / body_single_s,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", type=int, default=100)
    parser.add_argument("--lines", type=int, default=500, help="lines per module (about)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="write the project here and keep it")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--results", type=Path, default=RESULTS, help="write the result here")
    parser.add_argument("--readme", action="store_true", help="rewrite bench/README.md's table")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        root = args.keep or Path(scratch)
        generate_project(root, args.modules, args.lines)
        result = measure(root, args.repeat)
    document = {"meta": machine(), "repeat": args.repeat, **asdict(result), "ok": result.ok}
    args.results.parent.mkdir(parents=True, exist_ok=True)
    args.results.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    if args.readme:
        write_block("bench.project", table(document))
    if args.json:
        print(json.dumps(document, indent=2))
        return
    print(f"{result.modules} modules, {result.lines:,} lines")
    print(
        f"first diagnostics of {result.first_file} (reaches {result.reached} modules, "
        f"{result.reached_lines:,} lines): {result.first_s * 1000:.0f} ms = "
        f"{result.first_ratio:.1f}× ast.parse of them ({result.parse_reached_s * 1000:.0f} ms); "
        f"budget ≤ {FIRST_DIAGNOSTICS_LIMIT:g}×"
    )
    for what, group, ratio, single in (
        (
            "a constant they do not read",
            result.dependents_s,
            result.dependents_ratio,
            result.single_edit_s,
        ),
        (
            "a function they call",
            result.body_dependents_s,
            result.body_dependents_ratio,
            result.body_single_edit_s,
        ),
    ):
        print(
            f"edit to {what} in {result.edited}: its {result.dependents} open dependents "
            f"re-analysed in {group * 1000:.0f} ms = {ratio:.1f}× the single-file edit "
            f"({single * 1000:.0f} ms); budget ≤ {DEPENDENTS_LIMIT:g}×"
        )


def table(result: dict[str, Any]) -> str:
    """bench/README.md's table: the result ``main`` wrote, as it is."""

    def row(budget: str, limit: float, ratio: float, subject: float, base: float) -> str:
        mark = "✓" if ratio <= limit else "**✗**"
        return (
            f"| {budget} | ≤ {limit:g}× | {ratio:.2f}× ({subject * 1000:.0f} / "
            f"{base * 1000:.0f} ms) {mark} |"
        )

    dependents = (
        f"its {result['dependents']} open dependents re-checked ÷ {result['edited']}'s own "
        "re-analysis, edit to"
    )
    return "\n".join(
        [
            f"{measured(result['meta'])} {result['modules']} modules, {result['lines']:,} "
            f"lines; medians of {result['repeat']}.",
            "",
            "| budget | limit | measured |",
            "| --- | --- | --- |",
            row(
                f"first diagnostics of {result['first_file']} ÷ `ast.parse` of the "
                f"{result['reached']} modules it reaches",
                FIRST_DIAGNOSTICS_LIMIT,
                result["first_ratio"],
                result["first_s"],
                result["parse_reached_s"],
            ),
            row(
                f"{dependents} a constant they do not read",
                DEPENDENTS_LIMIT,
                result["dependents_ratio"],
                result["dependents_s"],
                result["single_edit_s"],
            ),
            row(
                f"{dependents} a function they call",
                DEPENDENTS_LIMIT,
                result["body_dependents_ratio"],
                result["body_dependents_s"],
                result["body_single_edit_s"],
            ),
        ]
    )


if __name__ == "__main__":
    main()
