# corpus: label=negative styles=helper,transform
import jax
import jax.numpy as jnp
from jax import lax


def halvings_needed(scale):
    def too_big(state):
        value, _ = state
        return value > 1.0

    def halve(state):
        value, count = state
        return value / 2, count + 1

    return lax.while_loop(too_big, halve, (scale, 0))[1]


def loss(w):
    steps = halvings_needed(lax.stop_gradient(jnp.max(w)))
    return jnp.sum(w**2) / (steps + 1)


print(jax.grad(loss)(jnp.array([8.0, 3.0])))
