"""A Module wraps its activation with jax.custom_jvp in __init__ but never calls defjvp."""
# corpus: label=positive styles=attribute,method

import jax
import jax.numpy as jnp


def gelu_tanh(x):
    return 0.5 * x * (1.0 + jnp.tanh(0.7978845608 * (x + 0.044715 * x**3)))


class FeedForward:
    def __init__(self, key, d_model, d_hidden):
        k1, k2 = jax.random.split(key)
        self.w_in = jax.random.normal(k1, (d_model, d_hidden)) * 0.02
        self.w_out = jax.random.normal(k2, (d_hidden, d_model)) * 0.02
        self.act = jax.custom_jvp(gelu_tanh)  # expect: custom-jvp-without-defjvp

    def __call__(self, x):
        return self.act(x @ self.w_in) @ self.w_out


ff = FeedForward(jax.random.key(1), 8, 32)
print(ff(jnp.ones((3, 8))).shape)
