"""Which findings to report, and how loudly: ``[tool.jaxlsp]`` in the nearest pyproject.toml.

    [tool.jaxlsp]
    select = ["custom-vjp-symbolic-zeros-support-with-shard-map"]  # default: every code
    ignore = ["pallas-call-with-a-mesh-does-not-support-jvp"]
    severity = { "pallas-call-with-a-mesh-does-not-support-jvp" = "warning" }

Codes are record slugs (what diagnostics show, and each rule's name); ``"ALL"`` in ``select`` means
every code.  A record's former slug (``slugAliases``) stands for its slug today, and a rule's
former name (``FORMER_NAMES``) for its name; an unknown code is a
problem, named with the nearest known code (``jaxlsp.codes``), and is dropped (a ``select`` of
unknown codes only selects every code, as if there were none: a typo never turns checks off).

``pallasTarget`` says which chip the project's Pallas kernels are compiled for
(docs/pallas-targets.md): ``"tpu"``, ``"gpu"``, ``"any"`` (every chip) or ``"unknown"`` (the
default).  A TPU rule reports a kernel whose code does not say it is a TPU kernel only when it
is ``"tpu"`` or ``"any"``.

``maxFileBytes`` and ``maxLineLength`` say which files are too big to analyse (generated
or minified code): they get one notice instead.  Unknown keys and bad values are reported as
problems, never silently dropped.  The file is found by walking up from the checked file to the
first pyproject.toml that has a ``[tool.jaxlsp]`` table, stopping at a ``.git`` folder (the
project root).  Each pyproject.toml is read and parsed once per change (its modification time,
size and inode), not once per check.
"""

from __future__ import annotations

import stat
import threading
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal, cast, get_args

from jaxlsp.findings import AssumedTarget, Finding, Severity

#: The chips a project may say its Pallas kernels are compiled for ("any": every chip).
PallasTarget = Literal["tpu", "gpu", "any", "unknown"]
_PALLAS_TARGETS: tuple[str, ...] = get_args(PallasTarget)
#: Which assumed chips each ``pallasTarget`` makes real: a finding that holds only on a TPU (a
#: GPU) is reported where the kernels target that chip, or every chip.
_TARGETS_COVERED: dict[str, frozenset[AssumedTarget]] = {
    "tpu": frozenset({"tpu"}),
    "any": frozenset({"tpu", "gpu"}),
    "gpu": frozenset({"gpu"}),
    "unknown": frozenset(),
}

#: A file larger than this (bytes, UTF-8) is not analysed unless ``maxFileBytes`` says more.
DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024
#: A file with a line longer than this (characters) is not analysed, unless ``maxLineLength``
#: says more: generated and minified files are like this.
DEFAULT_MAX_LINE_LENGTH = 20_000

