"""A day of editing in minutes: memory, bounded work and a probe hover, over the neutral client.

    python -m bench.soak [--quick] [--edits 5000] [--documents 300] [--json PATH] [--check]
                         [--phases soak,open-close,pathological] [--server-python PATH]
                         [--readme]

Three phases, each against a fresh ``jaxlsp serve`` driven by ``bench/lspclient.py`` (its own
framing, no pygls), each bounded in count (the arguments) and in time (``--phase-s``: a phase
that runs out of time stops and says how far it got):

1. **Soak**: a generated file is edited ``--edits`` times: lines typed a character at a time
   (syntax errors in and out), each deleted again in one edit (an undo), and 200-line pastes
   undone, with a hover and a code action on the file every few edits, waiting for the
   diagnostics every ``--sync-every`` edits.  The text ends as it began.  RSS is printed
   before, during and after, next to a fresh server holding the same final text; the final
   diagnostics must equal the fresh server's.
2. **Open/close**: ``--documents`` generated files opened, their diagnostics awaited, all
   closed; RSS before, with them open, and ``--settle-s`` after closing them (by then the
   server has re-executed itself if the closes left it too big: ``jaxlsp.lsp.recycle``; the
   times it did are counted).  The cycle runs twice: as editors start the server, then with
   ``PYTHONMALLOC=malloc``, where the server gives the pages it freed back to the system, so
   that RSS shows what it still holds apart from the arenas CPython's small-object allocator
   keeps (``jaxlsp.lsp.memory``); on CPython 3.13 and later built with mimalloc, a third time
   under it, purging freed pages at once.
3. **Pathological files**: a single-line string literal (5 MiB, and 1 MiB in a file under
   ``maxFileBytes``), ``;``-joined statements on one line, and a long file of ordinary lines;
   each opened, answered (diagnostics or a skip notice) and closed, timed against
   ``ast.parse`` of the same text in this process, with probe hovers sent from its didOpen on
   and one right after a character typed in it.

In every phase a probe hover in another (small) document measures how long a request waits:
its idle answer times first, then while the phase runs.  Budgets (issue 19), printed as ratios
measured in the same run: soaked RSS ≤ 1.2× the fresh server's; RSS after closing every
document ≤ 1.3× the RSS before they were opened; the probe hover's p99 while a pathological
file is handled ≤ 5× its idle p99; each pathological file answered within 3× its ``ast.parse``
time.  ``--check`` exits 1 when one is missed.  ``--quick`` (a test runs it) shrinks everything
to seconds and reports the same ratios, budgets not enforced.  ``--phases`` runs some phases
only (the budgets of the others are not judged); ``--server-python`` runs the server of another
checkout's environment (its ``python -m jaxlsp serve``) under the same client, for A/B runs.
``--readme`` keeps a full run's results in ``bench/results/soak.json`` and rewrites
bench/README.md's table from them (``table``).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import queue
import random
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.generate import generate
from bench.lspclient import JsonObject, LspClient, ServerError
from bench.readme_block import machine, measured, write_block
from bench.servers import BENCH_DIR
from bench.session import Latencies, hover_positions, initialize

SERVER_ARGS = ("-m", "jaxlsp", "serve")
PHASES = ("soak", "open-close", "pathological")
#: The results bench/README.md's table is made of (``--readme`` writes them).
RESULTS = BENCH_DIR / "results" / "soak.json"
PROBE_LINES = 200
IDLE_PROBES = 30
#: Probe hovers from each pathological file's didOpen on (more until it is answered).
PROBES_PER_FILE = 20
MIB = 1024 * 1024

#: The open/close cycle runs again with Python's objects allocated by ``malloc``, whose freed
#: pages the server gives back (``jaxlsp.lsp.memory``): its RSS after closing shows what the
#: server still holds, apart from the arenas CPython's own allocator keeps.
MALLOC = {"PYTHONMALLOC": "malloc"}
#: On CPython 3.13 and later, built with mimalloc, the cycle runs a third time under it, told to
#: return the pages it frees at once (it waits for more allocations otherwise): the allocator a
#: user of those versions can choose (``bench/README.md`` measures its cost in analysis time).
MIMALLOC = {"PYTHONMALLOC": "mimalloc", "MIMALLOC_PURGE_DELAY": "0"}


def has_mimalloc() -> bool:
    return sys.version_info >= (3, 13) and bool(sysconfig.get_config_var("WITH_MIMALLOC"))


#: What the server logs when it re-executes itself (``jaxlsp.lsp.recycle``).
RECYCLED = "recycling the server process"

BUDGET_SOAK_RSS = 1.2
BUDGET_CLOSE_RSS = 1.3
BUDGET_PROBE_P99 = 5.0
BUDGET_ANSWER_VS_PARSE = 3.0


@dataclass(frozen=True)
class Plan:
    """How much each phase does and how long it may take."""

    soak_lines: int = 1_000
    edits: int = 5_000
    sync_every: int = 5
    request_every: int = 25
    documents: int = 300
    document_lines: int = 350
    settle_s: float = 5.0
    pathological_bytes: int = 5 * MIB
    #: One line this long in a file under ``maxFileBytes``: over ``maxLineLength`` only.
    long_line_bytes: int = MIB
    #: Over the default ``maxFileBytes`` (4 MiB) unless ``settings`` lower it.
    long_file_bytes: int = 5 * MIB
    settings: dict[str, Any] = field(default_factory=dict)
    timeout_s: float = 120.0
    phase_s: float = 600.0
    #: The Python whose ``jaxlsp serve`` is measured (this one's by default).
    server_python: str = sys.executable


QUICK = Plan(
    soak_lines=200,
    edits=300,
    sync_every=5,
    request_every=20,
    documents=30,
    document_lines=120,
    settle_s=1.0,
    pathological_bytes=64 * 1024,
    long_line_bytes=32 * 1024,
    long_file_bytes=200_000,
    settings={"maxFileBytes": 150_000},
    timeout_s=60.0,
    phase_s=120.0,
)


# -------------------------------------------------------------------------- the client side


class Inbox:
    """Every notification the server sent, kept (``LspClient.wait_notification`` drops the ones
    it does not want): the last diagnostics and version per URI, and log messages."""

    def __init__(self, client: LspClient) -> None:
        self.client = client
        self.diagnostics: dict[str, tuple[int | None, list[JsonObject], float]] = {}
        self.logs: list[str] = []

    def pump(self, timeout: float) -> bool:
        """Take one notification (waiting up to ``timeout``); whether there was one."""
        try:
            received = self.client.notifications.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            if self.client.closed.is_set():
                code = self.client.process.poll()
                raise ServerError(f"the server exited (code {code})") from None
            return False
        message = received.message
        params = message.get("params") or {}
        if message.get("method") == "textDocument/publishDiagnostics":
            self.diagnostics[params["uri"]] = (
                params.get("version"),
                params.get("diagnostics", []),
                received.at,
            )
        elif message.get("method") == "window/logMessage":
            self.logs.append(str(params.get("message", "")))
        return True

    def until(self, done: Callable[[], bool], timeout: float, what: str) -> None:
        deadline = time.perf_counter() + timeout
        while not done():
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise ServerError(f"timed out waiting for {what}")
            self.pump(min(remaining, 0.05))

    def wait_diagnostics(self, uri: str, version: int | None, timeout: float) -> list[JsonObject]:
        """The diagnostics of ``uri`` at ``version`` (any version when None)."""

        def arrived() -> bool:
            known = self.diagnostics.get(uri)
            return known is not None and (version is None or known[0] == version)

        self.until(arrived, timeout, f"diagnostics of {uri} at version {version}")
        return self.diagnostics[uri][1]

    def quiet(self, seconds: float) -> None:
        """Take notifications until none comes for ``seconds``."""
        while self.pump(seconds):
            pass


def rss_mib(client: LspClient) -> float:
    """The server's resident set now (VmRSS of its process tree), in MiB."""
    total = 0
    for pid in client.pid_tree():
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) * 1024
    return total / MIB


