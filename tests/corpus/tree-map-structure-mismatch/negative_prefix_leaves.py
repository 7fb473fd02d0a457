# corpus: label=negative styles=helper,parameter
import jax
import jax.numpy as jnp


def scale_groups(scales, groups):
    return jax.tree.map(lambda s, g: jax.tree.map(lambda x: s * x, g), scales, groups)


scales = {"encoder": 0.5, "decoder": 2.0}
groups = {"encoder": [jnp.ones(2), jnp.ones(2)], "decoder": (jnp.ones(3),)}
scale_groups(scales, groups)
