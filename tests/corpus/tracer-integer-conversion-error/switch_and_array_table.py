"""The fixes: `lax.switch` picks a function by traced index, and the schedule is a jnp array."""
# corpus: label=negative styles=return,parameter

import jax
import jax.numpy as jnp
from jax import lax

ACTIVATIONS = [jax.nn.relu, jnp.tanh, jax.nn.sigmoid]
schedule = jnp.array([0.1, 0.05, 0.02, 0.01])


@jax.jit
def gated(x, scores):
    return lax.switch(jnp.argmax(scores), ACTIVATIONS, x)


def descend(w, target):
    def body(step, w):
        return w - schedule[step] * 2.0 * (w - target)

    return lax.fori_loop(0, schedule.shape[0], body, w)


gated(jnp.linspace(-2.0, 2.0, 5), jnp.array([0.2, 0.5, 0.3]))
descend(jnp.zeros(3), jnp.ones(3))
