"""A jitted function is traced again because an argument's shape changed.

With `jax_explain_cache_misses` JAX logs "TRACING CACHE MISS ... because: ..." for each new
trace; under `jax.no_tracing(True)` the same cache miss raises instead, which is what this
program shows (the second call passes a (4,) array where the first passed (3,)).
"""

import jax
import jax.numpy as jnp

double = jax.jit(lambda x: x * 2)
double(jnp.ones(3))
with jax.no_tracing(True):
    double(jnp.ones(4))
