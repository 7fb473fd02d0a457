"""A simulator step on the host, written with the old vectorized=True flag, vmapped over
initial states."""

# corpus: label=positive styles=parameter,transform batch=s37
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def host_step(state, dt):
    return (np.asarray(state) * (1.0 - np.asarray(dt))).astype(np.float32)


@partial(jax.jit, static_argnums=1)
def step(state, dt):
    spec = jax.ShapeDtypeStruct(state.shape, state.dtype)
    return jax.pure_callback(  # expect: pure-callback-vmap-method
        host_step, spec, state, dt, vectorized=True
    )


states = jnp.ones((8, 2))
jax.vmap(step, in_axes=(0, None))(states, 0.1)
