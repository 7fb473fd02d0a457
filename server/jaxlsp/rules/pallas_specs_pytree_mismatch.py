"""A pallas_call whose ``in_specs`` do not match its inputs (one BlockSpec per array passed)
or whose ``out_specs`` do not match its ``out_shape`` (a list of specs for one output, or
another count), or whose ``in_specs`` is a lone BlockSpec instead of a list or a tuple.  JAX
compares the two trees (and checks ``in_specs`` is a sequence) when it traces the launch and
raises ValueError; reported at the pallas_call.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, SETUP, SINGLE_IN_SPEC, launches, specs_mismatch
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class PallasSpecsPytreeMismatch(Rule):
    NAME = "pallas-specs-pytree-mismatch"
    CODE = "pallas-specs-pytree-mismatch"
    RECORD_ID = "6c37d6fcaa254106"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def add(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(add, out_shape=out, grid=(2,), in_specs=[spec, spec], out_specs=spec,
               interpret=True)(x, x)
pl.pallas_call(add, out_shape=[out], grid=(2,), in_specs=[spec, spec], out_specs=[spec],
               interpret=True)(x, x)
""",
        SETUP
        + """
def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(copy, out_shape=out, grid=(2,), in_specs=(spec,), out_specs=spec,
               interpret=True)(x)
""",
    )
    INVALID = (
        SETUP
        + """
def add(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(  # expect: pallas-specs-pytree-mismatch
    add, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec, interpret=True
)(x, x)
""",
        SETUP
        + """
def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(  # expect: pallas-specs-pytree-mismatch
    double, out_shape=out, grid=(2,), in_specs=[spec], out_specs=[spec], interpret=True
)(x)
""",
        SETUP
        + """
def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
pl.pallas_call(  # expect: pallas-specs-pytree-mismatch
    copy, out_shape=out, grid=(2,), in_specs=spec, out_specs=spec, interpret=True
)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for at in launches(program):
            launch, made = at.launch, at.launch.made
            if launch.mesh:
                continue
            message = specs_mismatch(launch)
            if message is None or made.site in reported:
                continue
            reported.add(made.site)
            if message == SINGLE_IN_SPEC:
                text = (
                    f"{message}: JAX raises ValueError (`in_specs` must be a tuple or a "
                    "list), even for a kernel of one input. Write `in_specs=[spec]`."
                )
            else:
                text = (
                    f"{message}: JAX matches the specs to the arrays as pytrees and raises "
                    "ValueError. Give one BlockSpec per input and per output, in the same "
                    "structure."
                )
            yield finding(
                self,
                record,
                program,
                made.site,
                text,
                (related(program, at.called.site if at.called else made.site, "called here"),),
            )
