# realbug: equinox-447-filter-jvp-primals-not-tuple
# source: https://github.com/patrick-kidger/equinox/issues/447
# kind: jvp-primals
# raises: TypeError: <lambda>\(\) takes 1 positional argument but 2 were given
# `eqx.filter_jvp` given one array as `primals`: the primals are unpacked as the function's
# positional arguments, so the array's two elements become two arguments.
import equinox as eqx
import jax
import jax.numpy as jnp


class M(eqx.Module):
  a: jax.Array
  b: jax.Array

  def __init__(self):
    key = jax.random.PRNGKey(0)
    key1, key2 = jax.random.split(key)
    self.a = jax.random.normal(key1, (2,))
    self.b = jax.random.normal(key2, (2,))

  def __call__(self, x, sigma):
    return self.a * x + self.b * sigma


m = M()
M_x, Jac = eqx.filter_jvp(  # BUG
    lambda x: m(x, 1.0),
    primals=jnp.array([1.0, 2.0]),
    tangents=jnp.array([1.0, 2.0]),
)
