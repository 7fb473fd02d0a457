"""``jaxlsp check``: the engine over files and folders, with text, JSON, SARIF and GitHub output.

The CLI and the language server share one ``Engine``, so CI reports what the editor shows.
Folders are walked for ``*.py`` files, skipping virtual environments, VCS folders,
``node_modules`` and the ``exclude`` globs of the nearest ``[tool.jaxlsp]``; a file named on the
command line is always checked.  A file over the size limits of its config (``maxFileBytes``,
``maxLineLength``: generated or minified code) is reported as not analysed, as the editor does.
"""

from __future__ import annotations

import dataclasses
import fnmatch
import functools
import gc
import json
import os
import stat
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jaxlsp import __version__
from jaxlsp.baseline import Baseline, new_findings
from jaxlsp.checkcache import CheckCache
from jaxlsp.config import Config, load_config
from jaxlsp.engine import Engine
from jaxlsp.findings import Finding, Fix, Position
from jaxlsp.fixes.edits import apply_edits
from jaxlsp.gcpause import gc_paused
from jaxlsp.infer.workspace import Workspace, resolved_or_absolute
from jaxlsp.records.load import RecordSet, curated_records_dir, load_records
from jaxlsp.records.render import source_link
from jaxlsp.syntax.decode import UndecodableSource, decode_source, read_source, write_source
from jaxlsp.syntax.source import split_lines

SKIPPED_FOLDERS = frozenset(
    {".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__", ".tox", ".nox"}
)
FORMATS = ("text", "json", "sarif", "github")


@dataclass(frozen=True)
class FileReport:
    path: Path
    findings: tuple[Finding, ...] = ()
    #: Why the file could not be checked (unreadable, not valid Python), or None.
    problem: str | None = None
    #: Where in the file the problem is (a bad byte, a syntax error), when it is at a place.
    problem_at: Position | None = None
    #: Findings the file's code causes in other modules (each with its ``path``), before
    #: any config: merged into those modules' reports (``check_paths``).
    elsewhere: tuple[Finding, ...] = ()


@dataclass
class CheckReport:
    files: list[FileReport] = field(default_factory=list)
    #: Configuration problems (unknown keys, bad values), reported once each.
    config_problems: list[str] = field(default_factory=list)

    @property
    def finding_count(self) -> int:
        return sum(len(f.findings) for f in self.files)

    @property
    def found_something(self) -> bool:
        return any(f.findings or f.problem for f in self.files)


def iter_python_files(paths: Sequence[Path]) -> Iterator[Path]:
    """Each ``.py`` file under ``paths`` once, in a stable order; named files always included."""
    seen: set[Path] = set()
    configs: dict[Path, Config] = {}
    for path in paths:
        if path.is_file():
            if path not in seen:
                seen.add(path)
                yield path
            continue
        for folder, subfolders, files in os.walk(path):
            subfolders[:] = sorted(
                name
                for name in subfolders
                # Hidden folders (.cache, .tox, .jaxlsp-cache, ...) hold tools' copies and
                # caches, not the project's code; a folder named on the command line is walked.
                if name not in SKIPPED_FOLDERS
                and not name.startswith(".")
                and not name.endswith(".egg-info")
            )
            for name in sorted(files):
                candidate = Path(folder) / name
                if name.endswith(".py") and candidate not in seen:
                    if _excluded(candidate, configs):
                        continue
                    seen.add(candidate)
                    yield candidate


def _config_for(path: Path, configs: dict[Path, Config]) -> Config:
    folder = path.parent
    if folder not in configs:
        configs[folder] = load_config(path)
    return configs[folder]


def _excluded(path: Path, configs: dict[Path, Config]) -> bool:
    config = _config_for(path, configs)
    if not config.exclude or config.source is None:
        return False
    try:
        relative = path.resolve().relative_to(config.source.parent.resolve()).as_posix()
    except ValueError:
        return False
    return any(fnmatch.fnmatch(relative, pattern) for pattern in config.exclude)


