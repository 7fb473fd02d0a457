# realbug: ppdonet-1-jnp-devicearray-annotation
# source: https://github.com/smao-astro/PPDONet/pull/1
# kind: removed-name
# raises: AttributeError: module 'jax.numpy' has no attribute 'DeviceArray'
# real_time_prediction.py annotated its inputs as `jnp.DeviceArray` (removed with the jax.Array
# migration); the annotation is evaluated when the `def` runs. The prediction is filled in.
import jax.numpy as jnp


def predict(params, parameters: jnp.DeviceArray) -> jnp.DeviceArray:  # BUG
  return params["w"] @ parameters


print(predict({"w": jnp.ones((2, 3))}, jnp.ones(3)))
