"""The pair-returning helper is differentiated through a lambda that keeps the loss."""
# corpus: label=negative styles=helper,transform,return batch=d

import jax
import jax.numpy as jnp


def loss_and_count(w, x):
    residual = x @ w
    return jnp.mean(residual**2), residual.shape[0]


w = jnp.ones(3)
x = jnp.ones((5, 3))
print(jax.grad(lambda w: loss_and_count(w, x)[0])(w))
