"""float(np.mean(...)) of traced predictions in a summary helper (np.mean calls the tracer's mean)."""

# corpus: label=positive styles=helper,return,transform
import jax
import jax.numpy as jnp
import numpy as np


def summarize(values):
    return {k: float(np.mean(v)) for k, v in values.items()}  # expect: concretization-type-error


@jax.jit
def eval_step(params, x):
    pred = x @ params
    return summarize({"pred": pred, "abs": jnp.abs(pred)})


eval_step(jnp.ones(3), jnp.ones((2, 3)))