def _open(client: LspClient, uri: str, text: str, version: int = 1) -> float:
    return client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "python", "version": version, "text": text}},
    )


def _close(client: LspClient, uri: str) -> None:
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})


def _position(line: int, character: int) -> JsonObject:
    return {"line": line, "character": character}


@dataclass
class Probe:
    """Hovers in a small document of their own, where idle hovers had an answer."""

    uri: str
    targets: list[tuple[int, int]]
    at: int = 0

    def hover(self, client: LspClient, into: Latencies, timeout: float) -> None:
        line, character = self.targets[self.at % len(self.targets)]
        self.at += 1
        response, seconds = client.request(
            "textDocument/hover",
            {"textDocument": {"uri": self.uri}, "position": _position(line, character)},
            timeout,
        )
        into.samples.append(seconds)
        into.errors += "error" in response.message
        into.non_empty += response.message.get("result") is not None


def start(
    folder: Path, plan: Plan, env: dict[str, str] | None = None
) -> tuple[LspClient, Inbox, Probe, Latencies]:
    """A server (with ``env`` added to its environment) with the probe document open and its
    idle hover times measured."""
    client = LspClient(
        [plan.server_python, *SERVER_ARGS],
        cwd=folder,
        env={**os.environ, **env} if env else None,
        settings={"debounceMs": 0, **plan.settings},
        stderr_path=folder / f"server-{time.monotonic_ns()}.log",
    )
    inbox = Inbox(client)
    initialize(client, folder, plan.timeout_s)
    probe_text = generate(PROBE_LINES, seed=4242)
    probe_uri = (folder / "probe.py").as_uri()
    _open(client, probe_uri, probe_text)
    inbox.wait_diagnostics(probe_uri, 1, plan.timeout_s)
    inbox.quiet(0.3)
    positions = hover_positions(probe_text, IDLE_PROBES)
    idle = Latencies()
    answered = []
    for at in positions:
        probe = Probe(probe_uri, [at])
        before = idle.non_empty
        probe.hover(client, idle, plan.timeout_s)
        if idle.non_empty > before:
            answered.append(at)
    # Later probes go where an idle hover had an answer: a record lookup, not an empty reply.
    return client, inbox, Probe(probe_uri, answered or positions), idle


