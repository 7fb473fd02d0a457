"""Raises ValueError: a Triton kernel loads a (5,) block, whose size is not a power of 2, and
Pallas's Triton lowering loads and stores only arrays of power-of-two size.  Lowered for CUDA
on the CPU (an abstract CUDA device: the Triton lowering runs in Python, no GPU needed);
interpret mode would run it.  The lowering first warns that the Triton backend is deprecated
(jax 0.12): that warning is not the error."""

import warnings

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu
from jax.sharding import AbstractDevice, AbstractMesh


def double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


def doubled(x):
    spec = pl.BlockSpec((5,), lambda: (0,))
    return pl.pallas_call(
        double,
        out_shape=jax.ShapeDtypeStruct((5,), jnp.float32),
        in_specs=[spec],
        out_specs=spec,
        compiler_params=plgpu.CompilerParams(num_warps=4),
    )(x)


warnings.filterwarnings("ignore", message="The Pallas Triton backend is deprecated")
x = jnp.ones((5,), jnp.float32)
gpu = AbstractDevice(device_kind="NVIDIA H100 80GB HBM3", num_cores=None, platform="cuda")
with jax.sharding.use_abstract_mesh(AbstractMesh((1,), ("x",), abstract_device=gpu)):
    jax.jit(doubled).trace(x).lower(lowering_platforms=("cuda",))
