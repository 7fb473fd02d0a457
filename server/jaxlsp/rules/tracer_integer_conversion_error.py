"""A traced integer used where Python needs a real int: ``range(n)``, ``x.shape[i]``,
``choices[i]`` on a Python list or tuple.

Python converts the value with ``__index__``, which a staged or batched tracer cannot give.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.contracts import refused
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, how_traced, source, traced_here
from jaxlsp.rules.base import Rule

_CONTAINERS = {
    "list": "a Python list",
    "tuple": "a Python tuple",
    "range": "a range",
    "str": "a string",
}


class TracerIntegerConversionError(Rule):
    NAME = "tracer-integer-conversion-error"
    FORMER_NAMES = ("traced-index-conversion",)
    CODE = "tracer-integer-conversion-error"
    RECORD_ID = "d34aa55630858f9c"

    VALID = (
        # a static loop bound, and arrays indexed by tracers
        """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnums=1)
def power(x, n):
    for _ in range(n):
        x = x * x
    return x

@jax.jit
def pick(table, i):
    return table[i] + jnp.asarray([1.0, 2.0, 3.0])[i]

power(jnp.ones(2), 3)
pick(jnp.arange(3.0), 1)
""",
        # the loop bound comes from a shape
        """
import jax
import jax.numpy as jnp

@jax.jit
def total(x):
    acc = 0.0
    for i in range(x.shape[0]):
        acc = acc + x[i]
    return acc

total(jnp.ones(4))
""",
    )

    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.jit
def repeat(x, n):
    for _ in range(n):  # expect: tracer-integer-conversion-error
        x = x + 1
    return x

repeat(jnp.ones(2), 3)
""",
        # a Python list indexed by a traced index, through a helper
        """
import jax
import jax.numpy as jnp

SCALES = [0.5, 1.0, 2.0]

def scale_for(level):
    return SCALES[level]  # expect: tracer-integer-conversion-error

def apply(x, level):
    return x * scale_for(level)

jax.jit(apply)(jnp.ones(3), 1)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for conversion in program.facts.conversions:
            if conversion.operation != "index":
                continue
            tracer = refused(conversion)
            if tracer is None:
                continue
            trace = getattr(tracer, "trace", None)
            if conversion.container is not None:
                where = f"indexes {_CONTAINERS.get(conversion.container, 'a Python sequence')}"
            else:
                where = "is used as a Python int"
            yield finding(
                self,
                record,
                program,
                conversion.site,
                f"`{source(conversion.operand)}` {where}, but it is a tracer "
                f"({how_traced(program, trace, conversion.frame)}): Python calls __index__ "
                "on it, which raises TracerIntegerConversionError. Use a jax.numpy array "
                "(indexed by the tracer), lax.fori_loop / lax.scan, or make the value static.",
                traced_here(program, trace),
                node=conversion.operand,
            )
