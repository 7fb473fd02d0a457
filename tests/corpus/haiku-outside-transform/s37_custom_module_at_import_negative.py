"""The classifier built inside the function given to hk.transform."""

# corpus: label=negative styles=direct batch=s37

import haiku as hk
import jax
import jax.numpy as jnp


class Classifier(hk.Module):
    def __init__(self, num_classes, name=None):
        super().__init__(name=name)
        self.num_classes = num_classes

    def __call__(self, x):
        x = hk.Linear(32)(x)
        return hk.Linear(self.num_classes)(jnp.tanh(x))


class Deeper(Classifier):
    pass


model = hk.transform(lambda x: Deeper(num_classes=10)(x))
params = model.init(jax.random.PRNGKey(0), jnp.ones((2, 5)))
