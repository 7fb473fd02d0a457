"""A while loop over a dict state whose "best" entry becomes a vector."""
# corpus: label=positive styles=helper,parameter

import jax.numpy as jnp
from jax import lax


def search(scores):
    def cond(state):
        return state["i"] < scores.shape[0]

    def body(state):
        i = state["i"]
        best = jnp.maximum(state["best"], scores[i])
        return {"i": i + 1, "best": jnp.stack([best, best])}

    start = {"i": 0, "best": jnp.array(-1.0)}
    return lax.while_loop(cond, body, start)  # expect: while-loop-carry-mismatch


print(search(jnp.arange(5.0)))
