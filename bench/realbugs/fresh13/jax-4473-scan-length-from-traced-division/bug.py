# realbug: jax-4473-scan-length-from-traced-division
# source: https://github.com/jax-ml/jax/issues/4473
# kind: tracer-conversion
# raises: ConcretizationTypeError
# Euler integration whose number of steps, time / dt, is computed from jitted arguments.
from functools import partial

import jax.numpy as np
from jax import jit
from jax.lax import scan


@partial(jit, static_argnums=(0,))
def integrate_euler(f, initial_state, time, dt):
  propagated_state, _ = scan(  # BUG
      f=lambda state, _: (euler_integration_step(f, state, dt), None),
      init=initial_state,
      length=np.divide(time, dt).astype(int),  # BUG
      xs=None,
  )
  return propagated_state


def euler_integration_step(f, state, dt):
  return state + dt * f(state)


integrate_euler(lambda x: 0.9 * x, initial_state=np.array([1.0, 2.0]), time=1.0, dt=1e-2)
