# realbug: flax-3279-apply-method-field-module (fixed)
# source: https://github.com/google/flax/issues/3279
import jax
import jax.numpy as jnp
import flax.linen as nn


class B(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(2)(x)


class A(nn.Module):
    b: nn.Module

    @nn.compact
    def __call__(self, x):
        return self.b(x)


mya = A(b=B())
v = mya.init(jax.random.PRNGKey(0), jnp.zeros(3))
mya.apply(v, jnp.zeros(3), method=lambda m, x: m.b(x))
