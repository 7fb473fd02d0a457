"""static_argnums counted from one: `training` is the third parameter, index 2, not 3."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp


def train_step(params, batch, training):
    x, y = batch
    scale = 0.5 if training else 1.0
    return jnp.mean((x @ params * scale - y) ** 2)


step = jax.jit(train_step, static_argnums=3)  # expect: jit-static-argnums-out-of-range
print(step(jnp.ones((3, 1)), (jnp.ones((4, 3)), jnp.zeros((4, 1))), True))
