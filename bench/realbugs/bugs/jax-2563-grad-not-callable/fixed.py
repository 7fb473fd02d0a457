# realbug: jax-2563-grad-not-callable (fixed)
# source: https://github.com/jax-ml/jax/pull/2563
import jax
import jax.numpy as jnp


def loss(w):
    return jnp.sum(w**2)


w = jnp.ones(3)
grads = jax.grad(loss)(w)
print(grads)
