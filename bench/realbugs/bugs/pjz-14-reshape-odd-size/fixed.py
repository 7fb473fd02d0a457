# realbug: pjz-14-reshape-odd-size (fixed)
# source: https://github.com/spinsphotonics/pjz/issues/14
import jax.numpy as jnp


def _render_single(layers, m):
    layers = layers[:, : layers.shape[1] // (2 * m) * (2 * m), : layers.shape[2] // (2 * m) * (2 * m)]
    lc = jnp.reshape(layers, (layers.shape[0], layers.shape[1] // (2 * m), 2 * m, layers.shape[2] // (2 * m), 2 * m))
    return lc.mean(axis=(2, 4))


layers = jnp.ones((3, 200, 35))
print(_render_single(layers, 1).shape)
