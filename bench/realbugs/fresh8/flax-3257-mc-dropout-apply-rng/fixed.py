# realbug: flax-3257-mc-dropout-apply-rng (fixed)
# source: https://github.com/google/flax/issues/3257
import jax
import jax.numpy as jnp
import flax.linen as nn


class ResNetBlock(nn.Module):
    c_out: int

    @nn.compact
    def __call__(self, x):
        z = nn.Conv(self.c_out, kernel_size=(3, 3))(x)
        z = nn.relu(z)
        z = nn.Dropout(rate=0.1, deterministic=False)(z)
        return nn.relu(z + x)


rng = jax.random.PRNGKey(42)
params_rng, dropout_rng = jax.random.split(rng)
model = ResNetBlock(c_out=4)
params = model.init(params_rng, jnp.ones((1, 8, 8, 4)))
out = model.apply(params, jnp.ones((1, 8, 8, 4)), rngs={"dropout": dropout_rng})
