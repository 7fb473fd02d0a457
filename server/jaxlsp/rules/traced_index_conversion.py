"""A traced integer used where Python needs a real int: ``range(n)``, ``x.shape[i]``,
``choices[i]`` on a Python list or tuple.

Each calls ``__index__`` on the tracer, which has no value while the function is traced.
A traced argument is never taken for a sequence (it may be a tuple of arrays, whose
indexing by a traced int is equally wrong, but we only claim what we know).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.pyast import ModuleAst, TraceFlow, flow_nodes, module_ast, traced_note
from jaxlsp.findings import Finding
from jaxlsp.records.record import Record
from jaxlsp.rules._support import FlowCheck, finding, flow_check, flow_sites, is_traced, traced_here
from jaxlsp.rules.base import Rule


class TracedIndexConversion(Rule):
    NAME = "traced-index-conversion"
    CODE = "tracer-integer-conversion-error"
    RECORD_ID = "d34aa55630858f9c"

    VALID = (
        # the count is static, or comes from a shape
        """
import jax

@partial(jax.jit, static_argnums=1)
def repeat(x, n):
    for _ in range(n):
        x = x * 2
    for i in range(x.shape[0]):
        x = x + i
    return x
""",
        # range over a traced value outside any trace; a traced list indexed by a constant
        """
import jax

def count(n):
    return list(range(n))

names = ["a", "b"]

@jax.jit
def first(xs):
    table = [x * 2 for x in xs]
    return xs[0] + len(names[1])
""",
    )

    INVALID = (
        """
import jax

@jax.jit
def repeat(x, n):
    for _ in range(n):  # expect: tracer-integer-conversion-error
        x = x * 2
    return x
""",
        # fori_loop's index is traced; so is a jit argument used to pick a dimension
        """
import jax

choices = [10, 20, 30]

@jax.jit
def pick(i):
    return choices[i]  # expect: tracer-integer-conversion-error

def body(i, total):
    return total + len(range(i))  # expect: tracer-integer-conversion-error

jax.lax.fori_loop(0, 3, body, 0)

def size_of(x, axis):
    return x.shape[axis]  # expect: tracer-integer-conversion-error

jax.jit(size_of)(x, 0)
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for flow, sites in flow_sites(module, _CHECK):
            for value, how in sites:
                yield finding(
                    self,
                    record,
                    module.span(value, flow.traced.chunk),
                    f"`{module.text(value, flow.traced.chunk)}` is traced "
                    f"({traced_note(module, flow)}), so {how} cannot turn it into a Python int: "
                    "tracing raises TracerIntegerConversionError. Pass the number as a static "
                    "argument, or use lax.fori_loop / dynamic indexing on arrays.",
                    traced_here(module, flow),
                )


class _Sites(list[tuple[ast.expr, str]]):
    """The sites, with what each module-level name read answered (``_is_sequence``)."""

    read: dict[str, bool]


def _sites(flow: TraceFlow) -> list[tuple[ast.expr, str]]:
    found = _Sites()
    found.read = {}
    for node in flow_nodes(flow):
        if type(node) not in _INDEXING:
            continue  # most nodes: not worth a call
        site = _site(flow.module, flow, node, found.read)
        if site is not None:
            found.append(site)
    return found


#: The node classes ``_site`` may accept (nodes come from ``ast.parse``).
_INDEXING = frozenset({ast.Call, ast.Subscript})


def _still_valid(module: ModuleAst, sites: list[tuple[ast.expr, str]]) -> bool:
    """Whether the module-level names the sites read still hold what they held then."""
    assert isinstance(sites, _Sites)
    if not sites.read:
        return True
    return all(_module_sequence(module, name) == held for name, held in sites.read.items())


def _site(
    module: ModuleAst, flow: TraceFlow, node: ast.AST, read: dict[str, bool]
) -> tuple[ast.expr, str] | None:
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "range"
        and "range" not in flow.shadowed
        and not module.rebinds("range")
    ):
        for argument in node.args:
            if not isinstance(argument, ast.Starred) and is_traced(flow, argument):
                return argument, "`range()`"
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "shape"
        and not isinstance(node.slice, ast.Slice | ast.Tuple)
        and is_traced(flow, node.slice)
    ):
        return node.slice, "indexing a shape tuple"
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.ctx, ast.Load)
        and isinstance(node.value, ast.Name)
        and not isinstance(node.slice, ast.Slice | ast.Tuple)
        and _is_sequence(module, flow, node.value.id, read)
        and is_traced(flow, node.slice)
    ):
        return node.slice, f"indexing the Python sequence `{node.value.id}`"
    return None


def _is_sequence(module: ModuleAst, flow: TraceFlow, name: str, read: dict[str, bool]) -> bool:
    """Every value ``name`` can hold here is a list or tuple display."""
    if name in flow.traced.traced:
        return False
    if name in flow.bindings:
        values = flow.bindings[name]
    elif name in flow.shadowed:
        return False
    else:
        read[name] = _module_sequence(module, name)
        return read[name]
    return bool(values) and all(isinstance(v, ast.List | ast.Tuple) for v in values)


def _module_sequence(module: ModuleAst, name: str) -> bool:
    values = module.module_values_of(name)
    return bool(values) and all(isinstance(v, ast.List | ast.Tuple) for v in values)


_CHECK = flow_check(FlowCheck("traced-index-conversion", _sites, _still_valid))
