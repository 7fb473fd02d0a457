# corpus: label=positive styles=helper,transform
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x):
    return x


def clip_fwd(x):
    return x, None


def clip_bwd(_, g):
    return jnp.clip(g, -1.0, 1.0)


clip_gradient.defvjp(clip_fwd, clip_bwd)


def loss(w):
    return jnp.sum(clip_gradient(w) ** 2)


jax.grad(loss)(jnp.ones(3))  # expect: custom-vjp-bwd-output-structure
