"""A patch embedding reshapes a 30x30 image into 8x8 patches."""
# corpus: label=positive styles=parameter,helper batch=s25

import jax.numpy as jnp


def patchify(img, patch=8):
    h, w, c = img.shape
    return img.reshape(h // patch, patch, w // patch, patch, c)  # expect: reshape-size-mismatch


print(patchify(jnp.ones((30, 30, 3))).shape)
