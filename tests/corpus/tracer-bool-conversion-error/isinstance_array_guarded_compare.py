"""The guard also accepts `jax.Array`, so under jit `scalar == 1.0` is tested on a tracer."""
# corpus: label=positive styles=helper
# realcode: cause K

import jax
import jax.numpy as jnp


def scale(tree, scalar):
    is_number = isinstance(scalar, (float, int, jax.Array))
    if is_number and scalar == 1.0:  # expect: tracer-bool-conversion-error
        return tree
    return jax.tree.map(lambda x: x * scalar, tree)


@jax.jit
def step(params, factor):
    return scale(params, factor)


step({"w": jnp.ones(2)}, 2.0)
