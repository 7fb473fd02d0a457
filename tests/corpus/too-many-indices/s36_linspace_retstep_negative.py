"""A diffusion time schedule takes the grid and its step from one linspace (diffusionjax's get_times): with retstep=True the first item is the whole grid."""
# corpus: label=negative styles=helper batch=s36

import jax.numpy as jnp


def get_times(num_steps=1000):
    ts, dt = jnp.linspace(0.0, 1.0, num_steps + 1, retstep=True)
    ts = ts[1:].reshape(-1, 1)
    return ts, dt


ts, dt = get_times()
print(ts.shape, float(dt))
