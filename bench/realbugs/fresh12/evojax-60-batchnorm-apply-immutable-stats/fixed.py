# realbug: evojax-60-batchnorm-apply-immutable-stats (fixed)
# source: https://github.com/google/evojax/issues/60
import flax.linen as nn
import jax
import jax.numpy as jnp


class Policy(nn.Module):
  @nn.compact
  def __call__(self, obs):
    h = nn.Dense(16)(obs)
    h = nn.BatchNorm(use_running_average=False, name="bn_init")(h)
    return nn.tanh(nn.Dense(2)(h))


policy = Policy()
obs = jnp.ones((8, 4))
variables = policy.init(jax.random.key(0), obs)
actions, updates = policy.apply(variables, obs, mutable=["batch_stats"])
print(actions.shape)
