"""What the rules share: making a finding at a site, and saying how a value came to be a
tracer (which transform, where, through which calls)."""

from __future__ import annotations

import ast

from jaxlsp.findings import Finding, Position, RelatedLocation, Severity, Span
from jaxlsp.infer.frames import Frame
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array, Site, Trace, Value
from jaxlsp.records.record import Record
from jaxlsp.rules.base import Rule, explanation

#: Tracers that have no value to give Python (``bool``, ``int``, ``__index__``...): staged or
#: batched ones. Under differentiation alone the primal value is there.

#: Every tracer (NumPy's ``__array__`` and ``float()`` refuse them all).


_TRANSFORM_NAMES = {
    "jax.jit": "jax.jit",
    "jax.vmap": "jax.vmap",
    "jax.grad": "jax.grad",
    "jax.lax.scan": "lax.scan",
    "jax.lax.cond": "lax.cond",
    "jax.lax.switch": "lax.switch",
    "jax.lax.while_loop": "lax.while_loop",
    "jax.lax.fori_loop": "lax.fori_loop",
    "jax.lax.map": "lax.map",
    "jax.shard_map": "jax.shard_map",
}


def finding(
    rule: Rule,
    record: Record | None,
    program: Program,
    site: Site,
    message: str,
    related: tuple[RelatedLocation, ...] = (),
    *,
    node: ast.AST | None = None,
    span: Span | None = None,
    severity: Severity = "error",
    fix_titles: tuple[str, ...] = (),
) -> Finding:
    """A finding at ``site`` (or at ``node`` of the site's chunk, or at ``span``)."""
    return Finding(
        code=rule.CODE,
        record_id=rule.RECORD_ID,
        rule=rule.NAME,
        message=message + explanation(record),
        span=span if span is not None else program.span(site, node),
        severity=severity,
        related=related,
        fix_titles=fix_titles,
        path=None if program.is_here(site) else site.module,
    )


def source(node: ast.AST | None, limit: int = 60) -> str:
    """The expression as written (normalised by ``ast.unparse``), shortened."""
    if node is None:
        return "the value"
    try:
        text = ast.unparse(node)
    except (ValueError, RecursionError):
        return "the value"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def transform_name(trace: Trace) -> str:
    return _TRANSFORM_NAMES.get(trace.kind, trace.kind.replace("jax.experimental.pallas.", "pl."))


def tracer_of(value: Value | None) -> Trace | None:
    """The transform that made ``value`` a tracer, when it is a traced array (a key's tracer
    does not say)."""
    return value.trace if isinstance(value, Array) else None


def how_traced(program: Program, trace: Trace | None, frame: Frame) -> str:
    """ "`step` is traced by jax.jit on line 12 (through `helper`)" for a tracer of ``trace``
    reaching ``frame``."""
    if trace is None:
        return "it is traced"
    where = ""
    if trace.site is not None:
        where = f" on {program.line_name(trace.site, frame.module_key)}"
    route = through(frame, trace)
    return f"{trace.subject} is traced by {transform_name(trace)}{where}{route}"


def through(frame: Frame, trace: Trace) -> str:
    """ " (through `a` → `b`)": the functions the tracer went through to reach ``frame``."""
    names: list[str] = []
    current: Frame | None = frame
    while current is not None and trace in current.context:
        if current.function is not None:
            names.append(current.function.describe())
        current = current.caller
    names.reverse()
    if names and names[0] == trace.subject:
        names = names[1:]
    names = [n for n in names if n != "this lambda"]
    return f" (through {' → '.join(names)})" if names else ""


def related(
    program: Program, site: Site, message: str, node: ast.AST | None = None
) -> RelatedLocation:
    """A related location at ``site`` (a function or class by its head: ``def name``)."""
    target = node if node is not None else site.node
    if isinstance(target, _DEFINITIONS):
        span = head_span(program, site, target)
    else:
        span = program.span(site, node)
    return RelatedLocation(span, message, None if program.is_here(site) else site.module)


_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_KEYWORDS = {ast.FunctionDef: 4, ast.AsyncFunctionDef: 10, ast.ClassDef: 6}


def head_span(program: Program, site: Site, node: ast.AST) -> Span:
    """``def name`` (``class name``, ``lambda``) of a definition, on its first line."""
    start = program.span(site, node).start
    if isinstance(node, ast.Lambda):
        return Span(start, Position(start.line, start.column + len("lambda")))
    keyword = _KEYWORDS.get(type(node), 0)
    name = getattr(node, "name", "")
    return Span(start, Position(start.line, start.column + keyword + len(name)))


def traced_here(program: Program, trace: Trace | None) -> tuple[RelatedLocation, ...]:
    """The related location every tracer finding carries: where the function is traced."""
    if trace is None or trace.site is None:
        return ()
    return (related(program, trace.site, f"{trace.subject} is traced here"),)


def definition_span(program: Program, site: Site) -> Span:
    """Where a value made by a decorator is "defined": the ``def name`` of the decorated
    function (the decorator line itself when the site is no decorator)."""
    for node in ast.walk(site.tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and (
            site.node in node.decorator_list
        ):
            return head_span(program, site, node)
    return program.span(site)
