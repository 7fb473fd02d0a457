"""NumPy (not ``jax.numpy``) called on a traced array: ``np.asarray(x)``, ``np.sin(x)``.

NumPy converts its argument with ``__array__``, which no tracer can do, under any transform.
(``np.sum`` and other reductions call the array's own method instead, so they work.)
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.contracts import refused
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, how_traced, source, traced_here, tracer_of
from jaxlsp.rules.base import Rule


class TracerArrayConversionError(Rule):
    NAME = "tracer-array-conversion-error"
    FORMER_NAMES = ("traced-numpy-conversion",)
    CODE = "tracer-array-conversion-error"
    RECORD_ID = "e091994a012ef96f"

    VALID = (
        # jax.numpy under jit; NumPy on static shapes and on results after the call
        """
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def normalise(x):
    scale = np.sqrt(x.shape[0])
    return jnp.asarray(x) / scale + np.sum(x)

y = normalise(jnp.ones(4))
host = np.asarray(y)
""",
    )

    INVALID = (
        """
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def to_host(x):
    return np.asarray(x)  # expect: tracer-array-conversion-error

to_host(jnp.ones(3))
""",
        # a NumPy array indexed by a tracer: NumPy converts the index with __array__
        """
import jax
import jax.numpy as jnp
import numpy as np

TABLE = np.linspace(0.0, 1.0, 16)

@jax.jit
def lookup(i):
    return TABLE[i] * 2.0  # expect: tracer-array-conversion-error

lookup(jnp.array([1, 2]))
""",
        # a softmax helper called from a jitted step
        """
import jax
import jax.numpy as jnp
import numpy as onp

def softmax(z):
    e = onp.exp(z - z.max())  # expect: tracer-array-conversion-error
    return e / e.sum()

@jax.jit
def step(x):
    return softmax(x * 2)

step(jnp.ones(3))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("host"):
            trace = tracer_of(violation.tracer)
            short = call.api.name.removeprefix("numpy.")
            yield finding(
                self,
                record,
                program,
                call.site,
                f"NumPy's `{short}` is given `{source(violation.node)}`, a tracer "
                f"({how_traced(program, trace, call.frame)}); NumPy converts it with "
                "__array__, so this raises TracerArrayConversionError. Use "
                f"jax.numpy.{short} instead.",
                traced_here(program, trace),
            )
        for conversion in program.facts.conversions:
            if conversion.operation != "array":
                continue
            tracer = refused(conversion)
            if tracer is None:
                continue
            trace = tracer_of(tracer)
            yield finding(
                self,
                record,
                program,
                conversion.site,
                f"A NumPy array is indexed by `{source(conversion.operand)}`, a tracer "
                f"({how_traced(program, trace, conversion.frame)}); NumPy converts the index "
                "with __array__, so this raises TracerArrayConversionError. Make the array a "
                "JAX array first (jnp.asarray) and index that.",
                traced_here(program, trace),
            )