SETTINGS: dict[str, str] = {
    "select": "Codes (record slugs, which name the rules too, or former slugs and rule names) "
    "to report; default every code. An unknown code is reported with the nearest known one, "
    "and dropped.",
    "ignore": "Codes never to report, even when selected.",
    "severity": "Map of code to 'error', 'warning', 'info' or 'hint'.",
    "exclude": "Glob patterns (relative to the pyproject's folder) of files `jaxlsp check` skips.",
    "maxFileBytes": "Files larger than this many bytes are not analysed: the editor shows one "
    "notice on the file instead and `jaxlsp check` reports it as skipped (default "
    f"{DEFAULT_MAX_FILE_BYTES:,}).",
    "maxLineLength": "Files with a line longer than this many characters (generated or minified "
    f"code) are not analysed, likewise (default {DEFAULT_MAX_LINE_LENGTH:,}).",
    "pallasTarget": "The chip the project's Pallas kernels are compiled for: 'tpu', 'gpu', "
    "'any' (every chip) or 'unknown' (default). With 'tpu' or 'any' the TPU rules also check "
    "kernels whose code does not say they are TPU kernels (docs/pallas-targets.md).",
}
#: The settings that bound what is analysed, and their Config fields.
_LIMITS = {"maxFileBytes": "max_file_bytes", "maxLineLength": "max_line_length"}
_SEVERITIES: tuple[str, ...] = get_args(Severity)
#: A pyproject.toml larger than this is not parsed (a hostile file in a cloned repository); its
#: first this many bytes are read to see whether it has a [tool.jaxlsp] table.
MAX_PYPROJECT_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Config:
    select: frozenset[str] | None = None  # None: everything
    ignore: frozenset[str] = frozenset()
    severity: Mapping[str, Severity] = field(default_factory=dict)
    exclude: tuple[str, ...] = ()
    #: The pyproject.toml this came from (None: defaults).
    source: Path | None = None
    #: What was wrong in the file, as "path: message" lines.
    problems: tuple[str, ...] = ()
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
    max_line_length: int = DEFAULT_MAX_LINE_LENGTH
    #: The chip the project's Pallas kernels are compiled for (``pallasTarget``).
    pallas_target: PallasTarget = "unknown"

    def size_problem(self, size: int) -> str | None:
        """Why a file of ``size`` bytes is not analysed, or None."""
        if size > self.max_file_bytes:
            return (
                f"not analysed: the file is {size:,} bytes and maxFileBytes is "
                f"{self.max_file_bytes:,}"
            )
        return None

    def skip_reason(self, text: str) -> str | None:
        """Why ``text`` is not analysed (too big, or a line too long), or None.

        Cheap next to an analysis: the bytes are counted only when the text could be over the
        size limit, and the lines are split only when the text is longer than one line may be.
        """
        # A character is at most four bytes: below that, the text cannot be over the limit.
        # An ASCII text (known without reading it) is as many bytes as characters; any other is
        # encoded to count them.
        if len(text) * 4 > self.max_file_bytes and (
            problem := self.size_problem(
                len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
            )
        ):
            return problem
        if len(text) <= self.max_line_length:
            return None
        if "\r" in text:  # \r and \r\n end lines too, as in Python and LSP
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        # str.split and max over the lengths run in C: a regular expression scanning the text
        # costs more than the budget of ``bench.soak`` for answering a pathological file.
        lines = text.split("\n")
        if max(map(len, lines)) <= self.max_line_length:
            return None
        number, line = next(
            (n, line) for n, line in enumerate(lines, 1) if len(line) > self.max_line_length
        )
        return (
            f"not analysed: line {number:,} is {len(line):,} characters long and "
            f"maxLineLength is {self.max_line_length:,}"
        )

    def enabled(self, finding: Finding) -> bool:
        assumed = finding.assumes_target
        if assumed is not None and assumed not in _TARGETS_COVERED[self.pallas_target]:
            return False  # it holds only on a chip the project has not said it targets
        keys = {finding.code, finding.rule}
        if keys & self.ignore:
            return False
        return self.select is None or "ALL" in self.select or bool(keys & self.select)

    def apply(self, findings: Iterable[Finding]) -> list[Finding]:
        """Drop what is not selected and apply severity overrides."""
        result = []
        for finding in findings:
            if not self.enabled(finding):
                continue
            level = self.severity.get(finding.code) or self.severity.get(finding.rule)
            result.append(replace(finding, severity=level) if level else finding)
        return result

    def merged(self, overrides: Mapping[str, Any], origin: str) -> Config:
        """These settings overlaid with a client's (``workspace/configuration``) settings."""
        parsed = parse_settings(overrides, origin)

        def limit(key: str, name: str) -> int:
            given = _limit(overrides.get(key)) is not None
            return int(getattr(parsed if given else self, name))

        return Config(
            select=parsed.select if "select" in overrides else self.select,
            ignore=self.ignore | parsed.ignore,
            severity={**self.severity, **parsed.severity},
            exclude=self.exclude + parsed.exclude,
            source=self.source,
            problems=self.problems + parsed.problems,
            max_file_bytes=limit("maxFileBytes", "max_file_bytes"),
            max_line_length=limit("maxLineLength", "max_line_length"),
            pallas_target=(
                parsed.pallas_target
                if overrides.get("pallasTarget") in _PALLAS_TARGETS
                else self.pallas_target
            ),
        )


