"""The state a jitted epoch returned goes into another jitted function, which calls `int()` on its field."""
# corpus: label=positive styles=return,attribute
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


@jax.jit
def should_eval(state):
    return int(state.steps) >= 2  # expect: concretization-type-error


state = State(steps=jnp.zeros(()))
for _ in range(3):
    state = epoch(state)
    if should_eval(state):
        print("eval")
