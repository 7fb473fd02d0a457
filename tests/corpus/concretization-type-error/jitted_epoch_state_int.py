"""`int(state.steps)` runs eagerly on the state a jitted epoch returned: its fields are concrete arrays."""
# corpus: label=negative styles=return,transform
# realcode: cause G

import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class State:
    steps: jax.Array


@jax.jit
def epoch(state):
    return State(steps=state.steps + 1)


state = State(steps=jnp.zeros(()))
for _ in range(3):
    state = epoch(state)
    if int(state.steps) >= 2:
        print("eval")
