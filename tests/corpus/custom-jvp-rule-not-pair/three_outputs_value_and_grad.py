"""A rule returns (primal, tangent, aux) to log a statistic; value_and_grad unpacks and fails."""
# corpus: label=positive styles=transform,helper

import jax
import jax.numpy as jnp


@jax.custom_jvp
def clipped_log(x):
    return jnp.log(jnp.maximum(x, 1e-8))


@clipped_log.defjvp
def clipped_log_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    y = clipped_log(x)
    y_dot = x_dot / jnp.maximum(x, 1e-8)
    return y, y_dot, jnp.mean(x < 1e-8)  # expect: custom-jvp-rule-not-pair


def nll(probs, labels):
    picked = jnp.take_along_axis(probs, labels[:, None], axis=1)
    return -jnp.mean(clipped_log(picked))


def train_step(probs, labels):
    value, grads = jax.value_and_grad(nll)(probs, labels)
    return value, grads


probs = jnp.full((4, 3), 1.0 / 3.0)
labels = jnp.array([0, 1, 2, 1])
print(train_step(probs, labels))
