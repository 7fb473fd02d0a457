"""The dict init returned passed on as the params, as code for the old flax API did."""

# corpus: label=positive styles=direct batch=s39
import jax
import jax.numpy as jnp
from flax import linen as nn


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Conv(8, (3,))(x)
        return nn.Dense(2)(x.reshape((x.shape[0], -1)))


model = CNN()
batch = jnp.ones((4, 16, 1))
params = model.init(jax.random.key(0), batch)
logits = model.apply({"params": params}, batch)  # expect: linen-apply-variables-nested
