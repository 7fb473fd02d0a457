"""Two Linen convolutions of different widths, each applied with its own variables."""

# corpus: label=negative styles=helper,parameter batch=s41
import jax
import jax.numpy as jnp
from flax import linen as nn

images = jnp.ones((2, 8, 8, 3))
narrow = nn.Conv(features=8, kernel_size=(3, 3))
wide = nn.Conv(features=16, kernel_size=(3, 3))
narrow_vars = narrow.init(jax.random.PRNGKey(0), images)
wide_vars = wide.init(jax.random.PRNGKey(1), images)


def features(layer, variables, x):
    return layer.apply(variables, x)


out = features(wide, wide_vars, images)
