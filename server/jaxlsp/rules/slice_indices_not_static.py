"""``x[:n]`` (or ``x[i:j]``, a step) on a JAX array inside jax.jit or jax.vmap where a bound
of the slice is a tracer: the slice's size is not known while tracing, so JAX raises
IndexError.

Reported when the array surely is a JAX array and the bound surely is a 0-d tracer that holds
no value (a jitted function's parameter, a number computed from one, a vmapped argument);
a bound that is a Python number, a static argument or a concrete array is left alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.contracts import traced_slice_bound
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import Subscript
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, how_traced, source, traced_here
from jaxlsp.rules.base import Reads, Rule


def _read(fact: object) -> bool:
    """Whether a fact is one this rule reads (``READS``): a slice with a traced bound."""
    return not isinstance(fact, Subscript) or traced_slice_bound(fact) is not None


class SliceIndicesNotStatic(Rule):
    NAME = "slice-indices-not-static"
    CODE = "slice-indices-not-static"
    RECORD_ID = "8a9cfe5b26b546ca"
    READS = Reads("the subscripts sliced with a tracer", frozenset({"subscripts"}), _read)

    VALID = (
        """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames="n")
def first(x, n):
    return x[:n]

@jax.jit
def window(x, i):
    return jax.lax.dynamic_slice(x, (i,), (3,))

def head(x, n):
    return x[:n]

first(jnp.arange(10), n=5)
window(jnp.arange(10), 2)
head(jnp.arange(10), jnp.array(4))
jax.jit(lambda x: x[: x.shape[0] // 2])(jnp.arange(10))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.jit
def first(x, n):
    return x[:n]  # expect: slice-indices-not-static

first(jnp.arange(10), 5)
""",
        """
import jax
import jax.numpy as jnp

def rows(x, start):
    return x[start : start + 2, :]  # expect: slice-indices-not-static

jax.vmap(rows, in_axes=(None, 0))(jnp.ones((6, 3)), jnp.arange(3))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for subscript in program.facts.subscripts:
            found = traced_slice_bound(subscript)
            if found is None:
                continue
            tracer, part = found
            node = getattr(subscript.site.node, "slice", None)
            yield finding(
                self,
                record,
                program,
                subscript.site,
                f"The {part} of the slice `{source(node)}` is a tracer "
                f"({how_traced(program, tracer.trace, subscript.frame)}): the slice's size is "
                "not known while tracing, so this raises IndexError. For a window of fixed size "
                "use jax.lax.dynamic_slice (or x[jax.ds(start, size)]); for a size that is a "
                "setting, make that argument static.",
                traced_here(program, tracer.trace),
            )
