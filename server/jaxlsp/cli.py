"""The ``jaxlsp`` command line: one engine for the terminal, CI and the editor.

Each subcommand lives in its own ``_cmd_*`` function; heavy modules (the LSP layer, libcst) are
imported inside the command that needs them, so ``jaxlsp explain`` starts fast.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from jaxlsp import __version__

if TYPE_CHECKING:
    from jaxlsp.records.load import RecordSet

# Nothing of jaxlsp's analysis or records is imported here: ``jaxlsp serve`` reads the code
# its classes' generated methods compile to, kept between starts (``jaxlsp.lsp.generated_code``),
# which it must set up before the first of those classes is made.

#: ``jaxlsp.baseline.DEFAULT_BASELINE`` (a test holds the two equal).
DEFAULT_BASELINE = Path("jaxlsp-baseline.json")

EXIT_OK = 0
EXIT_FOUND_NOTHING_OR_PROBLEMS = 1
EXIT_USAGE = 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = _build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    # Parsing user code makes Python warn about it (e.g. an invalid escape sequence); those
    # warnings are the user's linter's business, and on the server's stderr they are noise.
    warnings.filterwarnings("ignore", category=SyntaxWarning)
    try:
        code: int = args.run(args)
    except BrokenPipeError:  # `jaxlsp ... | head` closed our stdout
        return EXIT_OK
    return code


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jaxlsp",
        description="Catch, explain and fix JAX errors: a language server and its command line.",
    )
    parser.add_argument("--version", action="version", version=f"jaxlsp {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    explain = commands.add_parser(
        "explain",
        help="explain a JAX error message or traceback",
        description="Find the records that explain a JAX error. Give the message as arguments, "
        "or pipe a message or a whole traceback on stdin (or pass '-').",
    )
    explain.add_argument("message", nargs="*", help="the error text (default: read stdin)")
    explain.add_argument("--json", action="store_true", help="print the answer as JSON")
    explain.add_argument(
        "--all", action="store_true", help="also show the runner-up records (up to --limit)"
    )
    explain.add_argument(
        "--limit", type=int, default=3, help="most records --all shows (default 3)"
    )
    _add_records_option(explain)
    explain.set_defaults(run=_cmd_explain)

    rules = commands.add_parser(
        "rules", help="list the static rules: name, code, what each catches, whether it fixes"
    )
    rules.add_argument("--markdown", action="store_true", help="print the table of docs/rules.md")
    rules.set_defaults(run=_cmd_rules)

    records = commands.add_parser("records", help="list, show and validate error records")
    actions = records.add_subparsers(title="actions", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="one line per record")
    listing.add_argument("--curated", action="store_true", help="only records with explanations")
    listing.add_argument("--json", action="store_true", help="print JSON lines")
    _add_records_option(listing)
    listing.set_defaults(run=_cmd_records_list)
    show = actions.add_parser(
        "show", help="one record in full, by id, slug (or former slug) or rule name"
    )
    show.add_argument("id", help="record id, slug or rule name")
    show.add_argument("--json", action="store_true", help="print the record file's JSON")
    _add_records_option(show)
    show.set_defaults(run=_cmd_records_show)
    validate = actions.add_parser(
        "validate",
        help="check record files (default: the shipped data)",
        description="Validate record files: schema, patterns, duplicate ids, canonical form. "
        "Exit 1 when any problem is found; every problem is printed as FILE: record ID: "
        "field FIELD: what is wrong.",
    )
    validate.add_argument("paths", nargs="*", type=Path, help="record files or folders")
    validate.add_argument(
        "--canonical",
        action="store_true",
        help="also require each file to be in canonical form (what `records fmt` writes)",
    )
    validate.set_defaults(run=_cmd_records_validate)
    fmt = actions.add_parser("fmt", help="rewrite record files in canonical form")
    fmt.add_argument("paths", nargs="+", type=Path, help="record files or folders")
    fmt.set_defaults(run=_cmd_records_fmt)
    manifest = actions.add_parser(
        "manifest",
        help="list the shipped files that validate in data/manifest.json",
        description="Validate the shipped data and write data/manifest.json: the SHA-256 of "
        "each file whose records all validate. The server reads a listed, unchanged file "
        "without validating it again (no pydantic at run time); run this after changing data/.",
    )
    manifest.set_defaults(run=_cmd_records_manifest)

    serve = commands.add_parser(
        "serve",
        help="run the language server (LSP over stdio)",
        description="Run the jaxlsp language server, speaking LSP over stdin/stdout. "
        "Editors start this; logs go to stderr.",
    )
    serve.add_argument("--stdio", action="store_true", help="accepted for editors; the default")
    serve.add_argument(
        "--log-level",
        choices=["debug", "info", "warning", "error"],
        default="warning",
        help="how much to log to stderr (default: warning)",
    )
    # The state a server that re-executed itself left for its new process (jaxlsp.lsp.recycle).
    serve.add_argument("--restore", type=Path, default=None, help=argparse.SUPPRESS)
    serve.set_defaults(run=_cmd_serve)

    mcp = commands.add_parser(
        "mcp",
        help="run an MCP server (stdio) with the explain and check tools, for coding agents",
        description="Run a Model Context Protocol server over stdin/stdout with two tools: "
        "explain (a JAX error or traceback) and check (files, folders or a snippet). Needs "
        "the MCP SDK (jaxlsp's mcp extra): pip install 'mcp>=2.3,<3'. Logs go to stderr.",
    )
    _add_records_option(mcp)
    mcp.set_defaults(run=_cmd_mcp)
    _add_index_parser(commands)
    _add_check_parser(commands)
    return parser


def _add_records_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--records",
        action="append",
        type=Path,
        default=[],
        metavar="PATH",
        help="also load records from this file or folder (repeatable)",
    )


def default_record_paths() -> list[Path]:
    """``jaxlsp.records.load.default_record_paths`` (the tests replace this one)."""
    from jaxlsp.records.load import default_record_paths as paths

    return paths()


def load_records(paths: Sequence[Path] | None = None, *, trust_manifest: bool = True) -> RecordSet:
    """``jaxlsp.records.load.load_records``, imported when a command needs it."""
    from jaxlsp.records.load import load_records as load

    return load(paths, trust_manifest=trust_manifest)


def _load(
    args: argparse.Namespace, err: TextIO = sys.stderr, *, base: list[Path] | None = None
) -> RecordSet:
    """The shipped records plus any --records paths; problems go to stderr, loading goes on."""
    extra: list[Path] = list(args.records)
    records = load_records([*(base or default_record_paths()), *extra])
    for problem in records.problems:
        print(f"jaxlsp: {problem}", file=err)
    return records


def _cmd_explain(args: argparse.Namespace) -> int:
    if args.limit < 1:
        print("jaxlsp explain: --limit must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    if args.message and args.message != ["-"]:
        text = " ".join(args.message)
    else:
        if sys.stdin is None or (sys.stdin.isatty() and not args.message):
            print("jaxlsp explain: give an error message, or pipe one on stdin", file=sys.stderr)
            return EXIT_USAGE
        text = sys.stdin.read()
    if not text.strip():
        print("jaxlsp explain: the error text is empty", file=sys.stderr)
        return EXIT_USAGE
    from jaxlsp.answers import explain_json
    from jaxlsp.explain import Explainer
    from jaxlsp.index import cache  # the index of this interpreter's JAX, if any
    from jaxlsp.records.render import render_answer_text

    records = _load(args, base=cache.record_paths_for_interpreter(Path(sys.executable)))
    explainer = Explainer(records, cache_dir=cache.matcher_cache_dir())
    explanation, payload = explain_json(explainer, text, show_all=args.all, limit=args.limit)
    for pattern, record_id in explainer.matcher.timed_out.items():
        print(
            f"jaxlsp: record {record_id}: messagePattern {pattern!r} timed out; skipped",
            file=sys.stderr,
        )
    if args.json:
        print(json.dumps(payload, indent=2, ensure_ascii=False))
    else:
        print(render_answer_text(explanation, show_all=args.all))
    return EXIT_OK if explanation.verdict == "answer" else EXIT_FOUND_NOTHING_OR_PROBLEMS


def _cmd_rules(args: argparse.Namespace) -> int:
    from jaxlsp.rules import all_rules, has_quick_fix, rules_markdown, summary

    if args.markdown:
        print(rules_markdown())
        return EXIT_OK
    for rule in sorted(all_rules(), key=lambda r: r.NAME):
        fix = "  [fix]" if has_quick_fix(rule) else ""
        former = f"  (formerly {', '.join(rule.FORMER_NAMES)})" if rule.FORMER_NAMES else ""
        print(f"{rule.NAME}{fix}{former}\n    {summary(rule)}")
    return EXIT_OK


def _cmd_records_list(args: argparse.Namespace) -> int:
    records = _load(args)
    for item in records.loaded:
        record = item.record
        if args.curated and not record.has_explanation:
            continue
        if args.json:
            row = {
                "id": record.id,
                "slug": record.slug,
                "errorClass": record.error_class,
                "errorMessage": record.error_message,
                "path": str(item.path),
            }
            print(json.dumps(row, ensure_ascii=False))
        else:
            print(f"{record.id}  {record.slug:<52}  {record.error_class or '-'}")
    return EXIT_OK


def _cmd_records_show(args: argparse.Namespace) -> int:
    records = _load(args)
    record = records.get(args.id)
    if record is None:  # a rule's name stands for the record it predicts
        from jaxlsp.rules import rule_named

        rule = rule_named(args.id)
        record = records.get(rule.RECORD_ID) if rule is not None else None
    if record is None:
        print(
            f"jaxlsp records show: no record with id, slug or rule name {args.id!r}",
            file=sys.stderr,
        )
        return EXIT_FOUND_NOTHING_OR_PROBLEMS
    if args.json:
        from jaxlsp.records.model import RecordFile, dump_record_file

        envelope = RecordFile.model_validate({"record": record.wire()})
        print(dump_record_file(envelope, pretty=True), end="")
    else:
        from jaxlsp.records.render import render_text

        print(render_text(record))
    return EXIT_OK


def _cmd_records_validate(args: argparse.Namespace) -> int:
    from jaxlsp.records.load import stale_manifest_entries

    paths = args.paths or default_record_paths()
    records = load_records(paths, trust_manifest=False)
    problems = [str(p) for p in records.problems]
    if args.canonical:
        files = dict.fromkeys(item.path for item in records.loaded)  # a bundle is read once
        problems += [
            f"{path}: not in canonical form (run `jaxlsp records fmt {path}`)"
            for path in files
            if not _is_canonical(path)
        ]
    if not args.paths:
        problems += [
            f"{entry} (run `jaxlsp records manifest`)" for entry in stale_manifest_entries(records)
        ]
    for problem in problems:
        print(problem)
    print(f"{len(records.loaded)} valid record(s), {len(problems)} problem(s)", file=sys.stderr)
    return EXIT_FOUND_NOTHING_OR_PROBLEMS if problems else EXIT_OK


def _cmd_records_manifest(args: argparse.Namespace) -> int:
    from jaxlsp.records.load import manifest_path, write_manifest

    records = load_records(trust_manifest=False)
    for problem in records.problems:
        print(f"jaxlsp: {problem} (its file is not listed)", file=sys.stderr)
    files = write_manifest(records)
    print(f"{manifest_path()}: {len(files)} file(s) listed", file=sys.stderr)
    return EXIT_FOUND_NOTHING_OR_PROBLEMS if records.problems else EXIT_OK


def _is_canonical(path: Path) -> bool:
    """A single-record file is canonical when load → dump gives back its bytes."""
    from jaxlsp.records.model import RecordFile, dump_record_file

    raw = path.read_text(encoding="utf-8")
    try:
        envelope = RecordFile.model_validate_json(raw)
    except ValueError:
        return True  # bundles and broken files are judged elsewhere
    return dump_record_file(envelope, pretty=raw.startswith("{\n")) == raw


def _cmd_records_fmt(args: argparse.Namespace) -> int:
    from jaxlsp.records.model import RecordFile, dump_record_file

    records = load_records(args.paths, trust_manifest=False)
    for problem in records.problems:
        print(f"jaxlsp: {problem}", file=sys.stderr)
    for item in records.loaded:
        raw = item.path.read_text(encoding="utf-8")
        envelope = RecordFile.model_validate_json(raw)
        canonical = dump_record_file(envelope, pretty=item.pretty)
        if canonical != raw:
            item.path.write_text(canonical, encoding="utf-8")
            print(f"formatted {item.path}", file=sys.stderr)
    return EXIT_FOUND_NOTHING_OR_PROBLEMS if records.problems else EXIT_OK


def _cmd_serve(args: argparse.Namespace) -> int:
    from jaxlsp.gcpause import collect_less_while_starting
    from jaxlsp.lsp.generated_code import StartCode

    collect_more = collect_less_while_starting()
    start_code = StartCode.install()  # before the server's modules make their dataclasses
    from jaxlsp.lsp.stdio import serve  # imported here: pygls is only needed by the server

    def started() -> None:
        start_code.finish()
        collect_more()

    return serve(log_level=args.log_level.upper(), restore=args.restore, started=started)


def _cmd_mcp(args: argparse.Namespace) -> int:
    missing = [str(path) for path in args.records if not path.exists()]
    if missing:
        print(f"jaxlsp mcp: no such records file or folder: {', '.join(missing)}", file=sys.stderr)
        return EXIT_USAGE
    try:
        from jaxlsp.mcp_server import main as serve_mcp  # the SDK is an optional extra
    except ImportError as error:
        print(
            f"jaxlsp mcp: the MCP SDK is not installed ({error}); "
            "install it (jaxlsp's mcp extra) with: pip install 'mcp>=2.3,<3'",
            file=sys.stderr,
        )
        return EXIT_USAGE
    return serve_mcp(list(args.records))


def _add_index_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    index = commands.add_parser(
        "index",
        help="index every error a JAX source tree can raise",
        description="Read a JAX source tree (never importing it) and write one record per "
        "raise site: message template, pattern, class, file, line, function. By default the "
        "JAX of this interpreter is indexed into the cache the server uses.",
    )
    source = index.add_mutually_exclusive_group()
    source.add_argument(
        "--jax-src", type=Path, metavar="DIR", help="a JAX checkout, site-packages or jax/ folder"
    )
    source.add_argument(
        "--python",
        type=Path,
        metavar="PATH",
        help="index the JAX of this interpreter or environment (default: this interpreter)",
    )
    index.add_argument("--jax-version", help="the version to record (default: read it)")
    index.add_argument(
        "-o", "--output", type=Path, metavar="FILE", help="write here ('-': stdout) not the cache"
    )
    index.add_argument(
        "--report",
        action="append",
        default=[],
        metavar="PREFIX",
        help="also count raise sites under this path (e.g. jax/_src/pallas/); repeatable",
    )
    index.add_argument("--json", action="store_true", help="print the counts as JSON")
    index.set_defaults(run=_cmd_index)


def _cmd_index(args: argparse.Namespace) -> int:
    # Imported here: `jaxlsp explain` must start fast.
    from jaxlsp.index.build import IndexSourceError, build_index, dump_index, write_index
    from jaxlsp.index.cache import cached_index_path
    from jaxlsp.index.report import find_source, report_rows

    try:
        package_dir, version = find_source(args.jax_src, args.python, args.jax_version)
        started = time.perf_counter()
        build = build_index(package_dir, version)
    except IndexSourceError as error:
        print(f"jaxlsp index: {error}", file=sys.stderr)
        return EXIT_USAGE
    seconds = time.perf_counter() - started
    for problem in build.problems:
        print(f"jaxlsp index: skipped {problem.path}: {problem.message}", file=sys.stderr)
    if args.output == Path("-"):
        sys.stdout.write(dump_index(build))
        destination = "-"
    else:
        target = args.output or cached_index_path(version)
        write_index(build, target)
        destination = str(target)
    rows = report_rows(build, args.report)
    if args.json:
        payload = {"jaxVersion": version, "seconds": round(seconds, 2), "output": destination}
        print(json.dumps({**payload, "files": build.files, "counts": rows}, indent=2))
    else:
        print(
            f"indexed jax {version} from {package_dir}: {len(build.records)} records from "
            f"{build.files} files in {seconds:.1f} s -> {destination}",
            file=sys.stderr,
        )
        for prefix, row in rows.items():
            counts = ", ".join(f"{key} {value}" for key, value in row.items())
            print(f"  {prefix or '(all)'}: {counts}", file=sys.stderr)
    return EXIT_FOUND_NOTHING_OR_PROBLEMS if build.problems else EXIT_OK


def _add_check_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    check = commands.add_parser(
        "check",
        help="find known JAX errors in Python files and notebooks (for CI)",
        description="Analyse Python files, Jupyter notebooks and folders with the language "
        "server's engine. "
        "Exit 0 when nothing is found, 1 when something is (or a file cannot be checked), "
        "2 on usage errors (a path that does not exist, a problem in the configuration: the "
        "other paths are still checked). Folders skip .venv, .git, node_modules and "
        "[tool.jaxlsp] exclude.",
    )
    check.add_argument("paths", nargs="+", type=Path, help="files or folders")
    check.add_argument(
        "--format",
        choices=("text", "json", "sarif", "github"),
        default="text",
        help="text (path:line:col: code message), json, sarif or github annotations",
    )
    check.add_argument(
        "--jobs",
        type=_jobs,
        default=1,
        help="worker processes (default 1; `auto`: one per core this process may use)",
    )
    check.add_argument(
        "--no-cache",
        action="store_true",
        help="analyse every file afresh (default: reuse results for unchanged files, kept "
        "in $XDG_CACHE_HOME/jaxlsp/check)",
    )
    check.add_argument(
        "--baseline",
        type=Path,
        metavar="FILE",
        help="report only findings this baseline does not hold (matched by file, code and the "
        "text of the flagged lines, not their line numbers)",
    )
    check.add_argument(
        "--write-baseline",
        action="store_true",
        help="record every finding in the baseline (--baseline FILE, default "
        f"{DEFAULT_BASELINE}) and exit 0",
    )
    check.add_argument(
        "--fix",
        action="store_true",
        help="first apply the safe preferred quick fixes (the editor's fix-all) and write the "
        "files back (in their own encoding; a notebook keeps its outputs and metadata), then "
        "report what is left",
    )
    check.add_argument(
        "--unsafe-fixes",
        action="store_true",
        help="with --fix, also apply unsafe fixes (they change behaviour the code may rely on)",
    )
    _add_records_option(check)
    check.set_defaults(run=_cmd_check)


def _cmd_check(args: argparse.Namespace) -> int:
    # Imported here: libcst and the analysis are not needed by `jaxlsp explain`.
    from jaxlsp.checker import check_paths, format_github, format_json, format_sarif, format_text

    # A path that is not there is reported and the others are checked: one typo in a CI
    # script's list of folders must not hide what the rest of the project says.
    missing = [path for path in args.paths if not path.exists()]
    for path in missing:
        print(f"jaxlsp check: no such file or folder: {path}", file=sys.stderr)
    paths = [path for path in args.paths if path not in missing]
    from jaxlsp.checkcache import default_cache_dir

    records = _load(args) if args.records else None
    cache_dir = None if args.no_cache else default_cache_dir()
    baseline = None
    if args.baseline is not None and not args.write_baseline:
        from jaxlsp.baseline import Baseline, BaselineError

        try:
            baseline = Baseline.read(args.baseline)
        except BaselineError as error:
            print(f"jaxlsp check: {error}", file=sys.stderr)
            return EXIT_USAGE
    if args.fix:
        from jaxlsp.checkfix import fix_paths

        fixed = fix_paths(paths, records=records, unsafe=args.unsafe_fixes)
        for item in fixed.files:
            if item.problem is not None:
                print(f"jaxlsp check --fix: {item.path}: {item.problem}", file=sys.stderr)
        print(f"jaxlsp: fixed {fixed.written} file(s)", file=sys.stderr)
        for path, fix in fixed.held_back:
            print(f"jaxlsp: {path}: unsafe fix not applied: {fix.title}", file=sys.stderr)
        if fixed.held_back:
            print(
                f"jaxlsp: {len(fixed.held_back)} unsafe fix(es) left out "
                "(review them, or run again with --unsafe-fixes)",
                file=sys.stderr,
            )
    report = check_paths(paths, records=records, jobs=args.jobs, cache_dir=cache_dir)
    for problem in report.config_problems:
        print(f"jaxlsp: {problem}", file=sys.stderr)
    if args.write_baseline:
        from jaxlsp.baseline import write_baseline
        from jaxlsp.checker import baselined

        target = args.baseline or DEFAULT_BASELINE
        count = write_baseline(target, baselined(report))
        print(f"jaxlsp: wrote {count} finding(s) to {target}", file=sys.stderr)
        return EXIT_USAGE if missing or report.config_problems else EXIT_OK
    known = 0
    if baseline is not None:
        from jaxlsp.checker import drop_baselined

        known = drop_baselined(report, baseline)
    if args.format == "json":
        output = format_json(report)
    elif args.format == "sarif":
        output = format_sarif(report, records if records is not None else load_records())
    elif args.format == "github":
        output = format_github(report)
    else:
        output = format_text(report)
    if output:
        print(output)
    if args.format == "text":
        in_baseline = f" ({known} more in the baseline)" if known else ""
        print(
            f"{report.finding_count} finding(s){in_baseline} in {len(report.files)} file(s) "
            "checked",
            file=sys.stderr,
        )
    if missing or report.config_problems:
        return EXIT_USAGE  # what the command was told to do is not what it could do
    return EXIT_FOUND_NOTHING_OR_PROBLEMS if report.found_something else EXIT_OK


def _jobs(value: str) -> int:
    """``--jobs``: a number of processes of at least 1, or ``auto`` (one per usable core)."""
    if value == "auto":
        return (
            len(os.sched_getaffinity(0))
            if hasattr(os, "sched_getaffinity")
            else os.cpu_count() or 1
        )
    try:
        jobs = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number or 'auto', got {value!r}") from None
    if jobs < 1:
        raise argparse.ArgumentTypeError("must be at least 1 (or 'auto')")
    return jobs


if __name__ == "__main__":
    sys.exit(main())
