# corpus: label=negative styles=helper,transform batch=c
"""The rule is registered with defjvps (one tangent function per argument), not defjvp."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def log_sigmoid(x):
    return -jnp.logaddexp(0.0, -x)


log_sigmoid.defjvps(lambda t, ans, x: t * jax.nn.sigmoid(-x))


def bce_from_logits(logits, labels):
    return -jnp.mean(labels * log_sigmoid(logits) + (1 - labels) * log_sigmoid(-logits))


@jax.jit
def train_step(w, x, y):
    loss, g = jax.value_and_grad(lambda w_: bce_from_logits(x @ w_, y))(w)
    return w - 0.1 * g, loss


print(train_step(jnp.zeros(3), jnp.ones((4, 3)), jnp.array([0.0, 1.0, 1.0, 0.0])))
