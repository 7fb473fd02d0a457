"""The inherited input check, run eagerly (no jit), where the array has a value."""
# corpus: label=negative styles=method,attribute batch=s25

import jax.numpy as jnp


class Module:
    def check(self, x):
        if jnp.isnan(x).any():
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
print(norm(jnp.ones((2, 4))))
