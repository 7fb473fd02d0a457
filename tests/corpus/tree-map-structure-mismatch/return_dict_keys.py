# corpus: label=positive styles=return,helper
import jax
import jax.numpy as jnp


def init_state():
    return {"mu": jnp.zeros(3), "nu": jnp.zeros(3)}


def zeros_like_params():
    return {"mu": jnp.zeros(3), "count": jnp.zeros(())}


state = init_state()
jax.tree.map(lambda a, b: a + b, state, zeros_like_params())  # expect: tree-map-structure-mismatch
