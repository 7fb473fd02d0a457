# realbug: flax-2749-bias-init-lecun-normal
# source: https://github.com/google/flax/issues/2749
# kind: library-contract
# raises: ValueError: Can't compute input and output sizes
# A variance-scaling initializer (lecun_normal) given as the bias initializer of a Dense layer:
# the bias is 1-D, so it has no fan-in and fan-out (the example of jax#13995, which cites it).
import jax
import jax.numpy as jnp
import flax.linen as nn

layer = nn.Dense(features=5, bias_init=nn.initializers.lecun_normal())  # BUG
layer.init(jax.random.PRNGKey(42), jnp.zeros((1, 4)))
