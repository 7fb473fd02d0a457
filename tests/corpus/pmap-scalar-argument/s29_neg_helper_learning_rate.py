"""The helper's pmapped SGD update shares the learning rate with in_axes=(0, 0, None)."""
# corpus: label=negative styles=helper,parameter batch=s29

import jax
import jax.numpy as jnp


def sgd_update(params, grads, lr):
    return params - lr * grads


p_update = jax.pmap(sgd_update, in_axes=(0, 0, None))


def apply_update(params, grads, lr=0.01):
    return p_update(params, grads, lr)


n = jax.local_device_count()
params = jnp.ones((n, 4))
grads = jnp.full((n, 4), 0.5)
print(apply_update(params, grads).shape)
