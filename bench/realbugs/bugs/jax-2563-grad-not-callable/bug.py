# realbug: jax-2563-grad-not-callable
# source: https://github.com/jax-ml/jax/pull/2563
# kind: not-callable
# raises: TypeError: Expected a callable value
import jax
import jax.numpy as jnp


def loss(w):
    return jnp.sum(w**2)


w = jnp.ones(3)
grads = jax.grad(loss(w))(w)  # BUG
print(grads)
