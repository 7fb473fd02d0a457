# realbug: jax-1027-jit-not-callable (fixed)
# source: https://github.com/jax-ml/jax/issues/1027
import jax
import jax.numpy as jnp


def loss(params, x):
    return jnp.sum((params * x) ** 2)


params = jnp.ones(3)
x = jnp.arange(3.0)
fast_loss = jax.jit(loss)
print(fast_loss(params, x))
