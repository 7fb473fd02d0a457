"""Points along rays, with a whole image's rays where a flat batch of them was expected."""

# corpus: label=positive styles=direct batch=s37

import jax.numpy as jnp

H, W, samples = 4, 6, 8
origins = jnp.zeros((H, W, 3))
directions = jnp.ones((H, W, 3))
t = jnp.linspace(0.0, 1.0, samples) * jnp.ones((H, W, 1))
along = t[..., jnp.newaxis]
step = directions[:, jnp.newaxis, :]
points = origins[:, jnp.newaxis, :] + along * step  # expect: incompatible-shapes-for-broadcasting
