# realbug: jax-1991-pmap-scalar-argument
# source: https://github.com/jax-ml/jax/issues/1991
# kind: pmap-axis-rank
# raises: ValueError: One of pjit arguments .* is incompatible with its sharding annotation
import jax
import jax.numpy as jnp


def f(a, b):
    for i in range(b):
        a += a
    return a


print(jax.pmap(f)(jnp.ones((8, 100)), 10))  # BUG
