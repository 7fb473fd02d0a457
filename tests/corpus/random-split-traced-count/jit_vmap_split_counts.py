"""A jitted step that draws per-example key counts with vmap inside it."""
# corpus: label=positive styles=transform,helper

import jax
import jax.numpy as jnp


def example_keys(key, count):
    return jax.random.split(key, count)  # expect: random-split-traced-count


@jax.jit
def step(key, counts):
    keys = jax.random.split(key, 4)
    return jax.vmap(example_keys)(keys, counts)


print(step(jax.random.key(0), jnp.array([2, 2, 2, 2])).shape)
