# realbug: diffrax-527-core-concrete-array (fixed)
# source: https://github.com/patrick-kidger/diffrax/pull/527
import jax
import jax.numpy as jnp


def is_known(x):
  return not isinstance(x, jax.core.Tracer)


def step(t0, dt):
  if is_known(dt):
    return t0 + dt
  return t0 + jnp.abs(dt)


print(step(jnp.float32(0.0), jnp.float32(0.1)))
