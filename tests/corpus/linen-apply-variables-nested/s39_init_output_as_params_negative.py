"""init's dict passed as it is, and its params entry wrapped once."""

# corpus: label=negative styles=direct batch=s39
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
variables = model.init(jax.random.key(0), batch)
logits = model.apply(variables, batch)
params = variables["params"]
again = model.apply({"params": params}, batch)
