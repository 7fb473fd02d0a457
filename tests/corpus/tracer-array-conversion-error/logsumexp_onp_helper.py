"""A numerically careful logsumexp helper written with `onp`, called from a jitted loss."""
# corpus: label=positive styles=helper

import jax
import jax.numpy as jnp
import numpy as onp


def logsumexp(z):
    m = z.max(axis=-1, keepdims=True)
    shifted = onp.exp(z - m)  # expect: tracer-array-conversion-error
    return m + jnp.log(shifted.sum(axis=-1, keepdims=True))


@jax.jit
def nll(logits, labels):
    log_probs = logits - logsumexp(logits)
    return -jnp.mean(jnp.take_along_axis(log_probs, labels[:, None], axis=-1))


print(nll(jnp.zeros((4, 3)), jnp.array([0, 1, 2, 0])))
