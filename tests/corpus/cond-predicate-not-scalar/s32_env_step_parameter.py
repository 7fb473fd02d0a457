# corpus: label=positive styles=parameter batch=s32
import jax
import jax.numpy as jnp


def step(done, obs):
    return jax.lax.cond(
        done,  # expect: cond-predicate-not-scalar
        lambda o: o * 0.0,
        lambda o: o,
        obs,
    )


dones = jnp.zeros((4,), dtype=bool)
print(step(dones, jnp.ones((4, 3))))
