# realbug: clip-italian-19-broadcast-positions (fixed)
# source: https://github.com/clip-italian/clip-italian/issues/19
import jax
import jax.numpy as jnp


def embed(pixel_values, position_embedding):
    return pixel_values + position_embedding[:, : pixel_values.shape[1]]


batch, patches, dim = 4, 50, 32
pixels = jnp.ones((batch, patches, dim))
positions = jnp.zeros((1, 145, dim))
print(jax.jit(embed)(pixels, positions).shape)
