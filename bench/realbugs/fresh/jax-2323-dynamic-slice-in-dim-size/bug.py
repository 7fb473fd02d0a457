# realbug: jax-2323-dynamic-slice-in-dim-size
# source: https://github.com/jax-ml/jax/issues/2323
# kind: traced-size-argument
# raises: TracerIntegerConversionError: The __index__\(\) method was called on traced array
import jax.numpy as jnp
from jax.lax import dynamic_slice_in_dim, fori_loop

batch_sizes = jnp.array([3, 2, 1])
packed_input_data = jnp.ones((6, 4))


def body_fun(i, val):
    total, input_offset = val
    batch_size = batch_sizes[i]
    batch = dynamic_slice_in_dim(packed_input_data, input_offset, batch_size)  # BUG
    return total + batch.sum(), input_offset + batch_size


print(fori_loop(0, 3, body_fun, (0.0, 0)))