# --------------------------------------------------------------------------- phase 1: soak


@dataclass
class Edit:
    """One didChange: replace ``start``–``end`` (line, character; ASCII text) with ``text``."""

    start: tuple[int, int]
    end: tuple[int, int]
    text: str


def _apply(lines: list[str], edit: Edit) -> list[str]:
    """``lines`` (without line ends) after ``edit``."""
    (start_line, start_char), (end_line, end_char) = edit.start, edit.end
    before = lines[start_line][:start_char]
    after = lines[end_line][end_char:]
    middle = (before + edit.text + after).split("\n")
    return lines[:start_line] + middle + lines[end_line + 1 :]


def edit_script(text: str, count: int, seed: int = 0) -> list[Edit]:
    """``count`` edits that type lines into function bodies a character at a time (unbalanced
    brackets along the way), delete each typed line again in one edit, and paste and undo
    200-line blocks: the text ends as it began."""
    rng = random.Random(seed)
    lines = text.split("\n")
    bodies = [n for n, line in enumerate(lines) if line.startswith("    return ")]
    paste = generate(200, seed=seed + 7).split("\n")[20:220]
    edits: list[Edit] = []
    serial = 0
    while len(edits) < count:
        serial += 1
        if serial % 10 == 0 and len(edits) + 2 <= count:
            end = len(lines) - 1
            block = "\n" + "\n".join(paste)
            edits.append(Edit((end, len(lines[end])), (end, len(lines[end])), block))
            lines = _apply(lines, edits[-1])
            last = len(lines) - 1
            edits.append(Edit((end, len(lines[end])), (last, len(lines[last])), ""))
            lines = _apply(lines, edits[-1])
            continue
        at = rng.choice(bodies)
        typed = f"    tmp_{serial} = jnp.sum((x[{serial % 7}] + 1) * 2, axis=(0,))\n"
        if len(edits) + len(typed) + 1 > count:
            typed = typed[: max(0, count - len(edits) - 1)]
        column = 0
        line = at
        for character in typed:
            edits.append(Edit((line, column), (line, column), character))
            lines = _apply(lines, edits[-1])
            if character == "\n":
                line, column = line + 1, 0
            else:
                column += 1
        edits.append(Edit((at, 0), (line, column), ""))  # undo: the typed text in one edit
        lines = _apply(lines, edits[-1])
    assert "\n".join(lines) == text and len(edits) == count, "the script must end as it began"
    return edits


