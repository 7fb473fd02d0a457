# realbug: evojax-60-batchnorm-apply-immutable-stats
# source: https://github.com/google/evojax/issues/60
# kind: library-contract
# raises: ModifyScopeVariableError: Cannot update variable \"mean\"
# A policy network with a BatchNorm layer, applied for a rollout without marking
# `batch_stats` mutable: in training mode BatchNorm updates its running statistics, so the
# collection must be mutable. The policy is reduced to Dense + BatchNorm.
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
actions = policy.apply(variables, obs)  # BUG
print(actions.shape)
