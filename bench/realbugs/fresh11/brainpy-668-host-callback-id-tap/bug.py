# realbug: brainpy-668-host-callback-id-tap
# source: https://github.com/brainpy/BrainPy/pull/668
# kind: removed-module
# raises: ModuleNotFoundError: No module named 'jax.experimental.host_callback'
# BrainPy imported `id_tap` from `jax.experimental.host_callback` (deprecated in 0.4.26, since
# removed) to report progress from inside a jitted run loop; the loop is filled in.
import jax
import jax.numpy as jnp
from jax.experimental.host_callback import id_tap  # BUG


@jax.jit
def run(x):
  id_tap(lambda v, _: print("step", v), x)
  return x + 1


print(run(jnp.float32(0.0)))
