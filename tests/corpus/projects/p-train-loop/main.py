"""A jitted step in main.py over a model module and a data generator module branches on the loss value."""

# corpus: rule=tracer-bool-conversion-error label=positive styles=module,helper
import jax
import jax.numpy as jnp
import model
from data import batches


def loss(params, x):
    return jnp.mean(model.predict(params, x) ** 2)


@jax.jit
def step(params, x):
    value, grads = jax.value_and_grad(loss)(params, x)
    if value > 1.0:  # expect: tracer-bool-conversion-error
        grads = jax.tree_util.tree_map(lambda g: g / value, grads)
    return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)


params = model.init(4, 8)
for x in batches(3, 2, 4):
    params = step(params, x)
