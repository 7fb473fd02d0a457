"""Raises NotImplementedError: a Triton kernel sorts a loaded block, and Pallas's Triton
lowering has no rule for `sort`.  Lowered for CUDA on the CPU (an abstract CUDA device: the
Triton lowering runs in Python, no GPU needed); interpret mode would run it.  The lowering
first warns that the Triton backend is deprecated (jax 0.12): that warning is not the error."""

import warnings

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu
from jax.sharding import AbstractDevice, AbstractMesh


def ranks(x_ref, o_ref):
    o_ref[...] = jnp.sort(x_ref[...], axis=1)


def sort_rows(x):
    return pl.pallas_call(
        ranks,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        compiler_params=plgpu.CompilerParams(num_warps=4),
    )(x)


warnings.filterwarnings("ignore", message="The Pallas Triton backend is deprecated")
x = jnp.ones((16, 128), jnp.float32)
gpu = AbstractDevice(device_kind="NVIDIA H100 80GB HBM3", num_cores=None, platform="cuda")
with jax.sharding.use_abstract_mesh(AbstractMesh((1,), ("x",), abstract_device=gpu)):
    jax.jit(sort_rows).trace(x).lower(lowering_platforms=("cuda",))
