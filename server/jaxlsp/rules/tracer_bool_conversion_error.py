"""A Python ``if``/``while``/``assert``/``and``/``not``/``bool()`` on a traced array.

Python asks the value for ``bool``, which a staged (``jax.jit``, ``lax.scan``...) or batched
(``jax.vmap``) tracer cannot give; under ``jax.grad`` alone the primal value is there and the
branch runs, so that is not reported.

Also a Pallas kernel's Ref read or written through a Python slice whose start, stop or step
is a tracer of the kernel's trace (``x_ref[i * 8:(i + 1) * 8]`` of a grid index or a loop
counter): indexing a Ref turns the slice into a window by comparing its bounds with 0 in
Python (measured on 0.12.0.1, interpret mode and the TPU lowering alike).  Found where the
bound surely is a 0-d tracer of a trace the read runs under, the Ref is one of a launch's, and
the read surely runs whenever the kernel does (``SurePaths``); the first in each kernel run.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.apis.contracts import refused
from jaxlsp.apis.pallas import KERNEL, PALLAS_CALL
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import Frame, Subscript
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array, Flavour, Slice, StateRef, Tuple, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import SurePaths
from jaxlsp.rules._support import finding, how_traced, source, traced_here
from jaxlsp.rules.base import Rule

_STATEMENTS = {
    ast.If: "Python's `if`",
    ast.While: "Python's `while`",
    ast.Assert: "`assert`",
    ast.IfExp: "a conditional expression",
    ast.BoolOp: "Python's `and`/`or`",
    ast.UnaryOp: "Python's `not`",
    ast.comprehension: "a comprehension's `if`",
    ast.Call: "the call",
    ast.Compare: "a chained comparison (`a < b < c` is `a < b and b < c`)",
}


class TracerBoolConversionError(Rule):
    NAME = "tracer-bool-conversion-error"
    FORMER_NAMES = ("traced-python-condition",)
    CODE = "tracer-bool-conversion-error"
    RECORD_ID = "e8af40d520f95ff7"

    VALID = (
        # lax.cond / jnp.where instead of if; a static argument may be tested
        """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnames="training")
def layer(x, training):
    if training:
        x = x * 0.5
    return jnp.where(x > 0, x, 0.0)

def relu_grad(x):
    return x if x > 0 else 0.0 * x

layer(jnp.ones(3), True)
jax.grad(relu_grad)(1.0)
jax.jit(lambda x: jax.lax.cond(x.sum() > 0, lambda v: v, lambda v: -v, x))(jnp.ones(3))
""",
        # the shape is static under a trace
        """
import jax
import jax.numpy as jnp

@jax.jit
def center(x):
    if x.ndim == 2 and x.shape[0] > 1:
        return x - x.mean(axis=0)
    return x

center(jnp.ones((3, 2)))
""",
        # a chained comparison of static values (a shape, a Python number) under a trace
        """
import jax
import jax.numpy as jnp

@jax.jit
def pad_to(x):
    if 0 < x.shape[0] < 8:
        return jnp.pad(x, (0, 8 - x.shape[0]))
    return x

def in_unit(t):
    return 0.0 <= t <= 1.0

pad_to(jnp.ones(3))
in_unit(0.5)
""",
        # a Pallas kernel's Ref windowed with pl.ds at a traced start, or sliced by ints
        """
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def rows(x_ref, o_ref):
    i = pl.program_id(0)
    o_ref[pl.ds(i * 8, 8), :] = x_ref[pl.ds(i * 8, 8), :] * 2.0
    o_ref[0:8, :] = x_ref[0:8, :] + o_ref[0:8, :]

x = jnp.ones((16, 128), jnp.float32)
pl.pallas_call(rows, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(2,),
               interpret=True)(x)
