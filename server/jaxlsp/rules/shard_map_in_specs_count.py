"""A shard_map function called with a different number of positional arguments than its
tuple of `in_specs` has entries: `in_specs=(P('x'), P('x'))` and `f(x)`.

The contract is in the API models (`Requirement.ONE_PER_ARGUMENT_AT_CALL` on `in_specs`); this
rule reports the calls the interpreter proves break it.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import ShardMapped
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class ShardMapInSpecsCount(Rule):
    NAME = "shard-map-in-specs-count"
    CODE = "shard-map-in-specs-structure"
    RECORD_ID = "051b50937c2a1dae"

    VALID = (
        """
import functools
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("x",))

@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("x"), P("x")), out_specs=P("x"))
def f(x, y):
    return x + y

x = jax.device_put(jnp.arange(8.0), jax.sharding.NamedSharding(mesh, P("x")))
f(x, x)
""",
    )
    INVALID = (
        """
import functools
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("x",))

@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("x"), P("x")), out_specs=P("x"))
def f(x, y):
    return x + y

x = jax.device_put(jnp.arange(8.0), jax.sharding.NamedSharding(mesh, P("x")))
f(x)  # expect: shard-map-in-specs-structure
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for called in program.facts.called:
            for violation in called.violations:
                if violation.kind != "specs-per-argument":
                    continue
                specs, given = violation.described.split(":")
                callee = called.callee
                made = callee.site if isinstance(callee, ShardMapped) else None
                yield finding(
                    self,
                    record,
                    program,
                    called.site,
                    f"in_specs has {specs} entries but this call passes {given} positional "
                    f"argument{'s' if given != '1' else ''}: shard_map matches in_specs to the "
                    "arguments and raises ValueError. Give one spec per argument.",
                    (related(program, made, "in_specs given here"),) if made is not None else (),
                )
