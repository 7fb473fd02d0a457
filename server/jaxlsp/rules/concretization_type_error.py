"""``int()``/``float()``/``.item()`` of a traced value, a traced ``jnp.arange`` bound, a
``jax.random.split`` count that ``vmap`` batches, or a traced array given to a function whose
result size its values decide (``jnp.nonzero``, ``jnp.unique``...) without the ``size=`` that
fixes it, or a traced ``length``/``unroll`` given to ``jax.lax.scan`` (a trip count).

These need the value itself on the host, which a staged or batched tracer does not have
(``float()`` refuses differentiated tracers too: it would drop the derivative).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.contracts import NO_VALUE, host_constant, refused
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Flavour
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, how_traced, source, traced_here, tracer_of
from jaxlsp.rules.base import Rule

#: A tracer only ``vmap`` made (its argument was batched).
BATCHED_ONLY = frozenset({Flavour.BATCHED})
_SPELLING = {"int": "`int()`", "float": "`float()`", "complex": "`complex()`", "item": "`.item()`"}


class ConcretizationTypeError(Rule):
    NAME = "concretization-type-error"
    FORMER_NAMES = ("traced-value-concretized",)
    CODE = "concretization-type-error"
    RECORD_ID = "7db82e51f842f7b2"

    VALID = (
        # a NumPy constant's nonzero entries outside jit, under vmap alone, in a block that
        # jax.ensure_compile_time_eval computes eagerly, or with a static size
        """
import jax
import jax.numpy as jnp
import numpy as np

MASK = np.array([True, False, True])

(index,) = jnp.nonzero(MASK)

@jax.jit
def masked_sum(x):
    with jax.ensure_compile_time_eval():
        (index,) = jnp.nonzero(MASK)
    (fixed,) = jnp.nonzero(MASK, size=2)
    return x[index].sum() + x[fixed].sum()

masked_sum(jnp.arange(3.0))
jax.vmap(lambda x: x * jnp.nonzero(MASK)[0].sum())(jnp.arange(3.0))
""",
        # the key count given to vmap unbatched stays a Python int
        """
import jax

def draw(key, count):
    return jax.random.split(key, count)

keys = jax.random.split(jax.random.key(0), 4)
jax.vmap(draw, in_axes=(0, None))(keys, 2)
""",
        # the conversion happens after the jitted call returns
        """
import jax
import jax.numpy as jnp

@jax.jit
def mean(x):
    return jnp.mean(x)

value = float(mean(jnp.ones(3)))
steps = int(jnp.ones(3).sum())
""",
        # a static size makes the result's size known; jnp.where with x and y is elementwise
        """
import jax
import jax.numpy as jnp

@jax.jit
def first_positive(x):
    (index,) = jnp.nonzero(x > 0, size=1, fill_value=-1)
    return jnp.where(x > 0, x, 0.0), jnp.unique(x, size=3), index

first_positive(jnp.array([1.0, -1.0, 2.0]))
""",
        # int() under jax.grad alone has the primal value
        """
import jax
import jax.numpy as jnp

def scaled(x):
    return x * int(x)

jax.grad(scaled)(jnp.float32(2.0))
""",
        # the axis of a reduction is static (static_argnums), or unbatched by vmap
        """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnums=1)
def total(x, axis):
    return jnp.sum(x, axis) + x.mean(axis=axis)

def summed(x, axis):
    return jnp.sum(x, axis=axis)

total(jnp.ones((2, 3)), 1)
jax.vmap(summed, in_axes=(0, None))(jnp.ones((2, 3)), 0)
""",
        # a scan's length from a static argument or from a shape, which jit keeps static
        """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnums=1)
def decay(x, steps):
    return jax.lax.scan(lambda c, _: (c * 0.5, c), x, None, length=steps)[0]

@jax.jit
def cumulative(x):
    return jax.lax.scan(lambda c, y: (c + y, c), 0.0, x, length=x.shape[0])[0]

decay(jnp.ones(3), 4)
cumulative(jnp.ones(5))
""",
    )

    INVALID = (
        # a NumPy constant's nonzero entries under jit: the trace converts it into a tracer
        """
import jax
import jax.numpy as jnp
import numpy as np

MASK = np.array([True, False, True])

