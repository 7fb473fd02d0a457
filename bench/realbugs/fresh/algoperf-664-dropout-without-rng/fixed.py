# realbug: algoperf-664-dropout-without-rng (fixed)
# source: https://github.com/mlcommons/algorithmic-efficiency/issues/664
import jax
import jax.numpy as jnp
import flax.linen as nn


class ConvBlock(nn.Module):
    out_channels: int
    dropout_rate: float = 0.1

    @nn.compact
    def __call__(self, x, train=True):
        x = nn.Conv(self.out_channels, kernel_size=(3, 3))(x)
        x = nn.relu(x)
        x = nn.Dropout(self.dropout_rate, deterministic=not train)(x)
        return x


model = ConvBlock(4)
x = jnp.ones((1, 8, 8, 2))
variables = model.init({"params": jax.random.PRNGKey(0)}, x, train=False)
out = model.apply(variables, x, train=True, rngs={"dropout": jax.random.PRNGKey(1)})
print(out.shape)
