"""The penalty function is a (static) parameter of the jitted loss; its Huber branch is a Python `if`."""
# corpus: label=positive styles=parameter,helper

import jax
import jax.numpy as jnp


def huber(err, delta=1.0):
    if jnp.abs(err) <= delta:  # expect: tracer-bool-conversion-error
        return 0.5 * err**2
    return delta * (jnp.abs(err) - 0.5 * delta)


def mean_loss(pred, target, penalty):
    return jnp.mean(jax.vmap(penalty)(pred - target))


loss = jax.jit(mean_loss, static_argnums=2)
pred = jnp.array([0.1, 2.5, -0.3])
target = jnp.zeros(3)
print(loss(pred, target, huber))
