"""A factory's jitted step converts its loss to a NumPy array for its history."""

# corpus: label=positive styles=return,transform
import jax
import jax.numpy as jnp
import numpy as np


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def make_step(lr):
    def step(w, x, y):
        loss, g = jax.value_and_grad(loss_fn)(w, x, y)
        history = np.asarray(loss)  # expect: tracer-array-conversion-error
        return w - lr * g, history

    return jax.jit(step)


step = make_step(0.1)
w = jnp.zeros(3)
w, _ = step(w, jnp.ones((5, 3)), jnp.ones(5))
