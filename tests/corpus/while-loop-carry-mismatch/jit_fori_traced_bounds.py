"""A fori_loop with a traced trip count (a while loop under jit) whose body sums its carry away."""
# corpus: label=positive styles=transform,parameter

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def smooth(signal, rounds):
    def body(i, s):
        return (s + jnp.roll(s, 1)).mean()

    return lax.fori_loop(0, rounds, body, signal)  # expect: while-loop-carry-mismatch


print(smooth(jnp.ones(8), 3))
