"""A function taking *arrays accepts as many arguments as in_axes has entries."""
# corpus: label=negative styles=helper,parameter

import jax
import jax.numpy as jnp


def weighted_sum(weights, *arrays):
    return sum(w * a for w, a in zip(weights, arrays))


def batched(fn, in_axes=0):
    return jax.vmap(fn, in_axes=in_axes)


combine = batched(weighted_sum, in_axes=(None, 0, 0, 0))
print(combine(jnp.array([0.2, 0.3, 0.5]), jnp.ones((4, 2)), jnp.ones((4, 2)), jnp.ones((4, 2))))
