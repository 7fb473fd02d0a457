"""A Python int that no JAX integer type holds, where JAX converts it to an array:
``lax.neg(1 << 64)``, ``jnp.array(2**63)``, ``x ^ 0x9E3779B97F4A7C15`` with ``x`` a JAX array,
``jax.jit(f)(2**64)``, a jitted function that returns such an int (jit makes its outputs arrays).

JAX makes the int an array of its default integer type (int32, or int64 with x64 on) and
raises OverflowError when the type cannot hold it. Whether x64 is on is not known here, so
only an int past int64's range (which overflows in either mode) is reported; where JAX
converts an operand is the API models' data (``jaxlsp.apis.int_range``), and the value must
be one known int on every path (a constant, or arithmetic on constants).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.int_range import KIND
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._arguments import argument_label
from jaxlsp.rules._shapes import shape_related
from jaxlsp.rules._support import finding, related, source
from jaxlsp.rules.base import Rule

_ADVICE = (
    "Give it a dtype that holds it (`jnp.uint64`, with x64 on), or bring it into range first "
    "(`c % 2**32`)."
)


class PythonIntOverflow(Rule):
    NAME = "python-int-overflow"
    CODE = "python-int-overflow"
    RECORD_ID = "643548bfd0af436e"

    VALID = (
        """
import jax
import jax.numpy as jnp
from jax import lax

small = lax.neg(1 << 20)
mask = jnp.arange(4, dtype=jnp.uint32) ^ (0x9E3779B97F4A7C15 % 2**32)
wide = jnp.array(2**63, dtype=jnp.float32)
powered = jnp.ones(3) ** (2**64)
total = jax.jit(lambda n: n + 1)(2**31 - 1)
plain = (1 << 64) + 1
bounds = jax.jit(lambda x: (x, float(2**64), 2**30))(7)
""",
    )
    INVALID = (
        """
from jax import lax

lax.neg(1 << 64)  # expect: python-int-overflow
""",
        """
import jax.numpy as jnp

GOLDEN = 0x9E3779B97F4A7C15

def mix(x):
    return x * GOLDEN  # expect: python-int-overflow

mix(jnp.arange(4))
""",
        """
import jax
import jax.numpy as jnp

big = 2**63
jax.jit(jnp.array)(big)  # expect: python-int-overflow
""",
        """
import jax.numpy as jnp

table = jnp.array(1 << 64)  # expect: python-int-overflow
""",
        # a jitted function that returns the int among its outputs
        """
import jax

@jax.jit
def with_seed(x):
    return x * 2, 0xCBF29CE484222325

with_seed(1.0)  # expect: python-int-overflow
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations(KIND):
            yield finding(
                self,
                record,
                program,
                call.site,
                f"`{call.api.short}` is given the Python int {violation.described}, which no "
                "JAX integer type holds (it is past int64's range): JAX converts it to an "
                f"int32 (int64 with x64 on) array and raises OverflowError. {_ADVICE}",
                (related(program, call.site, "this int", violation.node),),
                node=violation.node,
            )
        for called, violation in program.call_violations(KIND):
            yield finding(
                self,
                record,
                program,
                called.site,
                f"{argument_label(violation.parameter).capitalize()} of this jitted call is the "
                f"Python int "
                f"{violation.described}, which no JAX integer type holds (it is past int64's "
                "range): jit parses it as an int32 (int64 with x64 on) and raises "
                f"OverflowError. {_ADVICE}",
            )
        for error in program.facts.shape_errors:
            if error.mismatch.kind == KIND and error.api == "jax.jit":
                yield finding(
                    self,
                    record,
                    program,
                    error.site,
                    f"{error.mismatch.summary[:1].upper()}{error.mismatch.summary[1:]}, which "
                    "no JAX integer type holds (it is past "
                    "int64's range): jit converts its outputs to arrays, an int32 (int64 with "
                    f"x64 on) one here, and raises OverflowError. {_ADVICE}",
                    shape_related(program, error),
                )
            elif error.mismatch.kind == KIND:
                node = error.mismatch.node
                spelled = f"`{source(node)}`" if node is not None else "an operand"
                yield finding(
                    self,
                    record,
                    program,
                    error.site,
                    f"{spelled} is a Python int no JAX integer type holds (it is past "
                    "int64's range), and the other operand is a JAX array: JAX converts "
                    "the int to an int32 (int64 with x64 on) array and raises OverflowError. "
                    f"{_ADVICE}",
                    shape_related(program, error),
                    node=node,
                )
