"""A classifier initialised in evaluation mode, then applied for training without its dropout key."""

# corpus: label=positive styles=parameter batch=s39
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
logits = model.apply(variables, batch, training=True)  # expect: linen-apply-rng-missing
