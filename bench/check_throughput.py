"""``jaxlsp check`` throughput on a large generated tree, beside ``ruff check`` on the same tree.

    python -m bench.check_throughput --files 200 --lines 500

Writes a tree of deterministic JAX files (``bench.generate``), then times, each as a fresh
process: ``jaxlsp check`` with ``--jobs 1`` and ``--jobs N`` (all cores), a second run of the
same command (what an unchanged tree costs when a cache is in place), and ``ruff check
--no-cache`` as the peer. Prints lines per second and the ratios; ``--json`` keeps the numbers.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.generate import generate
from bench.servers import BENCH_DIR, OWN_BIN, PEERS_BIN


def write_tree(root: Path, files: int, lines: int) -> int:
    """``files`` generated modules in ten packages; returns the total line count."""
    total = 0
    for number in range(files):
        package = root / f"pkg{number % 10}"
        package.mkdir(parents=True, exist_ok=True)
        text = generate(lines, seed=number)
        (package / f"mod{number:04d}.py").write_text(text)
        total += text.count("\n")
    return total


def _time(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, int]:
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr[-2000:]}")
    return elapsed, done.returncode


def _jaxlsp() -> list[str]:
    script = OWN_BIN / "jaxlsp"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "jaxlsp"]


def _ruff() -> str | None:
    for folder in (PEERS_BIN, OWN_BIN):
        if (folder / "ruff").is_file():
            return str(folder / "ruff")
    return None


def measure(root: Path, total_lines: int, repeat: int, jobs: int) -> dict[str, Any]:
    """Median wall seconds per command (each a fresh process) and lines per second."""
    cache_home = root / ".bench-cache"
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home)}
    commands: dict[str, list[str]] = {
        "jaxlsp check --jobs 1 (cold)": [*_jaxlsp(), "check", "--jobs", "1", "--no-cache", "src"],
        f"jaxlsp check --jobs {jobs} (cold)": [
            *_jaxlsp(),
            "check",
            "--jobs",
            str(jobs),
            "--no-cache",
            "src",
        ],
        f"jaxlsp check --jobs {jobs} (cached, unchanged tree)": [
            *_jaxlsp(),
            "check",
            "--jobs",
            str(jobs),
            "src",
        ],
    }
    ruff = _ruff()
    if ruff:
        commands["ruff check --no-cache"] = [ruff, "check", "--no-cache", "--exit-zero", "src"]
    supports_cache = _has_option(["check", "--help"], "--no-cache")
    results: dict[str, Any] = {"lines": total_lines, "jobs": jobs, "commands": {}}
    for label, command in commands.items():
        if "jaxlsp" in label and not supports_cache:
            command = [part for part in command if part != "--no-cache"]
            if "cached" in label:
                continue
        if "cached" in label:
            _time(command, root, env)  # fill the cache once
        samples = [_time(command, root, env)[0] for _ in range(repeat)]
        seconds = statistics.median(samples)
        results["commands"][label] = {
            "seconds": seconds,
            "lines_per_second": total_lines / seconds,
            "command": " ".join(command),
        }
    return results


def _has_option(arguments: list[str], option: str) -> bool:
    done = subprocess.run(
        [*_jaxlsp(), *arguments], capture_output=True, text=True, check=False, timeout=60
    )
    return option in done.stdout


def table(results: dict[str, Any]) -> str:
    commands = results["commands"]
    ruff = commands.get("ruff check --no-cache", {}).get("seconds")
    rows = [
        f"{results['lines']:,} lines in the tree; medians of fresh processes.",
        "",
        "| command | seconds | lines/s | ÷ ruff |",
        "| --- | --- | --- | --- |",
    ]
    for label, numbers in commands.items():
        ratio = f"{numbers['seconds'] / ruff:.1f}×" if ruff else "—"
        rows.append(
            f"| `{label}` | {numbers['seconds']:.2f} | {numbers['lines_per_second']:,.0f} "
            f"| {ratio} |"
        )
    return "\n".join(rows)


def _update_readme(results: dict[str, Any], args: argparse.Namespace) -> None:
    readme = BENCH_DIR / "README.md"
    text = readme.read_text(encoding="utf-8")
    start, end = "<!-- bench:check:start -->", "<!-- bench:check:end -->"
    before, found_start, rest = text.partition(start)
    _, found_end, after = rest.partition(end)
    if not found_start or not found_end:
        print(f"bench: {readme} has no check markers; not updated")
        return
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load = " / ".join(f"{value:.1f}" for value in os.getloadavg())
    command = (
        f"python -m bench.check_throughput --files {args.files} --lines {args.lines} "
        f"--repeat {args.repeat} --jobs {args.jobs}"
    )
    block = (
        f"\n```\n{command}\n```\n\nMeasured {when} on {os.cpu_count()} CPUs, load average "
        f"after: {load}. {table(results)}\n"
    )
    readme.write_text(before + start + block + end + after, encoding="utf-8")
    print(f"bench: {readme} updated")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--lines", type=int, default=500, help="lines per file")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", type=Path, help="write the numbers here")
    parser.add_argument(
        "--update-readme", action="store_true", help="put this table into bench/README.md"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="jaxlsp-check-bench-") as folder:
        root = Path(folder)
        total = write_tree(root / "src", args.files, args.lines)
        results = measure(root, total, args.repeat, args.jobs)
    print(table(results))
    if args.update_readme:
        _update_readme(results, args)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
