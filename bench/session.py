"""One server on one file: startup, open, edits, hovers, code actions, peak memory.

Every server gets the same script, in the same order, from the same neutral client:

1. spawn → ``initialize`` response (startup);
2. ``didOpen`` → first ``publishDiagnostics`` for the file (cold: right after ``initialized``);
3. quiet, then one-character ``didChange`` → ``publishDiagnostics`` for the new version (or, for a
   server that publishes without versions, the next one for the file), repeated;
4. ``hover`` at fixed positions (identifiers spread over the file), one at a time;
5. ``codeAction`` over each diagnostic's range (with the diagnostic), then over other lines;
6. peak RSS of the server's process tree (``VmHWM``) with that one file open;
7. ``didOpen`` of a copy of the file → its diagnostics (warm: start-up work is done by now),
   then ``shutdown``/``exit``.

A server that lacks a capability (no ``hoverProvider``) gets no requests for it: "n/a" in the table.
"""

from __future__ import annotations

import random
import re
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.generate import edit_position
from bench.lspclient import JsonObject, LspClient, Received, ServerError

CLIENT_CAPABILITIES: JsonObject = {
    "general": {"positionEncodings": ["utf-16"]},
    "workspace": {"workspaceFolders": True, "configuration": True},
    "textDocument": {
        "synchronization": {"dynamicRegistration": False, "didSave": True},
        "publishDiagnostics": {
            "relatedInformation": True,
            "versionSupport": True,
            "codeDescriptionSupport": True,
            "dataSupport": True,
        },
        "hover": {"contentFormat": ["markdown", "plaintext"]},
        "codeAction": {
            "codeActionLiteralSupport": {
                "codeActionKind": {
                    "valueSet": ["", "quickfix", "refactor", "source", "source.fixAll"]
                }
            },
            "dataSupport": True,
            "resolveSupport": {"properties": ["edit"]},
        },
    },
}

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


@dataclass
class Latencies:
    """Request latencies in seconds, and how many answers carried something."""

    samples: list[float] = field(default_factory=list)
    non_empty: int = 0
    errors: int = 0
    supported: bool = True

    @classmethod
    def pooled(cls, parts: Sequence[Latencies]) -> Latencies:
        """All sessions' samples together (percentiles over the pool, not medians of them)."""
        pooled = cls(supported=any(part.supported for part in parts) if parts else False)
        for part in parts:
            pooled.samples.extend(part.samples)
            pooled.non_empty += part.non_empty
            pooled.errors += part.errors
        return pooled

    def summary(self) -> dict[str, Any]:
        if not self.supported or not self.samples:
            return {"supported": self.supported, "n": len(self.samples)}
        ordered = sorted(self.samples)
        return {
            "supported": True,
            "n": len(ordered),
            "non_empty": self.non_empty,
            "errors": self.errors,
            "p50_s": percentile(ordered, 50),
            "p95_s": percentile(ordered, 95),
            "p99_s": percentile(ordered, 99),
            "max_s": ordered[-1],
        }


