# realbug: jnormcorre-11-vmap-in-axes-tuple-for-list (fixed)
# source: https://github.com/apasarkar/jnormcorre/issues/11
from jax import jit, vmap
import jax.numpy as jnp
from jax.typing import ArrayLike


def _register_to_template_1p_rigid(img: ArrayLike, img_filtered: ArrayLike, template: ArrayLike,
                                   max_shifts: tuple[int, int], add_to_movie: ArrayLike):
    img = jnp.add(img, add_to_movie).astype(jnp.float32)
    template = jnp.add(template, add_to_movie).astype(jnp.float32)
    shifts = jnp.clip(jnp.mean(img_filtered - template), -max_shifts[0], max_shifts[1])
    return img - shifts, shifts


register_frames_to_template_1p_rigid = jit(
    vmap(_register_to_template_1p_rigid, in_axes=(0, 0, None, None, None)))

frames = jnp.ones((8, 32, 32))
frames_filtered = jnp.ones((8, 32, 32))
template = jnp.zeros((32, 32))
max_shifts = [6, 6]
add_to_movie = 0.0
registered, shifts = register_frames_to_template_1p_rigid(
    frames, frames_filtered, template, max_shifts, add_to_movie)
