"""vmap over axis 2 of a 2-D sequence, in a helper."""

# corpus: label=positive styles=helper,transform
import jax
import jax.numpy as jnp


def step_norm(x):
    return jnp.linalg.norm(x)


def per_step(seq):
    return jax.vmap(step_norm, in_axes=2)(seq)  # expect: vmap-axis-out-of-range


per_step(jnp.ones((10, 4)))
