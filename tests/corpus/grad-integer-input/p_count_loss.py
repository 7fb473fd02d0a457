"""grad with respect to an integer counts array passed through a helper."""

# corpus: label=positive styles=helper,parameter
import jax
import jax.numpy as jnp


def weighted(counts, weights):
    return jnp.sum(counts * weights)


def grad_counts(counts):
    return jax.grad(weighted)(counts, jnp.ones(3))  # expect: grad-integer-input


grad_counts(jnp.array([1, 2, 3]))
