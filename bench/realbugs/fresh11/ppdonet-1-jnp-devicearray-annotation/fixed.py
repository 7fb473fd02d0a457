# realbug: ppdonet-1-jnp-devicearray-annotation (fixed)
# source: https://github.com/smao-astro/PPDONet/pull/1
import jax
import jax.numpy as jnp


def predict(params, parameters: jax.Array) -> jax.Array:
  return params["w"] @ parameters


print(predict({"w": jnp.ones((2, 3))}, jnp.ones(3)))
