# realbug: jumanji-28-cond-batched-done
# source: https://github.com/instadeepai/jumanji/issues/28
# kind: cond-predicate
# raises: TypeError: Pred must be a scalar
import jax
import jax.numpy as jnp


def step(done, obs, reward):
    # A vmapped Brax environment's state: done is one flag per environment.
    return jax.lax.cond(  # BUG
        done,  # BUG
        lambda o, r: (o, r * 0.0),
        lambda o, r: (o, r),
        obs,
        reward,
    )


done = jnp.zeros((4,), dtype=bool)
obs = jnp.ones((4, 3))
reward = jnp.ones((4,))
print(step(done, obs, reward))
