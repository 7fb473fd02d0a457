# realbug: equinox-149-jax-jit-maxpool-module (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/149
import jax
import jax.random as jrandom
import equinox as eqx
import equinox.nn as nn


class Net(eqx.Module):
    maxp: eqx.Module

    def __init__(self):
        super().__init__()
        self.maxp = nn.MaxPool2d(kernel_size=3, stride=2)

    def __call__(self, x):
        return self.maxp(x)


@eqx.filter_jit
def forward(model, x):
    return jax.vmap(model)(x)


model = Net()
random_image = jax.random.uniform(key=jrandom.PRNGKey(0), shape=(1, 3, 224, 224))
output = forward(model, random_image)
print(output.shape)
