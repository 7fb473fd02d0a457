"""A normalisation layer's jitted method, differentiated, calls a custom_vjp whose fwd
returns its primal outputs as a list where the function returns a tuple."""
# corpus: label=positive styles=method batch=e

import jax
import jax.numpy as jnp


@jax.custom_vjp
def moments(x):
    return x.mean(), (x**2).mean()


def moments_fwd(x):
    return [x.mean(), (x**2).mean()], x


def moments_bwd(x, g):
    g_mean, g_square = g
    return ((g_mean + 2 * x * g_square) / x.shape[0],)


moments.defvjp(moments_fwd, moments_bwd)


class Norm:
    def __init__(self, eps):
        self.eps = eps

    def spread(self, x):
        mean, square = moments(x)
        return square - mean**2 + self.eps


layer = Norm(1e-5)
jax.grad(jax.jit(layer.spread))(jnp.arange(4.0))  # expect: custom-vjp-fwd-output-structure
