# corpus: label=positive styles=helper batch=c
"""A logging helper formats metrics with float(); it is called inside the jitted train step."""

import jax
import jax.numpy as jnp


def log_metrics(step, metrics):
    parts = [f"{k}={float(v):.4f}" for k, v in metrics.items()]  # expect: concretization-type-error
    print(f"step {step}: " + " ".join(parts))


@jax.jit
def train_step(w, x, y):
    loss, grad = jax.value_and_grad(lambda w_: jnp.mean((x @ w_ - y) ** 2))(w)
    log_metrics(0, {"loss": loss, "grad_norm": jnp.linalg.norm(grad)})
    return w - 0.1 * grad


train_step(jnp.zeros(3), jnp.ones((4, 3)), jnp.ones(4))