def parse_settings(table: Mapping[str, Any], origin: str) -> Config:
    """A Config from a ``[tool.jaxlsp]`` table; what cannot be used is reported in problems."""
    problems: list[str] = []
    for key in table:
        if key not in SETTINGS:
            known = ", ".join(SETTINGS)
            problems.append(f"{origin}: unknown setting {key!r} (known: {known})")
    select = _known_codes(_strings(table, "select", origin, problems), "select", origin, problems)
    if select is not None and not select and table.get("select"):
        select = None  # every code named was unknown: report them all, as by default
    ignore = _known_codes(_strings(table, "ignore", origin, problems), "ignore", origin, problems)
    severity: dict[str, Severity] = {}
    raw_severity = table.get("severity", {})
    if not isinstance(raw_severity, Mapping):
        problems.append(f"{origin}: 'severity' must be a table of code = level")
        raw_severity = {}
    named = _known_codes(frozenset(map(str, raw_severity)), "severity", origin, problems) or ()
    for code, level in raw_severity.items():
        if level not in _SEVERITIES:
            problems.append(
                f"{origin}: severity of {code!r} is {level!r}; use one of {', '.join(_SEVERITIES)}"
            )
        elif (known := _canonical(str(code))) in named:
            severity[known] = level
    exclude = tuple(sorted(_strings(table, "exclude", origin, problems) or ()))
    limits: dict[str, int] = {}
    for key, name in _LIMITS.items():
        if key not in table:
            continue
        if (value := _limit(table[key])) is None:
            problems.append(
                f"{origin}: {key!r} must be a whole number of at least 1, got {table[key]!r}"
            )
        else:
            limits[name] = value
    return Config(
        select=select,
        ignore=ignore or frozenset(),
        pallas_target=_pallas_target(table, origin, problems),
        severity=severity,
        exclude=exclude,
        problems=tuple(problems),
        max_file_bytes=limits.get("max_file_bytes", DEFAULT_MAX_FILE_BYTES),
        max_line_length=limits.get("max_line_length", DEFAULT_MAX_LINE_LENGTH),
    )


def _pallas_target(table: Mapping[str, Any], origin: str, problems: list[str]) -> PallasTarget:
    """``pallasTarget``'s value, or "unknown" (with a problem) when it names no chip known."""
    value = table.get("pallasTarget", "unknown")
    if isinstance(value, str) and value in _PALLAS_TARGETS:
        return cast(PallasTarget, value)
    problems.append(
        f"{origin}: 'pallasTarget' must be one of {', '.join(_PALLAS_TARGETS)}, got {value!r}; "
        "using 'unknown'"
    )
    return "unknown"


def _limit(value: object) -> int | None:
    """A size limit's value, or None when ``value`` is not one (not an int, a bool, below 1)."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    return None


def _known_codes(
    codes: frozenset[str] | None, key: str, origin: str, problems: list[str]
) -> frozenset[str] | None:
    """``codes`` less the unknown ones (each reported, with the nearest known code), former
    slugs replaced by today's."""
    if codes is None:
        return None
    from jaxlsp.codes import code_table  # the rules and records: loaded once, on first use

    table = code_table()
    known = set()
    for code in sorted(codes):
        if (why := table.unknown(code)) is not None:
            problems.append(f"{origin}: {key!r}: {why}")
        else:
            known.add(table.canonical(code))
    return frozenset(known)


def _canonical(code: str) -> str:
    from jaxlsp.codes import code_table

    return code_table().canonical(code)


