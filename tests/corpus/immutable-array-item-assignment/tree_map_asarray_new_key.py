"""`jax.tree.map(jnp.asarray, d)` keeps the dicts: adding a key to a nested dict is a dict write."""
# corpus: label=negative styles=direct
# realcode: cause M

import jax
import jax.numpy as jnp

params = jax.tree.map(jnp.asarray, {"a": 1.0, "c": {"d": 4.0}})
params["c"]["extra"] = 7
