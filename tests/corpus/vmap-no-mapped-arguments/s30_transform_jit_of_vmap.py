# corpus: label=positive styles=transform batch=s30
import jax
import jax.numpy as jnp


def score(theta, x):
    return jnp.dot(theta, x)


fast = jax.jit(jax.vmap(score, in_axes=(None, None)))
fast(jnp.ones(3), jnp.ones(3))  # expect: vmap-no-mapped-arguments
