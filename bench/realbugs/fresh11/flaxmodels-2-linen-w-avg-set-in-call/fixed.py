# realbug: flaxmodels-2-linen-w-avg-set-in-call (fixed)
# source: https://github.com/matthias-wright/flaxmodels/issues/2
import jax
import jax.numpy as jnp
import flax.linen as nn


class MappingNetwork(nn.Module):
  w_avg_beta: float = 0.995

  @nn.compact
  def __call__(self, z):
    w = nn.Dense(8)(z)
    w_avg = self.variable("moving_stats", "w_avg", jnp.zeros, (8,))
    w_avg.value = jnp.mean(w, axis=0)
    return w


generator = MappingNetwork()
params = generator.init(jax.random.PRNGKey(0), jnp.ones((1, 8)))["params"]
print(jax.tree.map(jnp.shape, params))
