"""The loss is printed with `jax.debug.print` inside jit, and `float()` / `.item()` only on the result."""
# corpus: label=negative styles=helper,return

import jax
import jax.numpy as jnp


def log_metrics(step, loss):
    print(f"step {step}: loss={float(loss):.4f} ({loss.item():.2e})")


@jax.jit
def train_step(w, x, y):
    loss, grad = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    jax.debug.print("traced loss {l}", l=loss)
    return w - 0.1 * grad, loss


w = jnp.zeros(3)
for step in range(2):
    w, loss = train_step(w, jnp.ones((4, 3)), jnp.ones(4))
    log_metrics(step, loss)
