"""The same run whose options leave the flag out: the predictor's default turns the table on, and `jnp.unique` of a tracer has no static size."""
# corpus: label=positive styles=helper,parameter batch=s37

import jax
import jax.numpy as jnp


def predict(x, **sample_kwargs):
    return_pairs = bool(sample_kwargs.pop("return_pairs", True))
    out = x * 2.0
    if return_pairs:
        chains = jnp.unique(x)  # expect: concretization-type-error
        out = out + chains.sum()
    return out


def run_affinity(x):
    predict_kwargs = {"scale": 1.0}
    affinity_kwargs = {**predict_kwargs, "steps": 5}

    def run(v):
        return predict(v, **affinity_kwargs)

    return jax.jit(run)(x)


print(run_affinity(jnp.ones(3)))
