# realbug: haliax-75-random-keyarray-annotation (fixed)
# source: https://github.com/marin-community/haliax/issues/75
import jax
import jax.numpy as jnp


def uniform(key: jax.Array, shape, minval=0.0, maxval=1.0):
  return jax.random.uniform(key, shape, minval=minval, maxval=maxval)


print(uniform(jax.random.key(0), (2, 3)))
