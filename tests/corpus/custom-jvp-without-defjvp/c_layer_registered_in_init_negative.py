# corpus: label=negative styles=attribute,method batch=c
"""The layer wraps its nonlinearity in __init__ and registers the rule there too."""

import jax
import jax.numpy as jnp


def _mish(x):
    return x * jnp.tanh(jax.nn.softplus(x))


def _mish_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _mish(x), jax.grad(_mish)(x) * t


class Dense:
    def __init__(self, n_in, n_out, key):
        self.w = jax.random.normal(key, (n_in, n_out)) * 0.1
        self.act = jax.custom_jvp(_mish)
        self.act.defjvp(_mish_jvp)

    def __call__(self, x):
        return self.act(x @ self.w)


layer = Dense(4, 2, jax.random.key(0))
print(layer(jnp.ones((3, 4))))
