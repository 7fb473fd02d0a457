"""static_argnums=2 for `training`, the third parameter: in range."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp


def train_step(params, batch, training):
    x, y = batch
    scale = 0.5 if training else 1.0
    return jnp.mean((x @ params * scale - y) ** 2)


step = jax.jit(train_step, static_argnums=2)
print(step(jnp.ones((3, 1)), (jnp.ones((4, 3)), jnp.zeros((4, 1))), True))
