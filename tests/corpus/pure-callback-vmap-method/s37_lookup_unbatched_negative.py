"""A vmapped function that reads a host table through a callback on a constant: the callback's
argument is not batched, so vmap leaves it alone."""

# corpus: label=negative styles=direct,transform batch=s37
import jax
import jax.numpy as jnp
import numpy as np

offsets = jnp.arange(3.0)


def host_table(x):
    return np.asarray(x) * 2.0


def shifted(row):
    table = jax.pure_callback(host_table, jax.ShapeDtypeStruct((3,), jnp.float32), offsets)
    return row + table


jax.vmap(shifted)(jnp.ones((5, 3)))
