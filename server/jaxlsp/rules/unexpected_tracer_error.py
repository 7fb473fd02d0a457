"""A custom_vjp or custom_jvp function that reads, from the function around it, a value an
enclosing ``jax.grad`` (``value_and_grad``, ``jvp``) differentiates: its rules see only its
arguments, so that tracer escapes them and JAX raises UnexpectedTracerError at the call (the
record of that error, whose other cause is a tracer stored on the side).

Reported when the custom function (with its rules registered) is called under
differentiation and every value its closure holds for the name is a differentiated tracer.

JAX's custom_jvp closes over its ``nondiff_argnums`` the same way: one that is a tracer of a
loop body (``lax.scan``, ``fori_loop``, ``while_loop``: a carry, a slice of ``xs``) escapes the
body when a differentiation outside the loop runs the rule, and the loop's call raises the same
error (measured: under ``jit`` instead of a loop another error, under ``vmap`` none).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule

_SCALED = """
import jax
import jax.numpy as jnp

def loss(w, x):
    @jax.custom_vjp
    def scaled(v):
        return v * w

    def scaled_fwd(v):
        return scaled(v), None

    def scaled_bwd(res, g):
        return (g,)

    scaled.defvjp(scaled_fwd, scaled_bwd)
    return scaled(x).sum()
"""


_MASKED = """
import jax
import jax.numpy as jnp

def masked(arr, mask):
    return arr * mask

def masked_jvp(mask, primals, tangents):
    (a,), (t,) = primals, tangents
    return a * mask, t * mask

masked = jax.custom_jvp(masked, nondiff_argnums=(1,))
masked.defjvp(masked_jvp)

def step(carry, _):
    return (masked(*carry), carry[1]), None
"""


class UnexpectedTracerError(ShapeRule):
    NAME = "unexpected-tracer-error"
    FORMER_NAMES = ("custom-rule-closes-over-differentiated",)
    CODE = "unexpected-tracer-error"
    RECORD_ID = "f9e5cc23dde64e39"
    KINDS = frozenset({"custom-rule-closure"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Pass the value to the custom function as an argument and give its rules its "
        "derivative, or differentiate only with respect to the function's arguments."
    )

    VALID = (
        # differentiated only with respect to x: w is no tracer
        _SCALED
        + """
jax.grad(loss, argnums=1)(2.0, jnp.ones(3))
""",
        # a value jax.jit traces may be closed over
        _SCALED
        + """
jax.jit(jax.grad(loss, argnums=1))(2.0, jnp.ones(3))
""",
        # the value is an argument of the custom function
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def scaled(v, w):
    return v * w

def scaled_fwd(v, w):
    return scaled(v, w), (v, w)

def scaled_bwd(res, g):
    v, w = res
    return (g * w, (g * v).sum())

scaled.defvjp(scaled_fwd, scaled_bwd)
jax.grad(lambda w, x: scaled(x, w).sum())(2.0, jnp.ones(3))
""",
        # a custom_jvp's nondiff argument that is a loop's tracer, with no differentiation
        _MASKED
        + """
jax.lax.scan(step, (jnp.ones(4), jnp.zeros(4)), None, length=2)
""",
    )
    INVALID = (
        _SCALED.replace(
            "return scaled(x).sum()",
            "return scaled(x).sum()  # expect: unexpected-tracer-error",
        )
        + """
jax.grad(loss)(2.0, jnp.ones(3))
""",
        # a custom_jvp under jax.jvp
        """
import jax
import jax.numpy as jnp

def energy(t, x):
    @jax.custom_jvp
    def softplus(v):
        return jnp.log1p(jnp.exp(v * t))

    @softplus.defjvp
    def softplus_jvp(primals, tangents):
        (v,), (dv,) = primals, tangents
        return softplus(v), dv * t * jax.nn.sigmoid(v * t)

    return softplus(x).sum()  # expect: unexpected-tracer-error

jax.jvp(lambda t: energy(t, jnp.ones(3)), (1.0,), (1.0,))
""",
        # a custom_jvp's nondiff argument carried by a scan that grad differentiates
        _MASKED
        + """
def loss(x, mask):
    carry, _ = jax.lax.scan(step, (x, mask), None, length=2)  # expect: unexpected-tracer-error
    return carry[0].sum()

jax.grad(loss)(jnp.ones(4), jnp.zeros(4))
""",
    )
