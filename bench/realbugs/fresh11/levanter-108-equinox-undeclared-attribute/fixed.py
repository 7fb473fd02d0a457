# realbug: levanter-108-equinox-undeclared-attribute (fixed)
# source: https://github.com/marin-community/levanter/issues/108
import equinox as eqx
import jax.numpy as jnp


class Net(eqx.Module):
  w: jnp.ndarray

  def __init__(self, size):
    self.w = jnp.ones(size)

  def __call__(self, x):
    return self.w * x


print(Net(3)(jnp.ones(3)))
