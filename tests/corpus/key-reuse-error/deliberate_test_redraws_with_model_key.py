"""A test checks a noise layer by redrawing the noise it expects from the layer's own key."""
# corpus: label=positive styles=attribute,method

import jax
import jax.numpy as jnp


class GaussianNoise:
    def __init__(self, key, scale):
        self.key = key
        self.scale = scale

    def __call__(self, x):
        return x + self.scale * jax.random.normal(self.key, x.shape)


def test_noise_is_scaled():
    key = jax.random.key(7)
    layer = GaussianNoise(key, scale=0.5)
    x = jnp.zeros((4,))
    out = layer(x)
    expected = 0.5 * jax.random.normal(key, x.shape)  # expect: key-reuse-error
    assert jnp.allclose(out, expected)


with jax.debug_key_reuse(True):
    test_noise_is_scaled()
