# realbug: jax-3007-pmap-static-keyword
# source: https://github.com/jax-ml/jax/issues/3007
# kind: pmap-static-keyword
# raises: ValueError: pmapped function has static_broadcasted_argnums=\(1,\) but was called with only 1 positional argument
import jax
import jax.numpy as jnp


def f(a, b):
    return a + b


g = jax.pmap(f, static_broadcasted_argnums=(1,))
n = jax.local_device_count()
print(g(jnp.ones((n, 1)), b=1))  # BUG
