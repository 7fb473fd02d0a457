"""Shared pieces of the statement-level rules: findings, the index's calls and decorated defs,
and the traced-function checks (``FlowCheck``), gathered in one pass per analysis."""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from jaxlsp.analysis.pyast import (
    INDEXED_CALLS,
    Context,
    FunctionNode,
    ModuleAst,
    Scope,
    Trace,
    TraceFlow,
    resolve_function,
    trace_flows,
)
from jaxlsp.findings import Finding, RelatedLocation, Severity, Span, TextEdit
from jaxlsp.fixes.edits import minimal_edits
from jaxlsp.records.record import Record
from jaxlsp.rules.base import Rule, explanation


def finding(
    rule: Rule,
    record: Record | None,
    span: Span,
    message: str,
    related: tuple[RelatedLocation, ...],
    *,
    severity: Severity = "error",
    fix_titles: tuple[str, ...] = (),
) -> Finding:
    return Finding(
        code=rule.CODE,
        record_id=rule.RECORD_ID,
        rule=rule.NAME,
        message=message + explanation(record),
        span=span,
        severity=severity,
        related=related,
        fix_titles=fix_titles,
    )


def traced_here(module: ModuleAst, flow: TraceFlow) -> tuple[RelatedLocation, ...]:
    """The related location every tracer finding carries: where the function is traced."""
    function = flow.traced.function
    name = "this lambda" if isinstance(function, ast.Lambda) else f"`{function.name}`"
    return (RelatedLocation(flow.traced.site, f"{name} is traced here"),)


@dataclass(frozen=True)
class FlowCheck:
    """A check of traced functions whose sites in one flow read only the function, the flow
    and name resolution (so they are memoised on the function's node), or also module-level
    values, which ``valid`` then re-reads before a memoised result is reused."""

    key: str
    sites: Callable[[TraceFlow], list[Any]]
    valid: Callable[[ModuleAst, list[Any]], bool] | None = None


_CHECKS: dict[str, FlowCheck] = {}
_CHECKS_VERSION = [0]


def flow_check(check: FlowCheck) -> FlowCheck:
    """Register ``check`` for ``flow_sites`` (each traced rule does, when it is imported)."""
    _CHECKS[check.key] = check
    _CHECKS_VERSION[0] += 1
    return check


class _FlowEntry:
    """Every registered check's sites in one function for one set of traced parameters."""

    __slots__ = ("context", "hits", "results", "version")

    def __init__(self, context: Context, version: int, results: dict[str, list[Any]]) -> None:
        self.context = context
        self.version = version
        self.results = results
        self.hits = tuple((key, sites) for key, sites in results.items() if sites)


_Gathered = tuple[dict[str, list[tuple[TraceFlow, list[Any]]]], dict[str, Exception]]


def flow_sites(module: ModuleAst, check: FlowCheck) -> list[tuple[TraceFlow, list[Any]]]:
    """(flow, sites) for each surely-traced function where ``check`` finds sites, in flow
    order.  One pass over the flows per analysis serves every registered check; a function
    whose statement, traced parameters and context are unchanged costs a lookup.  A check
    that raised raises here, for its own rule only (the others keep their findings)."""
    gathered = cast(_Gathered | None, module.memo.get("flow_sites"))
    if gathered is None or check.key not in gathered[0]:
        if check.key not in _CHECKS:
            flow_check(check)
        gathered = _gather(module)
        module.memo["flow_sites"] = gathered
    found, failures = gathered
    if check.key in failures:
        raise failures[check.key]
    return found[check.key]


def _gather(module: ModuleAst) -> _Gathered:
    checks = tuple(_CHECKS.values())
    version = _CHECKS_VERSION[0]
    validated = tuple(c for c in checks if c.valid is not None)
    found: dict[str, list[tuple[TraceFlow, list[Any]]]] = {c.key: [] for c in checks}
    failures: dict[str, Exception] = {}
    context = module.context
    for flow in trace_flows(module):
        function = flow.traced.function
        memo: dict[frozenset[str], _FlowEntry] | None = getattr(
            function, "_jaxlsp_flow_sites", None
        )
        if memo is None:
            memo = {}
            function._jaxlsp_flow_sites = memo  # type: ignore[union-attr]
        entry = memo.get(flow.traced.traced)
        stale = entry is None or entry.context is not context or entry.version != version
        redo = checks if stale else [c for c in validated if not _still_valid(module, c, entry)]
        if redo:
            results = {} if entry is None or stale else dict(entry.results)
            failed = False
            for check in redo:
                try:
                    results[check.key] = check.sites(flow)
                except Exception as error:  # the check's own rule fails, not its neighbours
                    failures.setdefault(check.key, error)
                    results[check.key] = []
                    failed = True
            entry = _FlowEntry(context, version, results)
            if not failed:
                memo[flow.traced.traced] = entry
        assert entry is not None
        for key, sites in entry.hits:
            found[key].append((flow, sites))
    return found, failures


def _still_valid(module: ModuleAst, check: FlowCheck, entry: _FlowEntry | None) -> bool:
    assert check.valid is not None and entry is not None
    return check.valid(module, entry.results[check.key])


def is_traced(flow: TraceFlow, node: ast.expr, at_least: Trace = Trace.TREE) -> bool:
    return flow.level(node) >= at_least


def calls_of(module: ModuleAst, names: frozenset[str]) -> list[tuple[Scope, ast.Call, str]]:
    """The calls of ``names`` (APIs among ``INDEXED_CALLS``) with the scope each runs in, in
    source order."""
    assert names <= INDEXED_CALLS
    return module.index.calls_of(names)


def function_named(
    module: ModuleAst, scope: Scope, node: ast.expr
) -> tuple[FunctionNode, int] | None:
    return resolve_function(module, scope, node)


def decorated_with(
    module: ModuleAst, api: str
) -> list[tuple[Scope, ast.FunctionDef | ast.AsyncFunctionDef, ast.Call | None]]:
    """Every ``def`` whose innermost decorator is ``api`` (``@partial(jax.jit, ...)`` counts as
    jax.jit, with the partial call), with its scope, in source order."""
    return module.index.decorated_with(api)


def replace_span(lines: list[str], span: Span, text: str) -> tuple[TextEdit, ...]:
    """Minimal edits replacing ``span`` with ``text`` (whole lines are diffed, then trimmed)."""
    first, last = span.start.line, span.end.line
    old_lines = lines[first : last + 1]
    old = "\n".join(old_lines)
    new = old_lines[0][: span.start.column] + text + old_lines[-1][span.end.column :]
    return tuple(minimal_edits(old, new, first))
