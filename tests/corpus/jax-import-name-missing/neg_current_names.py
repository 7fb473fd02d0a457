"""The same imports with the names JAX has now, and submodules imported by name."""
# corpus: label=negative styles=direct

import jax.numpy as jnp
from jax import Array as KeyArray
from jax.experimental import checkify, pjit
from jax.extend.core import Primitive
from jax.random import key, normal
from jax.tree_util import tree_map


def sample_noise(k: KeyArray, shape):
    return normal(k, shape)


noise = sample_noise(key(0), (3,))
print(checkify, pjit, Primitive("double"), tree_map(jnp.mean, {"n": noise}))
