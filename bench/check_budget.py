"""``jaxlsp check`` of whole real libraries and two generated ones, against the budgets.

    python -m bench.check_budget                 # the pinned libraries and the generated ones
    python -m bench.check_budget --only keras --only generated-lazy --check

Issue 30's budget for a repository of any size: ``jaxlsp check --jobs 2 --no-cache`` of it
takes at most 1 CPU-s per 1,000 lines (the check process and its workers, from the kernel's
accounting, so a busy machine does not count) and no process of it holds more than 1 GB.

The pinned libraries (``PINNED``) are JAX code the analysis was not written for, at the sizes
that broke it: transformers' whole sdist (lazy-import packages, 1.2 M lines), keras (a public
API package importing every subpackage, a backend chosen at import time), easydel and netket.
Each is downloaded once with pip (no dependencies; an sdist or a wheel, as pinned) into
``--cache`` and unpacked there; nothing of them is imported or run.  The generated libraries
are ``bench.lazy_library``'s (transformers' lazy ``__init__`` files) and ``generate_eager``'s
(keras's eager ``__init__`` files: a package importing every subpackage, modules taking
siblings with ``from pkg.sub import module``).

Each check runs as a fresh process; the findings it printed (JSON) are kept beside the
unpacked sources (``--cache``/findings) to compare two versions of jaxlsp.  ``--check`` exits
1 when any result is over budget; ``--write`` stores the results as JSON (bench/results), each
tree's row replacing that tree's earlier one and saying which jaxlsp it measured (``--on``);
``--readme`` rewrites docs/scale.md's table from that JSON, so the page's numbers are the
committed results and their history is git's.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from bench.generate import generate
from bench.lazy_library import CPU_S_PER_KLINE_LIMIT, JOBS, RSS_MB_LIMIT, generate_library
from bench.readme_block import head_commit, write_block

REPO = Path(__file__).resolve().parent.parent
DEFAULT_CACHE = REPO / ".jaxlsp-cache" / "check-budget"
DEFAULT_RESULTS = REPO / "bench" / "results" / "check-budget.json"
PAGE = REPO / "docs" / "scale.md"


@dataclass(frozen=True)
class PinnedPackage:
    """A released library checked whole: ``checked`` is the folder of its unpacked
    distribution that is checked (``.`` for all of it, tests and examples included)."""

    name: str
    version: str
    sdist: bool
    checked: str = "."

    @property
    def label(self) -> str:
        return f"{self.name} {self.version}"


PINNED = (
    PinnedPackage("transformers", "4.57.6", sdist=True),
    PinnedPackage("keras", "3.15.1", sdist=False, checked="keras"),
    PinnedPackage("easydel", "0.3.0", sdist=False, checked="easydel"),
    PinnedPackage("netket", "3.23.0", sdist=False, checked="netket"),
)
GENERATED = ("generated-lazy", "generated-eager")


@dataclass
class BudgetResult:
    """One ``jaxlsp check`` of a tree: its size, its CPU time, its largest process."""

    name: str
    files: int
    lines: int
    cpu_s: float
    wall_s: float
    max_rss_mb: float
    findings: int
    exit_code: int

    @property
    def cpu_s_per_kline(self) -> float:
        return self.cpu_s / max(self.lines, 1) * 1000

    @property
    def within_budget(self) -> bool:
        """Within both budgets, and the check ended as a check does (0 or 1), not killed."""
        return (
            self.exit_code in (0, 1)
            and self.cpu_s_per_kline <= CPU_S_PER_KLINE_LIMIT
            and self.max_rss_mb <= RSS_MB_LIMIT
        )

    def as_json(self) -> dict[str, object]:
        return {
            **asdict(self),
            "cpu_s_per_kline": round(self.cpu_s_per_kline, 3),
            "within_budget": self.within_budget,
        }


# -- the generated keras-shaped library ------------------------------------------------------

EAGER_TOP = '''"""The public API: every subpackage, imported when the package is."""

{imports}
'''

EAGER_SRC = '''"""The implementation: every subpackage again."""

from elib.src import ops
{imports}
'''

EAGER_OPS = '''"""Operations every layer takes."""

from elib.src.ops.core import *
'''

EAGER_OPS_CORE = '''"""The operations."""

import jax.numpy as jnp


def scale(x, factor):
    return jnp.asarray(x) * factor


def total(x):
    return jnp.sum(x)


__all__ = ["scale", "total"]
'''

EAGER_PACKAGE = '''"""Layer package {index}."""

from elib.src.layers_{index:03d}.layer_{index:03d} import Layer{index:03d}
'''

EAGER_LAYER_HEAD = """from elib.src import ops
from elib.src.layers_{other:03d} import layer_{other:03d}
from elib.src.ops.core import scale

