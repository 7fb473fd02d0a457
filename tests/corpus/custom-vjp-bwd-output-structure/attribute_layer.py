# corpus: label=positive styles=attribute,method
import jax
import jax.numpy as jnp


@jax.custom_vjp
def straight_through(x, threshold):
    return (x > threshold).astype(x.dtype)


def st_fwd(x, threshold):
    return straight_through(x, threshold), None


def st_bwd(_, g):
    return g, None, None


straight_through.defvjp(st_fwd, st_bwd)


class Binarize:
    def __init__(self, threshold):
        self.threshold = threshold

    def __call__(self, x):
        return straight_through(x, self.threshold)


layer = Binarize(0.5)
jax.grad(lambda x: layer(x).sum())(jnp.ones(3))  # expect: custom-vjp-bwd-output-structure
