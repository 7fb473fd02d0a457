# realbug: jax-5848-value-and-grad-image (fixed)
# source: https://github.com/jax-ml/jax/issues/5848
import functools

import jax
import jax.numpy as jnp


def grid_sample(img, coords):
    sample = functools.partial(jax.scipy.ndimage.map_coordinates, order=1)
    return jax.vmap(lambda im, c: sample(im, c.T))(img, coords)


loss_and_grad_fn = jax.value_and_grad(lambda img, coords: grid_sample(img, coords).sum())

print(grid_sample(jnp.zeros((2, 5, 5)), jnp.zeros((2, 2, 2))))
print(loss_and_grad_fn(jnp.zeros((2, 5, 5)), jnp.zeros((2, 2, 2))))
