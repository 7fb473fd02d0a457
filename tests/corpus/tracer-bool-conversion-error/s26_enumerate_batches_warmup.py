"""A training loop over `enumerate(batches)` passes the step index to a jitted step, whose learning-rate helper branches on it with `if`."""
# corpus: label=positive styles=parameter,helper batch=s26

import jax
import jax.numpy as jnp


def learning_rate(step, warmup=2, peak=0.1):
    if step < warmup:  # expect: tracer-bool-conversion-error
        return peak * (step + 1) / warmup
    return peak


@jax.jit
def train_step(w, batch, step):
    grad = jax.grad(lambda w: jnp.mean((batch @ w) ** 2))(w)
    return w - learning_rate(step) * grad


w = jnp.ones(3)
batches = [jnp.ones((4, 3)) for _ in range(6)]
for step, batch in enumerate(batches):
    w = train_step(w, batch, step)
print(w)
