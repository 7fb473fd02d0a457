# realbug: jax-2323-dynamic-slice-in-dim-size (fixed)
# source: https://github.com/jax-ml/jax/issues/2323
import jax.numpy as jnp
from jax.lax import dynamic_slice_in_dim, fori_loop

batch_sizes = jnp.array([3, 2, 1])
packed_input_data = jnp.ones((6, 4))
max_batch = 3


def body_fun(i, val):
    total, input_offset = val
    batch_size = batch_sizes[i]
    batch = dynamic_slice_in_dim(packed_input_data, input_offset, max_batch)
    mask = (jnp.arange(max_batch) < batch_size)[:, None]
    return total + jnp.where(mask, batch, 0.0).sum(), input_offset + batch_size


print(fori_loop(0, 3, body_fun, (0.0, 0)))
