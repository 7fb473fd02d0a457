# realbug: jax-8843-lax-add-mixed-dtypes
# source: https://github.com/jax-ml/jax/pull/8843
# kind: dtype
# raises: TypeError: lax.add requires arguments to have the same dtypes, got int32, float32
# The pull request's example: `lax.add` of a Python int and a Python float; lax does no type
# promotion (jnp.add does).
from jax import lax

lax.add(1, 1.0)  # BUG
