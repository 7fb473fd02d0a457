"""The temperature scales the logits with `*`."""
# corpus: label=negative styles=helper,return batch=s26

import jax.numpy as jnp


def temperature(scores):
    return jnp.mean(jnp.abs(scores))


def scaled_logits(q, k):
    scores = q @ k.T
    return temperature(scores) * scores


print(scaled_logits(jnp.ones((4, 8)), jnp.ones((4, 8))))