def check_file(
    engine: Engine, path: Path, config: Config, cache: CheckCache | None = None
) -> FileReport:
    """One file's findings; with a ``cache``, an unchanged file is not analysed again.

    The collector is held off until the analysis is dropped, then only the youngest
    generation is collected: with the analysis gone, that pass is over what the file left
    behind (its report, any cyclic garbage), not over the live analysis (tens of thousands of
    tracked objects) that the first allocation after ``Engine.analyze`` would otherwise have
    the collector traverse and promote (``bench.check_throughput`` measures it).
    """
    with gc_paused():
        report = _check_file(engine, path, config, cache)
    gc.collect(0)
    return report


def _check_file(engine: Engine, path: Path, config: Config, cache: CheckCache | None) -> FileReport:
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            # A FIFO or a link to a device (/dev/zero) would block or never end.
            return FileReport(path, problem="not a regular file; skipped")
        if (too_big := config.size_problem(status.st_size)) is not None:
            return FileReport(path, problem=too_big)  # not even read
        source = read_source(path)
    except OSError as error:
        return FileReport(path, problem=f"cannot read: {error.strerror or error}")
    except UndecodableSource as error:
        return FileReport(
            path, problem=error.message, problem_at=Position(error.line, error.column)
        )
    if (skipped := config.skip_reason(source)) is not None:
        return FileReport(path, problem=skipped)
    cached = cache.get(source) if cache is not None else None
    if cached is None:
        analysis = engine.analyze(source, str(path))
        found, elsewhere = analysis.findings, analysis.elsewhere
        problem, problem_at = None, None
        if analysis.parse_error is not None:
            problem = analysis.parse_error
            if not analysis.newer_syntax:  # syntax newer than this Python says so itself
                problem = f"not valid Python: {problem}"
            if (at := analysis.error_position) is not None:
                problem_at = Position(*at)
        # A rule that raised is logged (stderr, with its name) and never cached, so the next
        # run reports it again; the other rules' findings are kept.
        if cache is not None and not analysis.rule_failures:
            cache.put(source, found, problem, elsewhere, analysis.dependencies, problem_at)
    else:
        found, elsewhere = cached.findings, cached.elsewhere
        problem, problem_at = cached.problem, cached.problem_at
    if problem is not None:
        return FileReport(path, problem=problem, problem_at=problem_at)
    # The cache holds the engine's findings before the config, as Engine.findings takes them.
    return FileReport(path, tuple(config.apply(found)), elsewhere=elsewhere)


def _checking_records() -> RecordSet:
    """The curated records: the rules read no others (the index's thousands of records
    explain nothing and would slow every check's start)."""
    return load_records([curated_records_dir()])


_WORKER_ENGINE: Engine | None = None
_WORKER_CACHE: CheckCache | None = None


def _worker_check(
    path: Path, cache_dir: Path | None = None, roots: tuple[Path, ...] = ()
) -> FileReport:
    global _WORKER_ENGINE, _WORKER_CACHE
    if _WORKER_ENGINE is None:
        _WORKER_ENGINE = Engine(_checking_records(), Workspace(list(roots)))
        if cache_dir is not None:
            _WORKER_CACHE = CheckCache(_WORKER_ENGINE.records, cache_dir)
    return check_file(_WORKER_ENGINE, path, load_config(path), _WORKER_CACHE)


def check_paths(
    paths: Sequence[Path],
    *,
    records: RecordSet | None = None,
    jobs: int = 1,
    cache_dir: Path | None = None,
) -> CheckReport:
    """Check every Python file under ``paths``; ``jobs > 1`` uses that many processes.

    With ``cache_dir``, results are kept there (``jaxlsp.checkcache``) and a file whose text,
    imported modules, jaxlsp and records are unchanged is not analysed again.

    The paths are one project: a module imported from another is followed into (never
    imported), and what a file's code causes in a module it calls (a tracer reaching a
    helper's NumPy call) is reported in that module.
    """
    files = list(iter_python_files(paths))
    roots = tuple(sorted({resolved_or_absolute(p if p.is_dir() else p.parent) for p in paths}))
    report = CheckReport()
    configs: dict[Path, Config] = {}
    problems: dict[str, None] = {}
    for path in files:
        for problem in _config_for(path, configs).problems:
            problems[problem] = None
    report.config_problems = list(problems)
    if jobs > 1 and len(files) > 1 and records is None:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            check = functools.partial(_worker_check, cache_dir=cache_dir, roots=roots)
            report.files = _merge_elsewhere(list(pool.map(check, files, chunksize=8)), configs)
        return report
    engine = Engine(records if records is not None else _checking_records(), Workspace(list(roots)))
    cache = CheckCache(engine.records, cache_dir) if cache_dir is not None else None
    files_checked = [check_file(engine, path, _config_for(path, configs), cache) for path in files]
    report.files = _merge_elsewhere(files_checked, configs)
    return report


