"""The patch embedding on a 32x32 image."""
# corpus: label=negative styles=parameter,helper batch=s25

import jax.numpy as jnp


def patchify(img, patch=8):
    h, w, c = img.shape
    return img.reshape(h // patch, patch, w // patch, patch, c)


print(patchify(jnp.ones((32, 32, 3))).shape)
