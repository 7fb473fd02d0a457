"""Image patches cut from a side the patch size does not divide."""

# corpus: label=positive styles=parameter,helper
import jax.numpy as jnp


def to_patches(img, patch):
    h, w, c = img.shape
    return img.reshape(h // patch, patch, w // patch, patch, c)  # expect: reshape-size-mismatch


to_patches(jnp.zeros((30, 30, 3)), 4)
