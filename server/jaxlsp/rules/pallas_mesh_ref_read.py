"""A TPU mesh kernel (``pl.kernel(..., mesh=pltpu.TensorCoreMesh(...))``) whose body loads
or stores one of its operand Refs directly (``x_ref[...]``); likewise a grid kernel's operand
whose BlockSpec says ``memory_space=pl.ANY``.  A mesh kernel's operands stay
in HBM (memory space ANY); only DMAs (``pltpu.sync_copy``, ``async_copy``) reach them, into a
VMEM scratch buffer.  Interpret mode runs it; the TPU lowering raises ValueError.  Reported
at the load or store.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import KernelRef
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

_SETUP = """
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)
out = jax.ShapeDtypeStruct((8, 128), jnp.float32)
x = jnp.ones((8, 128), jnp.float32)
"""


class PallasMeshRefRead(Rule):
    NAME = "pallas-mesh-ref-read"
    CODE = "pallas-mesh-ref-read"
    RECORD_ID = "c50e8537c72e9e06"
    READS = PALLAS_FACTS

    VALID = (
        _SETUP
        + """
def double(x_hbm, o_hbm, buffer):
    pltpu.sync_copy(x_hbm, buffer)
    buffer[...] = buffer[...] * 2.0
    pltpu.sync_copy(buffer, o_hbm)

pl.kernel(double, out_type=out, mesh=mesh, scratch_types=[pltpu.VMEM((8, 128), jnp.float32)],
          interpret=True)(x)
""",
    )
    INVALID = (
        _SETUP
        + """
def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0  # expect: pallas-mesh-ref-read

pl.kernel(double, out_type=out, mesh=mesh, interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for subscript in program.facts.subscripts:
            container = subscript.container
            # (the first value settles most: no generator is made and left unfinished)
            if (
                not container
                or not isinstance(container[0], KernelRef)
                or not all(isinstance(v, KernelRef) and v.operand for v in container)
            ):
                continue
            if subscript.site in reported:
                continue
            reported.add(subscript.site)
            ref = container[0]
            assert isinstance(ref, KernelRef)
            what = "stores into" if subscript.store else "loads"
            kernel, why = (
                ("TPU kernel", "its BlockSpec leaves it in HBM (memory_space=ANY)")
                if ref.grid
                else ("TPU mesh kernel", "a mesh kernel's operands stay in HBM (memory space ANY)")
            )
            yield finding(
                self,
                record,
                program,
                subscript.site,
                f"This {kernel} {what} its operand Ref {ref.position} directly, but {why}: on "
                "a TPU the lowering raises ValueError (only VMEM and SMEM Refs can be loaded "
                "or stored; interpret mode runs it). Copy the operand into a VMEM scratch "
                "buffer with `pltpu.sync_copy` and compute there.",
                (
                    related(
                        program,
                        ref.kernel,
                        "the kernel is launched here"
                        if ref.grid
                        else "the mesh kernel is made here",
                    ),
                ),
            )
