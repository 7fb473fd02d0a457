# realbug: t5x-351-jvp-custom-vjp-loss (fixed)
# source: https://github.com/google-research/t5x/issues/351
import jax
import jax.numpy as jnp


def cross_entropy_with_logits(logits, targets):
    return -jnp.sum(targets * jax.nn.log_softmax(logits), axis=-1)


def loss(logits):
    targets = jax.nn.one_hot(jnp.array([1, 2]), 4)
    return cross_entropy_with_logits(logits, targets).sum()


logits = jnp.ones((2, 4))
print(jax.grad(loss)(logits))
print(jax.jvp(loss, (logits,), (jnp.ones_like(logits),)))
