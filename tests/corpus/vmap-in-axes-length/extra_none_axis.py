"""in_axes lists three entries for a two-parameter loss (a leftover `None` for a removed argument)."""
# corpus: label=positive styles=direct

import jax
import jax.numpy as jnp


def example_loss(params, x):
    return jnp.sum((x @ params["w"]) ** 2)


params = {"w": jnp.ones((3, 2))}
batch = jnp.ones((8, 3))
per_example = jax.vmap(example_loss, in_axes=(None, 0, None))(  # expect: vmap-in-axes-length
    params, batch
)
print(per_example)
