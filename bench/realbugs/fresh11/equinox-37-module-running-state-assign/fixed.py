# realbug: equinox-37-module-running-state-assign (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/37
import equinox as eqx
import jax.numpy as jnp


class RunningNorm(eqx.Module):
  running_mean: jnp.ndarray

  def __init__(self, size):
    self.running_mean = jnp.zeros(size)

  def __call__(self, x):
    new_mean = 0.9 * self.running_mean + 0.1 * x
    new_self = eqx.tree_at(lambda m: m.running_mean, self, new_mean)
    return x - new_mean, new_self


norm = RunningNorm(3)
print(norm(jnp.ones(3))[0])
