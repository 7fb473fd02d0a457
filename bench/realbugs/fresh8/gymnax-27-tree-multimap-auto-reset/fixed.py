# realbug: gymnax-27-tree-multimap-auto-reset (fixed)
# source: https://github.com/RobertTLange/gymnax/issues/27
import jax
import jax.numpy as jnp


def step_env(key, state, action):
    new_state = {"x": state["x"] + action, "t": state["t"] + 1}
    return new_state, new_state["t"] >= 10


def reset_env(key):
    return {"x": jnp.zeros(()), "t": jnp.zeros((), jnp.int32)}


@jax.jit
def step(key, state, action):
    key, key_reset = jax.random.split(key)
    state_st, done = step_env(key, state, action)
    state_re = reset_env(key_reset)
    state = jax.tree_util.tree_map(
        lambda x, y: jax.lax.select(done, x, y), state_re, state_st
    )
    return state, done


rng = jax.random.PRNGKey(0)
step(rng, reset_env(rng), 1.0)
