"""A Python int that no JAX integer type holds, where JAX converts it to an array.

JAX converts a Python int operand to its default integer type: int32, or int64 with
``jax_enable_x64``. An int past int64's range (``1 << 64``, ``2**63``, a 64-bit hash constant
such as ``0x9E3779B97F4A7C15``) overflows in either mode, and JAX raises OverflowError ("Python
int ... too large to convert to int32/int64"; for a jitted function's argument, "An overflow
was encountered while parsing an argument to a jitted computation"). Whether x64 is on is not
known to the analysis (an environment variable can turn it on), so an int that only int32
cannot hold proves nothing. Measured on the pinned JAX, x64 off and on: each ``jax.numpy``
function at the operand positions where it refuses a list (less those below, which do not
convert the int or raise another error first), ``jnp.array``/``asarray`` without a dtype, the
elementwise ``lax`` operations, the arithmetic and bitwise operators on a JAX array (``**``
excepted: an integer exponent is not converted), and a jitted function's traced argument.
"""

from __future__ import annotations

from jaxlsp.infer.values import Const, Values

#: The range a Python int must be in to become an array in either mode: int64's.
LOWEST, HIGHEST = -(2**63), 2**63 - 1

#: The ``jax.numpy`` operand positions (``name:position``) that refuse a list but do not
#: overflow on a huge int (measured): they do not convert it (``zeros_like``, the exponent of
#: ``power``), or raise another error first.
_NOT_CONVERTED = """
    arange:0 delete:1 empty_like:0 full_like:1 histogram_bin_edges:1 imag:0 iscomplex:0
    isfinite:0 isinf:0 isreal:0 ones_like:0 pow:1 power:1 repeat:1 zeros_like:0
"""
NOT_CONVERTED = frozenset(_NOT_CONVERTED.split())

#: The kind of violation and of shape error this module's checks make.
KIND = "int-overflow"


def past_int64(values: Values) -> int | None:
    """The Python int ``values`` surely is, when every alternative is a known int (not a
    bool) that int64 cannot hold; else None."""
    if not values:
        return None
    found: int | None = None
    for value in values:
        if not isinstance(value, Const) or type(value.value) is not int:
            return None
        if LOWEST <= value.value <= HIGHEST:
            return None
        found = value.value if found is None else found
    return found
