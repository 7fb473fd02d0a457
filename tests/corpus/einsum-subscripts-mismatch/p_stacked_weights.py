"""Two-letter subscripts for a stack of matrices a helper builds."""

# corpus: label=positive styles=helper
import jax.numpy as jnp


def stack_layers(n, d):
    return jnp.stack([jnp.eye(d) for _ in range(n)])


def apply(ws, x):
    return jnp.einsum("ij,bj->bi", ws, x)  # expect: einsum-subscripts-mismatch


apply(stack_layers(3, 4), jnp.ones((2, 4)))
