"""Run the benchmark: every server on every generated file, the floors, the table, the budgets.

    python -m bench.run                  # full: 200 / 2,000 / 20,000 lines, all servers found
    python -m bench.run --quick --check  # CI: 200 lines, jaxlsp + trivial + ruff, gross ratios

Sessions are interleaved (server A, B, C, then A, B, C again) so a burst of load from elsewhere on
the machine hits every server, not one. The JSON written (``--json``) holds the raw session results
and the summaries; ``--compare OLD.json`` prints each budget's ratio then and now.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import platform
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench.generate import generate
from bench.report import (
    budgets_table,
    check_budgets,
    floors_table,
    is_jaxlsp_variant,
    size_table,
    summarise,
)
from bench.servers import (
    ALL_SERVERS,
    BENCH_DIR,
    EXTRA_SERVERS,
    JAXLSP,
    RUFF,
    TRIVIAL,
    ServerSpec,
    find_server,
    server_version,
)
from bench.session import SessionPlan, SessionResult, run_session

DEFAULT_JSON = BENCH_DIR / "results" / "latest.json"
QUICK_SERVERS = (JAXLSP, RUFF, TRIVIAL)
#: Files over this many lines get one session per server unless told otherwise.
LARGE_LINES = 10_000


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bench.run",
        description="Benchmark jaxlsp against ruff server, fixit lsp, jaxlint-lsp and the floors.",
    )
    parser.add_argument("--quick", action="store_true", help="CI mode: 200 lines, fewer samples")
    parser.add_argument("--lines", type=int, nargs="+", help="file sizes (default 200 2000 20000)")
    parser.add_argument(
        "--servers",
        nargs="+",
        choices=(*ALL_SERVERS, *EXTRA_SERVERS),
        help="default: all found",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        help="sessions per server and size, pooled (default 3, and 1 on files over 10,000 lines)",
    )
    parser.add_argument(
        "--repeat-large", type=int, help="sessions on files over 10,000 lines (default: --repeat)"
    )
    parser.add_argument("--changes", type=int, help="didChange samples per session (default 5)")
    parser.add_argument("--hovers", type=int, help="hover positions per session (default 200)")
    parser.add_argument("--code-actions", type=int, help="codeAction requests per session")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds to wait per step")
    parser.add_argument("--no-floors", action="store_true", help="skip the in-process floors")
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON, help="where to write results")
    parser.add_argument("--compare", type=Path, help="an earlier results JSON to compare with")
    parser.add_argument("--check", action="store_true", help="exit 1 when a budget is missed")
    parser.add_argument(
        "--gross",
        type=float,
        default=1.0,
        help="multiply every budget limit by this (CI: only a gross regression fails)",
    )
    parser.add_argument(
        "--candidate",
        action="append",
        default=[],
        metavar="NAME=COMMAND",
        help="also measure this server command (e.g. a patched jaxlsp) as NAME; repeatable",
    )
    parser.add_argument("--keep", type=Path, help="write the files and server logs here")
    parser.add_argument(
        "--update-readme",
        action="store_true",
        help="put the command and this table into bench/README.md (between its markers)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    sizes: list[int] = args.lines or ([200] if args.quick else [200, 2000, 20000])
    plan = SessionPlan(
        changes=args.changes or (3 if args.quick else 5),
        hovers=args.hovers or (100 if args.quick else 200),
        code_actions=args.code_actions or (20 if args.quick else 50),
        timeout_s=args.timeout,
    )
    repeat = sessions_per_size(args)
    names = args.servers or (QUICK_SERVERS if args.quick else ALL_SERVERS)
    specs: list[ServerSpec] = []
    for name in names:
        spec = find_server(name)
        if spec is None:
            print(f"bench: {name} is not installed; skipped (see bench/README.md)", file=sys.stderr)
        else:
            specs.append(spec)
    for candidate in args.candidate:
        name, _, command = candidate.partition("=")
        if not name or not command.strip():
            _parser().error(f"--candidate wants NAME=COMMAND, got {candidate!r}")
        words = tuple(shlex.split(command))
        specs.append(ServerSpec(name, words, ("echo", f"candidate: {command}")))

    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        workdir = args.keep.resolve()
        return _run(argv, args, sizes, plan, repeat, specs, workdir)
    with tempfile.TemporaryDirectory(prefix="jaxlsp-bench-") as folder:
        return _run(argv, args, sizes, plan, repeat, specs, Path(folder))


def sessions_per_size(args: argparse.Namespace) -> Callable[[int], int]:
    """How many sessions each server gets on a file of a given size: ``--repeat`` on every
    size (pooled: a budget is judged on the percentiles of all their samples), else 3 (2
    quick), and one on files over 10,000 lines unless ``--repeat-large`` says more."""
    small = args.repeat or (2 if args.quick else 3)
    large = args.repeat_large or args.repeat or 1
    return lambda lines: large if lines > LARGE_LINES else small


def _compile_own_bytecode() -> bool:
    """Bring jaxlsp's cached bytecode up to date, as an install does: with an editable checkout
    and PYTHONDONTWRITEBYTECODE set, every module changed since the last compile would be
    compiled again at each server start, and startup would measure the compiler (about 1 s
    for 50 stale modules), not the server.  Then one server start with bytecode written, as
    the first start after an install is: it keeps the methods its dataclasses compile
    (``jaxlsp.lsp.generated_code``), which a start under PYTHONDONTWRITEBYTECODE never writes
    (each would compile them again, about 55 ms)."""
    import compileall

    import jaxlsp

    compiled = bool(compileall.compile_dir(Path(jaxlsp.__file__).parent, quiet=1))
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    with contextlib.suppress(OSError, subprocess.TimeoutExpired):  # the sessions will say why
        subprocess.run(
            [sys.executable, "-m", "jaxlsp", "serve"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
            timeout=120,
            check=False,
        )
    return compiled


def _run(
    argv: Sequence[str] | None,
    args: argparse.Namespace,
    sizes: list[int],
    plan: SessionPlan,
    repeat: Callable[[int], int],
    specs: list[ServerSpec],
    workdir: Path,
) -> int:
    files: dict[int, Path] = {}
    for size in sizes:
        path = workdir / f"bench_{size}.py"
        path.write_text(generate(size))
        files[size] = path
    meta = _machine_meta()
    meta["bytecode_compiled"] = _compile_own_bytecode()
    versions = {spec.name: server_version(spec) for spec in specs}
    for spec in specs:
        print(f"bench: {spec.name}: {versions[spec.name]} ({' '.join(spec.command)})")

    sessions: list[SessionResult] = []
    for size in sizes:
        for round_number in range(repeat(size)):
            for spec in specs:
                log = workdir / f"{spec.name}-{size}-{round_number}.stderr"
                env = {**os.environ, **spec.env}
                result = run_session(
                    spec.name,
                    spec.command,
                    files[size],
                    plan,
                    requested_lines=size,
                    env=env,
                    stderr_path=log,
                    settings=spec.settings,
                )
                sessions.append(result)
                print(_progress(result), flush=True)

    floors: dict[str, Any] = {}
    if not args.no_floors:
        floors = _floors(list(files.values()), quick=args.quick)
    meta["load_after"] = os.getloadavg()
    summaries = summarise(sessions)
    verdicts = check_budgets(summaries, gross=args.gross, floors=floors)
    variants = [spec.name for spec in specs if is_jaxlsp_variant(spec.name)]
    verdicts_by_server = {
        name: check_budgets(summaries, gross=args.gross, subject=name, floors=floors)
        for name in variants
    }

    order = [spec.name for spec in specs]
    report = _report(
        meta, versions, summaries, floors, verdicts_by_server, sizes, order, args.gross
    )
    print()
    print(report)
    if args.update_readme:
        # The README shows the servers as shipped: candidates (patched builds) stay out of it.
        shipped = [name for name in order if name not in _candidates(args.candidate)]
        readme_report = _report(
            meta,
            {name: version for name, version in versions.items() if name in shipped},
            {name: summary for name, summary in summaries.items() if name in shipped},
            floors,
            {name: v for name, v in verdicts_by_server.items() if name in shipped},
            sizes,
            shipped,
            args.gross,
        )
        _update_readme("python -m bench.run " + _shipped_arguments(argv), readme_report)
    if args.compare:
        print()
        print(_comparison(args.compare, verdicts))

    args.json.parent.mkdir(parents=True, exist_ok=True)
    document = {
        # what --update-readme shows (report_of makes the README's block of this file again)
        "readme": {
            "command": "python -m bench.run " + _shipped_arguments(argv),
            "servers": [name for name in order if name not in _candidates(args.candidate)],
            "gross": args.gross,
        },
        "meta": meta,
        "plan": plan.__dict__,
        "versions": versions,
        "commands": {spec.name: list(spec.command) for spec in specs},
        "sessions": [session.to_json() for session in sessions],
        "summaries": {server: {str(k): v for k, v in s.items()} for server, s in summaries.items()},
        "floors": floors,
        "budgets": verdicts,
        "budgets_by_server": verdicts_by_server,
    }
    args.json.write_text(json.dumps(document, indent=1) + "\n")
    print(f"\nbench: results written to {args.json}")
    failed = [verdict for verdict in verdicts if not verdict["ok"]]
    if args.check and failed:
        print(f"bench: {len(failed)} budget(s) missed", file=sys.stderr)
        return 1
    return 0


def _progress(result: SessionResult) -> str:
    def ms(value: float | None) -> str:
        return "—" if value is None else f"{value * 1000:.1f}ms"

    changes = sorted(result.change_s)
    change = ms(changes[len(changes) // 2]) if changes else "—"
    hover = result.hover.summary().get("p99_s")
    status = f" ERROR: {result.error}" if result.error else ""
    return (
        f"  {result.server:>14} {result.lines:>6} lines: start {ms(result.startup_s)}"
        f" open {ms(result.open_s)} ({result.open_diagnostics} diags) change {change}"
        f" hover p99 {ms(hover)}{status}"
    )


def _machine_meta() -> dict[str, Any]:
    return {
        "when_utc": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cpus": os.cpu_count(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "load_before": os.getloadavg(),
    }


def _floors(paths: list[Path], *, quick: bool) -> dict[str, Any]:
    """The in-process floors, measured in a fresh interpreter."""
    command = [sys.executable, "-m", "bench.floors", *map(str, paths)]
    command += ["--repeat", "1" if quick else "3"]
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        cwd=BENCH_DIR.parent,
        check=False,
        timeout=1800,
    )
    if done.returncode != 0:
        print(f"bench: floors failed: {done.stderr.strip()[-2000:]}", file=sys.stderr)
        return {}
    floors: dict[str, Any] = json.loads(done.stdout)
    return floors


def _report(
    meta: dict[str, Any],
    versions: dict[str, str],
    summaries: dict[str, Any],
    floors: dict[str, Any],
    verdicts_by_server: dict[str, list[dict[str, Any]]],
    sizes: list[int],
    order: list[str],
    gross: float,
) -> str:
    load = " / ".join(f"{value:.1f}" for value in meta["load_before"])
    after = " / ".join(f"{value:.1f}" for value in meta.get("load_after", ()))
    parts = [
        f"Measured {meta['when_utc']} on {meta['cpus']} CPUs ({meta['platform']}, "
        f"Python {meta['python']}); load average (1 / 5 / 15 min) before: {load}, "
        f"after: {after}. The machine is shared with other jobs: compare ratios, not times.",
        "Versions: " + "; ".join(f"{name}: {version}" for name, version in versions.items()),
    ]
    for size in sizes:
        lines = next(
            (summary[size]["lines"] for summary in summaries.values() if size in summary), size
        )
        parts += ["", f"### {lines} lines", "", size_table(summaries, size, order)]
    if floors:
        parts += ["", "### Floors (in-process, median)", "", floors_table(floors, summaries, sizes)]
    if any(verdicts_by_server.values()):
        title = "### Budgets" + (f" (limits × {gross:g}, gross check)" if gross != 1 else "")
        parts += ["", title, "", budgets_table(verdicts_by_server)]
    return "\n".join(parts)


def _candidates(candidate: Sequence[str]) -> set[str]:
    """The names of the ``--candidate NAME=COMMAND`` builds (kept out of the README)."""
    return {item.partition("=")[0] for item in candidate}


def report_of(document: dict[str, Any]) -> str:
    """bench/README.md's results block made again of a results file ``main`` wrote: the
    README's table is what the committed ``bench/results/latest.json`` says (a test holds
    them equal), never a table edited by hand.  A file written before it said which servers
    the README showed shows them all."""
    shown = document.get("readme", {})
    servers = shown.get("servers", list(document["versions"]))
    summaries = {
        name: {int(size): summary for size, summary in document["summaries"][name].items()}
        for name in servers
    }
    sizes = sorted({size for summary in summaries.values() for size in summary})
    report = _report(
        document["meta"],
        {name: document["versions"][name] for name in servers},
        summaries,
        document["floors"],
        {name: v for name, v in document["budgets_by_server"].items() if name in servers},
        sizes,
        servers,
        shown.get("gross", 1.0),
    )
    command = shown.get("command", "python -m bench.run --json bench/results/latest.json")
    return f"\n```\n{command.strip()}\n```\n\n{report}\n"


def _shipped_arguments(argv: Sequence[str] | None) -> str:
    """This run's arguments, less --update-readme and any --candidate NAME=COMMAND."""
    words = list(sys.argv[1:] if argv is None else argv)
    kept: list[str] = []
    skip_next = False
    for word in words:
        if skip_next:
            skip_next = False
        elif word == "--candidate":
            skip_next = True
        elif word != "--update-readme" and not word.startswith("--candidate="):
            kept.append(shlex.quote(word))
    return " ".join(kept)


