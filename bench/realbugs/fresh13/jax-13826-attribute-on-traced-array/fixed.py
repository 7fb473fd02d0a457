# realbug: jax-13826-attribute-on-traced-array (fixed)
# source: https://github.com/jax-ml/jax/issues/13826
import jax
import jax.numpy as jnp


def f(x):
  return x, {"custom_attr": 4}


out, meta = jax.jit(f)(jnp.arange(4))
print(meta["custom_attr"])
