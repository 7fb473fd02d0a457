# realbug: jax-38603-compress-jit
# source: https://github.com/jax-ml/jax/pull/38612
# kind: data-dependent-shape
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
import jax
import jax.numpy as jnp


@jax.jit
def keep_positive(x):
    return jnp.compress(x > 0, x)  # BUG


print(keep_positive(jnp.array([1.0, -2.0, 3.0])))