"""

EAGER_LAYER_TAIL = """

class Layer{index:03d}:
    other = layer_{other:03d}

    def __call__(self, x):
        return ops.total(scale(x, 2.0))
"""


def generate_eager(root: Path, packages: int = 60, lines: int = 400, seed: int = 0) -> int:
    """keras's layout under ``root/elib``: a top package and its ``src`` package that import
    every layer package when they run, and layer modules that take ``ops`` and another layer's
    module from ``elib.src``.  Returns the total line count."""
    lib = root / "elib"
    files = {
        lib / "__init__.py": EAGER_TOP.format(
            imports="\n".join(
                f"from elib.src import layers_{i:03d} as layers_{i:03d}" for i in range(packages)
            )
        ),
        lib / "src" / "__init__.py": EAGER_SRC.format(
            imports="\n".join(f"from elib.src import layers_{i:03d}" for i in range(packages))
        ),
        lib / "src" / "ops" / "__init__.py": EAGER_OPS,
        lib / "src" / "ops" / "core.py": EAGER_OPS_CORE,
    }
    for index in range(packages):
        package = lib / "src" / f"layers_{index:03d}"
        other = (index * 7 + 3) % packages
        files[package / "__init__.py"] = EAGER_PACKAGE.format(index=index)
        files[package / f"layer_{index:03d}.py"] = (
            EAGER_LAYER_HEAD.format(other=other)
            + generate(lines, seed=seed * 1000 + index)
            + EAGER_LAYER_TAIL.format(index=index, other=other)
        )
    total = 0
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        total += text.count("\n")
    return total


# -- fetching the pinned libraries -------------------------------------------------------------


def unpacked(package: PinnedPackage, cache: Path) -> Path:
    """The folder of ``package``'s distribution, downloaded and unpacked on first use."""
    target = cache / "src" / f"{package.name}-{package.version}"
    if (target / ".unpacked").is_file():
        return target / package.checked
    downloads = cache / "downloads"
    downloads.mkdir(parents=True, exist_ok=True)
    kind = ["--no-binary", ":all:"] if package.sdist else ["--only-binary", ":all:"]
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--no-deps",
            *kind,
            "--dest",
            str(downloads),
            f"{package.name}=={package.version}",
        ],
        check=True,
        capture_output=True,
    )
    stem = package.name.replace("-", "_")
    archives = [
        path
        for path in downloads.iterdir()
        if path.name.lower().startswith((f"{package.name}-{package.version}", f"{stem}-"))
        and f"{package.version}" in path.name
    ]
    if not archives:
        raise RuntimeError(f"pip downloaded no distribution of {package.label}")
    archive = archives[0]
    target.mkdir(parents=True, exist_ok=True)
    if archive.name.endswith(".whl"):
        with zipfile.ZipFile(archive) as wheel:
            wheel.extractall(target)
    else:
        with tarfile.open(archive) as sdist:
            sdist.extractall(target, filter="data")
        inner = target / f"{package.name}-{package.version}"
        if inner.is_dir():  # an sdist's one top folder
            for child in inner.iterdir():
                child.rename(target / child.name)
            inner.rmdir()
    (target / ".unpacked").write_text(archive.name, encoding="utf-8")
    return target / package.checked


# -- measuring --------------------------------------------------------------------------------


