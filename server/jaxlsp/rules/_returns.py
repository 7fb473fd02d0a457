"""Whether a function surely does not return a pair (scan bodies, custom_vjp/jvp rules)."""

from __future__ import annotations

import ast

from jaxlsp.analysis.pyast import (
    Context,
    FunctionNode,
    ModuleAst,
    Trace,
    Traced,
    TraceFlow,
    returns,
)
from jaxlsp.findings import Position, Span

#: jax.numpy functions that return several arrays (a list or tuple), never a single array.
MULTI = frozenset(
    f"jax.numpy.{name}"
    for name in [
        "split",
        "array_split",
        "hsplit",
        "vsplit",
        "dsplit",
        "meshgrid",
        "unravel_index",
        "nonzero",
        "where",
        "divmod",
        "frexp",
        "modf",
        "broadcast_arrays",
        "atleast_1d",
        "atleast_2d",
        "atleast_3d",
        "indices",
        "ix_",
        "tril_indices",
        "triu_indices",
        "diag_indices",
        "histogram",
        "unique",
        "linalg.eigh",
        "linalg.svd",
        "linalg.qr",
        "linalg.slogdet",
        "linalg.eig",
    ]
)


def single_value_returns(
    module: ModuleAst, function: FunctionNode, chunk: int
) -> list[ast.expr] | None:
    """The return values when every one is surely not a pair; None when any may be one.

    Memoised on the function's node for the module's context (the answer reads nothing else).
    """
    context = module.context
    cached: tuple[Context, list[ast.expr] | None] | None = getattr(
        function, "_jaxlsp_single_returns", None
    )
    if cached is not None and cached[0] is context:
        return cached[1]
    result = _single_value_returns(module, function, chunk)
    function._jaxlsp_single_returns = (context, result)  # type: ignore[union-attr]
    return result


def _single_value_returns(
    module: ModuleAst, function: FunctionNode, chunk: int
) -> list[ast.expr] | None:
    nowhere = Span(Position(0, 0), Position(0, 0))  # the flow's site is never read here
    flow = TraceFlow(module, Traced(function, chunk, frozenset(_params(function)), nowhere, ""))
    found: list[ast.expr] = []
    values = returns(function)
    if not values:
        return None
    for value in values:
        if value is None or not _not_pair(module, flow, value):
            return None
        found.append(value)
    return found


def _params(function: FunctionNode) -> list[str]:
    arguments = function.args
    return [a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]]


def _not_pair(module: ModuleAst, flow: TraceFlow, value: ast.expr) -> bool:
    if isinstance(value, ast.Tuple | ast.List):
        return not any(isinstance(e, ast.Starred) for e in value.elts) and len(value.elts) != 2
    if isinstance(value, ast.Constant):
        return type(value.value) in (int, float, complex, bool)
    if isinstance(value, ast.Call):
        name = module.callee(value, flow.shadowed)
        if name is None or name in MULTI or not name.startswith(("jax.numpy.", "jax.nn.")):
            return False
        return flow.level(value) == Trace.ARRAY
    if isinstance(value, ast.BinOp | ast.UnaryOp | ast.Compare | ast.Name):
        return flow.level(value) == Trace.ARRAY
    return False
