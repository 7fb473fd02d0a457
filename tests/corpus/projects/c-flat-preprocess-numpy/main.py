# corpus: rule=tracer-array-conversion-error label=positive styles=module,helper batch=c
"""A jitted predictor applies the shared feature transform to its input."""

import features
import jax
import jax.numpy as jnp


@jax.jit
def predict(params, x):
    h = features.log_features(x)
    h = features.standardize(h, 0.5, 2.0)
    return h @ params["w"] + params["b"]


params = {"w": jnp.ones((3, 1)), "b": jnp.zeros(1)}
print(predict(params, jnp.array([[1.0, -2.0, 3.0]])))
