"""The schedule converts the step count to float32 before `lax.mul`."""
# corpus: label=negative styles=return,attribute batch=s26

import jax.numpy as jnp
from jax import lax


def linear_warmup(peak):
    def schedule(count):
        return lax.mul(jnp.float32(peak / 100), count.astype(jnp.float32))

    return schedule


def scale_by_schedule(schedule):
    def init(params):
        return jnp.zeros((), jnp.int32)

    def update(grads, count):
        return -schedule(count) * grads, count + 1

    return init, update


init, update = scale_by_schedule(linear_warmup(1e-2))
count = init(None)
print(update(jnp.ones(3), count))