@jax.jit
def masked_sum(x):
    (index,) = jnp.nonzero(MASK)  # expect: concretization-type-error
    return x[index].sum()

masked_sum(jnp.arange(3.0))
""",
        # a key count that vmap batches: one count per element, none for the whole split
        """
import jax
import jax.numpy as jnp

def draw(key, count):
    return jax.random.split(key, count)  # expect: concretization-type-error

keys = jax.random.split(jax.random.key(0), 4)
jax.vmap(draw)(keys, jnp.array([2, 2, 2, 2]))
""",
        # a result whose size the values decide, under jit through a helper
        """
import jax
import jax.numpy as jnp

def positive_indices(x):
    return jnp.nonzero(x > 0)[0]  # expect: concretization-type-error

@jax.jit
def pick(x):
    return x[positive_indices(x)]

pick(jnp.array([1.0, -1.0, 2.0]))
""",
        """
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    return float(jnp.mean(x))  # expect: concretization-type-error

f(jnp.ones(3))
""",
        # a traced arange bound in a helper
        """
import jax
import jax.numpy as jnp

def positions(mask):
    return jnp.arange(mask.sum())  # expect: concretization-type-error

jax.jit(positions)(jnp.array([True, False, True]))
""",
        # the axis of a reduction is an argument vmap maps (an array of axes, one per row)
        """
import jax
import jax.numpy as jnp

x = jnp.ones((3, 2, 4))
axes = jnp.ones((3, 2, 4), dtype=int)
jax.vmap(lambda x, a: jnp.sum(x, a))(x, axes)  # expect: concretization-type-error
""",
        # a scan's trip count that is an argument of the jitted function
        """
import jax
import jax.numpy as jnp

def halve(carry, _):
    return carry * 0.5, carry

def decay(x, steps):
    return jax.lax.scan(halve, x, None, length=steps)[0]  # expect: concretization-type-error

jax.jit(decay)(jnp.ones(3), 4)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for conversion in program.facts.conversions:
            if conversion.operation not in _SPELLING:
                continue
            tracer = refused(conversion)
            if tracer is None:
                continue
            trace = tracer_of(tracer)
            how = how_traced(program, trace, conversion.frame)
            differentiated = tracer.flavours is not None and not tracer.flavours & NO_VALUE
            why = (
                "float() of a differentiated value would drop its derivative"
                if differentiated
                else "the tracer has no value yet"
            )
            yield finding(
                self,
                record,
                program,
                conversion.site,
                f"{_SPELLING[conversion.operation]} of `{source(conversion.operand)}` needs a "
                f"concrete value, but it is a tracer ({how}; {why}): this raises "
                "ConcretizationTypeError. Keep it an array, or move the conversion out of the "
                "traced function.",
                traced_here(program, trace),
            )
        reported: set[int] = set()
        for call, violation in program.violations("concrete", "data-dependent-size"):
            if id(call) in reported:
                continue  # one finding per call: the first parameter it cannot make concrete
            reported.add(id(call))
            tracer, name = violation.tracer, violation.parameter
            trace = tracer_of(tracer)
            how = how_traced(program, trace, call.frame)
            argument = f"`{source(call.nodes.get(name))}`"
            if violation.kind == "data-dependent-size":
                constant = all(host_constant(value) for value in violation.value)
                what = (
                    "a constant that the trace converts into a tracer"
                    if constant
                    else "but it is a tracer"
                )
                message = (
                    f"The size of `{call.api.short}`'s result depends on the values of "
                    f"{argument}, {what} ({how}): without `{violation.described}=` "
                    "this raises ConcretizationTypeError. Pass a static "
                    f"`{violation.described}=` (the most entries you expect; the rest are "
                    "filled), or call it outside the traced function."
                )
            else:
                advice = (
                    "Pass it to jax.vmap unbatched (its in_axes entry None), or make it static."
                    if tracer is not None and tracer.flavours == BATCHED_ONLY
                    else "Make the value static, or use a fixed size."
                )
                message = (
                    f"`{call.api.short}` needs a concrete `{name}`, but {argument} is a "
                    f"tracer ({how}): this raises ConcretizationTypeError. {advice}"
                )
            yield finding(self, record, program, call.site, message, traced_here(program, trace))
