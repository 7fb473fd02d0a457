# realbug: jax-5208-linspace-traced-num
# source: https://github.com/jax-ml/jax/issues/5208
# kind: traced-size-argument
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
import jax
import jax.numpy as jnp


@jax.jit
def grid2():
    t0, tf, dt = 0.0, 1.0, 1e-1
    num_steps = jnp.maximum(jnp.abs((tf - t0) / dt), 1)
    ts = jnp.linspace(t0, tf, num_steps + 1)  # BUG
    return ts


print(grid2())
