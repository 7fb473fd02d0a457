"""Values followed through containers: the leaves of a vmapped (or differentiated) dict, list
or NamedTuple argument, a pytree of shard_map specs matched to its argument's pytree, a
generator's items, ``tuple()`` of a known list, a loop over a dict's keys. Each source marks
where the engine must report (``# expect:``), and reports nothing else."""

from __future__ import annotations

import textwrap

import pytest

from jaxlsp.engine import Engine
from tests.engine._expect import expected, findings_of

ENGINE = Engine()

SOURCES = {
    "vmap over a dict whose leaves have different sizes": """
        import jax
        import jax.numpy as jnp

        batch = {"x": jnp.ones((8, 3)), "y": jnp.ones(7)}
        jax.vmap(lambda b: b["x"].sum() - b["y"])(batch)  # expect: vmap-inconsistent-sizes
        """,
    "vmap over a list whose leaves have different sizes": """
        import jax
        import jax.numpy as jnp

        def loss(pair):
            return pair[0].sum() - pair[1]

        jax.vmap(loss)([jnp.ones((8, 3)), jnp.ones(5)])  # expect: vmap-inconsistent-sizes
        """,
    "vmap over a NamedTuple whose fields have different sizes": """
        from typing import NamedTuple

        import jax
        import jax.numpy as jnp

        class Batch(NamedTuple):
            x: jax.Array
            y: jax.Array

        jax.vmap(lambda b: b.x.sum() - b.y)(Batch(jnp.ones((4, 3)), jnp.ones(6)))  # expect: vmap-inconsistent-sizes
        """,
    "a dict of shard_map specs, one too long for its vector": """
        import jax
        import jax.numpy as jnp
        from jax.sharding import PartitionSpec as P

        mesh = jax.make_mesh((8,), ("m",))
        specs = {"w": P(None, "m"), "b": P(None, "m")}
        f = jax.shard_map(lambda p: p["w"] + p["b"], mesh=mesh, in_specs=(specs,), out_specs=P())
        f({"w": jnp.ones((4, 16)), "b": jnp.zeros(16)})  # expect: shard-map-in-specs-rank
        """,
    "a tuple of shard_map specs inside a tuple argument, not divisible": """
        import jax
        import jax.numpy as jnp
        from jax.sharding import PartitionSpec as P

        mesh = jax.make_mesh((8,), ("m",))
        f = jax.shard_map(lambda t: t[0], mesh=mesh, in_specs=((P("m"), P()),), out_specs=P())
        f((jnp.ones(12), jnp.ones(3)))  # expect: shard-map-not-divisible
        """,
    "in_specs made by tuple() of a generator, one short": """
        import jax
        import jax.numpy as jnp
        from jax.sharding import PartitionSpec as P

        mesh = jax.make_mesh((8,), ("d",))
        names = ["w", "b"]
        specs = tuple(P() for _ in names)
        f = jax.shard_map(lambda w, b, x: x, mesh=mesh, in_specs=specs, out_specs=P())
        f(jnp.ones(4), jnp.ones(4), jnp.ones(4))  # expect: shard-map-in-specs-structure
        """,
    "tuple() of a list of known items keeps them": """
        import jax
        import jax.numpy as jnp
        from jax.sharding import PartitionSpec as P

        mesh = jax.make_mesh((8,), ("d",))
        specs = tuple([P(), P()])
        f = jax.shard_map(lambda w, b, x: x, mesh=mesh, in_specs=specs, out_specs=P())
        f(jnp.ones(4), jnp.ones(4), jnp.ones(4))  # expect: shard-map-in-specs-structure
        """,
    "a comprehension over a dict's keys sees each key": """
        import jax.numpy as jnp

        WIDTHS = {"user": 8, "item": 8, "time": 4}
        parts = [jnp.ones((2, WIDTHS[name])) for name in WIDTHS]
        jnp.stack(parts)  # expect: concatenate-rank-mismatch
        """,
    "a loop over a dict's keys sees each key": """
        import jax.numpy as jnp

        widths = {"a": 3, "b": 4}
        total = jnp.zeros(3)
        for name in widths:
            total = total + jnp.ones(widths[name])  # expect: incompatible-shapes-for-broadcasting
        """,
    "grad of a dict of params with an integer leaf": """
        import jax
        import jax.numpy as jnp

        params = {"w": jnp.ones(3), "steps": 2}
        jax.grad(lambda p: (p["w"] * p["steps"]).sum())(params)  # expect: grad-integer-input
        """,
}

NEGATIVES = {
    "vmap over a dict whose leaves agree": """
        import jax
        import jax.numpy as jnp

        batch = {"x": jnp.ones((8, 3)), "y": jnp.ones(8)}
        jax.vmap(lambda b: b["x"].sum() - b["y"])(batch)
        """,
    "a dict of shard_map specs that fit": """
        import jax
        import jax.numpy as jnp
        from jax.sharding import PartitionSpec as P

        mesh = jax.make_mesh((8,), ("m",))
        specs = {"w": P(None, "m"), "b": P("m")}
        out = P(None, "m")
        f = jax.shard_map(lambda p: p["w"] + p["b"], mesh=mesh, in_specs=(specs,), out_specs=out)
        shardings = {k: jax.NamedSharding(mesh, s) for k, s in specs.items()}
        f(jax.device_put({"w": jnp.ones((4, 16)), "b": jnp.zeros(16)}, shardings))
        """,
    "in_specs made by tuple() of a generator, one per argument": """
        import jax
        import jax.numpy as jnp
        from jax.sharding import PartitionSpec as P

        mesh = jax.make_mesh((8,), ("d",))
        names = ["w", "b", "x"]
        specs = tuple(P() for _ in names)
        f = jax.shard_map(lambda w, b, x: x, mesh=mesh, in_specs=specs, out_specs=P())
        f(jnp.ones(4), jnp.ones(4), jnp.ones(4))
        """,
    "a comprehension over a dict's keys, every width the same": """
        import jax.numpy as jnp

        WIDTHS = {"user": 8, "item": 8}
        parts = [jnp.ones((2, WIDTHS[name])) for name in WIDTHS]
        jnp.stack(parts)
        """,
    "a dict with a key not known is not iterated as if its keys were": """
        import jax.numpy as jnp

        def widths(name):
            found = {"a": 3}
            found[name] = 4
            return found

        w = widths("a")
        jnp.concatenate([jnp.ones(w[key]) for key in w] + [jnp.ones(3)])
        """,
}


@pytest.mark.parametrize("source", SOURCES.values(), ids=list(SOURCES))
def test_reported_through_the_container(source: str) -> None:
    assert findings_of(ENGINE, source) == expected(textwrap.dedent(source))


@pytest.mark.parametrize("source", NEGATIVES.values(), ids=list(NEGATIVES))
def test_close_negatives_stay_silent(source: str) -> None:
    assert findings_of(ENGINE, source) == set()
