"""A Linen regressor initialised on a dummy row of the data's width, then used on the data."""

# corpus: label=negative styles=helper,method batch=s41
import flax.linen as nn
import jax
import jax.numpy as jnp

N_FEATURES = 6


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(x).squeeze(-1)


def make_params(model, key):
    return model.init(key, jnp.zeros((1, N_FEATURES)))["params"]


model = Regressor()
params = make_params(model, jax.random.PRNGKey(0))
data = jnp.ones((16, N_FEATURES))
preds = model.apply({"params": params}, data)
