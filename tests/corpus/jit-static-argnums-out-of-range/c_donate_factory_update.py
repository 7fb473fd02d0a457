# corpus: label=positive styles=attribute,return batch=c
"""An update function comes from a factory; jit is asked to donate a third buffer it does not
take."""

import jax
import jax.numpy as jnp


def make_sgd_update(learning_rate):
    def update(params, grads):
        return jax.tree_util.tree_map(lambda p, g: p - learning_rate * g, params, grads)

    return update


update = jax.jit(  # expect: jit-static-argnums-out-of-range
    make_sgd_update(0.05), donate_argnums=(0, 2)
)
params = {"w": jnp.ones(3)}
print(update(params, {"w": jnp.full(3, 0.5)}))
