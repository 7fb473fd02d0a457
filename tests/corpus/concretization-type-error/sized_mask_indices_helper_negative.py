# corpus: label=negative styles=helper
import jax
import jax.numpy as jnp


def active_indices(mask, capacity):
    return jnp.nonzero(mask, size=capacity, fill_value=0)[0]


@jax.jit
def gather_active(values, mask):
    return values[active_indices(mask, values.shape[0])]


gather_active(jnp.arange(4.0), jnp.array([True, False, True, True]))
