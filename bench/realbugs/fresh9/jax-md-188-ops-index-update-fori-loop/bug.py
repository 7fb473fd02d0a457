# realbug: jax-md-188-ops-index-update-fori-loop
# source: https://github.com/jax-md/jax-md/issues/188
# kind: removed-name
# raises: AttributeError: module 'jax.ops' has no attribute 'index_update'
# jax-md's NVT notebook: the step function of a `lax.fori_loop` logs each step's temperature
# with `ops.index_update`, removed in JAX 0.3.2. The simulation state is cut to a velocity
# array and the temperature to its mean square.
import jax.numpy as np
from jax import lax
from jax import ops
from jax import random

steps = 100
key = random.PRNGKey(0)
velocity = random.normal(key, (64, 2))
log = {
    'kT': np.zeros((steps,)),
    'H': np.zeros((steps,)),
}


def step_fn(i, state_and_log):
    state, log = state_and_log
    state = state * 0.99
    # Log information about the simulation.
    T = np.mean(state ** 2)
    log['kT'] = ops.index_update(log['kT'], i, T)  # BUG
    H = np.sum(state ** 2) / 2
    log['H'] = ops.index_update(log['H'], i, H)
    return state, log


state, log = lax.fori_loop(0, steps, step_fn, (velocity, log))
