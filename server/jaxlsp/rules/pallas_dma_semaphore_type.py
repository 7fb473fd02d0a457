"""A TPU DMA (``pltpu.make_async_copy(src, dst, sem)``, ``pltpu.async_copy``) waited on with
``.wait()`` whose semaphore is a regular (or barrier) one: waiting on a copy reads its
semaphore as a DMA semaphore, and JAX refuses any other kind while the kernel is traced
(ValueError, "dma_wait requires a DMA semaphore"; 0.12.0.1, interpret mode and the TPU
lowering alike).  The semaphore's kind is known where the launch allocates it in its
``scratch_shapes`` (``pltpu.SemaphoreType.REGULAR``, or an array of them, ``.REGULAR((2,))``,
indexed with ``.at[...]``).  Reported at the wait, where one surely runs whenever its kernel
does (``SurePaths``) on the one name the descriptor is bound to.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.apis.pallas import ASYNC_COPY, MAKE_ASYNC_COPY
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site, StateRef, Values
from jaxlsp.records.record import Record
from jaxlsp.rules._pallas import TPU_SETUP, SurePaths
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

#: The semaphore kinds (their Refs' dtypes) a DMA's wait refuses.
NOT_DMA = {"semaphore": "a regular semaphore", "barrier_semaphore": "a barrier semaphore"}


def _kind(values: Values | None) -> str | None:
    """The kind of semaphore ``values`` surely is, when not a DMA one."""
    if not values:
        return None
    kinds = {v.dtype if isinstance(v, StateRef) else None for v in values}
    if len(kinds) != 1:
        return None
    (kind,) = kinds
    return kind if kind in NOT_DMA else None


def _waits(site: Site) -> list[ast.Call]:
    """The ``.wait()`` calls of the copy descriptor made at ``site``, in the same statement
    tree: ``make_async_copy(...).wait()``, or ``name.wait()`` of the one name it is bound to
    (a name bound anywhere else in the tree may hold another descriptor: none is taken)."""
    call = site.node
    names: set[str] = set()
    bound: dict[str, int] = {}
    for node in ast.walk(site.tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound[node.id] = bound.get(node.id, 0) + 1
        if isinstance(node, ast.Assign) and node.value is call:
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    names = {name for name in names if bound.get(name) == 1}
    found: list[ast.Call] = []
    for node in ast.walk(site.tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "wait"
            and not node.args
            and not node.keywords
        ):
            receiver = node.func.value
            if receiver is call or (isinstance(receiver, ast.Name) and receiver.id in names):
                found.append(node)
    return found


class PallasDmaSemaphoreType(Rule):
    NAME = "pallas-dma-semaphore-type"
    CODE = "pallas-dma-semaphore-type"
    RECORD_ID = "559cb1a27b6dd0a1"

    VALID = (
        TPU_SETUP
        + """
def kernel(x_hbm, o_ref, buf, sem):
    copy = pltpu.make_async_copy(x_hbm, buf, sem)
    copy.start()
    copy.wait()
    o_ref[...] = buf[...]

pl.pallas_call(kernel, out_shape=out, in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
               scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32), pltpu.SemaphoreType.DMA],
               interpret=True)(x)
""",
    )
    INVALID = (
        TPU_SETUP
        + """
def kernel(x_hbm, o_ref, buf, sem):
    copy = pltpu.make_async_copy(x_hbm, buf, sem)
    copy.start()
    copy.wait()  # expect: pallas-dma-semaphore-type
    o_ref[...] = buf[...]

pl.pallas_call(kernel, out_shape=out, in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
               scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32), pltpu.SemaphoreType.REGULAR],
               interpret=True)(x)
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        paths: SurePaths | None = None
        reported: set[Site] = set()
        for api in (MAKE_ASYNC_COPY, ASYNC_COPY):
            for made in program.made_by(api):
                kind = _kind(made.arguments.get("sem"))
                if kind is None:
                    continue
                paths = paths or SurePaths(program)
                for wait in _waits(made.site):
                    site = Site(made.site.module, made.site.tree, wait)
                    if site in reported or not paths.runs(site):
                        continue
                    reported.add(site)
                    yield finding(
                        self,
                        record,
                        program,
                        site,
                        f"This waits on a DMA whose semaphore is {NOT_DMA[kind]}: waiting on "
                        "a copy needs a DMA semaphore, so tracing the kernel raises "
                        "ValueError (dma_wait requires a DMA semaphore). Allocate the copy's "
                        "semaphore as pltpu.SemaphoreType.DMA (in scratch_shapes); regular "
                        "semaphores are for pl.semaphore_signal and pl.semaphore_wait.",
                        (
                            related(
                                program,
                                made.site,
                                "the copy is made here",
                                made.nodes.get("sem"),
                            ),
                        ),
                    )