def _merge_elsewhere(reports: list[FileReport], configs: dict[Path, Config]) -> list[FileReport]:
    """Each checked file's report with the findings other files' analyses made in it."""
    by_path = {resolved_or_absolute(report.path): index for index, report in enumerate(reports)}
    extra: dict[int, list[Finding]] = {}
    for report in reports:
        for finding in report.elsewhere:
            index = by_path.get(resolved_or_absolute(Path(finding.path or "")))
            if index is not None:
                extra.setdefault(index, []).append(dataclasses.replace(finding, path=None))
    merged = list(reports)
    for index, findings in extra.items():
        report = merged[index]
        if report.problem is not None:
            continue
        have = {(f.code, f.span) for f in report.findings}
        config = _config_for(report.path, configs)
        added = [f for f in config.apply(findings) if (f.code, f.span) not in have]
        unique = list({(f.code, f.span): f for f in added}.values())
        combined = sorted((*report.findings, *unique), key=lambda f: (f.span, f.code))
        merged[index] = dataclasses.replace(report, findings=tuple(combined))
    return merged


# output ------------------------------------------------------------------------------------


def summary(finding: Finding) -> str:
    """A finding's first paragraph: the specific message without the record's explanation."""
    return finding.message.split("\n\n", 1)[0]


def format_text(report: CheckReport) -> str:
    lines = []
    for file in report.files:
        if file.problem:
            at = file.problem_at or Position(0, 0)
            lines.append(f"{file.path}:{at.line + 1}:{at.column + 1}: error: {file.problem}")
        for finding in file.findings:
            start = finding.span.start
            lines.append(
                f"{file.path}:{start.line + 1}:{start.column + 1}: {finding.code} "
                f"[{finding.severity}] {summary(finding)}"
            )
    return "\n".join(lines)


def _finding_json(path: Path, finding: Finding) -> dict[str, Any]:
    span = finding.span
    return {
        "path": str(path),
        "line": span.start.line + 1,
        "column": span.start.column + 1,
        "endLine": span.end.line + 1,
        "endColumn": span.end.column + 1,
        "code": finding.code,
        "recordId": finding.record_id,
        "rule": finding.rule,
        "severity": finding.severity,
        "summary": summary(finding),
        "message": finding.message,
        "related": [
            {"line": r.span.start.line + 1, "column": r.span.start.column + 1, "message": r.message}
            for r in finding.related
        ],
        "fixes": list(finding.fix_titles),
    }


def _problem_json(file: FileReport) -> dict[str, Any]:
    at = file.problem_at
    where = {"line": at.line + 1, "column": at.column + 1} if at is not None else {}
    return {"path": str(file.path), "message": file.problem, **where}


def format_json(report: CheckReport) -> str:
    payload = {
        "findings": [_finding_json(f.path, x) for f in report.files for x in f.findings],
        "problems": [_problem_json(f) for f in report.files if f.problem],
        "configProblems": report.config_problems,
        "filesChecked": len(report.files),
    }
    return json.dumps(payload, indent=2, ensure_ascii=False)


_SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note", "hint": "note"}


