"""A TPU scratch buffer declared without its dtype, ``pltpu.VMEM((bm, bn))``: a memory
space is called with a shape and a dtype, and the dtype has no default, so Python raises
TypeError where the buffer is declared (before pallas_call runs, in interpret mode too).
Found where such a call ran with its shape alone, no ``*args`` or ``**kwargs`` that could
hold the dtype."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.apis.pallas import TPU
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import TPU_SETUP
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

#: The memory spaces a scratch buffer is declared with.
SPACES = (f"{TPU}.VMEM", f"{TPU}.SMEM")


class PallasScratchShapesDtype(Rule):
    NAME = "pallas-scratch-shapes-dtype"
    CODE = "pallas-scratch-shapes-dtype"
    RECORD_ID = "28e135c93c4168a7"

    VALID = (
        TPU_SETUP
        + """
def kernel(x_ref, o_ref, acc_ref):
    acc_ref[...] = x_ref[...] * 2.0
    o_ref[...] = acc_ref[...]

pl.pallas_call(kernel, out_shape=out, scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32)],
               interpret=True)(x)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def kernel(x_ref, o_ref, acc_ref):
    acc_ref[...] = x_ref[...] * 2.0
    o_ref[...] = acc_ref[...]

acc = pltpu.VMEM((16, 128))  # expect: pallas-scratch-shapes-dtype
pl.pallas_call(kernel, out_shape=out, scratch_shapes=[acc], interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        reported: set[Site] = set()
        for api in SPACES:
            for made in program.made_by(api):
                node = made.site.node
                if made.site in reported or not _shape_alone(node):
                    continue
                reported.add(made.site)
                space = api.rsplit(".", 1)[-1]
                yield finding(
                    self,
                    record,
                    program,
                    made.site,
                    f"This scratch buffer is declared `pltpu.{space}(shape)` without a dtype: "
                    f"`pltpu.{space}` takes the buffer's shape and its dtype, which has no "
                    "default, so Python raises TypeError (missing 1 required positional "
                    "argument: 'dtype') here. Give the dtype the kernel keeps in it "
                    f"(`pltpu.{space}(shape, jnp.float32)`).",
                    (
                        related(
                            program,
                            made.site,
                            "the shape, the one argument given",
                            made.nodes.get("shape"),
                        ),
                    ),
                )


def _shape_alone(node: ast.AST) -> bool:
    """A call that spells its shape and nothing else: one argument, no spread."""
    if not isinstance(node, ast.Call):
        return False
    if any(isinstance(arg, ast.Starred) for arg in node.args):
        return False
    if any(keyword.arg is None for keyword in node.keywords):
        return False
    given = len(node.args) + len(node.keywords)
    named = {keyword.arg for keyword in node.keywords}
    return given == 1 and "dtype" not in named
