"""A kernel Ref read or written through a window that runs past the end of its block:
``x_ref[pl.ds(896, 128)]`` of a 1,000-row block (the last block of a loop over the rows in
steps that do not divide them), or a slice that starts at or past the end (``x_ref[8:]`` of
8 rows).  JAX's Ref indexing checks each window whose start and size are constant, and raises
ValueError ("Out of bound slice") while the kernel is traced, on every backend; a Python
slice's end is cut short, as NumPy's is, but its start is not.  Found where the Ref's block
shape and every part of the index are known; a window whose start is traced is not judged."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.shaping import out_of_bound_window
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import PALLAS_FACTS, SETUP, same_ref
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class PallasRefWindowOutOfBounds(Rule):
    NAME = "pallas-ref-window-out-of-bounds"
    CODE = "pallas-ref-window-out-of-bounds"
    RECORD_ID = "135243b0e4654b79"
    READS = PALLAS_FACTS

    VALID = (
        SETUP
        + """
def rows(x_ref, o_ref):
    for s in range(0, 16, 8):
        o_ref[pl.ds(s, 8)] = x_ref[pl.ds(s, 8)] * 2.0

pl.pallas_call(rows, out_shape=out, interpret=True)(x)
""",
    )
    INVALID = (
        SETUP
        + """
def rows(x_ref, o_ref):
    for s in range(0, 16, 12):
        o_ref[pl.ds(s, 12)] = x_ref[pl.ds(s, 12)] * 2.0  # expect: pallas-ref-window-out-of-bounds

pl.pallas_call(rows, out_shape=out, interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        heap = program.interpreter.heap
        reported: set[Site] = set()
        for subscript in program.facts.subscripts:
            ref = same_ref(subscript.container)
            if ref is None or ref.shape is None or ref.launch is None:
                continue
            if subscript.site in reported:
                continue
            window = out_of_bound_window(ref.shape, subscript.index, heap)
            if window is None:
                continue
            reported.add(subscript.site)
            if window.size is None:
                what = f"a slice starting at {window.start}"
            else:
                what = f"`pl.ds({window.start}, {window.size})`"
            yield finding(
                self,
                record,
                program,
                subscript.site,
                f"This Ref is {'written' if subscript.store else 'read'} through {what} on "
                f"its dimension {window.axis}, which has {window.dim} entries (its block is "
                f"{ref.shape}): the window runs past the end, and JAX raises ValueError (Out "
                "of bound slice) while the kernel is traced, on every backend. Keep the window "
                "inside the block: a last window of the rows that are left "
                "(`pl.ds(start, min(size, n - start))`), or pad the array to a multiple of the "
                "window.",
                (related(program, ref.launch, "the launch whose BlockSpec shapes the Ref"),),
            )
