"""fwd returns a helper's result, and the helper returns the (output, residuals) pair."""
# corpus: label=negative styles=helper,return

import jax
import jax.numpy as jnp


def _layer_norm_with_stats(x, eps=1e-5):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    inv = jax.lax.rsqrt(jnp.var(x, axis=-1, keepdims=True) + eps)
    return (x - mean) * inv, inv


@jax.custom_vjp
def layer_norm(x):
    return _layer_norm_with_stats(x)[0]


def layer_norm_fwd(x):
    return _layer_norm_with_stats(x)


def layer_norm_bwd(inv, g):
    return (g * inv,)


layer_norm.defvjp(layer_norm_fwd, layer_norm_bwd)
print(jax.grad(lambda x: jnp.sum(layer_norm(x) * jnp.arange(4.0)))(jnp.ones((2, 4))))
