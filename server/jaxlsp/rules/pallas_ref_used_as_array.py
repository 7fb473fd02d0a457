"""A kernel that computes with a Ref itself instead of the array it holds: ``jnp.exp(x_ref)``,
``jnp.sum(x_ref)``, ``x_ref * 2.0``. A Ref is not an array: a jax.numpy, jax.lax or jax.nn
function given one raises TypeError ("a Ref can't be passed where an array is expected", or
the primitive's ValueError), and an operator on it AttributeError (the Ref's type has no
``_mul``...). Every backend raises it, interpret mode included. Found for a call that ran with
an argument that is a Ref in every alternative, and for an operator in a statement the kernel
always runs, on a parameter that holds its Ref there."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.findings import Finding, RelatedLocation
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Function, Site, StateRef, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, SETUP
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule
from jaxlsp.syntax.walk import walk

#: The namespaces whose functions compute with their arguments' values.
NAMESPACES = ("jax.numpy.", "jax.lax.", "jax.nn.")
#: Their functions that read only a Ref's shape and dtype (measured to run with a Ref).
METADATA = frozenset(
    {
        "zeros_like",
        "ones_like",
        "full_like",
        "empty_like",
        "shape",
        "ndim",
        "result_type",
        "dtype",
        "issubdtype",
        "isdtype",
        "iscomplexobj",
        "isrealobj",
        "promote_types",
        "can_cast",
        "finfo",
        "iinfo",
    }
)
#: Control flow, which may carry Refs as operands into its bodies (not measured: left alone).
CONTROL_FLOW = frozenset({"cond", "switch", "while_loop", "fori_loop", "scan", "map"})
#: The operator method each AST operator looks up on a Ref's type, for the message.
OPERATORS: dict[type[ast.AST], str] = {
    ast.Add: "_add",
    ast.Sub: "_sub",
    ast.Mult: "_mul",
    ast.Div: "_truediv",
    ast.FloorDiv: "_floordiv",
    ast.Mod: "_mod",
    ast.Pow: "_pow",
    ast.MatMult: "_matmul",
}


def _is_ref(values: Values | None) -> bool:
    """Whether every value is a Ref a kernel launch made (the case measured)."""
    if not values:
        return False
    first = values[0]  # most values are not Refs: decided here, without a generator
    if not isinstance(first, StateRef) or first.launch is None:
        return False
    return all(isinstance(v, StateRef) and v.launch is not None for v in values)


def _where_made(program: Program, values: Values) -> tuple[RelatedLocation, ...]:
    """The launch that made the Ref."""
    ref = values[0]
    assert isinstance(ref, StateRef) and ref.launch is not None
    return (related(program, ref.launch, "the launch whose kernel gets this Ref"),)


def _rebound(function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> set[str]:
    """Names the function binds anywhere in its body (a parameter rebound may hold another
    value where an operator reads it)."""
    names: set[str] = set()
    body = function.body if isinstance(function.body, list) else [function.body]
    for statement in body:
        for node in walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                names.add(node.id)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                names.update(node.names)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
    return names


def _always_run(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.stmt]:
    """The function's top-level statements before any that may leave it: each runs whenever
    the function does (or an earlier one raises)."""
    found: list[ast.stmt] = []
    for statement in function.body:
        if isinstance(statement, (ast.Return, ast.Raise)):
            found.append(statement)  # it runs too (what it evaluates), and nothing after it
            break
        if isinstance(statement, (ast.If, ast.For, ast.While, ast.Try, ast.With, ast.Match)):
            break  # what follows may be skipped by a return inside
        found.append(statement)
    return found


def _number(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in (int, float)


def _operands(statement: ast.stmt) -> Iterator[tuple[ast.AST, str, str]]:
    """Each ``(node, name, method)`` of an arithmetic operator the statement evaluates on a
    bare name (not inside a nested function, lambda or comprehension, which may not run)."""
    stack: list[ast.AST] = [statement]
    while stack:
        node = stack.pop()
        if isinstance(
            node,
            (
                ast.FunctionDef,
                ast.AsyncFunctionDef,
                ast.Lambda,
                ast.ClassDef,
                ast.ListComp,
                ast.SetComp,
                ast.DictComp,
                ast.GeneratorExp,
                ast.IfExp,
                ast.BoolOp,
            ),
        ):
            continue
        if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
            method = OPERATORS[type(node.op)]
            if isinstance(node.left, ast.Name):
                yield node, node.left.id, method
            elif isinstance(node.right, ast.Name) and _number(node.left):
                # a number's own operator gives way to the Ref's reflected one
                yield node, node.right.id, "_r" + method[1:]
        elif (
            isinstance(node, ast.UnaryOp)
            and isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Name)
        ):
            yield node, node.operand.id, "_neg"
        stack.extend(reversed(list(ast.iter_child_nodes(node))))


class PallasRefUsedAsArray(Rule):
    NAME = "pallas-ref-used-as-array"
    CODE = "pallas-ref-used-as-array"
    RECORD_ID = "ff835bd857ff8fc7"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def kernel(x_ref, o_ref):
    x = x_ref[...]
    o_ref[...] = jnp.exp(x) * 2.0 + jnp.zeros_like(o_ref)

pl.pallas_call(kernel, out_shape=out, interpret=True)(x)
""",
    )
    INVALID = (
        SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = jnp.exp(x_ref)  # expect: pallas-ref-used-as-array

pl.pallas_call(kernel, out_shape=out, interpret=True)(x)
""",
        SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref * 2.0  # expect: pallas-ref-used-as-array

pl.pallas_call(kernel, out_shape=out, interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for call in program.facts.api_calls:
            name = call.api.name
            if not name.startswith(NAMESPACES):
                continue
            short = name.rsplit(".", 1)[-1]
            if short in METADATA or short in CONTROL_FLOW:
                continue
            if call.site in reported:
                continue
            for parameter, values in call.arguments.items():
                if not values or not isinstance(values[0], StateRef) or not _is_ref(values):
                    continue  # (most values are not Refs: decided without a call)
                reported.add(call.site)
                node = call.nodes.get(parameter)
                shown = ast.unparse(node) if node is not None else parameter
                yield finding(
                    self,
                    record,
                    program,
                    call.site,
                    f"`{call.api.short}` is given `{shown}`, a Ref, not an array: JAX raises "
                    "TypeError (a Ref can't be passed where an array is expected). Read the "
                    f"Ref's value first: `{shown}[...]`.",
                    _where_made(program, values),
                )
                break
        for frame in program.facts.frames:
            function = frame.function
            if not isinstance(function, Function) or isinstance(function.node, ast.Lambda):
                continue
            env = frame.state.env
            # only a frame that holds a Ref can compute with one: most frames of a module hold
            # none, and walking their statements was most of this rule's time on an edit
            holds_ref = {
                name
                for name, values in env.items()
                if values and isinstance(values[0], StateRef) and _is_ref(values)
            }
            if not holds_ref:
                continue
            rebound = _rebound(function.node)
            for statement in _always_run(function.node):
                for operation, name, method in _operands(statement):
                    if name in rebound or name not in holds_ref:
                        continue
                    held = env[name]
                    site = frame.site(operation)
                    if site in reported:
                        continue
                    reported.add(site)
                    yield finding(
                        self,
                        record,
                        program,
                        site,
                        f"`{name}` is a Ref, not an array: `{ast.unparse(operation)}` raises "
                        f"AttributeError (a Ref's type has no `{method}`). Read the Ref's "
                        f"value first: `{name}[...]`.",
                        _where_made(program, held),
                    )
                    break  # the statement raises at its first; the others never run
