"""A BlockSpec's ``index_map`` that returns another number of block indices than its
``block_shape`` has dimensions.  JAX checks the count when it traces the launch and raises
ValueError; reported at the BlockSpec, when the index_map's every return is a tuple display.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import arity_of
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, SETUP, kernel_made_at, launches, returned_count
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class PallasIndexMapArity(Rule):
    NAME = "pallas-index-map-arity"
    CODE = "pallas-index-map-arity"
    RECORD_ID = "12d358663c1ce5fa"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

def rows(i):
    return (i, 0)

spec = pl.BlockSpec((8, 128), rows)
pl.pallas_call(copy, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               interpret=True)(x)
""",
    )
    INVALID = (
        SETUP
        + """
def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
rows = pl.BlockSpec((8, 128), lambda i: (i,))  # expect: pallas-index-map-arity
pl.pallas_call(copy, out_shape=out, grid=(2,), in_specs=[rows], out_specs=spec,
               interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for at in launches(program):
            launch = at.launch
            if launch.grid is None or launch.scalar_prefetch is None:
                continue
            indices = len(launch.grid) + launch.scalar_prefetch
            for block in at.blocks:
                if block.spec is None or block.shape is None or block.index_map is None:
                    continue
                if block.array_shape is None or len(block.array_shape) != len(block.shape):
                    continue  # the rank check fails first
                arity = arity_of(block.index_map)
                if arity is None or not arity.least <= indices <= (arity.most or indices):
                    continue  # the index_map's own TypeError comes first
                count = returned_count(block.index_map)
                if count is None or count == len(block.shape) or block.spec.site in reported:
                    continue
                reported.add(block.spec.site)
                api = kernel_made_at(program, launch.made)
                yield finding(
                    self,
                    record,
                    program,
                    block.spec.site,
                    f"This BlockSpec's index_map `{arity.name}` returns {count} block "
                    f"ind{'ex' if count == 1 else 'ices'}, but its block_shape has "
                    f"{len(block.shape)} dimensions: JAX raises ValueError when it traces "
                    f"the `{api}`. Return one block index per block dimension (0 for a "
                    "dimension taken whole).",
                    (related(program, launch.made.site, f"the `{api}` it is given to"),),
                )
