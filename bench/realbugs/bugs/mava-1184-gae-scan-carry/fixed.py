# realbug: mava-1184-gae-scan-carry (fixed)
# source: https://github.com/instadeepai/Mava/issues/1184
import jax
import jax.numpy as jnp


def calculate_gae(rewards, values, dones, last_val, gamma=0.99, gae_lambda=0.95):
    def _get_advantages(carry, transition):
        gae, next_value = carry
        reward, value, done = transition
        delta = reward + gamma * next_value * (1 - done) - value
        gae = delta + gamma * gae_lambda * (1 - done) * gae
        return (gae, value), gae

    init = (jnp.zeros_like(last_val), last_val)
    _, advantages = jax.lax.scan(_get_advantages, init, (rewards, values, dones), reverse=True)
    return advantages


T, N = 5, 4
print(calculate_gae(jnp.ones((T, N)), jnp.ones((T, N)), jnp.zeros((T, N)), jnp.ones(N)).shape)
