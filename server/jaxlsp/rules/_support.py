"""Shared pieces of the statement-level rules: findings and tracer-site scanning."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.analysis.pyast import (
    FunctionNode,
    ModuleAst,
    Scope,
    Trace,
    TraceFlow,
    decorator_api,
    flow_nodes,
    resolve_function,
    rooted_calls,
    scope_nodes,
    scopes,
    trace_flows,
)
from jaxlsp.findings import Finding, RelatedLocation, Severity, Span, TextEdit
from jaxlsp.fixes.edits import minimal_edits
from jaxlsp.records.model import ErrorRecord
from jaxlsp.rules.base import Rule, explanation


def finding(
    rule: Rule,
    record: ErrorRecord | None,
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


def traced_nodes(module: ModuleAst) -> Iterator[tuple[TraceFlow, ast.AST]]:
    """Every node evaluated while a surely-traced function is traced, with its flow."""
    for flow in trace_flows(module):
        for node in flow_nodes(flow):
            yield flow, node


def is_traced(flow: TraceFlow, node: ast.expr, at_least: Trace = Trace.TREE) -> bool:
    return flow.level(node) >= at_least


def scoped_calls(module: ModuleAst) -> list[tuple[Scope, ast.Call, str]]:
    """Every call whose callee resolves to a qualified name, with the scope it runs in."""
    cached = module.memo.get("scoped_calls")
    if isinstance(cached, list):
        return cached
    found: list[tuple[Scope, ast.Call, str]] = []
    for scope, nodes in scope_nodes(module):
        imports = module.facts.imports
        calls = [c for c, root in rooted_calls(scope.node, nodes) if root in imports]
        if not calls:
            continue
        shadowed = scope.shadowed()
        for call in calls:
            name = module.callee(call, shadowed)
            if name is not None:
                found.append((scope, call, name))
    module.memo["scoped_calls"] = found
    return found


def function_named(
    module: ModuleAst, scope: Scope, node: ast.expr
) -> tuple[FunctionNode, int] | None:
    return resolve_function(module, scope, node)


def decorated(
    module: ModuleAst,
) -> list[tuple[Scope, ast.FunctionDef | ast.AsyncFunctionDef, str, ast.Call | None]]:
    """Every ``def`` with its innermost decorator's API (``@partial(jax.jit, ...)`` → jax.jit)."""
    cached = module.memo.get("decorated")
    if isinstance(cached, list):
        return cached
    found = []
    for scope in scopes(module):
        node = scope.node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.decorator_list:
            applied = decorator_api(module, node.decorator_list[-1], scope.shadowed())
            if applied is not None:
                found.append((scope, node, applied[0], applied[1]))
    module.memo["decorated"] = found
    return found


def replace_span(lines: list[str], span: Span, text: str) -> tuple[TextEdit, ...]:
    """Minimal edits replacing ``span`` with ``text`` (whole lines are diffed, then trimmed)."""
    first, last = span.start.line, span.end.line
    old_lines = lines[first : last + 1]
    old = "\n".join(old_lines)
    new = old_lines[0][: span.start.column] + text + old_lines[-1][span.end.column :]
    return tuple(minimal_edits(old, new, first))
