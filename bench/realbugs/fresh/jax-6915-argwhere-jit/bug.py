# realbug: jax-6915-argwhere-jit
# source: https://github.com/jax-ml/jax/pull/6915
# kind: data-dependent-shape
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
import jax
import jax.numpy as jnp


@jax.jit
def positions(x):
    return jnp.argwhere(x > 0)  # BUG


print(positions(jnp.array([[1.0, -2.0], [3.0, 0.5]])))
