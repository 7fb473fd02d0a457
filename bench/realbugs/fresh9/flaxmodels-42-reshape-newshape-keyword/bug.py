# realbug: flaxmodels-42-reshape-newshape-keyword
# source: https://github.com/matthias-wright/flaxmodels/pull/42
# kind: removed-keyword
# raises: TypeError: reshape\(\) got an unexpected keyword argument 'newshape'
# flaxmodels' StyleGAN2 `upfirdn2d` (its upsampling by zero insertion, then the padding and
# crop), as written before the PR: `jnp.reshape(..., newshape=...)`, a keyword JAX deprecated
# in 0.4.28 and removed (the PR's fix renames it `shape`). The filter step is left out.
import jax.numpy as jnp


def upfirdn2d(x, f, padding=(2, 1, 2, 1), up=1, down=1, strides=(1, 1), flip_filter=False, gain=1):
    if f is None:
        f = jnp.ones((1, 1), dtype=jnp.float32)

    B, H, W, C = x.shape
    padx0, padx1, pady0, pady1 = padding

    # upsample by inserting zeros
    x = jnp.reshape(x, newshape=(B, H, 1, W, 1, C))  # BUG
    x = jnp.pad(x, pad_width=((0, 0), (0, 0), (0, up - 1), (0, 0), (0, up - 1), (0, 0)))
    x = jnp.reshape(x, newshape=(B, H * up, W * up, C))

    # padding
    x = jnp.pad(x, pad_width=((0, 0), (max(pady0, 0), max(pady1, 0)), (max(padx0, 0), max(padx1, 0)), (0, 0)))
    x = x[:, max(-pady0, 0): x.shape[1] - max(-pady1, 0), max(-padx0, 0): x.shape[2] - max(-padx1, 0)]
    return x


y = upfirdn2d(jnp.ones((1, 8, 8, 3)), None, up=2)
