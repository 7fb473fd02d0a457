# realbug: flax-2749-bias-init-lecun-normal (fixed)
# source: https://github.com/google/flax/issues/2749
import jax
import jax.numpy as jnp
import flax.linen as nn

layer = nn.Dense(features=5, bias_init=nn.initializers.zeros_init())
layer.init(jax.random.PRNGKey(42), jnp.zeros((1, 4)))
