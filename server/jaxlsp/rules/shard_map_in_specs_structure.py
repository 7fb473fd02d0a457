"""A shard_map function called with a different number of positional arguments than its
tuple of `in_specs` has entries: `in_specs=(P('x'), P('x'))` and `f(x)`.

The contract is in the API models (`Requirement.ONE_PER_ARGUMENT_AT_CALL` on `in_specs`); this
rule reports the calls the interpreter proves break it.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import Called
from jaxlsp.rules._arguments import CalledRule


class ShardMapInSpecsStructure(CalledRule):
    NAME = "shard-map-in-specs-structure"
    FORMER_NAMES = ("shard-map-in-specs-count",)
    CODE = "shard-map-in-specs-structure"
    RECORD_ID = "051b50937c2a1dae"
    KIND = "specs-per-argument"
    MADE_NOTE = "in_specs given here"

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

    def message(self, called: Called, violation: Violation) -> str:
        specs, given = violation.described.split(":")
        return (
            f"in_specs has {specs} entries but this call passes {given} positional "
            f"argument{'s' if given != '1' else ''}: shard_map matches in_specs to the "
            "arguments and raises ValueError. Give one spec per argument."
        )
