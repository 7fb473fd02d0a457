"""The same PRNG key consumed twice: two samplers (or a split and a sampler) given one key.

Followed along each path through the code: into helpers that consume their key argument, and
around loops (a key consumed in a loop body that does not rebind it is reused by the next
iteration).  Branches never guess: a key is reused only when it was consumed on every path to
the second consumer.

Some reuse is on purpose, and splitting the key would break it: two arrays permuted with one
key get the same permutation and stay paired (images and labels), and a test redraws, from the
key it gave the code under test, the values that code drew.  JAX's checker still raises on
both, so they are reported, but the message says the reuse may be intended and how to keep
the pairing without it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace

from jaxlsp.apis.jax_api import STAGING
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import ApiCall, KeyReuse
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site, Transformed
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related, source
from jaxlsp.rules.base import Rule


class PrngKeyReuse(Rule):
    NAME = "prng-key-reuse"
    CODE = "key-reuse-error"
    RECORD_ID = "929372fbb0d63abd"

    VALID = (
        """
import jax

key = jax.random.key(0)
key, sub = jax.random.split(key)
a = jax.random.normal(sub, (3,))
key, sub = jax.random.split(key)
b = jax.random.uniform(sub, (3,))
for i in range(3):
    key, step_key = jax.random.split(key)
    c = jax.random.normal(step_key)
d = jax.random.normal(jax.random.fold_in(key, 1))
e = jax.random.normal(jax.random.fold_in(key, 2))
""",
        # different branches each consume once
        """
import jax

def sample(key, kind):
    if kind == "normal":
        return jax.random.normal(key)
    return jax.random.uniform(key)

sample(jax.random.key(0), "normal")
""",
    )

    INVALID = (
        """
import jax

with jax.debug_key_reuse(True):
    key = jax.random.key(0)
    a = jax.random.normal(key, (3,))
    b = jax.random.uniform(key, (3,))  # expect: key-reuse-error
""",
        # a helper consumes the key it is given; called twice, the second call raises in it
        """
import jax

def noise(key, shape):
    return jax.random.normal(key, shape)  # expect: key-reuse-error

with jax.debug_key_reuse(True):
    key = jax.random.key(1)
    first = noise(key, (2,))
    second = noise(key, (2,))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        if not program.facts.key_reuses:
            return
        jitted_calls = {
            called.site
            for called in program.calls_of(Transformed)
            if isinstance(called.callee, Transformed) and called.callee.transform in STAGING
        }
        calls = {call.site: call for call in program.facts.api_calls}
        for reuse in program.facts.key_reuses:
            if reuse.via is not None and reuse.via in jitted_calls:
                # a jitted function checks its key arguments when it is called
                reuse = replace(reuse, site=reuse.via, via=None)
            node = reuse.site.node
            consumer = _consumer(node)
            places = []
            if reuse.loop is not None:
                how = "is consumed on every iteration of the loop without being split anew"
                places.append(related(program, reuse.loop, "the loop that reuses the key"))
            else:
                how = f"was already consumed on {program.line_name(reuse.first, reuse.site.module)}"
                places.append(related(program, reuse.first, "the key is first consumed here"))
            if reuse.via is not None:
                via = program.line_name(reuse.via, reuse.site.module)
                how += f", and reaches it again through the call on {via}"
                places.append(
                    related(program, reuse.via, "the key is consumed again through this call")
                )
            if reuse.key.typed:
                typed = (
                    "With key-reuse checking on (jax.debug_key_reuse(True)) this raises "
                    "KeyReuseError."
                )
            elif reuse.key.typed is None:
                typed = (
                    "For a typed key (jax.random.key), key-reuse checking "
                    "(jax.debug_key_reuse(True)) raises KeyReuseError here."
                )
            else:
                typed = (
                    "(A raw PRNGKey is not checked: JAX's key-reuse checker needs typed keys "
                    "from jax.random.key.)"
                )
            advice = _intended(program, reuse, calls) or "Split the key and use each part once."
            yield finding(
                self,
                record,
                program,
                reuse.site,
                f"{consumer} consumes a key that {how}: reusing a key gives correlated (often "
                f"identical) random numbers. {typed} {advice}",
                tuple(places),
                severity="warning",
            )


#: Samplers that reorder their argument: one key gives two of them the same reordering.
_PERMUTERS = frozenset({"jax.random.permutation", "jax.random.shuffle"})


def _intended(program: Program, reuse: KeyReuse, calls: dict[Site, ApiCall]) -> str | None:
    """What to say when the reuse looks deliberate (see the module docstring), else None."""
    if reuse.loop is not None or reuse.key.identity is None:
        return None
    # The first consumption as JAX sees it: the sampler inside the helpers it went through.
    first_site = reuse.frame.innermost.get(reuse.key.identity, reuse.first)
    first, second = calls.get(first_site), calls.get(reuse.site)
    if first is None or second is None:
        return None
    if first.api.name in _PERMUTERS and second.api.name in _PERMUTERS:
        one, other = first.nodes.get("x"), second.nodes.get("x")
        if one is None or other is None or ast.dump(one) == ast.dump(other):
            return None
        return (
            f"The reuse may be intended: one key gives `{program.text(first.site, one)}` and "
            f"`{program.text(second.site, other)}` the same permutation, which keeps them "
            "paired (splitting the key would unpair them). If so, permute the indices once "
            "(`order = jax.random.permutation(key, n)`) and index both with `order`, or "
            "silence this line."
        )
    if first.api.name == second.api.name and _in_test(program, reuse):
        return (
            f"The reuse may be intended: a test redrawing, from the key it gave the code under "
            f"test, the values that code drew (`{second.api.short}` both times) gets the same "
            "numbers (splitting the key would change them). If so, silence this line."
        )
    return None


def _in_test(program: Program, reuse: KeyReuse) -> bool:
    """Whether the frame that reuses the key is a test (a ``test*`` function or method, or a
    function of a ``test_*.py`` / ``*_test.py`` module)."""
    function = reuse.frame.function
    if function is not None and getattr(function.node, "name", "").startswith("test"):
        return True
    path = program.path_of(reuse.site)  # the reuse is in the frame's own module
    return path is not None and (path.name.startswith("test_") or path.stem.endswith("_test"))


def _consumer(node: ast.AST) -> str:
    if isinstance(node, ast.Call):
        return f"`{source(node.func)}(...)`"
    return "This call"