def python_lines(root: Path) -> tuple[int, int]:
    """The files ``jaxlsp check`` checks under ``root``, and their lines."""
    from jaxlsp.checker import iter_python_files

    files = list(iter_python_files([root]))
    return len(files), sum(path.read_bytes().count(b"\n") for path in files)


def check_tree(name: str, root: Path, findings_out: Path | None, timeout_s: float) -> BudgetResult:
    """``jaxlsp check --jobs 2 --no-cache --format json`` of ``root`` as a fresh process: the
    CPU time and largest resident set of it and its workers (``wait4``: the process and every
    child it waited for), and how many findings it printed."""
    files, lines = python_lines(root)
    command = [sys.executable, "-m", "jaxlsp", "check", "--jobs", str(JOBS), "--no-cache"]
    command += ["--format", "json", "."]
    with tempfile.TemporaryDirectory() as scratch, tempfile.TemporaryFile("w+") as output:
        env = {**os.environ, "XDG_CACHE_HOME": scratch}
        started = time.perf_counter()
        process = subprocess.Popen(
            command, cwd=root, env=env, stdout=output, stderr=subprocess.DEVNULL
        )
        try:
            _, status, usage = _wait(process, timeout_s)
        finally:
            if process.returncode is None and process.poll() is None:
                process.kill()
        wall = time.perf_counter() - started
        output.seek(0)
        text = output.read()
    exit_code = os.waitstatus_to_exitcode(status)
    found = _findings(text)
    if findings_out is not None:
        findings_out.parent.mkdir(parents=True, exist_ok=True)
        findings_out.write_text(json.dumps(found, indent=1, sort_keys=True), encoding="utf-8")
    return BudgetResult(
        name=name,
        files=files,
        lines=lines,
        cpu_s=usage.ru_utime + usage.ru_stime,
        wall_s=wall,
        max_rss_mb=usage.ru_maxrss / 1024,  # Linux: KiB
        findings=len(found),
        exit_code=exit_code,
    )


def _wait(
    process: subprocess.Popen[bytes], timeout_s: float
) -> tuple[int, int, resource.struct_rusage]:
    """``os.wait4`` of ``process``, killing it after ``timeout_s`` (its rusage still comes)."""
    deadline = time.monotonic() + timeout_s
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            process.returncode = os.waitstatus_to_exitcode(status)
            return pid, status, usage
        if time.monotonic() > deadline:
            process.kill()
            pid, status, usage = os.wait4(process.pid, 0)
            process.returncode = os.waitstatus_to_exitcode(status)
            return pid, status, usage
        time.sleep(0.2)


def _findings(text: str) -> list[dict[str, object]]:
    """The findings of ``jaxlsp check --format json``'s output, each as path, line, code,
    severity and message (none when it printed no JSON: a killed check)."""
    try:
        report = json.loads(text) if text.strip() else {}
    except json.JSONDecodeError:
        return []
    found = report.get("findings", []) if isinstance(report, dict) else []
    keys = ("path", "line", "column", "code", "severity", "message")
    return [{key: item.get(key) for key in keys} for item in found if isinstance(item, dict)]


def run(
    names: list[str], cache: Path, timeout_s: float, lazy_models: int, lines: int
) -> list[BudgetResult]:
    results = []
    findings = cache / "findings"
    for package in PINNED:
        if package.name in names:
            root = unpacked(package, cache)
            out = findings / f"{package.name}-{package.version}.json"
            results.append(check_tree(package.label, root, out, timeout_s))
            print(_row(results[-1]), flush=True)
    for name in GENERATED:
        if name not in names:
            continue
        with tempfile.TemporaryDirectory() as scratch:
            root = Path(scratch)
            if name == "generated-lazy":
                generate_library(root, lazy_models, lines)
                checked = root / "lib"
            else:
                generate_eager(root, lazy_models, lines)
                checked = root
            results.append(check_tree(name, checked, findings / f"{name}.json", timeout_s))
            print(_row(results[-1]), flush=True)
    return results


