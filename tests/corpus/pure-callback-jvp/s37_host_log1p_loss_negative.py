"""A loss that calls a host special function given a custom derivative, trained with jax.grad."""

# corpus: label=negative styles=helper,transform batch=s37
import jax
import jax.numpy as jnp
import numpy as np


def host_log1p(x):
    return np.log1p(np.asarray(x)).astype(np.float32)


@jax.custom_jvp
def log1p(x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(host_log1p, out, x, vmap_method="sequential")


@log1p.defjvp
def log1p_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1p(x), t / (1.0 + x)


def loss(w, x):
    return log1p(jnp.abs(x @ w)).mean()


jax.grad(loss)(jnp.ones(3), jnp.ones((4, 3)))
