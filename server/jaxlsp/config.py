"""Which findings to report, and how loudly: ``[tool.jaxlsp]`` in the nearest pyproject.toml.

    [tool.jaxlsp]
    select = ["custom-vjp-symbolic-zeros-support-with-shard-map-i"]  # default: every code
    ignore = ["pallas-call-with-a-mesh-does-not-support-jvp"]
    severity = { "pallas-call-with-a-mesh-does-not-support-jvp" = "warning" }

Codes are record slugs (what diagnostics show) or rule names; ``"ALL"`` in ``select`` means every
code.  Unknown keys and bad values are reported as problems, never silently dropped.  The file
is found by walking up from the checked file to the first pyproject.toml that has a
``[tool.jaxlsp]`` table, stopping at a ``.git`` folder (the project root).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, get_args

from jaxlsp.findings import Finding, Severity

SETTINGS: dict[str, str] = {
    "select": "Codes (record slugs or rule names) to report; default every code.",
    "ignore": "Codes never to report, even when selected.",
    "severity": "Map of code to 'error', 'warning', 'info' or 'hint'.",
    "exclude": "Glob patterns (relative to the pyproject's folder) of files `jaxlsp check` skips.",
}
_SEVERITIES: tuple[str, ...] = get_args(Severity)
#: A pyproject.toml larger than this is not read (a hostile file in a cloned repository).
MAX_PYPROJECT_BYTES = 4 * 1024 * 1024


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

    def enabled(self, finding: Finding) -> bool:
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
        return Config(
            select=parsed.select if "select" in overrides else self.select,
            ignore=self.ignore | parsed.ignore,
            severity={**self.severity, **parsed.severity},
            exclude=self.exclude + parsed.exclude,
            source=self.source,
            problems=self.problems + parsed.problems,
        )


def parse_settings(table: Mapping[str, Any], origin: str) -> Config:
    """A Config from a ``[tool.jaxlsp]`` table; what cannot be used is reported in problems."""
    problems: list[str] = []
    for key in table:
        if key not in SETTINGS:
            known = ", ".join(SETTINGS)
            problems.append(f"{origin}: unknown setting {key!r} (known: {known})")
    select = _codes(table, "select", origin, problems)
    ignore = _codes(table, "ignore", origin, problems) or frozenset()
    severity: dict[str, Severity] = {}
    raw_severity = table.get("severity", {})
    if not isinstance(raw_severity, Mapping):
        problems.append(f"{origin}: 'severity' must be a table of code = level")
        raw_severity = {}
    for code, level in raw_severity.items():
        if level in _SEVERITIES:
            severity[str(code)] = level
        else:
            problems.append(
                f"{origin}: severity of {code!r} is {level!r}; use one of {', '.join(_SEVERITIES)}"
            )
    exclude = tuple(sorted(_codes(table, "exclude", origin, problems) or ()))
    return Config(select, ignore, severity, exclude, None, tuple(problems))


def _codes(
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


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml with a [tool.jaxlsp] table, from ``start`` up to the repo root."""
    try:
        folder = start if start.is_dir() else start.parent
        for candidate in (folder, *folder.parents):
            pyproject = candidate / "pyproject.toml"
            if pyproject.is_file() and b"[tool.jaxlsp" in _head(pyproject):
                return pyproject
            if (candidate / ".git").exists():
                return None
    except OSError:  # a path the OS refuses (a name too long, a permission): no config there
        return None
    return None


def _head(path: Path) -> bytes:
    try:
        with path.open("rb") as file:
            return file.read(1_000_000)
    except OSError:
        return b""


def load_config(start: Path) -> Config:
    """The Config for a file or folder; a pyproject that is not TOML gives defaults + a problem."""
    pyproject = find_pyproject(start)
    if pyproject is None:
        return Config()
    try:
        size = pyproject.stat().st_size
        if size > MAX_PYPROJECT_BYTES:
            limit = f"{MAX_PYPROJECT_BYTES:,}"
            problem = (
                f"{pyproject}: file is {size:,} bytes; the limit is {limit}; [tool.jaxlsp] ignored"
            )
            return Config(source=pyproject, problems=(problem,))
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