def format_sarif(report: CheckReport, records: RecordSet) -> str:
    codes = sorted({x.code for f in report.files for x in f.findings})
    rules = []
    for code in codes:
        record = records.get(code)
        rule: dict[str, Any] = {"id": code}
        if record is not None:
            rule["shortDescription"] = {"text": record.error_message}
            if record.documentation:
                rule["fullDescription"] = {"text": record.documentation}
            link = source_link(record)
            if link and link.startswith("https://"):
                rule["helpUri"] = link
        rules.append(rule)
    results = []
    for file in report.files:
        uri = file.path.as_posix()
        for finding in file.findings:
            results.append(
                {
                    "ruleId": finding.code,
                    "level": _SARIF_LEVEL[finding.severity],
                    "message": {"text": finding.message},
                    "locations": [_sarif_location(uri, finding.span)],
                    "relatedLocations": [
                        {**_sarif_location(uri, r.span), "id": n, "message": {"text": r.message}}
                        for n, r in enumerate(finding.related)
                    ],
                }
            )
    sarif = {
        "version": "2.1.0",
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "runs": [
            {
                "tool": {"driver": {"name": "jaxlsp", "version": __version__, "rules": rules}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
    return json.dumps(sarif, indent=2, ensure_ascii=False)


def _sarif_location(uri: str, span: Any) -> dict[str, Any]:
    return {
        "physicalLocation": {
            "artifactLocation": {"uri": uri},
            "region": {
                "startLine": span.start.line + 1,
                "startColumn": span.start.column + 1,
                "endLine": span.end.line + 1,
                "endColumn": span.end.column + 1,
            },
        }
    }


_GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice", "hint": "notice"}


def format_github(report: CheckReport) -> str:
    """GitHub Actions workflow commands: one annotation per finding."""
    lines = []
    for file in report.files:
        if file.problem:
            at = file.problem_at
            where = f",line={at.line + 1},col={at.column + 1}" if at is not None else ""
            lines.append(f"::error file={_property(str(file.path))}{where}::{_data(file.problem)}")
        for finding in file.findings:
            span = finding.span
            properties = ",".join(
                [
                    f"file={_property(str(file.path))}",
                    f"line={span.start.line + 1}",
                    f"col={span.start.column + 1}",
                    f"endLine={span.end.line + 1}",
                    f"endColumn={span.end.column + 1}",
                    f"title={_property(finding.code)}",
                ]
            )
            lines.append(
                f"::{_GITHUB_LEVEL[finding.severity]} {properties}::{_data(summary(finding))}"
            )
    return "\n".join(lines)


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


# baseline and fixes ------------------------------------------------------------------------


def _lines(path: Path) -> list[str]:
    """The file's lines as the analysis split them (empty when it cannot be read now)."""
    try:
        return split_lines(read_source(path))
    except (OSError, UndecodableSource):
        return []


def baselined(report: CheckReport) -> list[tuple[Path, Sequence[str], Finding]]:
    """Every finding of the report with its file's lines: what a baseline records."""
    found: list[tuple[Path, Sequence[str], Finding]] = []
    for file in report.files:
        if file.findings:
            lines = _lines(file.path)
            found.extend((file.path, lines, finding) for finding in file.findings)
    return found


def drop_baselined(report: CheckReport, baseline: Baseline) -> int:
    """Keep only the findings ``baseline`` does not hold; returns how many it held."""
    known = 0
    for index, file in enumerate(report.files):
        if file.findings:
            left, held = new_findings(baseline, file.path, _lines(file.path), file.findings)
            report.files[index] = dataclasses.replace(file, findings=tuple(left))
            known += held
    return known


@dataclass
class FixReport:
    #: Files rewritten.
    files: int = 0
    #: Unsafe fixes left out (see ``Fix.safe``), with their files.
    held_back: list[tuple[Path, Fix]] = field(default_factory=list)


def fix_paths(paths: Sequence[Path], *, unsafe: bool = False) -> FixReport:
    """Apply every file's fix-all (its safe fixes; with ``unsafe``, all) and write it back in
    its own encoding and line ends."""
    files = list(iter_python_files(paths))
    roots = [resolved_or_absolute(p if p.is_dir() else p.parent) for p in paths]
    engine = Engine(_checking_records(), Workspace(sorted(set(roots))))
    report = FixReport()
    for path in files:
        try:
            raw = path.read_bytes()
            source = decode_source(raw)
        except (OSError, UndecodableSource):
            continue  # ``check`` reports it
        config = load_config(path)
        if config.skip_reason(source) is not None:
            continue
        analysis = engine.analyze(source, str(path))
        fixed = engine.fix_all(source, analysis, config, unsafe=unsafe)
        report.held_back.extend((path, fix) for fix in fixed.held_back)
        if fixed.edits:
            write_source(path, apply_edits(source, fixed.edits), raw)
            engine.workspace.forget(path)
            report.files += 1
    return report
