"""``jaxlsp check``: the engine over files and folders, with text, JSON, SARIF and GitHub output.

The CLI and the language server share one ``Engine``, so CI reports what the editor shows.
Folders are walked for ``*.py`` files and Jupyter notebooks (``*.ipynb``), skipping virtual
environments, VCS folders, ``node_modules`` and the ``exclude`` globs of the nearest
``[tool.jaxlsp]``; a file named on the command line is always checked.  A file over the size
limits of its config (``maxFileBytes``, ``maxLineLength``: generated or minified code) is
reported as not analysed, as the editor does; for a notebook the limits apply to its code
cells, not to its outputs.  A notebook's code cells are analysed as one module
(``jaxlsp.notebooks``) and its findings are reported in their cells.
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
from jaxlsp.checkcache import CheckCache, import_footprint
from jaxlsp.config import Config, load_config
from jaxlsp.engine import Engine
from jaxlsp.findings import Finding, Position, Span
from jaxlsp.gcpause import gc_paused
from jaxlsp.infer.workspace import Workspace, module_name, resolved_or_absolute
from jaxlsp.notebooks import NOTEBOOK_SUFFIX, CellLineNames, NotebookError, NotebookSource
from jaxlsp.notebooks import load_notebook as read_notebook_source
from jaxlsp.records.load import RecordSet, curated_records_dir, load_records
from jaxlsp.records.render import source_link
from jaxlsp.syntax.decode import UndecodableSource, decode_source
from jaxlsp.syntax.source import split_lines

SKIPPED_FOLDERS = frozenset(
    {".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__", ".tox", ".nox"}
)
FORMATS = ("text", "json", "sarif", "github")
#: The files a folder is walked for.
CHECKED_SUFFIXES = (".py", NOTEBOOK_SUFFIX)
#: A notebook file larger than this is not read (its outputs may be big; ``maxFileBytes``
#: applies to its code cells).
MAX_NOTEBOOK_BYTES = 64 * 1024 * 1024


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
    #: A notebook's cells, which its findings' spans are mapped into.
    notebook: NotebookSource | None = field(default=None, compare=False, repr=False)

    def locate(self, span: Span) -> tuple[int | None, Span]:
        """Where ``span`` is in this file: (the notebook cell, or None in a .py file; the span
        in that cell or file)."""
        if self.notebook is not None and (found := self.notebook.locate(span)) is not None:
            return found.cell, found.span
        return None, span


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
    """Each ``.py`` file and notebook under ``paths`` once, in a stable order; named files
    always included."""
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
                if name.endswith(CHECKED_SUFFIXES) and candidate not in seen:
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


@dataclass(frozen=True)
class SourceFile:
    """A file as read for checking: its bytes, its text, and what the engine analyses of it
    (the text itself, or a notebook's code cells as one module)."""

    path: Path
    #: The file's bytes: ``--fix`` writes a Python file back in their encoding and line ends.
    raw: bytes
    text: str
    notebook: NotebookSource | None = None

    @property
    def module(self) -> str:
        return self.notebook.text if self.notebook is not None else self.text

    @property
    def line_names(self) -> CellLineNames | None:
        return self.notebook.line_names if self.notebook is not None else None

    def cache_key(self, roots: Sequence[Path]) -> str:
        """What the result depends on besides the modules it reads (``CheckCache`` checks
        those): the module, for a notebook where its cells start (messages name their lines
        by cell), and where the file is: its path, module name and the folders imports are
        looked for in (two identical files import different helpers)."""
        resolved = resolved_or_absolute(self.path)
        name, is_package = module_name(resolved)
        folders = [(str(root), (root / "src").is_dir()) for root in roots]
        place = f"{resolved}\0{name}\0{is_package}\0{folders!r}"
        if self.line_names is None:
            return f"{place}\n\0{self.module}"
        return f"{place}\n\0{self.module}\n\0{self.line_names!r}"


def read_checked(path: Path, config: Config) -> SourceFile | FileReport:
    """``path`` read for checking (a Python file decoded as Python decodes it, a notebook as
    the UTF-8 JSON it is), or the report of why it is not checked."""
    notebook = path.suffix == NOTEBOOK_SUFFIX
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            # A FIFO or a link to a device (/dev/zero) would block or never end.
            return FileReport(path, problem="not a regular file; skipped")
        if notebook and status.st_size > MAX_NOTEBOOK_BYTES:
            return FileReport(
                path, problem=f"not analysed: the notebook is {status.st_size:,} bytes"
            )
        if not notebook and (too_big := config.size_problem(status.st_size)) is not None:
            return FileReport(path, problem=too_big)  # not even read
        raw = path.read_bytes()
        # a notebook is UTF-8 JSON; a Python file is decoded as Python decodes it
        text = raw.decode("utf-8-sig").replace("\r\n", "\n") if notebook else decode_source(raw)
    except OSError as error:
        return FileReport(path, problem=f"cannot read: {error.strerror or error}")
    except UnicodeDecodeError:
        return FileReport(path, problem="not UTF-8 text, as a notebook's JSON must be; skipped")
    except UndecodableSource as error:
        return FileReport(
            path, problem=error.message, problem_at=Position(error.line, error.column)
        )
    read = SourceFile(path, raw, text)
    if notebook:
        try:
            read = SourceFile(path, raw, text, read_notebook_source(text))
        except NotebookError as error:
            return FileReport(path, problem=f"not a notebook jaxlsp can read: {error}")
    if (skipped := config.skip_reason(read.module)) is not None:
        return FileReport(path, problem=skipped)
    return read


def _check_file(engine: Engine, path: Path, config: Config, cache: CheckCache | None) -> FileReport:
    read = read_checked(path, config)
    if isinstance(read, FileReport):
        return read
    notebook = read.notebook
    if notebook is not None and not notebook.cells:
        return FileReport(path, notebook=notebook)  # no Python cells (another kernel's)
    key = read.cache_key(engine.workspace.roots) if cache is not None else ""
    cached = cache.get(key) if cache is not None else None
    if cached is None:
        analysis = engine.analyze(read.module, str(path), line_names=read.line_names)
        # the assumed findings too: the config says which of them are shown
        found, elsewhere = (*analysis.findings, *analysis.assumed), analysis.elsewhere
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
            read_modules = [] if analysis.program is None else analysis.program.modules()
            footprint = import_footprint(engine.workspace, (m.source for m in read_modules))
            cache.put(
                key,
                found,
                problem,
                elsewhere,
                [*analysis.dependencies, *footprint.present],
                problem_at,
                footprint.absent,
            )
    else:
        found, elsewhere = cached.findings, cached.elsewhere
        problem, problem_at = cached.problem, cached.problem_at
    if problem is not None:
        # A place in a notebook's module is no place in the .ipynb file: its cells say where.
        where = problem_at if notebook is None else None
        return FileReport(path, problem=problem, problem_at=where, notebook=notebook)
    if notebook is not None and (broken := notebook.syntax_errors()):
        # Each such cell raises SyntaxError when run; the others are still checked.
        problem = "; ".join(broken)
    # The cache holds the engine's findings before the config, as Engine.findings takes them.
    return FileReport(
        path, tuple(config.apply(found)), problem, elsewhere=elsewhere, notebook=notebook
    )


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
        _WORKER_ENGINE = Engine(_checking_records(), Workspace(list(roots), fixed_files=True))
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
    roots = project_roots(paths)
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
    engine = project_engine(paths, records)
    cache = CheckCache(engine.records, cache_dir) if cache_dir is not None else None
    files_checked = [check_file(engine, path, _config_for(path, configs), cache) for path in files]
    report.files = _merge_elsewhere(files_checked, configs)
    return report


def project_roots(paths: Sequence[Path]) -> tuple[Path, ...]:
    """The folders imports are looked for in: those named, and those of the files named."""
    return tuple(sorted({resolved_or_absolute(p if p.is_dir() else p.parent) for p in paths}))


def project_engine(paths: Sequence[Path], records: RecordSet | None = None) -> Engine:
    """An engine for checking ``paths`` as one project (default records: the curated ones)."""
    chosen = records if records is not None else _checking_records()
    return Engine(chosen, Workspace(list(project_roots(paths)), fixed_files=True))


def _merge_elsewhere(reports: list[FileReport], configs: dict[Path, Config]) -> list[FileReport]:
    """Each checked file's report with the findings other files' analyses made in it."""
    by_path = {resolved_or_absolute(report.path): index for index, report in enumerate(reports)}
    extra: dict[int, list[Finding]] = {}
    for report in reports:
        for finding in report.elsewhere:
            index = by_path.get(resolved_or_absolute(Path(finding.path or "")))
            if index is not None:
                placed = finding.placed_in(str(resolved_or_absolute(Path(finding.path or ""))))
                extra.setdefault(index, []).append(placed)
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
    """``path:line:col: code [severity] summary``; in a notebook ``path:cell N:line:col: ...``
    (lines and columns in the cell)."""
    lines = []
    for file in report.files:
        if file.problem:
            at = file.problem_at or Position(0, 0)
            lines.append(f"{file.path}:{at.line + 1}:{at.column + 1}: error: {file.problem}")
        for finding in file.findings:
            cell, span = file.locate(finding.span)
            where = f"{file.path}:cell {cell}" if cell is not None else str(file.path)
            lines.append(
                f"{where}:{span.start.line + 1}:{span.start.column + 1}: {finding.code} "
                f"[{finding.severity}] {summary(finding)}"
            )
    return "\n".join(lines)


def _finding_json(file: FileReport, finding: Finding) -> dict[str, Any]:
    """A finding in JSON; ``cell`` is the notebook cell its lines and columns are in (null in
    a .py file), and each related location has its own."""
    cell, span = file.locate(finding.span)
    related = []
    for item in finding.related:
        related_cell, related_span = (None, item.span) if item.path else file.locate(item.span)
        start = related_span.start
        related.append(
            {
                "path": item.path or str(file.path),
                "cell": related_cell,
                "line": start.line + 1,
                "column": start.column + 1,
                "message": item.message,
            }
        )
    return {
        "path": str(file.path),
        "cell": cell,
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
        "related": related,
        "fixes": list(finding.fix_titles),
    }


def _problem_json(file: FileReport) -> dict[str, Any]:
    at = file.problem_at
    where = {"line": at.line + 1, "column": at.column + 1} if at is not None else {}
    return {"path": str(file.path), "message": file.problem, **where}


def format_json(report: CheckReport) -> str:
    payload = {
        "findings": [_finding_json(f, x) for f in report.files for x in f.findings],
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
                    "locations": [_sarif_location(uri, file, finding.span)],
                    "relatedLocations": [
                        {
                            **(
                                _sarif_location(uri, file, r.span)
                                if r.path is None
                                else _sarif_location(
                                    Path(r.path).as_posix(), FileReport(Path(r.path)), r.span
                                )
                            ),
                            "id": n,
                            "message": {"text": r.message},
                        }
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


def _sarif_location(uri: str, file: FileReport, module_span: Span) -> dict[str, Any]:
    """A SARIF location; in a notebook the region is in the cell, which the location's
    ``properties.cell`` and a logical location (``cell N``) name."""
    cell, span = file.locate(module_span)
    location: dict[str, Any] = {
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
    if cell is not None:
        location["logicalLocations"] = [{"name": f"cell {cell}", "kind": "module"}]
        location["properties"] = {"cell": cell}
    return location


_GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice", "hint": "notice"}


def format_github(report: CheckReport) -> str:
    """GitHub Actions workflow commands: one annotation per finding."""
    lines = []
    for file in report.files:
        if file.problem:
            at = file.problem_at
            place = f",line={at.line + 1},col={at.column + 1}" if at is not None else ""
            lines.append(f"::error file={_property(str(file.path))}{place}::{_data(file.problem)}")
        for finding in file.findings:
            cell, span = file.locate(finding.span)
            text = summary(finding)
            if cell is None:
                where = [
                    f"file={_property(str(file.path))}",
                    f"line={span.start.line + 1}",
                    f"col={span.start.column + 1}",
                    f"endLine={span.end.line + 1}",
                    f"endColumn={span.end.column + 1}",
                ]
            else:
                # Lines of a cell are not lines of the .ipynb file GitHub shows: the annotation
                # is on the file, and the message says where in which cell.
                where = [f"file={_property(str(file.path))}"]
                text = f"cell {cell}, line {span.start.line + 1}: {text}"
            properties = ",".join([*where, f"title={_property(finding.code)}"])
            lines.append(f"::{_GITHUB_LEVEL[finding.severity]} {properties}::{_data(text)}")
    return "\n".join(lines)


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


# baseline and fixes ------------------------------------------------------------------------


def _lines(file: FileReport) -> list[str]:
    """The lines the file's findings are in, as the analysis split them: a notebook's code
    cells as one module, else the file (empty when it cannot be read now)."""
    if file.notebook is not None:
        return split_lines(file.notebook.text)
    try:
        return split_lines(decode_source(file.path.read_bytes()))
    except (OSError, UndecodableSource):
        return []


def baselined(report: CheckReport) -> list[tuple[Path, Sequence[str], Finding]]:
    """Every finding of the report with its file's lines: what a baseline records."""
    found: list[tuple[Path, Sequence[str], Finding]] = []
    for file in report.files:
        if file.findings:
            lines = _lines(file)
            found.extend((file.path, lines, finding) for finding in file.findings)
    return found


def drop_baselined(report: CheckReport, baseline: Baseline) -> int:
    """Keep only the findings ``baseline`` does not hold; returns how many it held."""
    known = 0
    for index, file in enumerate(report.files):
        if file.findings:
            left, held = new_findings(baseline, file.path, _lines(file), file.findings)
            report.files[index] = dataclasses.replace(file, findings=tuple(left))
            known += held
    return known
