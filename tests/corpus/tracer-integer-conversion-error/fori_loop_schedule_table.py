"""A fori_loop body reads a Python list of learning rates with its (traced) loop index."""
# corpus: label=positive styles=parameter

import jax.numpy as jnp
from jax import lax

schedule = [0.1, 0.05, 0.02, 0.01]


def descend(w, target):
    def body(step, w):
        lr = schedule[step]  # expect: tracer-integer-conversion-error
        return w - lr * 2.0 * (w - target)

    return lax.fori_loop(0, len(schedule), body, w)


print(descend(jnp.zeros(3), jnp.ones(3)))
