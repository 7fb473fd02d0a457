"""The same stem, with Xavier for its kernel and the bias turned off."""

# corpus: label=negative styles=return batch=s40

import jax
import jax.numpy as jnp
from flax import linen as nn

images = jnp.ones((2, 16, 16, 3))
stem_params = nn.Conv(
    8,
    (3, 3),
    use_bias=False,
    kernel_init=nn.initializers.xavier_normal(),
    bias_init=nn.initializers.xavier_normal(),
).init(jax.random.PRNGKey(0), images)
