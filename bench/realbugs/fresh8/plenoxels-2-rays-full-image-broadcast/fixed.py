# realbug: plenoxels-2-rays-full-image-broadcast (fixed)
# source: https://github.com/sarafridov/plenoxels/issues/2
import jax.numpy as jnp

H, W, n_intersections = 8, 8, 16
rays_o = jnp.zeros((H, W, 3)).reshape(-1, 3)
rays_d = jnp.ones((H, W, 3)).reshape(-1, 3)
intersections = jnp.ones((H, W, n_intersections)).reshape(-1, n_intersections)
pts = rays_o[:, jnp.newaxis, :] + intersections[:, :, jnp.newaxis] * rays_d[:, jnp.newaxis, :]
