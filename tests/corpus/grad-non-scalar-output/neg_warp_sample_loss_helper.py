"""A registration loss samples the moving image at warped points with map_coordinates and
returns the mean squared residual to jax.grad."""
# corpus: label=negative styles=helper,return batch=e

import jax
import jax.numpy as jnp
from jax.scipy import ndimage


def sample(image, points):
    return ndimage.map_coordinates(image, [points[:, 0], points[:, 1]], order=1)


def residuals(shift, moving, fixed_values, points):
    return jnp.mean((sample(moving, points + shift) - fixed_values) ** 2)


points = jnp.stack([jnp.arange(6.0), jnp.arange(6.0)], axis=1)
moving = jnp.ones((8, 8))
jax.grad(residuals)(jnp.zeros(2), moving, jnp.zeros(6), points)
