# realbug: flax-895-apply-without-params (fixed)
# source: https://github.com/google/flax/issues/895
import jax
import jax.numpy as jnp
import flax.linen as nn

module = nn.Dense(3)
x = jnp.ones((1, 2))
variables = module.init(jax.random.PRNGKey(0), x)
y = module.apply(variables, x)
