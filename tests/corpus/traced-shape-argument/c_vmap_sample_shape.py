# corpus: label=positive styles=transform,parameter batch=c
"""Per-example noise is drawn with a size that is one of the vmapped arguments."""

import jax
import jax.numpy as jnp


def draw(key, count):
    return jax.random.normal(key, (count,)).sum()  # expect: traced-shape-argument


keys = jax.random.split(jax.random.key(0), 3)
counts = jnp.array([2, 2, 2])
print(jax.vmap(draw)(keys, counts))
