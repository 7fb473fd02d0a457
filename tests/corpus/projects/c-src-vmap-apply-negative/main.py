# corpus: rule=vmap-in-axes-length label=negative styles=module,helper,parameter batch=c
"""Per-example predictions and losses: the in_axes built by the helper match the arguments,
and the extra target goes by keyword (mapped over axis 0)."""

import jax.numpy as jnp
from batching import per_example


def predict(params, x):
    return x @ params


def loss(params, x, y):
    return (x @ params - y) ** 2


params = jnp.ones(3)
xs, ys = jnp.ones((5, 3)), jnp.zeros(5)
print(per_example(predict)(params, xs))
print(per_example(loss, batched=(0, 0))(params, xs, ys))
print(per_example(loss)(params, xs, y=ys))
