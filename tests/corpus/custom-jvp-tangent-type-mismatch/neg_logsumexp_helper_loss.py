"""A custom_jvp logsumexp used in a loss; its rule returns the softmax's dot with the tangent."""
# corpus: label=negative styles=helper,return batch=e

import jax
import jax.numpy as jnp


@jax.custom_jvp
def stable_lse(z):
    m = z.max()
    return m + jnp.log(jnp.exp(z - m).sum())


def _softmax(z):
    e = jnp.exp(z - z.max())
    return e / e.sum()


@stable_lse.defjvp
def stable_lse_jvp(primals, tangents):
    (z,), (z_dot,) = primals, tangents
    return stable_lse(z), jnp.dot(_softmax(z), z_dot)


def nll(logits, label):
    return stable_lse(logits) - logits[label]


jax.grad(nll)(jnp.zeros(5), 2)
