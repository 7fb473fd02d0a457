"""A step that logs extra metrics only when it evaluates, and an empty dict otherwise."""

# corpus: label=positive styles=helper batch=s37

import jax
import jax.numpy as jnp


def evaluate(params):
    loss = jnp.sum(params**2)
    return loss, {"loss": loss, "norm": jnp.linalg.norm(params)}


def skip(params):
    return 0.0, {}


@jax.jit
def maybe_evaluate(step, params):
    due = step % 10 == 0
    return jax.lax.cond(due, evaluate, skip, params)  # expect: cond-branch-output-mismatch


maybe_evaluate(3, jnp.ones(4))
