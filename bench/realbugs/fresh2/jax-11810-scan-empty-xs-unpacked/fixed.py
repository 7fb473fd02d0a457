# realbug: jax-11810-scan-empty-xs-unpacked (fixed)
# source: https://github.com/jax-ml/jax/pull/11810
import jax
import jax.numpy as jnp


def f(carry, y):
    y1, y2 = y
    return carry + y1 * y2, None


ys = jnp.zeros((0, 2))
print(jax.lax.scan(f, 0.0, ys))
