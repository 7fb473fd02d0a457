"""Points along rays, the image's rays flattened to a batch first."""

# corpus: label=negative styles=direct batch=s37

import jax.numpy as jnp
import numpy as np

H, W, samples = 4, 6, 8
origins = jnp.zeros((H, W, 3)).reshape(-1, 3)
directions = jnp.ones((H, W, 3)).reshape(-1, 3)
t = jnp.linspace(0.0, 1.0, samples) * jnp.ones((H * W, 1))
points = origins[:, np.newaxis, :] + t[..., np.newaxis] * directions[:, np.newaxis, :]
print(points.shape)
