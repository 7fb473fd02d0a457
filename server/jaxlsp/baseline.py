"""A baseline of known findings, so a team can turn ``jaxlsp check`` on in CI and see only new ones.

``jaxlsp check --write-baseline`` records every finding; ``jaxlsp check --baseline FILE`` then
reports only the findings the file does not hold.  As in basedpyright's baseline, a finding is
matched by its file, its code and a fingerprint that ignores where it is: the text of the lines
it spans (whitespace collapsed), so code moved by an edit above it still matches, and an edit of
the flagged line itself makes the finding new.  Each entry matches one finding: a second
finding with the same text in the same file is new until the baseline is written again.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jaxlsp.findings import Finding
from jaxlsp.infer.workspace import resolved_or_absolute

FORMAT = 1
DEFAULT_BASELINE = Path("jaxlsp-baseline.json")


class BaselineError(ValueError):
    """A baseline file that cannot be read or is not one."""


def fingerprint(lines: Sequence[str], finding: Finding) -> str:
    """The finding's code and the text of the lines it spans, whitespace collapsed, hashed."""
    start, end = finding.span.start.line, finding.span.end.line
    text = " ".join(" ".join(lines[start : end + 1]).split())
    return hashlib.sha256(f"{finding.code}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()[
        :16
    ]


@dataclass(frozen=True)
class Entry:
    """One baselined finding: the file (relative to the baseline's folder), code, fingerprint."""

    path: str
    code: str
    fingerprint: str


def _key(path: Path, root: Path) -> str:
    """``path`` relative to ``root`` when it is under it (posix), else absolute."""
    absolute = resolved_or_absolute(path)
    try:
        return absolute.relative_to(root).as_posix()
    except ValueError:
        return absolute.as_posix()


@dataclass
class Baseline:
    #: The folder the entries' paths are relative to (the baseline file's).
    root: Path
    entries: Counter[Entry]

    @classmethod
    def read(cls, path: Path) -> Baseline:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("format") != FORMAT:
                raise BaselineError(f"{path}: not a jaxlsp baseline (format {FORMAT})")
            entries: Counter[Entry] = Counter()
            for file, findings in data["files"].items():
                for item in findings:
                    entries[Entry(str(file), str(item["code"]), str(item["fingerprint"]))] += 1
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            if isinstance(error, BaselineError):
                raise
            raise BaselineError(f"{path}: cannot read the baseline: {error}") from None
        return cls(resolved_or_absolute(path).parent, entries)

    def key(self, path: Path) -> str:
        return _key(path, self.root)


def write_baseline(path: Path, findings: Sequence[tuple[Path, Sequence[str], Finding]]) -> int:
    """Write every (file, its lines, finding) to ``path``; returns how many were written."""
    root = resolved_or_absolute(path).parent
    files: dict[str, list[dict[str, Any]]] = {}
    for file, lines, finding in findings:
        files.setdefault(_key(file, root), []).append(
            {
                "code": finding.code,
                "fingerprint": fingerprint(lines, finding),
                # For a reader only: matching ignores the line.
                "line": finding.span.start.line + 1,
            }
        )
    payload = {"format": FORMAT, "files": dict(sorted(files.items()))}
    path.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return sum(len(entries) for entries in files.values())


def new_findings(
    baseline: Baseline, file: Path, lines: Sequence[str], findings: Sequence[Finding]
) -> tuple[list[Finding], int]:
    """The findings of ``file`` the baseline does not hold, and how many it held (each entry
    is used up by the finding it matches)."""
    key = baseline.key(file)
    left, known = [], 0
    for finding in findings:
        entry = Entry(key, finding.code, fingerprint(lines, finding))
        if baseline.entries[entry] > 0:
            baseline.entries[entry] -= 1
            known += 1
        else:
            left.append(finding)
    return left, known


__all__ = [
    "DEFAULT_BASELINE",
    "Baseline",
    "BaselineError",
    "fingerprint",
    "new_findings",
    "write_baseline",
]