""",
    )

    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.jit
def f(x):
    if jnp.sum(x) > 0:  # expect: tracer-bool-conversion-error
        return x
    return -x

f(jnp.ones(3))
""",
        # a chained comparison converts its first comparison with bool
        """
import jax
import jax.numpy as jnp

def ramp(x):
    return jnp.piecewise(x, [x < 0, 0 < x < 1], [0.0, x])  # expect: tracer-bool-conversion-error

ramp(0.5)
jax.jit(ramp)(0.5)
""",
        # through a helper called from a vmapped function
        """
import jax
import jax.numpy as jnp

def clip(v, limit):
    return v if v < limit else limit  # expect: tracer-bool-conversion-error

def step(v):
    return clip(v, 1.0) * 2

jax.vmap(step)(jnp.arange(3.0))
""",
        # a method of a layer called under jit
        """
import jax
import jax.numpy as jnp

class Gate:
    def __init__(self, threshold):
        self.threshold = threshold

    def __call__(self, x):
        while x.max() > self.threshold:  # expect: tracer-bool-conversion-error
            x = x / 2
        return x

gate = Gate(1.0)
jax.jit(gate)(jnp.arange(4.0))
""",
        # a Pallas kernel's Ref sliced with a Python slice of the grid index
        """
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

def rows(x_ref, o_ref):
    i = pl.program_id(0)
    block = x_ref[i * 8 : (i + 1) * 8, :]  # expect: tracer-bool-conversion-error
    o_ref[pl.ds(i * 8, 8), :] = block * 2.0

x = jnp.ones((16, 128), jnp.float32)
pl.pallas_call(rows, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(2,),
               interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for conversion in program.facts.conversions:
            if conversion.operation != "bool":
                continue
            tracer = refused(conversion)
            if tracer is None:
                continue
            trace = getattr(tracer, "trace", None)
            what = _STATEMENTS.get(type(conversion.site.node), "Python")
            if isinstance(conversion.site.node, ast.Call):
                what = "`bool()`"
            operand = conversion.operand
            yield finding(
                self,
                record,
                program,
                conversion.site,
                f"{what} needs a concrete boolean, but `{source(operand)}` is a tracer "
                f"({how_traced(program, trace, conversion.frame)}): this raises "
                "TracerBoolConversionError. Use jax.lax.cond or jnp.where, or make the "
                "value static.",
                traced_here(program, trace),
                node=operand if operand is not None and _on_one_line(operand) else None,
            )
        yield from self._ref_slices(program, record)

    def _ref_slices(self, program: Program, record: Record | None) -> Iterator[Finding]:
        """A kernel Ref indexed with a Python slice whose bound is a tracer (the module
        docstring)."""
        if not any(program.made_by(api) for api in (PALLAS_CALL, KERNEL)):
            return  # no kernel: most files (their subscripts are many)
        paths: SurePaths | None = None
        raised: set[int] = set()  # the kernel runs whose first such read was reported
        for subscript in program.facts.subscripts:
            if id(subscript.frame) in raised or not _kernel_ref(subscript.container):
                continue
            part = _traced_bound(subscript)
            if part is None:
                continue
            paths = paths or SurePaths(program)
            if not paths.runs(subscript.site):
                continue  # behind a test the analysis could not decide: it may never run
            raised.add(id(subscript.frame))
            node = subscript.site.node
            index = node.slice if isinstance(node, ast.Subscript) else None
            yield finding(
                self,
                record,
                program,
                subscript.site,
                f"This kernel Ref is indexed with the slice `{source(index)}`, whose {part} "
                "is a tracer of the kernel's trace: indexing a Ref compares a slice's bounds "
                "with 0 in Python, so tracing the kernel raises TracerBoolConversionError. "
                "Name the window with pl.ds(start, size): its start may be traced, its size "
                "a Python int.",
            )


def _traced(values: Values, frame: Frame) -> bool:
    """Surely a 0-d tracer of a trace ``frame`` runs under."""
    return bool(values) and all(
        isinstance(v, Array)
        and not v.tree
        and v.shape == ()
        and Flavour.STAGED in (v.flavours or ())
        and v.trace is not None
        and v.trace in frame.context
        for v in values
    )


def _traced_bound(subscript: Subscript) -> str | None:
    """Which bound ("start", "stop", "step") of a Python slice in the subscript's index is
    surely traced, in every alternative of the index (alone, or an item of its tuple)."""
    if not subscript.index:
        return None
    found: str | None = None
    for value in subscript.index:
        items: tuple[Values, ...] = value.items if isinstance(value, Tuple) else ((value,),)
        here: str | None = None
        for item in items:
            for piece in item if len(item) == 1 else ():
                # a ``pl.ds`` window does not clamp: only a Python slice is compared
                if not isinstance(piece, Slice) or not piece.clamps:
                    continue
                for part, bound in (
                    ("start", piece.lower),
                    ("stop", piece.upper),
                    ("step", piece.step),
                ):
                    if here is None and _traced(bound, subscript.frame):
                        here = part
        if here is None:
            return None
        found = found or here
    return found


def _kernel_ref(values: Values) -> bool:
    return bool(values) and all(isinstance(v, StateRef) and v.launch is not None for v in values)


def _on_one_line(node: ast.AST) -> bool:
    return getattr(node, "lineno", None) == getattr(node, "end_lineno", None)
