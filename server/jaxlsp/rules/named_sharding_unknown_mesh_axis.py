"""``NamedSharding(mesh, P("model"))`` where the mesh has no axis ``"model"``: JAX checks the
spec's names against the mesh when the sharding is made.

The contract is in the API models (``mesh_has_spec_axes`` on ``NamedSharding``); reported
when the mesh's axis names and the spec's entries are known.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class NamedShardingUnknownMeshAxis(Rule):
    NAME = "named-sharding-unknown-mesh-axis"
    CODE = "named-sharding-unknown-mesh-axis"
    RECORD_ID = "420edf6b011945d7"

    VALID = (
        """
import jax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))
rows = NamedSharding(mesh, P("data"))
both = NamedSharding(mesh, P(("data", "model"), None))
""",
    )
    INVALID = (
        """
import jax
from jax.sharding import NamedSharding, PartitionSpec as P

def shard_weights(mesh):
    return NamedSharding(mesh, P(None, "model"))  # expect: named-sharding-unknown-mesh-axis

shard_weights(jax.make_mesh((8,), ("data",)))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("mesh-axis"):
            axis, _, names = violation.described.partition(":")
            yield finding(
                self,
                record,
                program,
                call.site,
                f"`{call.api.short}`: the spec names the mesh axis {axis!r}, but the mesh's "
                f"axes are ({names}): it raises ValueError. Name an axis the mesh has, or "
                "build the mesh with that axis (a size-1 axis is allowed).",
                (
                    related(
                        program, call.site, f"{axis!r} is not an axis of the mesh", violation.node
                    ),
                ),
                node=violation.node,
            )
