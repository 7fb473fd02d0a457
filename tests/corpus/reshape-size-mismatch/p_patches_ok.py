"""Image patches cut from a side the patch size divides."""

# corpus: label=negative styles=parameter,helper
import jax.numpy as jnp


def to_patches(img, patch):
    h, w, c = img.shape
    return img.reshape(h // patch, patch, w // patch, patch, c)


to_patches(jnp.zeros((32, 32, 3)), 4)
