"""The same batched step where the state is one array, flattened and then written in place: reshape says it is an array."""
# corpus: label=positive styles=helper,transform batch=s36

import jax
import jax.numpy as jnp


def single_step(key, fls):
    fls = fls.reshape(-1)
    fls[0] = jax.random.normal(key)  # expect: immutable-array-item-assignment
    return fls


def rollout(key, fls):
    keys = jax.random.split(key, 2)
    return jax.vmap(single_step)(keys, fls)


print(rollout(jax.random.key(0), jnp.zeros((2, 3))))
