# realbug: jumanji-28-cond-batched-done (fixed)
# source: https://github.com/instadeepai/jumanji/issues/28
import jax
import jax.numpy as jnp


def step(done, obs, reward):
    return jax.lax.cond(
        done,
        lambda o, r: (o, r * 0.0),
        lambda o, r: (o, r),
        obs,
        reward,
    )


done = jnp.zeros((4,), dtype=bool)
obs = jnp.ones((4, 3))
reward = jnp.ones((4,))
print(jax.vmap(step)(done, obs, reward))
