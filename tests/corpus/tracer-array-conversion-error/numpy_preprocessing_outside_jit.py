"""A NumPy standardizing helper runs on host data before the jitted model sees it."""
# corpus: label=negative styles=helper

import jax
import jax.numpy as jnp
import numpy as np


def standardize(data):
    data = np.asarray(data, dtype=np.float32)
    return (data - np.mean(data, axis=0)) / (np.std(data, axis=0) + 1e-6)


@jax.jit
def predict(w, x):
    return jnp.tanh(x @ w)


raw = np.arange(12, dtype=np.float64).reshape(4, 3)
features = standardize(raw)
print(predict(jnp.ones(3), features))
print(standardize(np.asarray(predict(jnp.ones(3), features))[:, None]))
