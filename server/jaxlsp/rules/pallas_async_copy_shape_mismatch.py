"""A TPU DMA (``pltpu.make_async_copy(src, dst, sem)`` started, ``pltpu.async_copy``,
``pltpu.sync_copy``) between two Refs of another shape or dtype: a DMA moves one Ref's
contents into another as they are, and Mosaic's verifier refuses it ("'tpu.enqueue_dma' op
DMA source and target shape mismatch", or "element type mismatch"); measured on a TPU v5e
(jax 0.10.2; the pinned jaxlib holds the same two messages): a window of 8 rows into 16, an
added unit dimension, the same elements in another shape, float32 into bfloat16 or int32 into
float32, in either direction.  Both Refs' shapes and dtypes must be known: a grid kernel's
blocks and ``pl.ANY`` operands (the whole array), scratch buffers, and their windows
``x_ref.at[...]`` (constant ``pl.ds`` windows, integers, ``pl.ds(start, size)`` of a known
size)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.apis.pallas import COPIES, MAKE_ASYNC_COPY, KernelRef
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import KernelTarget, Site, StateRef, Value, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import TPU_SETUP, SurePaths, launches, on_tpu
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class PallasAsyncCopyShapeMismatch(Rule):
    NAME = "pallas-async-copy-shape-mismatch"
    CODE = "pallas-async-copy-shape-mismatch"
    RECORD_ID = "3700852212da9186"

    VALID = (
        TPU_SETUP
        + """
def kernel(x_hbm, o_ref, buf, sem):
    copy = pltpu.make_async_copy(x_hbm.at[pl.ds(0, 8)], buf.at[pl.ds(8, 8)], sem)
    copy.start()
    copy.wait()
    o_ref[...] = buf[...]

pl.pallas_call(kernel, out_shape=out, in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
               scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32), pltpu.SemaphoreType.DMA],
               interpret=pltpu.InterpretParams())(x)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def kernel(x_ref, o_hbm, buf, sem):
    buf[...] = x_ref[...] * 2.0
    top = o_hbm.at[pl.ds(0, 8)]
    copy = pltpu.make_async_copy(buf, top, sem)  # expect: pallas-async-copy-shape-mismatch
    copy.start()
    copy.wait()

pl.pallas_call(kernel, out_shape=out, out_specs=pl.BlockSpec(memory_space=pl.ANY),
               scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32), pltpu.SemaphoreType.DMA],
               interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        targets: dict[Site, KernelTarget] | None = None
        paths: SurePaths | None = None
        reported: set[Site] = set()
        for api in COPIES:
            for made in program.made_by(api):
                if made.site in reported:
                    continue
                source = _ref(made.arguments.get("src_ref"))
                target = _ref(made.arguments.get("dst_ref"))
                if source is None or target is None:
                    continue
                if source.shape == target.shape and source.dtype == target.dtype:
                    continue
                paths = paths or SurePaths(program)
                if api == MAKE_ASYNC_COPY and not _started(made.site, paths):
                    continue  # a descriptor never started moves nothing
                if not paths.runs(made.site):
                    continue  # behind a test the analysis could not decide
                if targets is None:
                    targets = {at.launch.made.site: at.launch.target for at in launches(program)}
                chip = _target(source, targets) or _target(target, targets)
                if chip is None or chip is KernelTarget.OTHER:
                    continue
                reported.add(made.site)
                what = "shape" if source.shape != target.shape else "dtype"
                found = finding(
                    self,
                    record,
                    program,
                    made.site,
                    f"This DMA copies a Ref of shape {source.shape} and dtype {source.dtype} "
                    f"into one of shape {target.shape} and dtype {target.dtype}: a TPU DMA "
                    "moves a Ref's contents as they are, so the two must have the same shape "
                    "and dtype, and Mosaic's verifier refuses it ('tpu.enqueue_dma' op DMA "
                    f"source and target {'shape' if what == 'shape' else 'element type'} "
                    "mismatch). Copy between windows of the same shape (`dst.at[pl.ds(0, 8)]`), "
                    "and cast after loading, not in the DMA.",
                    tuple(
                        related(program, made.site, text, made.nodes.get(name))
                        for name, text in (
                            ("src_ref", f"the source, {source.shape} {source.dtype}"),
                            ("dst_ref", f"the destination, {target.shape} {target.dtype}"),
                        )
                    ),
                )
                yield on_tpu(found, chip)


def _ref(values: Values | None) -> StateRef | KernelRef | None:
    """The one Ref an argument surely is, with its shape and dtype known."""
    if values is None or len(values) != 1:
        return None
    value: Value = values[0]
    if not isinstance(value, StateRef | KernelRef):
        return None
    if value.shape is None or value.dtype is None:
        return None
    return value


def _target(ref: StateRef | KernelRef, targets: dict[Site, KernelTarget]) -> KernelTarget | None:
    if isinstance(ref, StateRef):
        return ref.target
    return targets.get(ref.kernel)


def _started(site: Site, paths: SurePaths) -> bool:
    """Whether the copy descriptor made at ``site`` is surely started in the same statement
    tree: ``make_async_copy(...).start()``, or ``name.start()`` of the name it is bound to,
    where that call surely runs whenever its function does (``SurePaths``)."""
    call = site.node
    names: set[str] = set()
    for node in ast.walk(site.tree):
        if isinstance(node, ast.Assign) and node.value is call:
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    for node in ast.walk(site.tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "start"
        ):
            continue
        receiver = node.func.value
        mine = receiver is call or (isinstance(receiver, ast.Name) and receiver.id in names)
        if mine and paths.runs(Site(site.module, site.tree, node)):
            return True
    return False
