# corpus: label=positive styles=attribute,method
import jax
import jax.numpy as jnp


class EMA:
    def __init__(self, params):
        self.shadow = [p for p in params]
        self.shadow = [params[0], params[1]]

    def update(self, params, decay=0.9):
        return jax.tree_util.tree_map(  # expect: tree-map-structure-mismatch
            lambda s, p: decay * s + (1 - decay) * p, self.shadow, params
        )


params = (jnp.ones(2), jnp.zeros(2))
EMA(params).update(params)
