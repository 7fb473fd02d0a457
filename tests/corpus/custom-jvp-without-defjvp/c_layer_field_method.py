# corpus: label=positive styles=attribute,method batch=c
"""A layer wraps its nonlinearity with jax.custom_jvp in __init__ and calls it in __call__."""

import jax
import jax.numpy as jnp


def _mish(x):
    return x * jnp.tanh(jax.nn.softplus(x))


class Dense:
    def __init__(self, n_in, n_out, key):
        self.w = jax.random.normal(key, (n_in, n_out)) * 0.1
        self.b = jnp.zeros(n_out)
        self.act = jax.custom_jvp(_mish)  # expect: custom-jvp-without-defjvp

    def __call__(self, x):
        return self.act(x @ self.w + self.b)


layer = Dense(4, 2, jax.random.key(0))
print(layer(jnp.ones((3, 4))))
