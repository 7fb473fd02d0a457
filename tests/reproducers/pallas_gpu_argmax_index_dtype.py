"""Raises ValueError: a Triton kernel takes a `jnp.argmax` with 64-bit mode on, whose index is
an int64, and Pallas's Triton lowering takes only int32 indices for it.  Lowered for CUDA on the
CPU (an abstract CUDA device: the Triton lowering runs in Python, no GPU needed); interpret mode
would run it.  The lowering first warns that the Triton backend is deprecated (jax 0.12): that
warning is not the error."""

import warnings

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu
from jax.sharding import AbstractDevice, AbstractMesh

jax.config.update("jax_enable_x64", True)


def best(x_ref, o_ref):
    o_ref[...] = jnp.argmax(x_ref[...], axis=1)


def best_columns(x):
    return pl.pallas_call(
        best,
        out_shape=jax.ShapeDtypeStruct((x.shape[0],), jnp.int64),
        compiler_params=plgpu.CompilerParams(num_warps=4),
    )(x)


warnings.filterwarnings("ignore", message="The Pallas Triton backend is deprecated")
x = jnp.ones((16, 16), jnp.float32)
gpu = AbstractDevice(device_kind="NVIDIA H100 80GB HBM3", num_cores=None, platform="cuda")
with jax.sharding.use_abstract_mesh(AbstractMesh((1,), ("x",), abstract_device=gpu)):
    jax.jit(best_columns).trace(x).lower(lowering_platforms=("cuda",))
