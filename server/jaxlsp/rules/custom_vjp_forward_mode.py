"""A ``custom_vjp`` function differentiated in forward mode: ``jax.jacfwd``, ``jax.jvp``,
``jax.linearize`` or ``jax.hessian`` (forward over reverse) of a function that calls one
(``jax.experimental.ode.odeint`` is one).

A ``custom_vjp`` function has a reverse-mode rule only, so forward mode raises TypeError at its
call; reverse mode (``grad``, ``jacrev``) runs.  ``hessian`` is jacfwd of jacrev: its reverse
pass runs fwd under the forward pass, which raises only where fwd calls a custom_vjp function
again (``return f(x), res``).  Reported when
the innermost differentiation around the call is forward mode and an argument is surely one of
its tracers (a call whose arguments carry no tangent runs its primal and is fine).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class CustomVjpForwardMode(ShapeRule):
    NAME = "custom-vjp-forward-mode"
    CODE = "custom-vjp-forward-mode"
    RECORD_ID = "7ad37f5e2908b445"
    KINDS = frozenset({"custom-vjp-forward"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Differentiate it in reverse mode (jax.jacrev, or jax.jacrev(jax.jacrev(f)) for a "
        "Hessian), or define the rule with jax.custom_jvp, which serves both modes."
    )

    VALID = (
        # reverse mode of a custom_vjp function runs, and so does forward mode of a
        # custom_jvp one
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def clip_gradient(x):
    return x

def clip_fwd(x):
    return x, None

def clip_bwd(_, g):
    return (jnp.clip(g, -1.0, 1.0),)

clip_gradient.defvjp(clip_fwd, clip_bwd)

def loss(x):
    return jnp.sin(clip_gradient(x)) * x

jax.jacrev(loss)(2.0)
jax.jacrev(jax.jacrev(loss))(2.0)

@jax.custom_jvp
def softplus(x):
    return jnp.logaddexp(x, 0.0)

@softplus.defjvp
def softplus_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return softplus(x), jax.nn.sigmoid(x) * t

jax.hessian(softplus)(1.0)
""",
        # the custom_vjp call gets no tangent from the forward pass
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def f(x):
    return jnp.sin(x)

f.defvjp(lambda x: (f(x), jnp.cos(x)), lambda c, g: (c * g,))

CONSTANT = jnp.float32(0.5)

def g(y):
    return f(CONSTANT) * y

jax.jacfwd(g)(2.0)
""",
        # hessian's reverse pass runs fwd under its forward pass: a fwd that does not call
        # the custom_vjp function again runs there
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def f(x):
    return jnp.sin(x)

f.defvjp(lambda x: (jnp.sin(x), jnp.cos(x)), lambda c, g: (c * g,))

jax.hessian(lambda x: f(x) * 2.0)(1.0)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def f(x, y):
    return jnp.sin(x) * y

def f_fwd(x, y):
    return f(x, y), (jnp.cos(x), jnp.sin(x), y)  # expect: custom-vjp-forward-mode

def f_bwd(res, g):
    cos_x, sin_x, y = res
    return (cos_x * g * y, sin_x * g)

f.defvjp(f_fwd, f_bwd)
jax.hessian(f)(1.0, 2.0)
""",
        # through a helper, under jacfwd
        """
import jax
import jax.numpy as jnp

@jax.custom_vjp
def stable_log(x):
    return jnp.log(x)

stable_log.defvjp(lambda x: (jnp.log(x), x), lambda x, g: (g / x,))

def loss(params):
    return stable_log(params * 2.0).sum()  # expect: custom-vjp-forward-mode

jax.jacfwd(loss)(jnp.ones(3))
""",
        # odeint is a custom_vjp function; JAX raises at its call, also under jit
        """
import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint

def decay(y, t, k):
    return -k * y

def log_prob(k):
    ys = odeint(decay, 1.0, jnp.linspace(0.0, 1.0, 5), k)  # expect: custom-vjp-forward-mode
    return -jnp.sum((ys - 0.5) ** 2)

curvature = jax.jit(jax.hessian(log_prob))
curvature(1.0)
""",
    )
