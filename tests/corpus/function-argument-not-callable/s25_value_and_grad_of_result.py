"""value_and_grad is handed the loss value instead of the loss function."""
# corpus: label=positive styles=helper,transform batch=s25

import jax
import jax.numpy as jnp


def loss_fn(w, x):
    return jnp.sum((x @ w) ** 2)


def train_step(w, x):
    loss, g = jax.value_and_grad(loss_fn(w, x))(w, x)  # expect: function-argument-not-callable
    return w - 0.1 * g, loss


print(train_step(jnp.ones(3), jnp.ones((2, 3))))
