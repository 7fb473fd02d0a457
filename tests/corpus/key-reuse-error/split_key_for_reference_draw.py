"""A test hands the layer one half of a split and draws its reference noise from the other."""
# corpus: label=negative styles=attribute,method

import jax
import jax.numpy as jnp


class GaussianNoise:
    def __init__(self, key):
        self.key = key

    def __call__(self, x):
        return x + jax.random.normal(self.key, x.shape)


def test_noise_has_spread():
    layer_key, reference_key = jax.random.split(jax.random.key(7))
    out = GaussianNoise(layer_key)(jnp.zeros((256,)))
    reference = jax.random.normal(reference_key, (256,))
    assert abs(float(out.std()) - float(reference.std())) < 0.3


with jax.debug_key_reuse(True):
    test_noise_has_spread()
