"""The decay schedule with array arithmetic instead of int()."""
# corpus: label=negative styles=parameter,helper batch=s25

import jax
import jax.numpy as jnp


def decay(step, every=1000):
    epoch = step // every
    return 0.5**epoch


@jax.jit
def sgd(w, g, step):
    return w - decay(step) * g


print(sgd(jnp.ones(3), jnp.ones(3), jnp.array(10)))
