# realbug: jax-1027-jit-not-callable
# source: https://github.com/jax-ml/jax/issues/1027
# kind: not-callable
# raises: TypeError: Expected a callable value
import jax
import jax.numpy as jnp


def loss(params, x):
    return jnp.sum((params * x) ** 2)


params = jnp.ones(3)
x = jnp.arange(3.0)
fast_loss = jax.jit(loss(params, x))  # BUG
print(fast_loss(params, x))
