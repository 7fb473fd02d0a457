# corpus: label=negative styles=helper batch=s41
"""The halo read of a block with room for it: the array is padded by the halo on each side, so
both windows lie inside the block."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

TILE = 8
HALO = 2


def with_halo(ref, start):
    return ref[pl.ds(start, TILE + 2 * HALO), :]


def smooth(x_ref, o_ref):
    o_ref[pl.ds(0, TILE), :] = jnp.mean(with_halo(x_ref, 0), axis=0, keepdims=True) * jnp.ones(
        (TILE, 128), jnp.float32
    )
    o_ref[pl.ds(TILE, TILE), :] = jnp.mean(
        with_halo(x_ref, TILE), axis=0, keepdims=True
    ) * jnp.ones((TILE, 128), jnp.float32)


x = jnp.ones((16 + 2 * HALO, 128), jnp.float32)
out = pl.pallas_call(
    smooth, out_shape=jax.ShapeDtypeStruct((16, 128), jnp.float32), interpret=True
)(x)
print(out.sum())
