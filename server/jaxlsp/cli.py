"""The ``jaxlsp`` command line: one engine for the terminal, CI and the editor.

Each subcommand lives in its own ``_cmd_*`` function; heavy modules (the LSP layer, libcst) are
imported inside the command that needs them, so ``jaxlsp explain`` starts fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from jaxlsp import __version__
from jaxlsp.records.load import RecordSet, default_record_paths, load_records
from jaxlsp.records.match import Matcher
from jaxlsp.records.model import RecordFile, dump_record_file
from jaxlsp.records.render import render_text

EXIT_OK = 0
EXIT_FOUND_NOTHING_OR_PROBLEMS = 1
EXIT_USAGE = 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = _build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
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
    explain.add_argument("--json", action="store_true", help="print the matches as JSON")
    explain.add_argument("--limit", type=int, default=3, help="most matches to show (default 3)")
    _add_records_option(explain)
    explain.set_defaults(run=_cmd_explain)

    records = commands.add_parser("records", help="list, show and validate error records")
    actions = records.add_subparsers(title="actions", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="one line per record")
    listing.add_argument("--curated", action="store_true", help="only records with explanations")
    listing.add_argument("--json", action="store_true", help="print JSON lines")
    _add_records_option(listing)
    listing.set_defaults(run=_cmd_records_list)
    show = actions.add_parser("show", help="one record in full, by id or slug")
    show.add_argument("id", help="record id or slug")
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


def _load(args: argparse.Namespace, err: TextIO = sys.stderr) -> RecordSet:
    """The shipped records plus any --records paths; problems go to stderr, loading goes on."""
    extra: list[Path] = list(args.records)
    records = load_records([*default_record_paths(), *extra])
    for problem in records.problems:
        print(f"jaxlsp: {problem}", file=err)
    return records


def _cmd_explain(args: argparse.Namespace) -> int:
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
    records = _load(args)
    matches = Matcher(records.records).match(text, limit=max(args.limit, 1))
    if args.json:
        payload = [
            {
                "id": m.record.id,
                "slug": m.record.slug,
                "score": m.score,
                "kind": m.kind,
                "matchedMessage": m.matched_message,
                "record": m.record.model_dump(by_alias=True, exclude_unset=True, mode="json"),
            }
            for m in matches
        ]
        print(json.dumps(payload, indent=2, ensure_ascii=False))
        return EXIT_OK if matches else EXIT_FOUND_NOTHING_OR_PROBLEMS
    if not matches:
        print("No record matches this error.", file=sys.stderr)
        return EXIT_FOUND_NOTHING_OR_PROBLEMS
    for rank, match in enumerate(matches, 1):
        how = "exact match" if match.kind == "exact" else "similar message"
        header = f"#{rank} {match.record.slug}  [{match.record.id}]  {how}, score {match.score:.2f}"
        if rank > 1:
            print("\n" + "─" * 88 + "\n")
        print(render_text(match.record, header=header))
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
    if record is None:
        print(f"jaxlsp records show: no record with id or slug {args.id!r}", file=sys.stderr)
        return EXIT_FOUND_NOTHING_OR_PROBLEMS
    if args.json:
        print(dump_record_file(RecordFile(record=record), pretty=True), end="")
    else:
        print(render_text(record))
    return EXIT_OK


def _cmd_records_validate(args: argparse.Namespace) -> int:
    paths = args.paths or default_record_paths()
    records = load_records(paths)
    problems = [str(p) for p in records.problems]
    if args.canonical:
        problems += [
            f"{item.path}: not in canonical form (run `jaxlsp records fmt {item.path}`)"
            for item in records.loaded
            if not _is_canonical(item.path)
        ]
    for problem in problems:
        print(problem)
    print(f"{len(records.loaded)} valid record(s), {len(problems)} problem(s)", file=sys.stderr)
    return EXIT_FOUND_NOTHING_OR_PROBLEMS if problems else EXIT_OK


def _is_canonical(path: Path) -> bool:
    """A single-record file is canonical when load → dump gives back its bytes."""
    raw = path.read_text(encoding="utf-8")
    try:
        envelope = RecordFile.model_validate_json(raw)
    except ValueError:
        return True  # bundles and broken files are judged elsewhere
    return dump_record_file(envelope, pretty=raw.startswith("{\n")) == raw


def _cmd_records_fmt(args: argparse.Namespace) -> int:
    records = load_records(args.paths)
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


if __name__ == "__main__":
    sys.exit(main())
