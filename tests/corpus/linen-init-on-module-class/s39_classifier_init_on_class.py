"""A classifier initialised and applied through its class name in a training script."""

# corpus: label=positive styles=direct batch=s39

import jax
import jax.numpy as jnp
from flax import linen as nn


class Classifier(nn.Module):
    num_classes: int = 10

    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(32)(x))
        return nn.Dense(self.num_classes)(x)


rng, init_rng = jax.random.split(jax.random.PRNGKey(0))
batch = jnp.ones((4, 784))
variables = Classifier.init(init_rng, batch)  # expect: linen-init-on-module-class
logits = Classifier().apply(variables, batch)
