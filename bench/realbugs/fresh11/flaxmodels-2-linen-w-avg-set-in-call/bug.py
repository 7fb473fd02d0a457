# realbug: flaxmodels-2-linen-w-avg-set-in-call
# source: https://github.com/matthias-wright/flaxmodels/issues/2
# kind: linen-frozen-attribute
# raises: SetAttributeFrozenModuleError: Can't set w_avg=
# StyleGAN2's MappingNetwork kept the running average of W by assigning `self.w_avg` inside its
# compact `__call__`; a Linen module is frozen outside `setup`. The network is reduced to one
# Dense layer.
import jax
import jax.numpy as jnp
import flax.linen as nn


class MappingNetwork(nn.Module):
  w_avg_beta: float = 0.995

  @nn.compact
  def __call__(self, z):
    w = nn.Dense(8)(z)
    self.w_avg = jnp.mean(w, axis=0)  # BUG
    return w


generator = MappingNetwork()
params = generator.init(jax.random.PRNGKey(0), jnp.ones((1, 8)))["params"]
print(jax.tree.map(jnp.shape, params))
