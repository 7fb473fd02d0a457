"""A custom derivative function called, but its rule is never registered.

``jax.custom_vjp`` and ``jax.custom_jvp`` functions raise AttributeError when called until
``f.defvjp(fwd, bwd)`` / ``f.defjvp(rule)`` registers their rule; the registration may be
anywhere the analysis ran (another module counts when it is imported), but it must come first:
a call that the module's own code reaches (no unknown caller on its path, so the analysis ran
it in the program's order) before any registration raises too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import CustomDerivative
from jaxlsp.records.record import Record
from jaxlsp.rules._support import definition_span, finding, related
from jaxlsp.rules.base import Rule


class CustomRuleMissing(Rule):
    """The family: ``API`` is the custom derivative it checks, ``REGISTER`` its method."""

    API: ClassVar[str]
    REGISTER: ClassVar[str]

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        seen: set[object] = set()
        heap = program.interpreter.heap
        for called in program.calls_of(CustomDerivative):
            custom = called.callee
            if not isinstance(custom, CustomDerivative) or custom.api != self.API:
                continue
            if custom.site in seen:
                continue
            registered = bool(heap.registrations.get(custom.ref))
            if registered and not called.before_rules:
                continue  # (the common case: asked first, as it needs no walk of the callers)
            in_order = not any(frame.open_context for frame in called.frame.chain())
            if registered and not in_order:
                continue
            seen.add(custom.site)
            name = custom.describe()
            register = f"`{self.REGISTER}`"
            when = (
                f"registered with {register} only after it is called"
                if registered
                else f"never registered with {register}"
            )
            yield finding(
                self,
                record,
                program,
                custom.site,
                f"{name} is a {self.API} function, but its rule is {when}: calling it raises "
                "AttributeError. Register the rule "
                f"(`{name.strip('`')}.{self.REGISTER}(...)`) before the first call.",
                (related(program, called.site, f"{name} is called here"),),
                span=definition_span(program, custom.site),
            )


class CustomJvpWithoutDefjvp(CustomRuleMissing):
    """A ``@jax.custom_jvp`` function called, but its ``defjvp(rule)`` is never registered."""

    NAME = "custom-jvp-without-defjvp"
    CODE = "custom-jvp-without-defjvp"
    RECORD_ID = "f69e4addb04f1e2d"
    API = "jax.custom_jvp"
    REGISTER = "defjvp"

    VALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def soft(x):
    return jnp.tanh(x)

@soft.defjvp
def soft_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jnp.tanh(x)
    return y, (1 - y**2) * t

jax.grad(soft)(1.0)
""",
        # jit traces when the jitted function is called: the rule is registered by then
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def soft_sign(x):
    return x / (1 + jnp.abs(x))

step = jax.jit(lambda v: soft_sign(v) * 2.0)

@soft_sign.defjvp
def soft_sign_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return soft_sign(x), t / (1 + jnp.abs(x)) ** 2

step(jnp.ones(3))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def clip_gradient(x):  # expect: custom-jvp-without-defjvp
    return jnp.clip(x, -1.0, 1.0)

def loss(x):
    return clip_gradient(x) ** 2

jax.grad(loss)(0.5)
""",
        # called before the rule below is registered
        """
import jax
import jax.numpy as jnp

@jax.custom_jvp
def soft_sign(x):  # expect: custom-jvp-without-defjvp
    return x / (1 + jnp.abs(x))

y = soft_sign(jnp.ones(3))

@soft_sign.defjvp
def soft_sign_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return soft_sign(x), t / (1 + jnp.abs(x)) ** 2
""",
    )


class CustomVjpWithoutDefvjp(CustomRuleMissing):
    """A ``@jax.custom_vjp`` function called, but its ``defvjp(fwd, bwd)`` is never
    registered."""

    NAME = "custom-vjp-without-defvjp"
    CODE = "custom-vjp-without-defvjp"
    RECORD_ID = "f7f10c3aaeb577f1"
    API = "jax.custom_vjp"
    REGISTER = "defvjp"

    VALID = (
        """
import jax

def double(x):
    return 2.0 * x

double_vjp = jax.custom_vjp(double)
double_vjp.defvjp(lambda x: (double(x), None), lambda _, g: (2.0 * g,))
jax.grad(double_vjp)(1.0)
""",
    )
    INVALID = (
        """
import jax

class Scale:
    def __init__(self, factor):
        self.apply = jax.custom_vjp(lambda x: factor * x)  # expect: custom-vjp-without-defvjp

layer = Scale(2.0)
layer.apply(3.0)
""",
    )
