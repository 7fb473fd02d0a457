# corpus: label=negative styles=helper batch=c
"""The logging helper runs on the metrics the jitted step returns, outside jit."""

import jax
import jax.numpy as jnp


def log_metrics(step, metrics):
    parts = [f"{name}={float(value):.4f}" for name, value in metrics.items()]
    print(f"step {step}: " + " ".join(parts))


@jax.jit
def train_step(w, x, y):
    loss, grad = jax.value_and_grad(lambda w_: jnp.mean((x @ w_ - y) ** 2))(w)
    return w - 0.1 * grad, {"loss": loss, "grad_norm": jnp.linalg.norm(grad)}


w = jnp.zeros(3)
for step in range(2):
    w, metrics = train_step(w, jnp.ones((4, 3)), jnp.ones(4))
    log_metrics(step, metrics)
