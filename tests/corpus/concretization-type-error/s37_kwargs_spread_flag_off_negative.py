"""A structure predictor's jitted affinity run builds its options as `{**predict_kwargs, ...}`, with the chain-pair table turned off; the predictor pops the flag from its `**kwargs` (FoldJAX's boltz2 `api.py` and `predict.py`): the table's `jnp.unique` never runs under jit."""
# corpus: label=negative styles=helper,parameter batch=s37

import jax
import jax.numpy as jnp


def predict(x, **sample_kwargs):
    return_pairs = bool(sample_kwargs.pop("return_pairs", True))
    out = x * 2.0
    if return_pairs:
        chains = jnp.unique(x)
        out = out + chains.sum()
    return out


def run_affinity(x):
    predict_kwargs = {"return_pairs": False, "scale": 1.0}
    affinity_kwargs = {**predict_kwargs, "steps": 5}

    def run(v):
        return predict(v, **affinity_kwargs)

    return jax.jit(run)(x)


print(run_affinity(jnp.ones(3)))
