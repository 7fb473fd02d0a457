# corpus: label=positive styles=attribute,method batch=s33
import equinox as eqx
import jax
import jax.numpy as jnp


class Stem(eqx.Module):
    conv: eqx.nn.Conv2d

    def __init__(self, key):
        self.conv = eqx.nn.Conv2d(3, 16, kernel_size=3, padding=1, key=key)

    def __call__(self, image):
        return jax.nn.relu(self.conv(image))  # expect: conv-lhs-feature-dimension-mismatch


stem = Stem(jax.random.PRNGKey(0))
picture = jnp.ones((32, 32, 3))
features = stem(picture)
