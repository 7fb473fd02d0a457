"""A Pallas kernel that returns a value.  A kernel writes its results into its output Refs
and returns None; pallas_call (and ``pl.kernel``) raise ValueError when the traced kernel
returns anything else.  Reported at the ``return`` whose value is surely not None.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import KERNEL, PALLAS_CALL
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array, Const, DictValue, ListValue, Site, Static, Tuple, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, SETUP
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


def surely_not_none(values: Values) -> bool:
    """Whether every alternative is a value that is not None (an array, a container, a
    constant other than None)."""
    if not values:
        return False
    for value in values:
        if isinstance(value, (Array, Tuple, ListValue, DictValue)):
            continue
        if isinstance(value, Const) and value.value is not None:
            continue
        if isinstance(value, Static) and value.type_name not in ("NoneType", "object"):
            continue
        return False
    return True


class PallasKernelReturnsValue(Rule):
    NAME = "pallas-kernel-returns-value"
    CODE = "pallas-kernel-returns-value"
    RECORD_ID = "da855fea9241b9a7"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def relu(x_ref, o_ref):
    o_ref[...] = jnp.maximum(x_ref[...], 0.0)
    return

pl.pallas_call(relu, out_shape=out, interpret=True)(x)
""",
    )
    INVALID = (
        SETUP
        + """
def relu(x_ref, o_ref):
    y = jnp.maximum(x_ref[...], 0.0)
    o_ref[...] = y
    return y  # expect: pallas-kernel-returns-value

pl.pallas_call(relu, out_shape=out, interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for invocation in program.facts.invocations:
            if invocation.api not in (PALLAS_CALL, KERNEL) or invocation.role != "body":
                continue
            frame = invocation.frame
            if frame is None:
                continue
            for site, values in frame.returns:
                if site in reported or not surely_not_none(values):
                    continue
                reported.add(site)
                api = "pl.kernel" if invocation.api == KERNEL else "pl.pallas_call"
                yield finding(
                    self,
                    record,
                    program,
                    site,
                    f"This Pallas kernel returns {values[0].describe()}, but a kernel must "
                    f"return None: `{api}` raises ValueError when it traces it. Store the "
                    "result into an output Ref (`o_ref[...] = y`) and return nothing.",
                    (related(program, invocation.site, "the kernel is run here"),),
                )
