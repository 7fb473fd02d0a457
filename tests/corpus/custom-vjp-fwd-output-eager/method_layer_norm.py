"""A normalisation layer's custom_vjp core is a method's helper; its fwd returns the normalised
value and the statistics as its primal output, and the layer's backward check uses jax.vjp."""
# corpus: label=positive styles=method,attribute batch=s31

import jax
import jax.numpy as jnp


@jax.custom_vjp
def normalise(x):
    return (x - x.mean()) / (x.std() + 1e-6)


def normalise_fwd(x):
    mean, std = x.mean(), x.std() + 1e-6
    y = (x - mean) / std
    return (y, (mean, std)), (y, std)


def normalise_bwd(res, g):
    y, std = res
    return ((g - g.mean() - y * (g * y).mean()) / std,)


normalise.defvjp(normalise_fwd, normalise_bwd)


class Norm:
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, x):
        return normalise(x)

    def input_gradient(self, x):
        _, pullback = jax.vjp(self.__call__, x)  # expect: custom-vjp-fwd-output-eager
        return pullback(jnp.full_like(x, self.scale))


print(Norm(2.0).input_gradient(jnp.arange(4.0)))
