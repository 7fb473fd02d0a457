"""A base module checks its input in a method a subclass inherits; the subclass instance is called under jit."""
# corpus: label=positive styles=method,attribute batch=s25

import jax
import jax.numpy as jnp


class Module:
    def check(self, x):
        if jnp.isnan(x).any():  # expect: tracer-bool-conversion-error
            raise ValueError("nan input")
        return x

    def __call__(self, x):
        return self.forward(self.check(x))


class LayerNorm(Module):
    def __init__(self, eps=1e-5):
        self.eps = eps

    def forward(self, x):
        mu = x.mean(-1, keepdims=True)
        return (x - mu) / jnp.sqrt(x.var(-1, keepdims=True) + self.eps)


norm = LayerNorm()
print(jax.jit(lambda x: norm(x))(jnp.ones((2, 4))))
