# realbug: jax-5208-linspace-traced-num (fixed)
# source: https://github.com/jax-ml/jax/issues/5208
import jax
import jax.numpy as jnp


@jax.jit
def grid2():
    t0, tf, dt = 0.0, 1.0, 1e-1
    num_steps = max(int(round(abs((tf - t0) / dt))), 1)
    ts = jnp.linspace(t0, tf, num_steps + 1)
    return ts


print(grid2())
