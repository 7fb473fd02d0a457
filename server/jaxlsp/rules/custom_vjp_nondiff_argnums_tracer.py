"""A traced array passed to a ``jax.custom_vjp`` function at one of its ``nondiff_argnums``:
``clip_grad(w, bound)`` inside ``jax.jit`` with ``bound`` a jitted argument.

JAX checks those arguments at every call of a custom_vjp function whose rules are defined and
raises UnexpectedTracerError when one is a tracer, whatever traces it (jit, vmap, grad, a loop
body); the same call runs eagerly with a concrete array.  Reported where the argument surely is
one traced array.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule

_CLIP = """
import functools

import jax
import jax.numpy as jnp

@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_grad(x, bound):
    return x

def clip_grad_fwd(x, bound):
    return x, None

def clip_grad_bwd(bound, _, g):
    return (jnp.clip(g, -bound, bound),)

clip_grad.defvjp(clip_grad_fwd, clip_grad_bwd)
"""


class CustomVjpNondiffArgnumsTracer(ShapeRule):
    NAME = "custom-vjp-nondiff-argnums-tracer"
    CODE = "custom-vjp-nondiff-argnums-tracer"
    RECORD_ID = "824353395e4b3f44"
    KINDS = frozenset({"custom-vjp-nondiff-tracer"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Keep nondiff_argnums for values that are not arrays (functions, Python numbers, "
        "strings); make an array a regular argument and return None as its cotangent from bwd."
    )

    VALID = (
        # a Python number at the nondiff position is no tracer
        _CLIP
        + """
@jax.jit
def loss(w):
    return jnp.sum(clip_grad(w, 0.5) ** 2)

jax.grad(loss)(jnp.ones(3))
""",
        # a concrete array, called eagerly
        _CLIP
        + """
bound = jnp.array(0.5)
jax.grad(lambda w: clip_grad(w, bound).sum())(jnp.ones(3))
""",
        # the array as a regular argument, with a None cotangent
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def clip_grad(x, bound):
    return x

clip_grad.defvjp(lambda x, b: (x, b), lambda b, g: (jnp.clip(g, -b, b), None))

jax.jit(lambda w, b: clip_grad(w, b).sum())(jnp.ones(3), jnp.array(0.5))
""",
    )
    INVALID = (
        _CLIP
        + """
@jax.jit
def loss(w, bound):
    return jnp.sum(clip_grad(w, bound) ** 2)  # expect: custom-vjp-nondiff-argnums-tracer

loss(jnp.ones(3), jnp.array(0.5))
""",
        _CLIP
        + """
def apply(x, bound):
    return clip_grad(x, bound)  # expect: custom-vjp-nondiff-argnums-tracer

jax.vmap(apply)(jnp.ones((4, 3)), jnp.ones(4))
""",
    )
