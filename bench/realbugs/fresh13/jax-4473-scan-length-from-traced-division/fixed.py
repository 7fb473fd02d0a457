# realbug: jax-4473-scan-length-from-traced-division (fixed)
# source: https://github.com/jax-ml/jax/issues/4473
from functools import partial

import jax.numpy as np
from jax import jit
from jax.lax import scan


@partial(jit, static_argnums=(0, 2, 3))
def integrate_euler(f, initial_state, time, dt):
  propagated_state, _ = scan(
      f=lambda state, _: (euler_integration_step(f, state, dt), None),
      init=initial_state,
      length=int(time / dt),
      xs=None,
  )
  return propagated_state


def euler_integration_step(f, state, dt):
  return state + dt * f(state)


integrate_euler(lambda x: 0.9 * x, np.array([1.0, 2.0]), 1.0, 1e-2)
