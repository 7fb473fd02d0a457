"""A trainer's step method applies its BatchNorm model in training mode with nothing mutable."""

# corpus: label=positive styles=attribute,method,return batch=s39
import jax
import jax.numpy as jnp
from flax import linen as nn


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(8)(x)
        return nn.BatchNorm(use_running_average=not train)(x)


def create(x):
    net = Net()
    return net, net.init(jax.random.key(0), x, train=False)


class Trainer:
    def __init__(self, net, variables):
        self.net = net
        self.variables = variables

    def step(self, x):
        out = self.net.apply(self.variables, x)  # expect: linen-apply-collection-immutable
        return out.mean()


x = jnp.ones((6, 3))
net, variables = create(x)
print(Trainer(net, variables).step(x))
