"""The trainer takes the gradient of the element-wise Huber loss."""
# corpus: rule=grad-non-scalar-output label=positive styles=module,helper

import jax
import jax.numpy as jnp
from losses import huber


def loss_fn(w, x, y):
    return huber(x @ w, y)


w = jnp.zeros(4)
grads = jax.grad(loss_fn)(w, jnp.ones((32, 4)), jnp.ones(32))  # expect: grad-non-scalar-output
