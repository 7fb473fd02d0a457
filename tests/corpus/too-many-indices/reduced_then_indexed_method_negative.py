# corpus: label=negative styles=method,return
import jax.numpy as jnp


class Stats:
    def __init__(self, samples):
        self.samples = samples

    def means(self):
        return jnp.mean(self.samples, axis=1, keepdims=True)

    def first_feature(self):
        return self.means()[:, 0, 0]


Stats(jnp.ones((10, 5, 3))).first_feature()
