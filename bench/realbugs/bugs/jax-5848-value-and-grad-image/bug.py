# realbug: jax-5848-value-and-grad-image
# source: https://github.com/jax-ml/jax/issues/5848
# kind: grad-non-scalar-output
# raises: TypeError: Gradient only defined for scalar-output functions
import functools

import jax
import jax.numpy as jnp


def grid_sample(img, coords):
    sample = functools.partial(jax.scipy.ndimage.map_coordinates, order=1)
    return jax.vmap(lambda im, c: sample(im, c.T))(img, coords)


loss_and_grad_fn = jax.value_and_grad(grid_sample)

print(grid_sample(jnp.zeros((2, 5, 5)), jnp.zeros((2, 2, 2))))
print(loss_and_grad_fn(jnp.zeros((2, 5, 5)), jnp.zeros((2, 2, 2))))  # BUG
