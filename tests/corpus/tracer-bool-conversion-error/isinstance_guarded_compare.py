"""`isinstance(scalar, (float, int)) and scalar == 1.0` is False for a tracer before it compares."""
# corpus: label=negative styles=helper
# realcode: cause K

import jax
import jax.numpy as jnp


def scale(tree, scalar):
    if isinstance(scalar, (float, int)) and scalar == 1.0:
        return tree
    return jax.tree.map(lambda x: x * scalar, tree)


@jax.jit
def step(params, factor):
    return scale(params, factor)


step({"w": jnp.ones(2)}, 2.0)
