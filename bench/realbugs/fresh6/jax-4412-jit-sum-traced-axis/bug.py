# realbug: jax-4412-jit-sum-traced-axis
# source: https://github.com/jax-ml/jax/pull/4412
# kind: tracer-static
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
# The pull request's example: jit of jnp.sum with the axis passed as a (traced) argument.
import jax.numpy as jnp
from jax import jit

jit(jnp.sum)(jnp.arange(4), 0)  # BUG
