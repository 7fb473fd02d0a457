# realbug: jax-5853-python-list-indexed-by-tracer (fixed)
# source: https://github.com/jax-ml/jax/pull/5853
import jax
import jax.numpy as jnp

print(jax.jit(lambda i: jnp.asarray([1, 2, 3])[i])(0))