README = BENCH_DIR / "README.md"
README_START = "<!-- bench:results:start -->"
README_END = "<!-- bench:results:end -->"


def _update_readme(command: str, report: str) -> None:
    """Replace the results block of bench/README.md with this run's command and table."""
    text = README.read_text(encoding="utf-8")
    before, start, rest = text.partition(README_START)
    _, end, after = rest.partition(README_END)
    if not start or not end:
        print(f"bench: {README} has no results markers; not updated", file=sys.stderr)
        return
    block = f"\n```\n{command.strip()}\n```\n\n{report}\n"
    README.write_text(before + start + block + end + after, encoding="utf-8")
    print(f"bench: {README} updated")


def _comparison(old_path: Path, verdicts: list[dict[str, Any]]) -> str:
    old = json.loads(old_path.read_text())
    before = {(v["budget"], v["lines"]): v["ratio"] for v in old.get("budgets", [])}
    lines = [f"Compared with {old_path} ({old.get('meta', {}).get('when_utc', '?')}):"]
    for verdict in verdicts:
        then = before.get((verdict["budget"], verdict["lines"]))
        now = verdict["ratio"]
        then_text = "—" if then is None else f"{then:.2f}×"
        now_text = "—" if now is None else f"{now:.2f}×"
        lines.append(f"  {verdict['budget']} ({verdict['lines']} lines): {then_text} → {now_text}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
