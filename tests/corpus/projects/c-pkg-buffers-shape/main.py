# corpus: rule=traced-shape-argument label=positive styles=module,helper,parameter batch=c
"""The jitted initialiser builds a ring buffer from its capacity argument."""

import jax
from utils import ring_buffer


@jax.jit
def init_state(capacity):
    return {"window": ring_buffer(capacity, 4), "steps": 0}


print(init_state(16)["window"]["data"].shape)
