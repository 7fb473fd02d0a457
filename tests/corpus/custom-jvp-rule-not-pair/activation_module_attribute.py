"""A hand-rolled Module keeps its custom_jvp activation in an attribute; the rule returns one value."""
# corpus: label=positive styles=attribute,method

import jax
import jax.numpy as jnp


def _hard_swish(x):
    return x * jnp.clip(x + 3.0, 0.0, 6.0) / 6.0


def _hard_swish_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    slope = jnp.where(x < -3.0, 0.0, jnp.where(x > 3.0, 1.0, (2.0 * x + 3.0) / 6.0))
    return slope * t  # expect: custom-jvp-rule-not-pair


class Dense:
    def __init__(self, key, d_in, d_out):
        self.w = jax.random.normal(key, (d_in, d_out)) * 0.1
        self.activation = jax.custom_jvp(_hard_swish)
        self.activation.defjvp(_hard_swish_jvp)

    def __call__(self, w, x):
        return self.activation(x @ w)

    def loss(self, w, x, y):
        return jnp.mean((self(w, x) - y) ** 2)


layer = Dense(jax.random.key(0), 4, 2)
x = jnp.ones((8, 4))
y = jnp.zeros((8, 2))
print(jax.grad(layer.loss)(layer.w, x, y).shape)
