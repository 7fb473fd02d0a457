"""A ``jax.jit``-ed function that returns a Python function (``jax.jit(lambda: lambda x: x)()``),
a string, bytes or a member of an enum whose members are no numbers (``Color.RED`` of ``class
Color(enum.Enum)``; an ``IntEnum``'s are ints, which JAX takes), whole or as an item of a
returned tuple.

jit's outputs must be arrays or pytrees of them; JAX checks what the traced function returned
and raises TypeError at the call.  Reported when the function surely returns such a value on
every path.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class JitOutputNotJaxType(ShapeRule):
    NAME = "jit-output-not-jax-type"
    CODE = "jit-output-not-jax-type"
    RECORD_ID = "e7ccf8b9c81cab81"
    KINDS = frozenset({"jit-output-type"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Return only arrays (pytrees of them): jit the function a factory returns instead of "
        "the factory, and keep strings and enum members out of jit's outputs (return them "
        "from code outside the jitted function, or a number that stands for them)."
    )

    VALID = (
        """
import jax

def make_scaler(scale):
    return jax.jit(lambda x: x * scale)

make_scaler(2.0)(3.0)
jax.jit(lambda x: (x, {"double": x * 2}))(1.0)
""",
        """
import enum
import jax

class Level(enum.IntEnum):
    LOW = 1

jax.jit(lambda x: (x, Level.LOW))(1.0)
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
        """
import enum
import jax

class Phase(enum.Enum):
    TRAIN = "train"
    EVAL = "eval"

@jax.jit
def step(x):
    return x * 2, Phase.TRAIN

step(1.0)  # expect: jit-output-not-jax-type
""",
    )
