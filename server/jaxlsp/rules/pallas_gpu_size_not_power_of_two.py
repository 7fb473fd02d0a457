"""A Ref read or written in a GPU kernel through a region whose size is not a power of two:
``x_ref[...]`` of a ``(5,)`` or ``(5, 5)`` block (jax#19222), ``x_ref[pl.ds(0, 24)]``.
Pallas's Triton lowering checks the size of every Ref load and store and raises ValueError
("... whose size is a power of 2") when the kernel is lowered for a GPU; interpret mode runs
it.  Measured on the pinned JAX by lowering for CUDA on the CPU (an abstract CUDA device).
Found where the Ref's block shape and the whole index are known, in the body of a
``pallas_call`` kernel of a module that imports Pallas's Triton backend only, or, assumed, of
a kernel whose code does not say its chip (shown where ``pallasTarget`` says GPU).  A Mosaic
GPU or TPU kernel is left alone: their lowerings have other rules for sizes."""

from __future__ import annotations

import math
from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, gpu_kernels, on_gpu, stored_region
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

#: The examples' module: a Triton kernel, in interpret mode (the tests lower it for CUDA).
_SETUP = """
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu

x = jnp.ones((16, 128), jnp.float32)
"""


def _power_of_two(size: int) -> bool:
    """The lowering's own test (a size of 0 or 1 passes it)."""
    return size & (size - 1) == 0


class PallasGpuSizeNotPowerOfTwo(Rule):
    NAME = "pallas-gpu-size-not-power-of-two"
    CODE = "pallas-gpu-size-not-power-of-two"
    RECORD_ID = "1901e63af3483121"
    READS = PALLAS_FACTS

    VALID = (
        _SETUP
        + """
def head(x_ref, o_ref):
    o_ref[...] = x_ref[pl.ds(0, 8), :] * 2.0

pl.pallas_call(head, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
               compiler_params=plgpu.CompilerParams(num_warps=4), interpret=True)(x)
""",
    )
    INVALID = (
        _SETUP
        + """
def head(x_ref, o_ref):
    o_ref[...] = x_ref[pl.ds(0, 12), :] * 2.0  # expect: pallas-gpu-size-not-power-of-two

pl.pallas_call(head, out_shape=jax.ShapeDtypeStruct((12, 128), jnp.float32),
               compiler_params=plgpu.CompilerParams(num_warps=4), interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        gpu = gpu_kernels(program)
        if gpu is None:
            return
        heap = program.interpreter.heap
        reported: set[Site] = set()
        for subscript in program.facts.subscripts:
            if subscript.site in reported:
                continue
            region = stored_region(subscript, heap)
            if region is None or region.launch not in gpu.says_triton:
                continue
            if gpu.kernel_of(subscript.frame) is None:
                continue
            size = math.prod(region.shape)
            if _power_of_two(size):
                continue
            reported.add(subscript.site)
            found = finding(
                self,
                record,
                program,
                subscript.site,
                f"This Ref is {'written' if subscript.store else 'read'} as a {region.shape} "
                f"array ({size} elements; its block is {region.ref_shape}) in a GPU kernel: "
                "Pallas's Triton lowering loads and stores only arrays whose size is a power "
                "of 2, so lowering the kernel for a GPU raises ValueError (... whose size is a "
                "power of 2), though interpret mode runs it. Pad the array (or choose block "
                "sizes) to powers of 2 and mask what lies past the data.",
                (related(program, region.launch, "the launch whose BlockSpec shapes the Ref"),),
            )
            yield found if gpu.says_triton[region.launch] else on_gpu(found)
