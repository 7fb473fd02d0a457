"""`jax.jit(agent.act)`: the bound method indexes a Python list of moves with a traced argmax."""
# corpus: label=positive styles=method,return

import jax
import jax.numpy as jnp


class GridAgent:
    def __init__(self):
        self.moves = [(0, 1), (1, 0), (0, -1), (-1, 0)]

    def act(self, q_values, position):
        best = jnp.argmax(q_values)
        dx, dy = self.moves[best]  # expect: tracer-integer-conversion-error
        return position + jnp.array([dx, dy])


agent = GridAgent()
policy = jax.jit(agent.act)
print(policy(jnp.array([0.1, 0.7, 0.2, 0.0]), jnp.array([2, 2])))
