"""A training config dict names the parameter dtype with the short alias `"bf16"` that some frameworks accept; the model reads it with `jnp.dtype`."""
# corpus: label=positive styles=attribute,helper batch=s26

import jax.numpy as jnp

CONFIG = {"hidden": 16, "param_dtype": "bf16", "lr": 1e-3}


def init_weights(config):
    dtype = jnp.dtype(config["param_dtype"])  # expect: dtype-name-not-understood
    return jnp.zeros((config["hidden"], config["hidden"]), dtype)


print(init_weights(CONFIG).dtype)
