"""``jax.random.PRNGKey(key)``: a key maker given a PRNG key where its integer seed goes (a
function written to take a seed, called with a key), or an array of several seeds
(``jax.random.key(jnp.arange(4))``: one key per seed is ``jax.vmap(jax.random.key)``).

The contract is in the API models (``Requirement.SEED_NOT_KEY`` on the key makers' ``seed``);
reported when every value the seed can have is a key, an array of keys, or an array of rank one
or more (its shape known).
"""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related, source
from jaxlsp.rules.base import Rule


class RandomKeyAsSeed(Rule):
    NAME = "random-key-as-seed"
    CODE = "random-key-as-seed"
    RECORD_ID = "2eca76c5c2a9a525"

    VALID = (
        """
import jax

def init(seed, n):
    key = jax.random.PRNGKey(seed)
    return jax.random.normal(key, (n,))

init(0, 3)
""",
        # one key per seed: vmap maps the key maker over the seeds, each a scalar
        """
import jax
import jax.numpy as jnp

keys = jax.vmap(jax.random.key)(jnp.arange(4))
key = jax.random.key(jnp.array(3))
""",
    )
    INVALID = (
        """
import jax

def init(key, n):
    key = jax.random.PRNGKey(key)  # expect: random-key-as-seed
    return jax.random.normal(key, (n,))

init(jax.random.PRNGKey(0), 3)
""",
        # an array of seeds, one key wanted per seed
        """
import jax
import jax.numpy as jnp

seeds = jnp.arange(4)
keys = jax.random.key(seeds)  # expect: random-key-as-seed
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call, violation in program.violations("key-as-seed"):
            node = violation.node
            where = f"`{source(node)}`" if node is not None else "its seed"
            advice = (
                "Use the key as it is, or pass the integer seed; `jax.random.split`/`fold_in` "
                "make new keys from a key."
                if "key" in violation.described
                else "Make one key per seed with `jax.vmap(jax.random.key)(seeds)`, or pass one "
                "integer."
            )
            yield finding(
                self,
                record,
                program,
                call.site,
                f"`{call.api.short}` is given {where} ({violation.described}) as its seed: it "
                f"takes one scalar seed, so it raises TypeError. {advice}",
                (related(program, call.site, f"this seed is {violation.described}", node),),
                node=node,
            )