@dataclass
class SessionResult:
    """What one session measured; None where the step did not happen (timeout, crash, n/a)."""

    server: str
    file: str
    lines: int
    requested_lines: int
    startup_s: float | None = None
    open_s: float | None = None
    open_diagnostics: int | None = None
    # didOpen of a second file once the server is warm (its one-time start-up work is done).
    warm_open_s: float | None = None
    change_s: list[float] = field(default_factory=list)
    change_diagnostics: int | None = None
    hover: Latencies = field(default_factory=Latencies)
    code_action: Latencies = field(default_factory=Latencies)
    peak_rss_bytes: int | None = None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Summaries only: the raw hover samples stay in memory for pooling across sessions."""
        data = asdict(self)
        data["hover"] = self.hover.summary()
        data["code_action"] = self.code_action.summary()
        return data


def percentile(ordered: Sequence[float], rank: float) -> float:
    """Linear-interpolated percentile of sorted samples (rank in 0..100)."""
    if len(ordered) == 1:
        return ordered[0]
    position = (len(ordered) - 1) * rank / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def hover_positions(text: str, count: int, seed: int = 0) -> list[tuple[int, int]]:
    """``count`` identifier positions spread evenly over the file (the same for every server)."""
    if count <= 0:
        return []
    positions = []
    for number, line in enumerate(text.splitlines()):
        for match in _IDENTIFIER.finditer(line):
            positions.append((number, match.start() + len(match.group()) // 2))
    if not positions:
        return [(0, 0)] * count
    stride = max(1, len(positions) // count)
    chosen = positions[::stride][:count]
    rng = random.Random(seed)
    while len(chosen) < count:
        chosen.append(rng.choice(positions))
    return chosen


def _sync_kind(capabilities: Mapping[str, Any]) -> int:
    sync = capabilities.get("textDocumentSync")
    if isinstance(sync, int):
        return sync
    if isinstance(sync, dict):
        change = sync.get("change", 1)
        return int(change) if change is not None else 1
    return 1


def is_diagnostics_for(uri: str, version: int | None) -> Any:
    def accept(message: JsonObject) -> bool:
        if message.get("method") != "textDocument/publishDiagnostics":
            return False
        params = message.get("params", {})
        if params.get("uri") != uri:
            return False
        published = params.get("version")
        return version is None or published is None or published == version

    return accept


def _overlaps(diagnostic: Mapping[str, Any], line: int) -> bool:
    start = diagnostic["range"]["start"]["line"]
    end = diagnostic["range"]["end"]["line"]
    return bool(start <= line <= end)


@dataclass(frozen=True)
class SessionPlan:
    """How much to measure in one session, and how long to wait for each step."""

    changes: int = 5
    hovers: int = 200
    code_actions: int = 50
    timeout_s: float = 120.0
    # A server slower than this on open gets only ``slow_changes`` edits (it would take minutes).
    slow_open_s: float = 5.0
    slow_changes: int = 2
    quiet_s: float = 0.3


def run_session(
    name: str,
    command: Sequence[str],
    path: Path,
    plan: SessionPlan,
    *,
    requested_lines: int,
    env: Mapping[str, str] | None = None,
    stderr_path: Path | None = None,
    settings: Any = None,
) -> SessionResult:
    """Measure one server on one file; a failure is recorded in the result, never raised."""
    text = path.read_text(encoding="utf-8")
    result = SessionResult(
        server=name, file=path.name, lines=text.count("\n"), requested_lines=requested_lines
    )
    client = LspClient(
        command, cwd=path.parent, env=env, stderr_path=stderr_path, settings=settings
    )
    try:
        _script(client, path, text, plan, result)
    except ServerError as error:
        result.error = str(error)
    finally:
        if result.peak_rss_bytes is None:
            result.peak_rss_bytes = client.peak_rss_bytes()
        client.close()
    return result


def initialize(client: LspClient, folder: Path, timeout_s: float) -> Received:
    """``initialize`` (the bench's capabilities, ``folder`` as the workspace), then
    ``initialized``; returns the server's answer, stamped when it arrived."""
    root_uri = folder.resolve().as_uri()
    init_id, _ = client.send_request(
        "initialize",
        {
            "processId": None,
            "clientInfo": {"name": "jaxlsp-bench", "version": "1"},
            "rootUri": root_uri,
            "workspaceFolders": [{"uri": root_uri, "name": folder.name}],
            "capabilities": CLIENT_CAPABILITIES,
            "initializationOptions": {},
        },
    )
    initialized = client.wait_response(init_id, timeout_s)
    client.notify("initialized", {})
    return initialized


def _script(
    client: LspClient, path: Path, text: str, plan: SessionPlan, result: SessionResult
) -> None:
    uri = path.resolve().as_uri()
    initialized = initialize(client, path.parent, plan.timeout_s)
    result.startup_s = initialized.at - client.spawned_at
    capabilities = initialized.message.get("result", {}).get("capabilities", {})

    version = 1
    sent = client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "python", "version": version, "text": text}},
    )
    opened = client.wait_notification(is_diagnostics_for(uri, None), plan.timeout_s)
    if opened is None:
        raise ServerError(f"no diagnostics within {plan.timeout_s:.0f} s of didOpen")
    result.open_s = opened.at - sent
    diagnostics: list[JsonObject] = opened.message["params"]["diagnostics"]
    result.open_diagnostics = len(diagnostics)
    client.drain_until_quiet(plan.quiet_s, plan.timeout_s)

    changes = plan.changes if result.open_s < plan.slow_open_s else plan.slow_changes
    line, character = edit_position(text)
    lines = text.split("\n")
    sync = _sync_kind(capabilities)
    for _ in range(changes):
        version += 1
        digit = "1" if version % 2 == 0 else "0"
        lines[line] = lines[line][:character] + digit + lines[line][character + 1 :]
        if sync == 2:
            edit: JsonObject = {
                "range": {
                    "start": {"line": line, "character": character},
                    "end": {"line": line, "character": character + 1},
                },
                "text": digit,
            }
        else:
            edit = {"text": "\n".join(lines)}
        sent = client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": [edit]},
        )
        changed = client.wait_notification(is_diagnostics_for(uri, version), plan.timeout_s)
        if changed is None:
            raise ServerError(f"no diagnostics within {plan.timeout_s:.0f} s of didChange")
        result.change_s.append(changed.at - sent)
        diagnostics = changed.message["params"]["diagnostics"]
        result.change_diagnostics = len(diagnostics)
        client.drain_until_quiet(plan.quiet_s, plan.timeout_s)

    result.hover = _hovers(client, uri, text, capabilities, plan)
    result.code_action = _code_actions(client, uri, text, diagnostics, capabilities, plan)
    # Peak memory with the one file open, before the warm re-open adds a second copy.
    result.peak_rss_bytes = client.peak_rss_bytes()
    result.warm_open_s = _open_again(client, path, text, plan)


