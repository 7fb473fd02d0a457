# realbug: jax-md-188-ops-index-update-fori-loop (fixed)
# source: https://github.com/jax-md/jax-md/issues/188
import jax.numpy as np
from jax import lax
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
    log['kT'] = log['kT'].at[i].set(T)
    H = np.sum(state ** 2) / 2
    log['H'] = log['H'].at[i].set(H)
    return state, log


state, log = lax.fori_loop(0, steps, step_fn, (velocity, log))
