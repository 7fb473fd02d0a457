# realbug: flax-3279-apply-method-field-module
# source: https://github.com/google/flax/issues/3279
# kind: library-contract
# raises: CallCompactUnboundModuleError: Can't call compact methods on unbound modules
# The report calls `mya.apply(v, jnp.zeros(3), method=mya.b)` where `b` is a submodule held as
# a field; the two modules are filled in.
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
mya.apply(v, jnp.zeros(3), method=mya.b)  # BUG
