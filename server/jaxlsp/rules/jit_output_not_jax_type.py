"""A ``jax.jit``-ed function that returns a Python function: ``jax.jit(lambda: lambda x: x)()``.

jit's outputs must be arrays or pytrees of them; JAX checks what the traced function returned
and raises TypeError at the call.  Reported when the function surely returns a function (a
``def``, a lambda or a ``functools.partial``) on every path.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class JitOutputNotJaxType(ShapeRule):
    NAME = "jit-output-not-jax-type"
    CODE = "jit-output-not-jax-type"
    RECORD_ID = "e7ccf8b9c81cab81"
    KINDS = frozenset({"jit-output-type"})
    NAMES_OPERANDS = False
    ADVICE = "Jit the function it returns instead of the factory, or return only arrays."

    VALID = (
        """
import jax

def make_scaler(scale):
    return jax.jit(lambda x: x * scale)

make_scaler(2.0)(3.0)
jax.jit(lambda x: (x, {"double": x * 2}))(1.0)
""",
    )
    INVALID = (
        """
import jax

@jax.jit
def make_scaler(scale):
    return lambda x: x * scale

make_scaler(2.0)  # expect: jit-output-not-jax-type
""",
    )
