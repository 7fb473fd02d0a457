# realbug: diffrax-527-core-concrete-array
# source: https://github.com/patrick-kidger/diffrax/pull/527
# kind: removed-name
# raises: AttributeError: .*ConcreteArray
# Diffrax checked whether a step-size controller's value was known at trace time with
# `jax.core.ConcreteArray`, removed in JAX 0.4.36. Reduced to that check.
import jax
import jax.numpy as jnp


def is_known(x):
  return isinstance(x, jax.core.ConcreteArray)  # BUG


def step(t0, dt):
  if is_known(dt):
    return t0 + dt
  return t0 + jnp.abs(dt)


print(step(jnp.float32(0.0), jnp.float32(0.1)))