def _open_again(client: LspClient, path: Path, text: str, plan: SessionPlan) -> float:
    """didOpen → diagnostics for a copy of the file, now that the server is warm."""
    copy = path.with_name(f"{path.stem}_again{path.suffix}")
    if not copy.exists():
        copy.write_text(text, encoding="utf-8")
    uri = copy.resolve().as_uri()
    client.drain_until_quiet(plan.quiet_s, plan.timeout_s)
    sent = client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}},
    )
    opened = client.wait_notification(is_diagnostics_for(uri, None), plan.timeout_s)
    if opened is None:
        raise ServerError(f"no diagnostics within {plan.timeout_s:.0f} s of the second didOpen")
    return opened.at - sent


def _hovers(
    client: LspClient, uri: str, text: str, capabilities: Mapping[str, Any], plan: SessionPlan
) -> Latencies:
    latencies = Latencies(supported=bool(capabilities.get("hoverProvider")))
    if not latencies.supported:
        return latencies
    for line, character in hover_positions(text, plan.hovers):
        response, seconds = client.request(
            "textDocument/hover",
            {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
            plan.timeout_s,
        )
        latencies.samples.append(seconds)
        latencies.errors += "error" in response.message
        latencies.non_empty += response.message.get("result") is not None
    return latencies


def _code_actions(
    client: LspClient,
    uri: str,
    text: str,
    diagnostics: list[JsonObject],
    capabilities: Mapping[str, Any],
    plan: SessionPlan,
) -> Latencies:
    latencies = Latencies(supported=bool(capabilities.get("codeActionProvider")))
    if not latencies.supported:
        return latencies
    targets = [diagnostic["range"] for diagnostic in diagnostics[: plan.code_actions]]
    for line, _ in hover_positions(text, plan.code_actions - len(targets), seed=1):
        end = {"line": line, "character": 0}
        targets.append({"start": end, "end": end})
    for target in targets:
        line = target["start"]["line"]
        context = [diagnostic for diagnostic in diagnostics if _overlaps(diagnostic, line)]
        response, seconds = client.request(
            "textDocument/codeAction",
            {
                "textDocument": {"uri": uri},
                "range": target,
                "context": {"diagnostics": context, "triggerKind": 1},
            },
            plan.timeout_s,
        )
        latencies.samples.append(seconds)
        latencies.errors += "error" in response.message
        latencies.non_empty += bool(response.message.get("result"))
    return latencies


def median_or_none(samples: Sequence[float | None]) -> float | None:
    present = [sample for sample in samples if sample is not None]
    return statistics.median(present) if present else None
