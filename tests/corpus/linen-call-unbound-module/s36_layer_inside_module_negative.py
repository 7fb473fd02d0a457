"""Heads made and called inside a module's compact method, then the model applied."""

# corpus: label=negative styles=method,module batch=s36
import jax
import jax.numpy as jnp
from flax import linen as nn


class Heads(nn.Module):
    @nn.compact
    def __call__(self, hidden):
        heads = {"policy": nn.Dense(4), "value": nn.Dense(1)}
        return heads["policy"](hidden), heads["value"](hidden)


hidden = jnp.ones((2, 16))
model = Heads()
variables = model.init(jax.random.PRNGKey(0), hidden)
policy, value = model.apply(variables, hidden)