def _strings(
    table: Mapping[str, Any], key: str, origin: str, problems: list[str]
) -> frozenset[str] | None:
    if key not in table:
        return None
    value = table[key]
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.append(f"{origin}: {key!r} must be a list of strings")
        return None
    return frozenset(value)


#: What was read from each pyproject.toml, by path: the file's stamp and what it gave.
_READ: dict[Path, tuple[tuple[int, int, int], bool, Config | None]] = {}
#: How many pyproject.toml files ``_READ`` remembers (the oldest is forgotten first).
_MOST_READ = 256
_READ_LOCK = threading.Lock()


def forget_read_configs() -> None:
    """Read every pyproject.toml afresh next time (the server calls it when one is saved)."""
    with _READ_LOCK:
        _READ.clear()


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml with a [tool.jaxlsp] table, from ``start`` up to the repo root."""
    try:
        folder = start if start.is_dir() else start.parent
        for candidate in (folder, *folder.parents):
            pyproject = candidate / "pyproject.toml"
            if _read(pyproject)[0]:
                return pyproject
            if (candidate / ".git").exists():
                return None
    except OSError:  # a path the OS refuses (a name too long, a permission): no config there
        return None
    return None


def load_config(start: Path) -> Config:
    """The Config for a file or folder; a pyproject that is not TOML gives defaults + a problem."""
    pyproject = find_pyproject(start)
    if pyproject is None:
        return Config()
    config = _read(pyproject)[1]
    return config if config is not None else Config()


def _read(pyproject: Path) -> tuple[bool, Config | None]:
    """Whether ``pyproject`` is a regular file with a [tool.jaxlsp] table, and its Config: from
    ``_READ`` while the file's modification time, size and inode are those it was read at."""
    try:
        status = pyproject.stat()
    except (OSError, ValueError):
        return False, None
    if not stat.S_ISREG(status.st_mode):  # a FIFO or a device would block or never end
        return False, None
    stamp = (status.st_mtime_ns, status.st_size, status.st_ino)
    with _READ_LOCK:
        known = _READ.get(pyproject)
    if known is not None and known[0] == stamp:
        return known[1], known[2]
    has_table = b"[tool.jaxlsp" in _head(pyproject)
    config = _parse(pyproject, status.st_size) if has_table else None
    with _READ_LOCK:
        _READ.pop(pyproject, None)
        _READ[pyproject] = (stamp, has_table, config)
        for path in list(_READ)[: max(0, len(_READ) - _MOST_READ)]:
            del _READ[path]
    return has_table, config


def _head(path: Path) -> bytes:
    try:
        with path.open("rb") as file:
            return file.read(MAX_PYPROJECT_BYTES)
    except OSError:
        return b""


def _parse(pyproject: Path, size: int) -> Config:
    if size > MAX_PYPROJECT_BYTES:
        problem = (
            f"{pyproject}: file is {size:,} bytes; the limit is {MAX_PYPROJECT_BYTES:,}; "
            "its [tool.jaxlsp] is ignored (defaults used)"
        )
        return Config(source=pyproject, problems=(problem,))
    try:
        document = tomllib.loads(pyproject.read_text(encoding="utf-8", errors="replace"))
    except (tomllib.TOMLDecodeError, OSError, RecursionError) as error:
        # RecursionError: tomllib recurses into nested arrays and inline tables.
        reason = "nested too deeply" if isinstance(error, RecursionError) else error
        return Config(source=pyproject, problems=(f"{pyproject}: not valid TOML: {reason}",))
    tool = document.get("tool", {})
    table = tool.get("jaxlsp", {}) if isinstance(tool, dict) else {}
    if not isinstance(table, dict):
        return Config(source=pyproject, problems=(f"{pyproject}: [tool.jaxlsp] must be a table",))
    return replace(parse_settings(table, str(pyproject)), source=pyproject)
