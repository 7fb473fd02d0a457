# realbug: equinox-205-linear-batched-input
# source: https://github.com/patrick-kidger/equinox/issues/205
# kind: broadcast
# raises: ValueError: Incompatible shapes for broadcasting
import jax
import jax.numpy as jnp
import equinox as eqx

key = jax.random.PRNGKey(0)
k1, k2, k3, k4 = jax.random.split(key, 4)
layer1 = eqx.nn.Linear(10, 8, use_bias=True, key=k1)
layer2 = eqx.nn.Linear(10, 8, use_bias=False, key=k2)

arr1 = jax.random.normal(k3, shape=(10, 100))
arr2 = jax.random.normal(k4, shape=(10,))

layer1(arr1) #fails with "Incompatible shapes for broadcasting: ((8, 100), (1, 8))"  # BUG
layer2(arr1) #ok

layer1(arr2) #ok
layer2(arr2) #ok
