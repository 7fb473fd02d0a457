"""Indexing with a traced boolean mask: ``x[x > 0]``, ``x.at[mask].set(0)``.

A boolean mask selects a number of elements known only from its values, so the result's shape
is not static; under a staging or batching transform that raises NonConcreteBooleanIndexError.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.apis.contracts import masks_traced, traced_mask
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import AtUpdate, Subscript
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Array
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, how_traced, source, traced_here
from jaxlsp.rules.base import Reads, Rule


def _read(fact: object) -> bool:
    """Whether a fact is one this rule reads (``READS``): an index or update by a traced
    boolean mask."""
    if isinstance(fact, Subscript):
        return masks_traced(fact) is not None
    if isinstance(fact, AtUpdate):
        return traced_mask(fact.index) is not None
    return True


class NonConcreteBooleanIndexError(Rule):
    NAME = "non-concrete-boolean-index-error"
    FORMER_NAMES = ("traced-boolean-mask",)
    CODE = "non-concrete-boolean-index-error"
    RECORD_ID = "4619be502cf467e9"
    READS = Reads(
        "the subscripts and at-updates masked with a tracer",
        frozenset({"subscripts", "at_updates"}),
        _read,
    )

    VALID = (
        # jnp.where keeps the shape; a concrete mask outside jit is fine
        """
import jax
import jax.numpy as jnp

@jax.jit
def relu(x):
    return jnp.where(x > 0, x, 0.0)

x = jnp.array([-1.0, 2.0])
positive = x[x > 0]
relu(x)
""",
    )

    INVALID = (
        """
import jax
import jax.numpy as jnp

@jax.jit
def positives(x):
    return x[x > 0]  # expect: non-concrete-boolean-index-error

positives(jnp.array([-1.0, 2.0]))
""",
        """
import jax
import jax.numpy as jnp

def zero_negatives(x):
    mask = x < 0
    return x.at[mask].set(0.0)  # expect: non-concrete-boolean-index-error

jax.vmap(zero_negatives)(jnp.ones((2, 3)))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for subscript in program.facts.subscripts:
            mask = masks_traced(subscript)
            if mask is None:
                continue
            node = getattr(subscript.site.node, "slice", None)
            yield self._finding(program, record, subscript.site, mask, subscript.frame, node)
        for update in program.facts.at_updates:
            mask = traced_mask(update.index)
            if mask is None:
                continue
            node = getattr(update.index_site.node, "slice", None) if update.index_site else None
            yield self._finding(program, record, update.site, mask, update.frame, node)

    def _finding(
        self,
        program: Program,
        record: Record | None,
        site: object,
        mask: Array,
        frame: object,
        node: object,
    ) -> Finding:
        return finding(
            self,
            record,
            program,
            site,  # type: ignore[arg-type]
            f"`{source(node)}` is a boolean mask and a tracer "  # type: ignore[arg-type]
            f"({how_traced(program, mask.trace, frame)}): the selection's size is not static, "  # type: ignore[arg-type]
            "so this raises NonConcreteBooleanIndexError. Use jnp.where(mask, x, fill), or "
            "the `size=` argument of jnp.nonzero.",
            traced_here(program, mask.trace),
        )
