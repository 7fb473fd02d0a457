"""grad of a loss helper that returns the per-example squared errors."""

# corpus: label=positive styles=helper,transform
import jax
import jax.numpy as jnp


def predict(w, x):
    return x @ w


def losses(w, x, y):
    return (predict(w, x) - y) ** 2


w, x, y = jnp.zeros(3), jnp.ones((4, 3)), jnp.ones(4)
grads = jax.grad(losses)(w, x, y)  # expect: grad-non-scalar-output
