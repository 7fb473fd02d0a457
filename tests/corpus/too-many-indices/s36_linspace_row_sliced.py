"""The schedule's grid without retstep, unpacked as if it were the pair: the first item is one number."""
# corpus: label=positive styles=helper batch=s36

import jax.numpy as jnp


def get_times(num_steps=3):
    ts, dt, _, _ = jnp.linspace(0.0, 1.0, num_steps + 1)
    ts = ts[1:].reshape(-1, 1)  # expect: too-many-indices
    return ts, dt


print(get_times())
