# corpus: label=positive styles=helper,transform batch=c
"""A stable log-sigmoid is declared custom_jvp but its rule was never written; a helper of the
jitted training step calls it."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def log_sigmoid(x):  # expect: custom-jvp-without-defjvp
    return -jnp.logaddexp(0.0, -x)


def bce_from_logits(logits, labels):
    return -jnp.mean(labels * log_sigmoid(logits) + (1 - labels) * log_sigmoid(-logits))


@jax.jit
def train_step(w, x, y):
    loss = bce_from_logits(x @ w, y)
    return w, loss


w = jnp.zeros(3)
x = jnp.ones((4, 3))
y = jnp.array([0.0, 1.0, 1.0, 0.0])
print(train_step(w, x, y))
