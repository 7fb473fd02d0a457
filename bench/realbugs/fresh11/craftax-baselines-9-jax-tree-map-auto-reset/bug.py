# realbug: craftax-baselines-9-jax-tree-map-auto-reset
# source: https://github.com/MichaelTMatthews/Craftax_Baselines/pull/9
# kind: removed-name
# raises: AttributeError: module 'jax' has no attribute 'tree_map'
# Craftax_Baselines' wrappers.py reset finished environments by selecting between the reset
# state and the stepped state leaf by leaf with `jax.tree_map` (removed in JAX 0.6.0); the
# environment state is filled in as a small dict.
import jax
import jax.numpy as jnp


class AutoResetWrapper:
  def step(self, done, reset_state, state):
    return jax.tree_map(  # BUG
        lambda x, y: jnp.where(done, x, y), reset_state, state
    )


reset_state = {"pos": jnp.zeros(2), "t": jnp.array(0)}
state = {"pos": jnp.ones(2), "t": jnp.array(7)}
print(AutoResetWrapper().step(jnp.array(True), reset_state, state))
