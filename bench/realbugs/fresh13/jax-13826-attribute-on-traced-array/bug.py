# realbug: jax-13826-attribute-on-traced-array
# source: https://github.com/jax-ml/jax/issues/13826
# kind: tracer-attribute
# raises: AttributeError: .*has no attribute 'custom_attr'
# Metadata stored as an attribute on an array: concrete arrays accept it, but under jit the
# function sees a tracer and the output array has no such attribute.
import jax
import jax.numpy as jnp


def f(x):
  x.custom_attr = 4  # BUG
  return x


print(jax.jit(f)(jnp.arange(4)).custom_attr)  # BUG
