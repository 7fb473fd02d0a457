"""Running a program whose Pallas kernels target a GPU on the CPU, where what the GPU refuses at
lowering can be measured: ``PRELUDE``, put in front of a program, makes each ``pallas_call``
lower its kernel for CUDA (jax's Triton lowering, under an abstract CUDA device: it runs in
Python, no GPU needed) instead of running it, with interpret mode dropped; the call then returns
zeros of its ``out_shape`` so the program goes on.  What the lowering raises is what the program
raises.  ``lowered_for_a_gpu`` wraps a program so: the harnesses run many programs in one
interpreter, and the wrapped one puts ``pallas_call`` back when it ends.  Used for the examples
of the GPU rules (``GPU_RULES``) and their cause tests."""

from __future__ import annotations

#: The rules whose examples are measured lowered for a GPU (their errors are a GPU lowering's).
GPU_RULES = frozenset(
    {
        "pallas-gpu-argmax-index-dtype",
        "pallas-gpu-size-not-power-of-two",
        "pallas-gpu-unimplemented-primitive",
    }
)

PRELUDE = """
import jax as _jax
import jax.numpy as _jnp
from jax.experimental import pallas as _pl
from jax.sharding import AbstractDevice as _AbstractDevice, AbstractMesh as _AbstractMesh

_ORIGINAL_PALLAS_CALL = getattr(_pl, "_unlowered_pallas_call", _pl.pallas_call)
_X64 = _jax.config.jax_enable_x64
_pl._unlowered_pallas_call = _ORIGINAL_PALLAS_CALL
_GPU = _AbstractDevice(device_kind="NVIDIA H100 80GB HBM3", num_cores=None, platform="cuda")


def _lowered_for_a_gpu(kernel, out_shape=None, **options):
    options.pop("interpret", None)
    call = _ORIGINAL_PALLAS_CALL(kernel, out_shape=out_shape, **options)

    def launch(*args):
        specs = _jax.tree.map(lambda a: _jax.ShapeDtypeStruct(_jnp.shape(a), _jnp.result_type(a)), args)
        with _jax.sharding.use_abstract_mesh(_AbstractMesh((1,), ("x",), abstract_device=_GPU)):
            _jax.jit(call).trace(*specs).lower(lowering_platforms=("cuda",))
        return _jax.tree.map(lambda s: _jnp.zeros(s.shape, s.dtype), out_shape)

    return launch


_pl.pallas_call = _lowered_for_a_gpu
"""


def lowered_for_a_gpu(source: str) -> str:
    """``source`` as a program run with each ``pallas_call`` lowered for CUDA (``PRELUDE``),
    ``pallas_call`` and 64-bit mode (a program may turn it on) restored when it ends, whether
    or not it raised: the harnesses run many programs in one interpreter."""
    return (
        PRELUDE
        + "try:\n"
        + f"    exec(compile({source!r}, '<program>', 'exec'), globals())\n"
        + "finally:\n"
        + "    _pl.pallas_call = _ORIGINAL_PALLAS_CALL\n"
        + "    _jax.config.update('jax_enable_x64', _X64)\n"
    )
