# realbug: deepmind-research-171-haiku-module-outside-transform (fixed)
# source: https://github.com/google-deepmind/deepmind-research/issues/171
import haiku as hk
import jax
import jax.numpy as jnp


class NFNet(hk.Module):
    def __init__(self, num_classes, name=None):
        super().__init__(name=name)
        self.num_classes = num_classes

    def __call__(self, x):
        return hk.Linear(self.num_classes)(x)


model = hk.transform(lambda x: NFNet(num_classes=5)(x))
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 4)))
