"""A loss helper given the train flag as a parameter applies the model with it, nothing mutable."""

# corpus: label=positive styles=parameter,helper batch=s39
import jax
import jax.numpy as jnp
from flax import linen as nn


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        return nn.BatchNorm(use_running_average=not train, axis=-1)(nn.Dense(4)(x))


def loss(net, variables, x, train):
    out = net.apply(variables, x, train=train)  # expect: linen-apply-collection-immutable
    return jnp.mean(out**2)


net = Net()
x = jnp.ones((5, 2))
variables = net.init(jax.random.key(1), x, train=False)
print(loss(net, variables, x, True))
