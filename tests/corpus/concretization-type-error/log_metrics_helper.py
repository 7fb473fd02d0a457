"""A logging helper formats `float(loss)`; the jitted training step calls it."""
# corpus: label=positive styles=helper

import jax
import jax.numpy as jnp


def log_metrics(step, loss):
    print(f"step {step}: loss={float(loss):.4f}")  # expect: concretization-type-error


@jax.jit
def train_step(w, x, y):
    loss = jnp.mean((x @ w - y) ** 2)
    log_metrics(0, loss)
    return w - 0.1 * jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)


train_step(jnp.zeros(3), jnp.ones((4, 3)), jnp.ones(4))
