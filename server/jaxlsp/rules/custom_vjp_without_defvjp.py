"""A ``@jax.custom_vjp`` function called before (or without) ``defvjp`` registers its rules:
calling it raises AttributeError (the family: ``_custom_rule_missing``)."""

from __future__ import annotations

from jaxlsp.rules._custom_rule_missing import CustomRuleMissing


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
