"""``sharding-spec-rank``: a NamedSharding whose PartitionSpec names more axes than the array
given to ``jax.device_put`` or ``jax.lax.with_sharding_constraint`` has (equinox#815,
bench/realbugs/fresh12).  Every positive raised ValueError on the pinned JAX (8 CPU devices)
and every close negative ran."""

from __future__ import annotations

import pytest

from tests._engine import fresh_engine

HEADER = """
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
explicit = jax.make_mesh((8,), ("batch",))
"""


def _codes(line: str) -> list[tuple[int, str]]:
    source = HEADER + line + "\n"
    findings = fresh_engine().analyze(source, "shard.py").findings
    return sorted((f.span.start.line + 1, f.code) for f in findings)


def _last(line: str) -> int:
    return (HEADER + line + "\n").count("\n")


@pytest.mark.parametrize(
    "line",
    [
        'y = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("batch", None, None)))',
        'y = jax.device_put(np.ones((8, 4)), NamedSharding(mesh, P("batch", None, None)))',
        'y = jax.device_put(jnp.ones((8, 4)), NamedSharding(explicit, P("batch", None, None)))',
        'y = jax.device_put(jnp.float32(1.0), NamedSharding(mesh, P("batch")))',
        'y = jax.lax.with_sharding_constraint(jnp.ones((8, 4)), NamedSharding(mesh, P("batch", None, None)))',
        'y = jax.jit(lambda v: jax.lax.with_sharding_constraint(v, NamedSharding(mesh, P("batch", None))))(jnp.ones(8))',
    ],
)
def test_a_spec_longer_than_the_rank_is_found(line: str) -> None:
    assert _codes(line) == [(_last(line), "sharding-spec-rank")]


@pytest.mark.parametrize(
    "line",
    [
        'y = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("batch", None)))',
        'y = jax.device_put(jnp.ones((8, 4, 2)), NamedSharding(mesh, P("batch")))',
        "y = jax.device_put(jnp.float32(1.0), NamedSharding(mesh, P()))",
        'y = jax.lax.with_sharding_constraint(jnp.ones((8, 4, 2)), NamedSharding(mesh, P("batch", None, None)))',
        # a pytree of arrays: each leaf checked against its own (prefix) sharding, not claimed
        'y = jax.device_put((jnp.ones((8, 4, 2)), jnp.ones((8, 4, 2))), NamedSharding(mesh, P("batch", None, None)))',
    ],
)
def test_a_spec_within_the_rank_is_silent(line: str) -> None:
    assert _codes(line) == []


def test_an_array_of_unknown_rank_is_silent() -> None:
    source = HEADER + (
        'def place(x):\n    return jax.device_put(x, NamedSharding(mesh, P("batch", None, None)))\n'
    )
    assert fresh_engine().analyze(source, "shard.py").findings == ()
