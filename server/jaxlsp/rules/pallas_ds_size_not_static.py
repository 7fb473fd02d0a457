"""A kernel Ref read or written through ``pl.ds(start, size)`` whose size is traced: the size
is the shape of what the read or write moves, and tracing the kernel refuses a dynamic shape
(an AssertionError showing a ``DShapedArray``), in interpret mode and on a chip alike.  Found
where the size is surely a tracer of the kernel's trace (a value read from a Ref, a grid index,
a loop counter) and the window indexes one of the launch's Refs.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.apis.pallas import PALLAS
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import ApiCall
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array, Flavour, Site, Slice, StateRef, Tuple, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, TPU_SETUP
from jaxlsp.rules._support import finding, related, source
from jaxlsp.rules.base import Rule

#: ``pl.ds`` and its other name.
WINDOWS = frozenset({f"{PALLAS}.ds", f"{PALLAS}.dslice"})


def _traced(values: Values, call: ApiCall) -> bool:
    """Surely a tracer of a trace the call runs under."""
    context = call.frame.context
    return bool(values) and all(
        isinstance(v, Array)
        and not v.tree
        and Flavour.STAGED in (v.flavours or ())
        and v.trace is not None
        and v.trace in context
        for v in values
    )


def _window_value(index: Values, made: dict[Site, ApiCall]) -> ApiCall | None:
    """The ``pl.ds`` call that made a window of traced size the index surely holds (alone or
    as an item of its tuple), wherever it was written: a helper may return the window."""
    if len(index) != 1:
        return None
    only = index[0]
    items: tuple[Values, ...] = only.items if isinstance(only, Tuple) else ((only,),)
    for item in items:
        if item and all(isinstance(v, Slice) and v.traced_size is not None for v in item):
            first = item[0]
            assert isinstance(first, Slice) and first.traced_size is not None
            call = made.get(first.traced_size)
            if call is not None:
                return call
    return None


def _kernel_ref(values: Values) -> bool:
    return bool(values) and all(isinstance(v, StateRef) and v.launch is not None for v in values)


class PallasDsSizeNotStatic(Rule):
    NAME = "pallas-ds-size-not-static"
    CODE = "pallas-ds-size-not-static"
    RECORD_ID = "e27956abf8475e8a"
    READS = PALLAS_FACTS

    VALID = (
        TPU_SETUP
        + """
def prefix(n_ref, x_ref, o_ref):
    n = n_ref[0]
    rows = jax.lax.broadcasted_iota(jnp.int32, o_ref.shape, 0)
    o_ref[...] = jnp.where(rows < n, x_ref[...], 0.0)

n = jnp.array([3], jnp.int32)
spec = pl.BlockSpec((8, 128), lambda i, n_ref: (i, 0))
grid_spec = pltpu.PrefetchScalarGridSpec(
    num_scalar_prefetch=1, grid=(2,), in_specs=[spec], out_specs=spec
)
pl.pallas_call(prefix, out_shape=out, grid_spec=grid_spec, interpret=True)(n, x)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def prefix(n_ref, x_ref, o_ref):
    n = n_ref[0]
    o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)
    o_ref[pl.ds(0, 8), :] = x_ref[pl.ds(0, n), :]  # expect: pallas-ds-size-not-static

n = jnp.array([3], jnp.int32)
spec = pl.BlockSpec((8, 128), lambda i, n_ref: (i, 0))
grid_spec = pltpu.PrefetchScalarGridSpec(
    num_scalar_prefetch=1, grid=(2,), in_specs=[spec], out_specs=spec
)
pl.pallas_call(prefix, out_shape=out, grid_spec=grid_spec, interpret=True)(n, x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        windows: dict[int, ApiCall] = {}
        made: dict[Site, ApiCall] = {}
        for call in program.facts.api_calls:
            if call.api.name in WINDOWS and _traced(call.arguments.get("size", ()), call):
                windows[id(call.site.node)] = call
                made[call.site] = call
        if not windows:
            return
        # the first such read or write raises: what its kernel would do after is not reached
        raised: set[int] = set()
        for subscript in program.facts.subscripts:
            if id(subscript.frame) in raised or not _kernel_ref(subscript.container):
                continue
            node = subscript.site.node
            index = node.slice if isinstance(node, ast.Subscript) else None
            if index is None:
                continue
            window = next(
                (windows[id(part)] for part in ast.walk(index) if id(part) in windows), None
            ) or _window_value(subscript.index, made)
            if window is None:
                continue
            raised.add(id(subscript.frame))
            size = window.nodes.get("size")
            spelled = f"`{source(size)}`" if size is not None else "its size"
            yield finding(
                self,
                record,
                program,
                subscript.site,
                f"This Ref is {'written' if subscript.store else 'read'} through a `pl.ds` "
                f"window whose size {spelled} is a tracer: the size is the shape of what the "
                "Ref moves, and tracing the kernel refuses a dynamic shape (AssertionError: "
                "DShapedArray...), in interpret mode and on a chip alike. Keep the window "
                "static and mask the rows past the length (`jnp.where(rows < n, x, 0)` with "
                "`lax.broadcasted_iota`), or loop over fixed-size chunks.",
                (related(program, window.site, "the window's size is traced here"),),
            )
