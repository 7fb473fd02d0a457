"""A parameter store converts its tree with `jax.tree.map`, then replaces entries of its dicts and lists."""
# corpus: label=negative styles=attribute,method
# realcode: cause M

import jax
import jax.numpy as jnp
import numpy as np


class ParamStore:
    def __init__(self, params):
        self.params = jax.tree.map(jnp.asarray, params)
        self.opt_state = jax.tree.map(jnp.zeros_like, self.params)

    def freeze(self, name):
        self.params[name] = jax.tree.map(jax.lax.stop_gradient, self.params[name])
        self.opt_state[name]["frozen"] = True

    def replace_block(self, i, block):
        self.params["blocks"][i] = jnp.asarray(block)


store = ParamStore(
    {"embed": {"w": np.ones((4, 2))}, "blocks": [np.zeros(2), np.zeros(2)]},
)
store.freeze("embed")
store.replace_block(1, np.ones(2))
