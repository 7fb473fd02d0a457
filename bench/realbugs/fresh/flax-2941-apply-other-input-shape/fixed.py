# realbug: flax-2941-apply-other-input-shape (fixed)
# source: https://github.com/google/flax/issues/2941
import jax
import jax.numpy as jnp
import flax.linen as nn


class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(x)


model = Model()
params = model.init(jax.random.PRNGKey(0), jnp.ones(5))["params"]
print(model.apply({"params": params}, jnp.ones(5)))
