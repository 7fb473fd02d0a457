# realbug: jax-10046-static-argnums-past-parameters
# source: https://github.com/jax-ml/jax/issues/10046
# kind: argnums-range
# raises: ValueError: Jitted function has static_argnums=\(1, 3\), but only accepts 3 positional arguments
import functools

import jax


@functools.partial(jax.jit, static_argnums=(1, 3))  # BUG
def g(a, b, c):
    return a + b + c


print(g(1.0, 2.0, 3.0))  # BUG
