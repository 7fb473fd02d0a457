# realbug: equinox-37-module-running-state-assign
# source: https://github.com/patrick-kidger/equinox/issues/37
# kind: library-contract
# raises: FrozenInstanceError: cannot assign to field 'running_mean'
# The reporter wanted a BatchNorm-like module that updates its running statistics by assigning
# to its own field during the forward pass; Equinox modules are frozen dataclasses after
# `__init__`. The statistics are filled in.
import equinox as eqx
import jax.numpy as jnp


class RunningNorm(eqx.Module):
  running_mean: jnp.ndarray

  def __init__(self, size):
    self.running_mean = jnp.zeros(size)

  def __call__(self, x):
    self.running_mean = 0.9 * self.running_mean + 0.1 * x  # BUG
    return x - self.running_mean


norm = RunningNorm(3)
print(norm(jnp.ones(3)))
