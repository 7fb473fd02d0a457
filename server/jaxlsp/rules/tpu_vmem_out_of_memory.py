"""A TPU grid kernel whose blocks need more VMEM than its scoped limit: each blocked operand
is double-buffered over a grid of several steps.  Scratch buffers are not counted (a 64 MiB
one compiled on a TPU v5e beside small blocks: they are not held to that limit).  Interpret mode
runs it; on a TPU the compiler raises a scoped-VMEM out-of-memory error.  Without a
``vmem_limit_bytes`` the limit is the chip's default (``TPU_CONSTRAINTS``): over every
generation's default it is an error, over some (v4, v5e, v5p) a warning.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.pallas import TPU_CONSTRAINTS, vmem_bytes
from jaxlsp.findings import Finding, Severity
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, TPU_SETUP, launches, on_tpu
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

_MIB = 1024 * 1024


def _mib(count: int) -> str:
    return f"{count / _MIB:.4g} MiB"


class TpuVmemOutOfMemory(Rule):
    NAME = "tpu-vmem-out-of-memory"
    FORMER_NAMES = ("pallas-tpu-vmem",)
    CODE = "tpu-vmem-out-of-memory"
    RECORD_ID = "7a1a3046e3e6068a"
    READS = PALLAS_FACTS

    VALID = (
        TPU_SETUP
        + """
big = jnp.ones((2048, 2048), jnp.float32)

def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

spec = pl.BlockSpec((256, 2048), lambda i: (i, 0))
pl.pallas_call(double, out_shape=jax.ShapeDtypeStruct(big.shape, big.dtype), grid=(8,),
               in_specs=[spec], out_specs=spec, compiler_params=pltpu.CompilerParams(),
               interpret=True)(big)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
big = jnp.ones((4096, 2048), jnp.float32)

def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0

spec = pl.BlockSpec((2048, 2048), lambda i: (i, 0))
pl.pallas_call(  # expect: tpu-vmem-out-of-memory
    double, out_shape=jax.ShapeDtypeStruct(big.shape, big.dtype), grid=(2,),
    in_specs=[spec], out_specs=spec, compiler_params=pltpu.CompilerParams(), interpret=True,
)(big)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        heap = program.interpreter.heap
        reported: set[Site] = set()
        for at in launches(program):
            launch = at.launch
            if not launch.maybe_tpu or launch.mesh or launch.made.site in reported:
                continue
            if launch.vmem_limit == -1:
                continue  # a limit the code computes
            needed = vmem_bytes(launch, heap)
            if needed is None:
                continue
            severity: Severity = "error"
            if launch.vmem_limit is not None:
                if needed <= launch.vmem_limit:
                    continue
                limit = f"its vmem_limit_bytes ({_mib(launch.vmem_limit)})"
            elif needed > TPU_CONSTRAINTS.largest_default_vmem:
                limit = (
                    "every TPU generation's default scoped VMEM limit (at most "
                    f"{_mib(TPU_CONSTRAINTS.largest_default_vmem)})"
                )
            elif needed > TPU_CONSTRAINTS.smallest_default_vmem:
                over = [
                    name
                    for name, default in TPU_CONSTRAINTS.default_scoped_vmem
                    if needed > default
                ]
                limit = (
                    f"the default scoped VMEM limit of TPU {', '.join(over)} "
                    f"({_mib(TPU_CONSTRAINTS.smallest_default_vmem)})"
                )
                severity = "warning"
            else:
                continue
            reported.add(launch.made.site)
            yield on_tpu(
                finding(
                    self,
                    record,
                    program,
                    launch.made.site,
                    f"This TPU kernel needs at least {_mib(needed)} of VMEM (each block twice, "
                    f"for double buffering), over {limit}: the TPU "
                    "compiler raises a scoped-VMEM out-of-memory error (interpret mode runs it). "
                    "Use smaller blocks, or raise `pltpu.CompilerParams(vmem_limit_bytes=...)` "
                    "within the chip's VMEM.",
                    (related(program, launch.made.site, "the blocks are given here"),),
                    severity=severity,
                ),
                launch.target,
            )