def _change(client: LspClient, uri: str, version: int, edit: Edit) -> None:
    client.notify(
        "textDocument/didChange",
        {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [
                {
                    "range": {"start": _position(*edit.start), "end": _position(*edit.end)},
                    "text": edit.text,
                }
            ],
        },
    )


def _comparable(diagnostics: list[JsonObject]) -> list[tuple[Any, ...]]:
    return sorted(
        (str(d.get("code")), json.dumps(d["range"], sort_keys=True), d.get("message", ""))
        for d in diagnostics
    )


def soak(folder: Path, plan: Plan) -> dict[str, Any]:
    text = generate(plan.soak_lines, seed=1)
    edits = edit_script(text, plan.edits, seed=3)
    client, inbox, probe, idle = start(folder, plan)
    result: dict[str, Any] = {"lines": text.count("\n") + 1, "edits_planned": len(edits)}
    busy, hovers, actions = Latencies(), Latencies(), Latencies()
    rng = random.Random(5)
    try:
        uri = (folder / "soaked.py").as_uri()
        _open(client, uri, text)
        inbox.wait_diagnostics(uri, 1, plan.timeout_s)
        inbox.quiet(0.5)
        result["rss_before_mib"] = rss_mib(client)
        during: list[tuple[int, float]] = []
        lines = text.split("\n")
        deadline = time.perf_counter() + plan.phase_s
        version = 1
        for done, edit in enumerate(edits, start=1):
            version += 1
            _change(client, uri, version, edit)
            lines = _apply(lines, edit)
            if done % plan.request_every == 0:
                line = rng.randrange(len(lines))
                column = len(lines[line]) // 2
                where = {"textDocument": {"uri": uri}, "position": _position(line, column)}
                response, seconds = client.request("textDocument/hover", where, plan.timeout_s)
                hovers.samples.append(seconds)
                hovers.errors += "error" in response.message
                known = inbox.diagnostics.get(uri, (None, [], 0.0))[1]
                span = {"start": _position(line, 0), "end": _position(line, len(lines[line]))}
                response, seconds = client.request(
                    "textDocument/codeAction",
                    {
                        "textDocument": {"uri": uri},
                        "range": span,
                        "context": {"diagnostics": known[:5]},
                    },
                    plan.timeout_s,
                )
                actions.samples.append(seconds)
                actions.errors += "error" in response.message
            if done % plan.sync_every == 0 or done == len(edits):
                inbox.wait_diagnostics(uri, version, plan.timeout_s)
                probe.hover(client, busy, plan.timeout_s)
            if done % max(1, len(edits) // 10) == 0:
                during.append((done, rss_mib(client)))
            if time.perf_counter() > deadline:
                result["stopped"] = f"time limit after {done} edits"
                break
        result["edits_made"] = done
        inbox.wait_diagnostics(uri, version, plan.timeout_s)
        inbox.quiet(1.0)
        final_text = "\n".join(lines)
        soaked = inbox.diagnostics[uri][1]
        result["rss_during_mib"] = during
        result["rss_after_mib"] = rss_mib(client)
        result["peak_rss_mib"] = (client.peak_rss_bytes() or 0) / MIB
    finally:
        client.close()
    fresh, fresh_inbox, _probe, _idle = start(folder, plan)
    try:
        uri = (folder / "soaked.py").as_uri()
        _open(fresh, uri, final_text)
        fresh_diagnostics = fresh_inbox.wait_diagnostics(uri, 1, plan.timeout_s)
        fresh_inbox.quiet(1.0)
        result["fresh_rss_mib"] = rss_mib(fresh)
    finally:
        fresh.close()
    result["final_text_is_initial"] = final_text == text
    result["final_diagnostics_equal_fresh"] = _comparable(soaked) == _comparable(fresh_diagnostics)
    result["final_diagnostics"] = len(soaked)
    result["rss_ratio_vs_fresh"] = result["rss_after_mib"] / result["fresh_rss_mib"]
    result["probe_idle"] = idle.summary()
    result["probe_busy"] = busy.summary()
    result["hover"] = hovers.summary()
    result["code_action"] = actions.summary()
    return result


# --------------------------------------------------------------------- phase 2: open/close


def open_close(folder: Path, plan: Plan, env: dict[str, str] | None = None) -> dict[str, Any]:
    client, inbox, probe, idle = start(folder, plan, env)
    busy = Latencies()
    result: dict[str, Any] = {"documents": plan.documents, "env": env or {}}
    try:
        result["rss_before_mib"] = rss_mib(client)
        uris = [(folder / f"doc_{n:03d}.py").as_uri() for n in range(plan.documents)]
        total_lines = 0
        deadline = time.perf_counter() + plan.phase_s
        opened: list[str] = []
        for n, uri in enumerate(uris):
            text = generate(plan.document_lines, seed=1000 + n)
            total_lines += text.count("\n") + 1
            _open(client, uri, text)
            opened.append(uri)
            if n % 10 == 9:
                probe.hover(client, busy, plan.timeout_s)
            if time.perf_counter() > deadline:
                result["stopped"] = f"time limit after opening {len(opened)}"
                break
        inbox.until(
            lambda: all(uri in inbox.diagnostics for uri in opened),
            plan.timeout_s + plan.phase_s,
            "the diagnostics of every opened document",
        )
        inbox.quiet(0.5)
        result["opened"] = len(opened)
        result["total_lines"] = total_lines
        result["rss_open_mib"] = rss_mib(client)
        for uri in opened:
            _close(client, uri)
        probe.hover(client, busy, plan.timeout_s)  # every close handled before this answer
        time.sleep(plan.settle_s)
        inbox.quiet(0.2)
        result["settle_s"] = plan.settle_s
        result["rss_after_close_mib"] = rss_mib(client)
        result["rss_ratio_after_close"] = result["rss_after_close_mib"] / result["rss_before_mib"]
        result["recycles"] = sum(RECYCLED in line for line in inbox.logs)
        result["probe_idle"] = idle.summary()
        result["probe_busy"] = busy.summary()
    finally:
        client.close()
    return result


# ------------------------------------------------------------------- phase 3: pathological


def pathological_files(plan: Plan) -> dict[str, str]:
    """Name → text: one long string literal (two sizes), ``;``-joined statements on one line, a
    long file of ordinary lines."""
    size = plan.pathological_bytes
    literal = 'DATA = "' + "x" * size + '"\n'
    line = 'import jax\nDATA = "' + "x" * plan.long_line_bytes + '"\n'
    statements: list[str] = []
    length = 0
    while length < size:
        statements.append(f"v{len(statements)} = {len(statements)}")
        length += len(statements[-1]) + 2
    joined = "import jax\n" + "; ".join(statements) + "\n"
    block = generate(2_000, seed=77)
    long_file = block * (plan.long_file_bytes // len(block) + 1)
    return {
        "string-literal-line": literal,
        "long-line": line,
        "joined-statements-line": joined,
        "long-file": long_file,
    }


def _parse_seconds(text: str) -> float:
    best = float("inf")
    for _ in range(2):
        started = time.perf_counter()
        ast.parse(text)
        best = min(best, time.perf_counter() - started)
    return best


def pathological(folder: Path, plan: Plan) -> dict[str, Any]:
    files = pathological_files(plan)
    client, inbox, probe, idle = start(folder, plan)
    result: dict[str, Any] = {"rss_before_mib": rss_mib(client), "files": {}}
    busy = Latencies()
    try:
        for name, text in files.items():
            parse_s = _parse_seconds(text)
            uri = (folder / f"{name}.py").as_uri()
            sent = _open(client, uri, text)
            first_probe = len(busy.samples)
            answered_at: float | None = None
            deadline = time.perf_counter() + plan.timeout_s
            probes = 0
            while (answered_at is None or probes < PROBES_PER_FILE) and (
                time.perf_counter() < deadline
            ):
                probe.hover(client, busy, plan.timeout_s)
                probes += 1
                while inbox.pump(0.0):
                    pass
                if answered_at is None and uri in inbox.diagnostics:
                    answered_at = inbox.diagnostics[uri][2]
            if answered_at is None:
                raise ServerError(f"{name}: no diagnostics in {plan.timeout_s} s")
            own_probes = busy.samples[first_probe:]
            diagnostics = inbox.diagnostics[uri][1]
            notice = [d for d in diagnostics if d.get("code") == "not-analysed"]
            rss_open = rss_mib(client)
            # A keystroke in it, at the start of its middle line, and a probe right behind it.
            middle = text.count("\n") // 2
            _change(client, uri, 2, Edit((middle, 0), (middle, 0), "#"))
            probe.hover(client, busy, plan.timeout_s)
            edit_probe_s = busy.samples[-1]
            _close(client, uri)
            probe.hover(client, busy, plan.timeout_s)
            result["files"][name] = {
                "bytes": len(text.encode()),
                "ast_parse_s": parse_s,
                "answer_s": answered_at - sent,
                "answer_vs_parse": (answered_at - sent) / parse_s,
                "skip_notice": notice[0]["message"] if notice else None,
                "diagnostics": len(diagnostics),
                "rss_open_mib": rss_open,
                "first_probe_s": own_probes[0],
                "slowest_probe_s": max(own_probes),
                "probe_after_edit_s": edit_probe_s,
            }
        inbox.quiet(0.5)
        result["rss_after_mib"] = rss_mib(client)
        result["probe_idle"] = idle.summary()
        result["probe_busy"] = busy.summary()
        idle_p99 = idle.summary().get("p99_s")
        busy_p99 = busy.summary().get("p99_s")
        result["probe_p99_ratio"] = busy_p99 / idle_p99 if idle_p99 and busy_p99 else None
    finally:
        client.close()
    return result


# --------------------------------------------------------------------------------- report


def budgets(summary: dict[str, Any]) -> list[tuple[str, float | None, float]]:
    """(what, measured ratio, limit) for each of issue 19's budgets the phases run measured."""
    rows: list[tuple[str, float | None, float]] = []
    if "soak" in summary:
        rows.append(
            ("soaked RSS / fresh RSS", summary["soak"].get("rss_ratio_vs_fresh"), BUDGET_SOAK_RSS)
        )
    if "open_close" in summary:
        rows.append(
            (
                "RSS after closing every document / before opening them",
                summary["open_close"].get("rss_ratio_after_close"),
                BUDGET_CLOSE_RSS,
            )
        )
    if "pathological" in summary:
        rows.append(
            (
                "probe hover p99 during pathological files / idle p99",
                summary["pathological"].get("probe_p99_ratio"),
                BUDGET_PROBE_P99,
            )
        )
        for name, item in summary["pathological"]["files"].items():
            rows.append(
                (f"{name}: answer / ast.parse", item["answer_vs_parse"], BUDGET_ANSWER_VS_PARSE)
            )
    return rows


def _ms(part: dict[str, Any], key: str) -> str:
    value = part.get(key)
    return f"{value * 1000:7.1f} ms" if isinstance(value, float) else "    n/a"


def _probe_line(label: str, part: dict[str, Any]) -> str:
    return (
        f"  probe hover {label:<5} n={part.get('n', 0):4d}  p50 {_ms(part, 'p50_s')}  "
        f"p99 {_ms(part, 'p99_s')}  max {_ms(part, 'max_s')}"
    )


def _soak_lines(soaked: dict[str, Any]) -> list[str]:
    during = ", ".join(f"{edit}: {rss:.1f}" for edit, rss in soaked["rss_during_mib"])
    return [
        f"soak: {soaked['edits_made']:,} edits on a {soaked['lines']:,}-line file"
        + (f" ({soaked['stopped']})" if "stopped" in soaked else ""),
        f"  RSS before {soaked['rss_before_mib']:.1f} MiB, during (edit: MiB) {during}",
        f"  RSS after {soaked['rss_after_mib']:.1f} MiB (peak {soaked['peak_rss_mib']:.1f}); "
        f"a fresh server with the final text {soaked['fresh_rss_mib']:.1f} MiB "
        f"(×{soaked['rss_ratio_vs_fresh']:.2f})",
        f"  final diagnostics ({soaked['final_diagnostics']}) equal the fresh server's: "
        f"{soaked['final_diagnostics_equal_fresh']}",
        _probe_line("idle", soaked["probe_idle"]),
        _probe_line("busy", soaked["probe_busy"]),
    ]


def _open_close_lines(summary: dict[str, Any]) -> list[str]:
    cycle, held = summary["open_close"], summary["open_close_malloc"]
    return [
        f"open/close: {cycle.get('opened', 0)} documents ({cycle.get('total_lines', 0):,} lines)"
        + (f" ({cycle['stopped']})" if "stopped" in cycle else ""),
        f"  RSS before {cycle['rss_before_mib']:.1f} MiB, open {cycle['rss_open_mib']:.1f} MiB, "
        f"{cycle['settle_s']:.0f} s after closing {cycle['rss_after_close_mib']:.1f} MiB "
        f"(×{cycle['rss_ratio_after_close']:.2f}; the server recycled its process "
        f"{cycle.get('recycles', 0)} time(s))",
        _probe_line("idle", cycle["probe_idle"]),
        _probe_line("busy", cycle["probe_busy"]),
        f"open/close again with PYTHONMALLOC=malloc (what the server holds): RSS before "
        f"{held['rss_before_mib']:.1f} MiB, open {held['rss_open_mib']:.1f} MiB, "
        f"{held['settle_s']:.0f} s after closing {held['rss_after_close_mib']:.1f} MiB "
        f"(×{held['rss_ratio_after_close']:.2f})",
        *(
            [
                f"open/close again with {' '.join(f'{k}={v}' for k, v in MIMALLOC.items())}: "
                f"RSS before {mi['rss_before_mib']:.1f} MiB, open {mi['rss_open_mib']:.1f} MiB, "
                f"{mi['settle_s']:.0f} s after closing {mi['rss_after_close_mib']:.1f} MiB "
                f"(×{mi['rss_ratio_after_close']:.2f})"
            ]
            if (mi := summary.get("open_close_mimalloc")) is not None
            else []
        ),
    ]


def _pathological_lines(odd: dict[str, Any]) -> list[str]:
    lines = [
        f"pathological files: RSS before {odd['rss_before_mib']:.1f} MiB, after "
        f"{odd['rss_after_mib']:.1f} MiB"
    ]
    for name, item in odd["files"].items():
        lines.append(
            f"  {name}: {item['bytes']:,} bytes, answered in {item['answer_s'] * 1000:.1f} ms "
            f"(ast.parse {item['ast_parse_s'] * 1000:.1f} ms, ×{item['answer_vs_parse']:.2f}), "
            f"RSS while open {item['rss_open_mib']:.1f} MiB, probe hovers: the first "
            f"{item['first_probe_s'] * 1000:.1f} ms, the slowest "
            f"{item['slowest_probe_s'] * 1000:.1f} ms, after a keystroke in it "
            f"{item['probe_after_edit_s'] * 1000:.1f} ms; "
            + (f"notice: {item['skip_notice']}" if item["skip_notice"] else "analysed")
        )
    return [*lines, _probe_line("idle", odd["probe_idle"]), _probe_line("busy", odd["probe_busy"])]


def report(summary: dict[str, Any]) -> str:
    lines: list[str] = []
    if "soak" in summary:
        lines += _soak_lines(summary["soak"])
    if "open_close" in summary:
        lines += _open_close_lines(summary)
    if "pathological" in summary:
        lines += _pathological_lines(summary["pathological"])
    lines.append("budgets:")
    for what, ratio, limit in budgets(summary):
        shown = f"{ratio:.2f}" if ratio is not None else "n/a"
        verdict = "ok" if ratio is not None and ratio <= limit else "MISSED"
        lines.append(f"  {what}: {shown} (limit {limit}) {verdict}")
    return "\n".join(lines)


def _ratio(subject: float, base: float, unit: str = "MiB") -> str:
    if unit == "ms":
        return f"{subject * 1000:.1f} / {base * 1000:.1f} ms = {subject / base:.2f}×"
    return f"{subject:.1f} / {base:.1f} {unit} = {subject / base:.2f}×"


def table(summary: dict[str, Any]) -> str:
    """bench/README.md's table: issue 19's budgets as the results ``main`` wrote say them."""
    rows = []
    if (soaked := summary.get("soak")) is not None:
        rows.append(
            (
                "RSS after the soak / a fresh server with the same text",
                _ratio(soaked["rss_after_mib"], soaked["fresh_rss_mib"]),
                f"≤ {BUDGET_SOAK_RSS:g}×",
            )
        )
    cycles = [
        ("", summary.get("open_close")),
        (" under `PYTHONMALLOC=malloc` (what the server holds)", summary.get("open_close_malloc")),
        (
            f" under `{' '.join(f'{k}={v}' for k, v in MIMALLOC.items())}`",
            summary.get("open_close_mimalloc"),
        ),
    ]
    for how, cycle in cycles:
        if cycle is None:
            continue
        rows.append(
            (
                f"RSS {cycle['settle_s']:.0f} s after closing {cycle['opened']} documents / "
                f"before opening them{how}; the process recycled {cycle.get('recycles', 0)}×",
                _ratio(cycle["rss_after_close_mib"], cycle["rss_before_mib"]),
                f"≤ {BUDGET_CLOSE_RSS:g}×" if not how else "",
            )
        )
    if (odd := summary.get("pathological")) is not None:
        rows.append(
            (
                "probe hover p99 while the pathological files are handled / idle p99",
                _ratio(odd["probe_busy"]["p99_s"], odd["probe_idle"]["p99_s"], "ms"),
                f"≤ {BUDGET_PROBE_P99:g}×",
            )
        )
        for name, item in odd["files"].items():
            rows.append(
                (
                    f"`{name}` ({item['bytes'] / 2**20:.0f} MiB): answered / `ast.parse`",
                    _ratio(item["answer_s"], item["ast_parse_s"], "ms"),
                    f"≤ {BUDGET_ANSWER_VS_PARSE:g}×",
                )
            )
    plan = summary["plan"]
    return "\n".join(
        [
            f"{measured(summary['meta'])} {plan['edits']:,} edits, {plan['documents']} "
            "documents opened and closed.",
            "",
            "| budget (issue 19) | measured | limit |",
            "| --- | --- | --- |",
            *(f"| {what} | {value} | {limit} |" for what, value, limit in rows),
        ]
    )


def _phases(value: str) -> tuple[str, ...]:
    chosen = tuple(part.strip() for part in value.split(",") if part.strip())
    unknown = [part for part in chosen if part not in PHASES]
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(
            f"unknown phase(s) {', '.join(unknown) or '(none)'}; choose from {', '.join(PHASES)}"
        )
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="seconds, not minutes")
    parser.add_argument("--edits", type=int)
    parser.add_argument("--documents", type=int)
    parser.add_argument("--lines", type=int, help="lines of the soaked file")
    parser.add_argument("--phase-s", type=float, help="time limit of each phase")
    parser.add_argument(
        "--phases",
        type=_phases,
        default=PHASES,
        help=f"comma-separated phases to run (default: {','.join(PHASES)})",
    )
    parser.add_argument(
        "--server-python",
        help="the Python whose `-m jaxlsp serve` to measure (default: this one)",
    )
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--check", action="store_true", help="exit 1 when a budget is missed")
    parser.add_argument(
        "--readme",
        action="store_true",
        help=f"keep the results in {RESULTS.name} and rewrite bench/README.md's table",
    )
    args = parser.parse_args(argv)
    base = QUICK if args.quick else Plan()
    plan = Plan(
        **{
            **base.__dict__,
            **{
                key: value
                for key, value in (
                    ("edits", args.edits),
                    ("documents", args.documents),
                    ("soak_lines", args.lines),
                    ("phase_s", args.phase_s),
                    ("server_python", args.server_python),
                )
                if value is not None
            },
        }
    )
    with tempfile.TemporaryDirectory(prefix="jaxlsp-soak-") as name:
        folder = Path(name)
        (folder / ".git").mkdir()
        summary: dict[str, Any] = {"plan": plan.__dict__}
        if "soak" in args.phases:
            summary["soak"] = soak(folder, plan)
        if "open-close" in args.phases:
            summary["open_close"] = open_close(folder, plan)
            summary["open_close_malloc"] = open_close(folder, plan, MALLOC)
            if has_mimalloc():
                summary["open_close_mimalloc"] = open_close(folder, plan, MIMALLOC)
        if "pathological" in args.phases:
            summary["pathological"] = pathological(folder, plan)
    summary["meta"] = machine()
    print(report(summary))
    if args.json is not None:
        args.json.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    if args.readme:
        RESULTS.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
        write_block("bench.soak", table(summary))
    missed = [row for row in budgets(summary) if row[1] is None or row[1] > row[2]]
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
