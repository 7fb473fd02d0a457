"""Code for several JAX versions: the old import's error is caught and the new name used."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp

try:
    from jax.random import KeyArray
except ImportError:
    KeyArray = jax.Array

try:
    from jax.core import Primitive
except (AttributeError, ImportError):
    from jax.extend.core import Primitive


def sample_noise(key: KeyArray, shape):
    return jax.random.normal(key, shape)


print(Primitive("double"), jnp.mean(sample_noise(jax.random.key(0), (3,))))
