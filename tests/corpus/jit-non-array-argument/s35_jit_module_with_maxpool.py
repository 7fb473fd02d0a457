"""jax.jit of a forward pass whose equinox model holds an eqx.nn.MaxPool2d layer."""
# corpus: label=positive styles=attribute batch=s35

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


@jax.jit
def forward(model, images):
    return jax.vmap(model)(images)


model = Encoder(jax.random.PRNGKey(0))
print(forward(model, jnp.ones((2, 3, 16, 16))).shape)  # expect: jit-non-array-argument
