"""A helper applies a pmapped SGD update and passes the learning rate along as an argument."""
# corpus: label=positive styles=helper,parameter batch=s29

import jax
import jax.numpy as jnp


def sgd_update(params, grads, lr):
    return params - lr * grads


p_update = jax.pmap(sgd_update)


def apply_update(params, grads, lr=0.01):
    return p_update(params, grads, lr)  # expect: pmap-scalar-argument


n = jax.local_device_count()
params = jnp.ones((n, 4))
grads = jnp.full((n, 4), 0.5)
print(apply_update(params, grads).shape)
