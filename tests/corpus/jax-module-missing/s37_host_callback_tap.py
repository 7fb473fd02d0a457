"""A training step that prints its loss from the device with host_callback's id_print."""

# corpus: label=positive styles=direct batch=s37

import jax
import jax.experimental.host_callback as hcb  # expect: jax-module-missing
import jax.numpy as jnp


@jax.jit
def step(w):
    loss = jnp.sum(w**2)
    hcb.id_print(loss)
    return w - 0.1 * w


step(jnp.ones(3))
