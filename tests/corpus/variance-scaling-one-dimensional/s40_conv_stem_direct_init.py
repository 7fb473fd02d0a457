"""A convolutional stem initialised on its own, straight from its constructor, with a Xavier
bias."""

# corpus: label=positive styles=return batch=s40

import jax
import jax.numpy as jnp
from flax import linen as nn

images = jnp.ones((2, 16, 16, 3))
stem_params = nn.Conv(
    8,
    (3, 3),
    bias_init=nn.initializers.xavier_normal(),  # expect: variance-scaling-one-dimensional
).init(jax.random.PRNGKey(0), images)
