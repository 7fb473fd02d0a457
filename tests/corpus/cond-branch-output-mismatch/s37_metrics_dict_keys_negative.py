"""The logging step with the same metrics in both branches (zeros when it does not evaluate)."""

# corpus: label=negative styles=helper batch=s37

import jax
import jax.numpy as jnp


def evaluate(params):
    loss = jnp.sum(params**2)
    return loss, {"loss": loss, "norm": jnp.linalg.norm(params)}


def skip(params):
    return 0.0, {"loss": 0.0, "norm": 0.0}


@jax.jit
def maybe_evaluate(step, params):
    due = step % 10 == 0
    return jax.lax.cond(due, evaluate, skip, params)


maybe_evaluate(3, jnp.ones(4))
