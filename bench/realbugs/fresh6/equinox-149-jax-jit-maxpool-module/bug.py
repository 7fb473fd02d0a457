# realbug: equinox-149-jax-jit-maxpool-module
# source: https://github.com/patrick-kidger/equinox/issues/149
# kind: jit-argument
# raises: TypeError: Error interpreting argument to .* as an abstract array
# The report's script (custom_types import dropped): jax.jit over a Module whose MaxPool2d holds
# a function (its `operation`) as a pytree leaf.
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


@jax.jit  # breaks
# @eqx.filter_jit  # works
def forward(model, x):
    return jax.vmap(model)(x)


model = Net()
random_image = jax.random.uniform(key=jrandom.PRNGKey(0), shape=(1, 3, 224, 224))
output = forward(model, random_image)  # BUG
print(output.shape)
