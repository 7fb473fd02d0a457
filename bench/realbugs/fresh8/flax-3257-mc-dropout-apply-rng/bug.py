# realbug: flax-3257-mc-dropout-apply-rng
# source: https://github.com/google/flax/issues/3257
# kind: library-contract
# raises: InvalidRngError: Dropout_0 needs PRNG for "dropout"
# A ResNet block with an always-on (Monte Carlo) `nn.Dropout`, applied without a "dropout"
# key (flax 0.12's `init` falls back to the params key; `apply` has none); the report's trainer
# is reduced to `init` and one `apply`, and the ResNet to one block.
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
model = ResNetBlock(c_out=4)
params = model.init(rng, jnp.ones((1, 8, 8, 4)))
out = model.apply(params, jnp.ones((1, 8, 8, 4)))  # BUG
