# realbug: jax-rl-12-jitted-td-target-extra-argument
# source: https://github.com/henry-prior/jax-rl/issues/12
# kind: call-arity
# raises: TypeError: get_td_target\(\) takes 11 positional arguments but 12 were given
# TD3's jitted `get_td_target(rng, *buffer_out, *target_params)`: the replay buffer sample
# carries one more field than the function's parameters expect. The agent is reduced to the
# call; the buffer and parameters are stand-ins of the same arity.
import jax
import jax.numpy as jnp


@jax.jit
def get_td_target(rng, state, action, next_state, reward, not_done, discount,
                  policy_noise, noise_clip, max_action, critic_params):
  noise = jax.random.normal(rng, action.shape) * policy_noise
  next_action = jnp.clip(action + jnp.clip(noise, -noise_clip, noise_clip), -max_action, max_action)
  target_q = jnp.sum(next_state * critic_params) + jnp.sum(next_action)
  return reward + not_done * discount * target_q


def sample(batch_size):
  return (jnp.ones((batch_size, 3)), jnp.ones((batch_size, 1)), jnp.ones((batch_size, 3)),
          jnp.ones((batch_size, 1)), jnp.ones((batch_size, 1)), jnp.ones((batch_size, 1)))


buffer_out = sample(4)
target_params = (0.99, 0.2, 0.5, 1.0, jnp.ones(3))
target_q = get_td_target(jax.random.PRNGKey(0), *buffer_out, *target_params)  # BUG
print(target_q.shape)