def _row(result: BudgetResult) -> str:
    verdict = "ok" if result.within_budget else "OVER BUDGET"
    return (
        f"| {result.name} | {result.files:,} | {result.lines:,} | {result.cpu_s:,.0f} | "
        f"{result.cpu_s_per_kline:.2f} | {result.max_rss_mb:,.0f} | {result.wall_s:,.0f} | "
        f"{result.findings} | {verdict} |"
    )


HEADER = (
    "| tree | files | lines | CPU-s | CPU-s / 1,000 lines | largest process MB | wall s | "
    "findings | budget |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
)


def load(path: Path = DEFAULT_RESULTS) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def merged(earlier: list[dict[str, Any]], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The earlier rows with each tree measured now in its place (a new tree at the end): one
    tree's run does not throw the others' away."""
    fresh = {row["name"]: row for row in rows}
    kept = [fresh.pop(row["name"], row) for row in earlier]
    return [*kept, *fresh.values()]


def table(document: dict[str, Any]) -> str:
    """docs/scale.md's table: one row per tree, each with the jaxlsp it measured."""
    budgets = document["budgets"]
    lines = [
        f"Budgets: at most {budgets['cpu_s_per_kline']:g} CPU-s per 1,000 lines and "
        f"{budgets['max_rss_mb']:,.0f} MB in any process; `jaxlsp check --jobs "
        f"{document['jobs']} --no-cache`, Python {document['python']}, {document['cpus']} CPUs.",
        "",
        "| tree | files | lines | CPU-s | CPU-s / 1,000 lines | largest process MB | findings "
        "| budget | measured on |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
    ]
    for row in document["results"]:
        verdict = "within" if row["within_budget"] else "**over**"
        lines.append(
            f"| {row['name']} | {row['files']:,} | {row['lines']:,} | {row['cpu_s']:,.0f} | "
            f"{row['cpu_s_per_kline']:.2f} | {row['max_rss_mb']:,.0f} | {row['findings']} | "
            f"{verdict} | {row.get('measured_on', '')} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    choices = [p.name for p in PINNED] + list(GENERATED)
    parser.add_argument("--only", action="append", choices=choices, help="repeatable")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--timeout", type=float, default=3600, help="seconds per check")
    parser.add_argument("--models", type=int, default=60, help="packages of each generated one")
    parser.add_argument("--lines", type=int, default=400, help="lines per generated module")
    parser.add_argument("--check", action="store_true", help="exit 1 when over a budget")
    parser.add_argument("--write", type=Path, nargs="?", const=DEFAULT_RESULTS)
    parser.add_argument("--on", default="", help="--write: the jaxlsp measured (else git HEAD)")
    parser.add_argument(
        "--readme",
        action="store_true",
        help="rewrite docs/scale.md's table from the results (alone: from the committed ones)",
    )
    args = parser.parse_args(argv)
    if args.readme and args.write is None and not args.only:
        write_block("bench.check_budget", table(load()), PAGE)
        return 0
    names = args.only or choices
    print(
        f"budgets: <= {CPU_S_PER_KLINE_LIMIT:g} CPU-s per 1,000 lines, <= {RSS_MB_LIMIT:g} MB "
        f"per process; jaxlsp check --jobs {JOBS} --no-cache\n{HEADER}",
        flush=True,
    )
    results = run(names, args.cache, args.timeout, args.models, args.lines)
    if args.write is not None:
        args.write.parent.mkdir(parents=True, exist_ok=True)
        earlier = load(args.write) if args.write.exists() else None
        rows = [{**r.as_json(), "measured_on": args.on or head_commit()} for r in results]
        payload = {
            "command": "python -m bench.check_budget " + " ".join(argv or sys.argv[1:]),
            "budgets": {"cpu_s_per_kline": CPU_S_PER_KLINE_LIMIT, "max_rss_mb": RSS_MB_LIMIT},
            "jobs": JOBS,
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "results": merged(earlier["results"] if earlier else [], rows),
        }
        args.write.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
        if args.readme:
            write_block("bench.check_budget", table(payload), PAGE)
    over = [r.name for r in results if not r.within_budget]
    if over:
        print(f"over budget: {', '.join(over)}")
    return 1 if args.check and over else 0


if __name__ == "__main__":
    sys.exit(main())
