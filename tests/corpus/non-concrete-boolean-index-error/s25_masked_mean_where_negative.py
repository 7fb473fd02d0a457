"""The token-level loss averaged with jnp.where and the mask's count."""
# corpus: label=negative styles=helper,return batch=s25

import jax
import jax.numpy as jnp

PAD = -100


def token_losses(logits, labels):
    logp = jax.nn.log_softmax(logits)
    safe = jnp.maximum(labels, 0)
    return -jnp.take_along_axis(logp, safe[..., None], axis=-1)[..., 0]


@jax.jit
def loss(logits, labels):
    losses = token_losses(logits, labels)
    valid = labels != PAD
    return jnp.where(valid, losses, 0.0).sum() / valid.sum()


print(loss(jnp.zeros((2, 4, 5)), jnp.array([[1, 2, PAD, PAD], [0, 1, 2, PAD]])))
