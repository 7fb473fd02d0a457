# realbug: craftax-baselines-9-jax-tree-map-auto-reset (fixed)
# source: https://github.com/MichaelTMatthews/Craftax_Baselines/pull/9
import jax
import jax.numpy as jnp


class AutoResetWrapper:
  def step(self, done, reset_state, state):
    return jax.tree.map(
        lambda x, y: jnp.where(done, x, y), reset_state, state
    )


reset_state = {"pos": jnp.zeros(2), "t": jnp.array(0)}
state = {"pos": jnp.ones(2), "t": jnp.array(7)}
print(AutoResetWrapper().step(jnp.array(True), reset_state, state))
