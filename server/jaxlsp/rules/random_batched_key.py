"""An array of keys (what ``jax.random.split(key, n)`` returns) given to a function of
``jax.random`` that takes one key: ``jax.random.normal(keys, (n,))``.

The samplers, ``split`` and ``fold_in`` check that their key is a single one and raise
ValueError for a batch.  Mapping over the keys (``jax.vmap``, ``lax.scan``, a loop, an
index) gives each call one key, and is not reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related, source
from jaxlsp.rules.base import Rule


class RandomBatchedKey(Rule):
    NAME = "random-batched-key"
    CODE = "random-batched-key"
    RECORD_ID = "01f0753867bda0b0"

    VALID = (
        """
import jax

keys = jax.random.split(jax.random.key(0), 8)
a = jax.vmap(lambda k: jax.random.normal(k, ()))(keys)
b = jax.random.normal(keys[0], (3,))
first, second = jax.random.split(jax.random.key(1))
c = jax.random.uniform(first, (2,))

def step(total, k):
    return total + jax.random.normal(k), None

total, _ = jax.lax.scan(step, 0.0, keys)
for k in keys:
    d = jax.random.bernoulli(k)
""",
    )
    INVALID = (
        """
import jax

batch_size = 8
rng = jax.random.split(jax.random.PRNGKey(0), batch_size)
x = jax.random.normal(rng, shape=(batch_size,))  # expect: random-batched-key
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call in program.broken_calls():
            violation = next((v for v in call.violations if v.kind == "key-batched"), None)
            if violation is None:
                continue
            node = violation.node
            where = f"`{source(node)}`" if node is not None else "its key"
            yield finding(
                self,
                record,
                program,
                call.site,
                f"`{call.api.short}` takes one PRNG key, but {where} is an array of keys "
                "(from jax.random.split): it raises ValueError. Map the call over the keys "
                "with jax.vmap, or draw the whole batch from one key through the shape.",
                (related(program, call.site, f"`{call.api.short}` takes a single key"),),
                node=node,
            )
