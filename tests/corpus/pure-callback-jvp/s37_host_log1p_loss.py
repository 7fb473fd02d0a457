"""A loss that calls a host special function on the predictions, trained with jax.grad."""

# corpus: label=positive styles=helper,transform batch=s37
import jax
import jax.numpy as jnp
import numpy as np


def host_log1p(x):
    return np.log1p(np.asarray(x)).astype(np.float32)


def log1p(x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(  # expect: pure-callback-jvp
        host_log1p, out, x, vmap_method="sequential"
    )


def loss(w, x):
    return log1p(jnp.abs(x @ w)).mean()


jax.grad(loss)(jnp.ones(3), jnp.ones((4, 3)))
