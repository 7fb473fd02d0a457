# corpus: label=positive styles=helper batch=c
"""Two custom_vjp functions; the rules are registered on the forward one twice (copy-paste)
and the backward-flavoured one is called from a helper without rules."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def grad_scale_up(x):
    return x


@jax.custom_vjp
def grad_scale_down(x):  # expect: custom-vjp-without-defvjp
    return x


def _fwd(x):
    return x, None


def _up(_, g):
    return (2.0 * g,)


def _down(_, g):
    return (0.5 * g,)


grad_scale_up.defvjp(_fwd, _up)
grad_scale_up.defvjp(_fwd, _down)


def damp(h):
    return grad_scale_down(h) * 1.0


print(jax.grad(lambda h: jnp.sum(damp(h) ** 2))(jnp.ones(3)))
