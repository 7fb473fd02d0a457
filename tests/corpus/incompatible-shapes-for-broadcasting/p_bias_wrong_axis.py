"""A dense layer whose bias is sized by its input width, not its output width."""

# corpus: label=positive styles=attribute,method
import jax
import jax.numpy as jnp


class Dense:
    def __init__(self, key, din, dout):
        self.w = jax.random.normal(key, (din, dout))
        self.b = jnp.zeros(din)

    def __call__(self, x):
        return x @ self.w + self.b  # expect: incompatible-shapes-for-broadcasting


Dense(jax.random.key(0), 4, 3)(jnp.ones((2, 4)))
