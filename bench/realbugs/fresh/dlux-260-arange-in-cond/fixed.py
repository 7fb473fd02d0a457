# realbug: dlux-260-arange-in-cond (fixed)
# source: https://github.com/LouisDesdoigts/dLux/issues/260
import jax
import jax.numpy as np


def pixel_fn(n, offset, scale):
    pix = np.linspace(-(n - 1) / 2.0, (n - 1) / 2.0, n)
    pix *= scale
    pix -= offset
    return pix


def coords(flag, n, offset, scale):
    return jax.lax.cond(
        flag, lambda: pixel_fn(n, offset, scale), lambda: pixel_fn(n, -offset, scale)
    )


print(coords(True, 4, 0.5, 2.0))
