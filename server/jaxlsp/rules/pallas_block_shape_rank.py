"""A BlockSpec whose ``block_shape`` has another number of dimensions than the array it
blocks (``None`` entries count: they squeeze a dimension, they do not drop it).  JAX raises
ValueError when it traces the launch; reported at the BlockSpec.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, SETUP, kernel_made_at, launches
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class PallasBlockShapeRank(Rule):
    NAME = "pallas-block-shape-rank"
    CODE = "pallas-block-shape-rank"
    RECORD_ID = "b94bb59984c28db6"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(copy, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               interpret=True)(x)
batch = jnp.ones((2, 8, 128), jnp.float32)
squeezed = pl.BlockSpec((None, 8, 128), lambda b: (b, 0, 0))
pl.pallas_call(copy, out_shape=jax.ShapeDtypeStruct(batch.shape, batch.dtype), grid=(2,),
               in_specs=[squeezed], out_specs=squeezed, interpret=True)(batch)
""",
    )
    INVALID = (
        SETUP
        + """
def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
row = pl.BlockSpec((128,), lambda i: (i,))  # expect: pallas-block-shape-rank
pl.pallas_call(copy, out_shape=out, grid=(2,), in_specs=[row], out_specs=spec,
               interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for at in launches(program):
            for block in at.blocks:
                if block.spec is None or block.shape is None or block.array_shape is None:
                    continue
                if len(block.shape) == len(block.array_shape) or block.spec.site in reported:
                    continue
                reported.add(block.spec.site)
                api = kernel_made_at(program, at.launch.made)
                yield finding(
                    self,
                    record,
                    program,
                    block.spec.site,
                    f"This BlockSpec's block_shape {_shape(block.shape)} has "
                    f"{len(block.shape)} dimension{'s' if len(block.shape) != 1 else ''}, but "
                    f"the {block.role} {block.position} it blocks in `{api}` has shape "
                    f"{block.array_shape}: JAX raises ValueError. Give one block dimension "
                    "per array dimension (None squeezes one).",
                    (related(program, at.launch.made.site, f"the `{api}` it is given to"),),
                )


def _shape(shape: tuple[int | None, ...]) -> str:
    inner = ", ".join("None" if d is None else str(d) for d in shape)
    return f"({inner},)" if len(shape) == 1 else f"({inner})"
