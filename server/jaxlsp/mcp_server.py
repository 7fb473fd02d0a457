"""``jaxlsp mcp``: a Model Context Protocol server over stdio, so coding agents get the answers
a person gets from ``jaxlsp explain`` and ``jaxlsp check``.

Two tools, each answering with readable text (what the terminal shows) and the same facts as
structured content (the JSON of ``--json``):

- ``explain``: a pasted JAX error or traceback, through ``jaxlsp.explain`` (the code path of the
  CLI and the editors);
- ``check``: files and folders, or a snippet of source, through ``jaxlsp.checker`` (the engine
  the editor uses).

Bad arguments (empty text, a path that does not exist) give a tool error the agent can read and
correct; they never end the server.  Records load on the first call that needs them.  Needs the
``mcp`` extra (the official SDK): ``pip install '/path/to/jaxlsp[mcp]'`` from a checkout,
or ``pip install 'mcp>=2.3,<3'`` beside an installed jaxlsp.
"""

from __future__ import annotations

import json
import logging
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from jaxlsp import __version__

if TYPE_CHECKING:
    from jaxlsp.engine import Engine
    from jaxlsp.explain import Explainer

_LOG = logging.getLogger("jaxlsp.mcp")
#: The longest text ``explain`` reads: a whole traceback fits; of a pasted log, the end is kept
#: (where the exception is), as the editors do.
MAX_EXPLAIN_CHARS = 200_000
#: The most records ``explain`` shows with ``show_all``.
MAX_EXPLAIN_LIMIT = 20
INSTRUCTIONS = (
    "jaxlsp knows JAX's errors. Call `explain` with an error message or a whole traceback from "
    "a JAX program to get the record that explains it (why it happens, how to fix it, the user's "
    "own frame); call `check` on Python files or a snippet to find code that will raise a known "
    "JAX error before it runs."
)


class _Tools:
    """What the tools share: the records, loaded once, on first use."""

    def __init__(self, extra_records: list[Path]) -> None:
        self._extra_records = extra_records
        self._lock = threading.Lock()
        self._explainer: Explainer | None = None
        self._engine: Engine | None = None

    def explainer(self) -> Explainer:
        with self._lock:
            if self._explainer is None:
                from jaxlsp.explain import Explainer
                from jaxlsp.index import cache
                from jaxlsp.records.load import load_records

                paths = cache.record_paths_for_interpreter(Path(sys.executable))
                records = load_records([*paths, *self._extra_records])
                for problem in records.problems:
                    _LOG.warning("%s", problem)
                self._explainer = Explainer(records, cache_dir=cache.matcher_cache_dir())
            return self._explainer

    def engine(self) -> Engine:
        with self._lock:
            if self._engine is None:
                from jaxlsp.engine import Engine
                from jaxlsp.records.load import curated_records_dir, load_records

                # The rules read only curated records (as `jaxlsp check` does).
                records = load_records([curated_records_dir(), *self._extra_records])
                self._engine = Engine(records)
            return self._engine

    def explain(self, text: str, show_all: bool, limit: int) -> CallToolResult:
        from jaxlsp.answers import explain_json
        from jaxlsp.records.render import render_answer_text

        if not text.strip():
            return _error("The error text is empty: pass a JAX error message or a traceback.")
        if not 1 <= limit <= MAX_EXPLAIN_LIMIT:
            return _error(f"limit must be between 1 and {MAX_EXPLAIN_LIMIT}, not {limit}.")
        text = text[-MAX_EXPLAIN_CHARS:]
        explanation, payload = explain_json(
            self.explainer(), text, show_all=show_all, limit=limit, full_records=False
        )
        return _result(render_answer_text(explanation, show_all=show_all), payload)

    def check(self, paths: list[str], source: str | None, filename: str) -> CallToolResult:
        from jaxlsp.checker import (
            CheckReport,
            FileReport,
            check_file,
            format_json,
            format_text,
            iter_python_files,
        )
        from jaxlsp.config import load_config

        if not paths and source is None:
            return _error("Nothing to check: pass `paths` (files or folders) or `source`.")
        missing = [path for path in paths if not Path(path).exists()]
        if missing:
            return _error(f"No such file or folder: {', '.join(missing)}.")
        engine = self.engine()
        report = CheckReport()
        problems: dict[str, None] = {}
        for path in iter_python_files([Path(path) for path in paths]):
            config = load_config(path)
            problems.update(dict.fromkeys(config.problems))
            report.files.append(check_file(engine, path, config))
        if source is not None:
            where = Path(filename)
            config = load_config(where.resolve())
            problems.update(dict.fromkeys(config.problems))
            analysis = engine.analyze(source, str(where))
            if analysis.parse_error is not None:
                found = FileReport(where, problem=f"not valid Python: {analysis.parse_error}")
            else:
                found = FileReport(where, tuple(engine.findings(analysis, config)))
            report.files.append(found)
        report.config_problems = list(problems)
        summary = f"{report.finding_count} finding(s) in {len(report.files)} file(s) checked"
        text = "\n".join(part for part in (format_text(report), summary) if part)
        payload: dict[str, Any] = json.loads(format_json(report))
        return _result(text, payload)


def _result(text: str, payload: dict[str, Any]) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=payload)


def _error(message: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)


def build_server(extra_records: list[Path] | None = None) -> MCPServer:
    """The MCP server with its two tools (not yet running)."""
    tools = _Tools(list(extra_records or []))
    server: MCPServer = MCPServer(
        "jaxlsp", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING"
    )
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)

    @server.tool(annotations=read_only)
    def explain(
        text: Annotated[
            str, Field(description="A JAX error message or a whole traceback, as printed.")
        ],
        show_all: Annotated[
            bool, Field(description="Also show the runner-up records (up to `limit`).")
        ] = False,
        limit: Annotated[int, Field(description="Most records `show_all` shows.")] = 3,
    ) -> CallToolResult:
        """Explain a JAX error: the record that matches it (the error filled with the text's
        values, the user's own frame, the JAX version the text names), why it happens, how to
        fix it, an example fix and a link to where JAX raises it. The verdict says "answer",
        "no-confident-match" (the nearest records are shown as such) or "not-jax"."""
        return tools.explain(text, show_all, limit)

    @server.tool(annotations=read_only)
    def check(
        paths: Annotated[
            list[str], Field(description="Python files or folders to check (never run).")
        ] = [],  # noqa: B006 (the SDK reads the default into the schema; it is never mutated)
        source: Annotated[
            str | None, Field(description="Python source to check instead of (or besides) files.")
        ] = None,
        filename: Annotated[
            str, Field(description="The name `source` is reported under (its config applies).")
        ] = "snippet.py",
    ) -> CallToolResult:
        """Find code that will raise a known JAX error before it runs (the checks of the
        jaxlsp language server): each finding with its file, line, code (the record's slug),
        what will go wrong and the record's explanation. The code is read, never imported."""
        return tools.check(paths, source, filename)

    return server


def main(extra_records: list[Path] | None = None) -> int:
    """Serve over stdio until the client closes it (stdout carries the protocol only)."""
    build_server(extra_records).run("stdio")
    return 0
