# realbug: dlux-260-arange-in-cond
# source: https://github.com/LouisDesdoigts/dLux/issues/260
# kind: traced-size-argument
# raises: ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected
import jax
import jax.numpy as np


def pixel_fn(n, offset, scale):
    pix = np.arange(n) - (n - 1) / 2.0  # BUG
    pix *= scale
    pix -= offset
    return pix


def coords(flag, n, offset, scale):
    return jax.lax.cond(
        flag, lambda n: pixel_fn(n, offset, scale), lambda n: pixel_fn(n, -offset, scale), n
    )


print(coords(True, 4, 0.5, 2.0))
