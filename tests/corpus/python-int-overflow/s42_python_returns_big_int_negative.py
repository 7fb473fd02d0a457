"""The capacity is returned by a plain Python helper next to the jitted step: no jit output."""
# corpus: label=negative styles=helper,return batch=s42

import jax
import jax.numpy as jnp


def capacity(bits):
    return 2**bits


@jax.jit
def step(count):
    return count + 1


print(step(jnp.int32(0)), capacity(64))
