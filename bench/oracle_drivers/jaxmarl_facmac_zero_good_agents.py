"""jaxmarl 0.2.0 ``environments/mpe/simple.py:384``: ``jax.vmap`` over ``p_force`` and ``u`` in
``_world_step``, flagged with axis 0 of ``u`` of size 0.  The package's passing MPE tests run the
line with other environments (line coverage refutes it); the finding is about the instance
``simple_facmac.py``'s ``__main__`` block makes, ``SimpleFacmacMPE(0)`` (no good agent).  The
driver makes that instance and steps it on the pinned JAX."""

import jax
import jax.numpy as jnp
from jaxmarl.environments.mpe.simple_facmac import SimpleFacmacMPE

env = SimpleFacmacMPE(0)
key = jax.random.PRNGKey(0)
obs, state = env.reset(key)
actions = {agent: jnp.zeros(env.action_space(agent).shape) for agent in env.agents}
try:
    env.step_env(key, state, actions)
except ValueError as error:  # the finding's claim: vmap's inconsistent axis sizes
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print("verdict: false: SimpleFacmacMPE(0).step_env ran")
