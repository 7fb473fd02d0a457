"""The classifier applied in evaluation mode, and for training with a fresh dropout key."""

# corpus: label=negative styles=parameter batch=s39
import jax
import jax.numpy as jnp
from flax import linen as nn


class Classifier(nn.Module):
    classes: int = 10

    @nn.compact
    def __call__(self, x, training: bool = False):
        x = nn.Dense(32)(x)
        x = nn.Dropout(0.5, deterministic=not training)(x)
        return nn.Dense(self.classes)(x)


model = Classifier()
batch = jnp.ones((16, 20))
variables = model.init(jax.random.key(0), batch)
evaluated = model.apply(variables, batch)
trained = model.apply(variables, batch, training=True, rngs={"dropout": jax.random.key(3)})
zero_rate = nn.Dropout(0.0, deterministic=False).apply({}, batch)
