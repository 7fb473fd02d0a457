"""The same config dict spelling the dtype `"float16"`, a name NumPy reads."""
# corpus: label=negative styles=attribute,helper batch=s26

import jax.numpy as jnp

CONFIG = {"hidden": 16, "param_dtype": "float16", "lr": 1e-3}


def init_weights(config):
    dtype = jnp.dtype(config["param_dtype"])
    return jnp.zeros((config["hidden"], config["hidden"]), dtype)


print(init_weights(CONFIG).dtype)
