"""A TPU grid kernel whose grid runs past an array: at some grid step a BlockSpec's index_map
returns a block that starts at or beyond the end of the array (or before its start).  A last
block that only overhangs the array is padded and fine; one that starts past it is not.
Interpret mode (``interpret=True``) clamps and runs it; the TPU interpret mode
(``interpret=pltpu.InterpretParams()``) raises IndexError; on the chip the DMA reads or writes
out of bounds, which can halt the TPU.  The index_map must be a lambda or a one-return def
whose indices are integer arithmetic on its grid parameters, evaluated at the grid's corners,
and the grid, the block and the array all known.  Reported at the grid."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from jaxlsp.apis.pallas import Block, arity_of
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, TPU_SETUP, launches, on_tpu
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

#: Grids of more axes are not walked (their corners number 2 ** rank).
MAX_GRID_RANK = 8


def _apply(operator: ast.operator, left: int, right: int) -> int | None:
    if isinstance(operator, ast.Add):
        return left + right
    if isinstance(operator, ast.Sub):
        return left - right
    if isinstance(operator, ast.Mult):
        return left * right
    if isinstance(operator, ast.FloorDiv):
        return left // right if right else None
    if isinstance(operator, ast.Mod):
        return left % right if right else None
    return None


def _evaluate(node: ast.expr, names: dict[str, int]) -> int | None:
    """An index expression's value: integers, the grid parameters, + - * // % and negation."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _evaluate(node.operand, names)
        return -inner if inner is not None else None
    if isinstance(node, ast.BinOp):
        left, right = _evaluate(node.left, names), _evaluate(node.right, names)
        if left is None or right is None:
            return None
        return _apply(node.op, left, right)
    return None


def _returned(block: Block) -> tuple[list[str], list[ast.expr]] | None:
    """An index_map's parameter names and the index expressions it returns."""
    if block.index_map is None:
        return None
    arity = arity_of(block.index_map)
    if arity is None or arity.most is None or arity.least != arity.most:
        return None
    node = arity.node
    arguments = node.args
    if arguments.vararg or arguments.kwonlyargs or arguments.kwarg or arguments.defaults:
        return None
    names = [a.arg for a in [*arguments.posonlyargs, *arguments.args]]
    if len(names) != arity.most:
        return None  # a bound method or partial: its parameters are not all grid indices
    if isinstance(node, ast.Lambda):
        body = node.body
    elif len(node.body) == 1 and isinstance(node.body[0], ast.Return):
        body = node.body[0].value  # type: ignore[assignment]
    else:
        return None
    if not isinstance(body, ast.Tuple) or any(isinstance(e, ast.Starred) for e in body.elts):
        return None
    return names, list(body.elts)


@dataclass(frozen=True)
class Overrun:
    """A grid step at which a block starts outside its array."""

    step: tuple[int, ...]
    dimension: int
    block_index: int
    start: int


def overrun(block: Block, grid: tuple[int, ...]) -> Overrun | None:
    """The first grid corner at which the block starts outside its array, when decidable."""
    shape, array = block.shape, block.array_shape
    if shape is None or array is None or len(shape) != len(array) or not grid:
        return None
    if any(g < 1 for g in grid) or len(grid) > MAX_GRID_RANK:
        return None
    read = _returned(block)
    if read is None:
        return None
    names, indices = read
    if len(names) != len(grid) or len(indices) != len(shape):
        return None
    for step in itertools.product(*({0, g - 1} for g in grid)):
        env = dict(zip(names, step, strict=True))
        for dimension, (expression, size, length) in enumerate(
            zip(indices, shape, array, strict=True)
        ):
            index = _evaluate(expression, env)
            if index is None:
                return None
            # a squeezed dimension (None) is indexed by element
            start = index * (size if size is not None else 1)
            if index < 0 or start >= length:
                return Overrun(step, dimension, index, start)
    return None


class PallasTpuGridOutOfBounds(Rule):
    NAME = "pallas-tpu-grid-out-of-bounds"
    CODE = "pallas-tpu-grid-out-of-bounds"
    RECORD_ID = "f224a37cbb0b7893"
    READS = PALLAS_FACTS

    VALID = (
        TPU_SETUP
        + """
def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(add_one, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               interpret=pltpu.InterpretParams())(x)
y = jnp.ones((20, 128), jnp.float32)
pl.pallas_call(add_one, out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype), grid=(pl.cdiv(20, 8),),
               in_specs=[spec], out_specs=spec, interpret=pltpu.InterpretParams())(y)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(add_one, out_shape=out, in_specs=[spec], out_specs=spec,
               grid=(4,),  # expect: pallas-tpu-grid-out-of-bounds
               interpret=pltpu.InterpretParams())(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for at in launches(program):
            launch = at.launch
            if not launch.maybe_tpu or launch.mesh or launch.grid is None or launch.scalar_prefetch:
                continue
            if launch.made.site in reported:
                continue
            for block in at.blocks:
                found = overrun(block, launch.grid)
                if found is None:
                    continue
                reported.add(launch.made.site)
                size = block.shape[found.dimension] if block.shape is not None else None
                yield on_tpu(
                    finding(
                        self,
                        record,
                        program,
                        launch.made.site,
                        f"At grid step {found.step} the index_map of {block.role} "
                        f"{block.position} returns block {found.block_index} along dimension "
                        f"{found.dimension}, which starts at element {found.start} (blocks of "
                        f"{size if size is not None else 1}), outside the array's "
                        f"{block.array_shape[found.dimension] if block.array_shape else '?'}: the "
                        f"grid {launch.grid} runs past the array. On a TPU the copy of that block "
                        "reads or writes out of bounds, which can halt the chip; the TPU interpret "
                        "mode raises IndexError, and plain interpret mode silently clamps. Size "
                        "the grid from the block (`pl.cdiv(n, block)`) or fix the index_map.",
                        (related(program, block.spec.site, "the BlockSpec"),) if block.spec else (),
                        node=launch.made.nodes.get("grid"),
                    ),
                    launch.target,
                )
                break
