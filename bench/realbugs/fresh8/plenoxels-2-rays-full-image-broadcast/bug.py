# realbug: plenoxels-2-rays-full-image-broadcast
# source: https://github.com/sarafridov/plenoxels/issues/2
# kind: broadcast
# raises: TypeError: mul got incompatible shapes for broadcasting
# `render_rays`'s line from the report, reached with rays of a whole image (H, W, 3) where the
# code expects a flat batch of rays (n_rays, 3); sizes scaled down (800 -> 8, 1536 -> 16).
import jax.numpy as jnp

H, W, n_intersections = 8, 8, 16
rays_o = jnp.zeros((H, W, 3))
rays_d = jnp.ones((H, W, 3))
intersections = jnp.ones((H, W, n_intersections))
pts = rays_o[:, jnp.newaxis, :] + intersections[:, :, jnp.newaxis] * rays_d[:, jnp.newaxis, :]  # BUG
