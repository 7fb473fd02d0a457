# corpus: label=positive styles=helper
import jax
import jax.numpy as jnp


def active_indices(mask):
    return jnp.nonzero(mask)[0]  # expect: concretization-type-error


@jax.jit
def gather_active(values, mask):
    return values[active_indices(mask)]


gather_active(jnp.arange(4.0), jnp.array([True, False, True, True]))
