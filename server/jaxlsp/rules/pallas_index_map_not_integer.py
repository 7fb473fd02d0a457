"""A BlockSpec's index_map that returns a block index made by true division (``i / 2``) or a
float constant: the grid indices are int32, ``/`` makes a float, and pallas_call, which traces
each index_map before the kernel, raises ValueError ("must return integer scalars"). Read from
the index_map's own returns, so only a float every call makes is found."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.apis.pallas import arity_of
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import (
    PALLAS_FACTS,
    SETUP,
    fails_before_kernel,
    launches,
    returns_wrong_count,
)
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


def _surely_float(node: ast.expr) -> bool:
    """An index expression that is a float whatever the grid indices are: a true division
    (int32 / int32 is float32) or a float literal."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        return True
    return isinstance(node, ast.Constant) and type(node.value) is float


def float_index(function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> ast.expr | None:
    """The first returned block index that is surely a float, when the function's every
    return is a tuple display (or a lambda's single expression)."""
    if isinstance(function, ast.Lambda):
        body = function.body
        elements = body.elts if isinstance(body, ast.Tuple) else [body]
        return next((e for e in elements if _surely_float(e)), None)
    stack: list[ast.AST] = list(function.body)
    while stack:
        current = stack.pop(0)
        if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(current, ast.Return) and isinstance(current.value, ast.Tuple):
            for element in current.value.elts:
                if _surely_float(element):
                    return element
        stack.extend(ast.iter_child_nodes(current))
    return None


class PallasIndexMapNotInteger(Rule):
    NAME = "pallas-index-map-not-integer"
    CODE = "pallas-index-map-not-integer"
    RECORD_ID = "cbc2813367824623"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

half = pl.BlockSpec((8, 128), lambda i: (i // 2, 0))
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((32, 128), jnp.float32), grid=(4,),
               in_specs=[half], out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
               interpret=True)(x)
""",
    )
    INVALID = (
        SETUP
        + """
def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]

half = pl.BlockSpec((8, 128), lambda i: (i / 2, 0))  # expect: pallas-index-map-not-integer
pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((32, 128), jnp.float32), grid=(4,),
               in_specs=[half], out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
               interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for at in launches(program):
            launch = at.launch
            if launch.mesh or launch.grid is None or fails_before_kernel(at):
                continue
            if returns_wrong_count(at):
                continue  # refused first, for another reason
            for block in at.blocks:
                if block.spec is None or block.index_map is None or block.shape is None:
                    continue
                arity = arity_of(block.index_map)
                if arity is None:
                    continue
                element = float_index(arity.node)
                if element is None or block.spec.site in reported:
                    continue
                reported.add(block.spec.site)
                yield finding(
                    self,
                    record,
                    program,
                    block.spec.site,
                    f"This BlockSpec's index_map returns `{ast.unparse(element)}`, a float "
                    "(the grid indices are int32, and `/` divides to a float): pallas_call "
                    'raises ValueError (the index_map "must return integer scalars"). '
                    "Use integer division (`//`).",
                    (related(program, launch.made.site, "the launch that traces it"),),
                )
