# realbug: jax-10046-static-argnums-past-parameters (fixed)
# source: https://github.com/jax-ml/jax/issues/10046
import functools

import jax


@functools.partial(jax.jit, static_argnums=(1,))
def g(a, b, c):
    return a + b + c


print(g(1.0, 2.0, 3.0))
