"""A training step takes jax.grad of an equinox Module that keeps its activation as a field."""
# corpus: label=positive styles=attribute,transform batch=s35

import equinox as eqx
import jax
import jax.numpy as jnp


class Net(eqx.Module):
    weight: jax.Array
    bias: jax.Array
    activation: object

    def __init__(self, size, key):
        self.weight = jax.random.normal(key, (size, size))
        self.bias = jnp.zeros(size)
        self.activation = jax.nn.gelu

    def __call__(self, x):
        return self.activation(self.weight @ x + self.bias)


def loss(net, x, y):
    return jnp.mean((net(x) - y) ** 2)


net = Net(4, jax.random.PRNGKey(0))
x, y = jnp.ones(4), jnp.zeros(4)
grads = jax.grad(loss)(net, x, y)  # expect: argument-of-type-is-not-a-valid-jax-type
