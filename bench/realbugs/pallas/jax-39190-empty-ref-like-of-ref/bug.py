# realbug: jax-39190-empty-ref-like-of-ref
# source: https://github.com/jax-ml/jax/issues/39190
# kind: pallas-api-argument
# raises: ValueError: empty_ref_like does not support
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    m_ref = pl.empty_ref_like(x_ref)  # BUG
    m_ref[...] = x_ref[...] * 2
    pltpu.sync_copy(m_ref, o_ref)


def fn(x):
    return pl.pallas_call(
        kernel,
        out_shape=jax.typeof(x),
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
        out_specs=pl.BlockSpec(memory_space=pltpu.HBM),
        interpret=True,
    )(x)


x = jnp.ones((8, 128), dtype=jnp.int32)
out = fn(x)
