# realbug: brainpy-668-host-callback-id-tap (fixed)
# source: https://github.com/brainpy/BrainPy/pull/668
import jax
import jax.numpy as jnp


@jax.jit
def run(x):
  jax.debug.callback(lambda v: print("step", v), x)
  return x + 1


print(run(jnp.float32(0.0)))
