"""A jitted step turns its step counter into a Python int to pick a decay epoch."""
# corpus: label=positive styles=parameter,helper batch=s25

import jax
import jax.numpy as jnp


def decay(step, every=1000):
    epoch = int(step) // every  # expect: concretization-type-error
    return 0.5**epoch


@jax.jit
def sgd(w, g, step):
    return w - decay(step) * g


print(sgd(jnp.ones(3), jnp.ones(3), jnp.array(10)))
