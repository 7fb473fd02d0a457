# realbug: haliax-75-random-keyarray-annotation
# source: https://github.com/marin-community/haliax/issues/75
# kind: removed-name
# raises: AttributeError: module 'jax.random' has no attribute 'KeyArray'
# Haliax failed to import: its random helpers annotated keys with `jax.random.KeyArray`
# (removed in JAX 0.4.24). Rebuilt as one such helper.
import jax
import jax.numpy as jnp


def uniform(key: jax.random.KeyArray, shape, minval=0.0, maxval=1.0):  # BUG
  return jax.random.uniform(key, shape, minval=minval, maxval=maxval)


print(uniform(jax.random.key(0), (2, 3)))
