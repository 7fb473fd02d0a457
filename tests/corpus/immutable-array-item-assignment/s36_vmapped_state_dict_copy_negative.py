"""A batched simulator steps a dict of fluents under vmap and scan, copying the dict before it writes the next state (pyRDDLGym-jax's compiler): the copy is a dict, not an array."""
# corpus: label=negative styles=helper,transform batch=s36

import collections

import jax
import jax.numpy as jnp


def single_step(key, fls):
    fls = fls.copy()
    fls["pos"] = fls["pos"] + fls["vel"] + jax.random.normal(key, jnp.shape(fls["pos"]))
    return fls


def batched_step(carry, step):
    key, fls = carry
    keys = jax.random.split(key, 3)
    fls = jax.vmap(single_step)(keys[1:], fls)
    return (keys[0], fls), step


def rollout(key, fls):
    (_, end), _ = jax.lax.scan(batched_step, (key, fls), jnp.arange(4))
    return end


state = collections.OrderedDict(pos=jnp.zeros((2, 3)), vel=jnp.ones((2, 3)))
print(jax.tree.map(jnp.shape, rollout(jax.random.key(0), state)))
