"""A per-example number of steps mapped by vmap: each example has its own scan length."""
# corpus: label=positive styles=transform,parameter batch=s42

import jax
import jax.numpy as jnp


def halve(carry, _):
    return carry * 0.5, carry


def decay(x, steps):
    final, _ = jax.lax.scan(halve, x, None, length=steps)  # expect: concretization-type-error
    return final


print(jax.vmap(decay)(jnp.ones(3), jnp.array([1, 2, 3])))
