# realbug: jax-5186-static-npix-array (fixed)
# source: https://github.com/jax-ml/jax/issues/5186
import jax
import jax.numpy as np


def minimal_dft_prim(plane, nlamD, npix):
    xs = np.arange(npix) / npix
    return np.exp(-2j * np.pi * nlamD * xs)[:, None] * plane.sum()


minimal_dft = jax.jit(minimal_dft_prim, static_argnums=(1, 2))

plane = np.ones((4, 5))
nlamD = 1
npix = 1
test_jit = minimal_dft(plane, nlamD, npix)
print(test_jit)
