# realbug: equinox-1127-jax-jit-mlp-activation
# source: https://github.com/patrick-kidger/equinox/issues/1127
# kind: non-array-argument
# raises: TypeError: Error interpreting argument to .* as an abstract array
import equinox as eqx
import jax
import jax.numpy as jnp

key = jax.random.key(0)
m1 = eqx.nn.MLP(4, 4, 64, 2, jax.nn.gelu, key=key)


@jax.jit  # BUG
def f(model, x):
    return model(x)


f(m1, jnp.arange(4))  # BUG
