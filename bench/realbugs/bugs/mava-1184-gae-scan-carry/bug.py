# realbug: mava-1184-gae-scan-carry
# source: https://github.com/instadeepai/Mava/issues/1184
# kind: scan-carry
# raises: TypeError: .*carry.*(equal types|differ)
# note: the report's carry types differed by device placement (not reproducible on a CPU); this
# rebuild keeps its GAE scan and the mismatch it hit, an int initial carry against float steps.
import jax
import jax.numpy as jnp


def calculate_gae(rewards, values, dones, last_val, gamma=0.99, gae_lambda=0.95):
    def _get_advantages(carry, transition):
        gae, next_value = carry
        reward, value, done = transition
        delta = reward + gamma * next_value * (1 - done) - value
        gae = delta + gamma * gae_lambda * (1 - done) * gae
        return (gae, value), gae

    _, advantages = jax.lax.scan(_get_advantages, (0, last_val), (rewards, values, dones), reverse=True)  # BUG
    return advantages


T, N = 5, 4
print(calculate_gae(jnp.ones((T, N)), jnp.ones((T, N)), jnp.zeros((T, N)), jnp.ones(N)).shape)
