"""fwd returns what a shared forward helper computes: the output only, no residuals."""
# corpus: label=positive styles=helper,return

import jax
import jax.numpy as jnp


def _layer_norm(x, eps=1e-5):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.var(x, axis=-1, keepdims=True)
    return (x - mean) * jax.lax.rsqrt(var + eps)


@jax.custom_vjp
def layer_norm(x):
    return _layer_norm(x)


def layer_norm_fwd(x):
    return _layer_norm(x)  # expect: custom-vjp-fwd-not-pair


def layer_norm_bwd(res, g):
    return (g,)


layer_norm.defvjp(layer_norm_fwd, layer_norm_bwd)


def objective(x):
    return jnp.sum(layer_norm(x) * jnp.arange(4.0))


print(jax.grad(objective)(jnp.ones((2, 4))))
