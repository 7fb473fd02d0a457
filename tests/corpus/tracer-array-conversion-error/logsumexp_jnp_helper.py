"""The logsumexp helper written with `jax.numpy`: the jitted loss traces it fine."""
# corpus: label=negative styles=helper

import jax
import jax.numpy as jnp


def logsumexp(z):
    m = z.max(axis=-1, keepdims=True)
    return m + jnp.log(jnp.exp(z - m).sum(axis=-1, keepdims=True))


@jax.jit
def nll(logits, labels):
    log_probs = logits - logsumexp(logits)
    return -jnp.mean(jnp.take_along_axis(log_probs, labels[:, None], axis=-1))


print(nll(jnp.zeros((4, 3)), jnp.array([0, 1, 2, 0])))
