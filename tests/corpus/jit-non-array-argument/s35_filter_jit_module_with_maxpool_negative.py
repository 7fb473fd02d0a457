"""The same forward pass under eqx.filter_jit, which leaves the pool's function static."""
# corpus: label=negative styles=attribute batch=s35

import equinox as eqx
import jax
import jax.numpy as jnp


class Encoder(eqx.Module):
    conv: eqx.nn.Conv2d
    pool: eqx.nn.MaxPool2d

    def __init__(self, key):
        self.conv = eqx.nn.Conv2d(3, 4, kernel_size=3, key=key)
        self.pool = eqx.nn.MaxPool2d(kernel_size=2, stride=2)

    def __call__(self, x):
        return self.pool(self.conv(x))


@eqx.filter_jit
def forward(model, images):
    return jax.vmap(model)(images)


model = Encoder(jax.random.PRNGKey(0))
print(forward(model, jnp.ones((2, 3, 16, 16))).shape)
