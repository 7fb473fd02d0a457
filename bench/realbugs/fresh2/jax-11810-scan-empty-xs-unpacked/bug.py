# realbug: jax-11810-scan-empty-xs-unpacked
# source: https://github.com/jax-ml/jax/pull/11810
# kind: scan-xs-shape
# raises: TypeError: iteration over a 0-d array
import jax
import jax.numpy as jnp


def f(carry, y):
    y1, y2 = y  # BUG
    return carry + y1 * y2, None


ys = jnp.array([])
print(jax.lax.scan(f, 0.0, ys))
