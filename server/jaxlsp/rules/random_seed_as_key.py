"""``jax.random.normal(0, ...)``: a plain int (or None, or a string) where a PRNG key goes.

The quick fix wraps an int seed in ``jax.random.key(seed)``, spelled with the call's own
module prefix (``random.normal(0)`` → ``random.key(0)``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.pyast import ModuleAst, module_ast
from jaxlsp.findings import Finding, Fix, RelatedLocation
from jaxlsp.records.record import Record
from jaxlsp.rules._random import SAMPLERS, key_argument
from jaxlsp.rules._support import calls_of, finding, replace_span
from jaxlsp.rules.base import Rule


class RandomSeedAsKey(Rule):
    NAME = "random-seed-as-key"
    CODE = "random-int-seed-as-key"
    RECORD_ID = "f7d4e32b1bfd2b3b"

    VALID = (
        """
import jax

key = jax.random.key(0)
x = jax.random.normal(key, (3,))
old = jax.random.PRNGKey(42)
y = jax.random.uniform(old)
z = jax.random.fold_in(key, 3)
""",
    )

    INVALID = (
        """
import jax

x = jax.random.normal(0, (3,))  # expect: random-int-seed-as-key
""",
        """
from jax import random

def init(shape):
    a, b = random.split(42)  # expect: random-int-seed-as-key
    return random.uniform(key=None, shape=shape)  # expect: random-int-seed-as-key
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for scope, call, name in calls_of(module, SAMPLERS):
            seed = _seed(call, name)
            if seed is None:
                continue
            fix = _fix_text(module, call, seed, scope.chunk)
            short = name.removeprefix("jax.random.")
            yield finding(
                self,
                record,
                module.span(seed, scope.chunk),
                f"jax.random.{short} is given `{module.text(seed, scope.chunk)}` where a PRNG key "
                "goes: it raises TypeError ('JAX encountered invalid PRNG key data'). Make a key "
                "once with jax.random.key(seed) and pass (splits of) it.",
                (
                    RelatedLocation(
                        module.span(call.func, scope.chunk),
                        f"jax.random.{short} takes a key as its first argument",
                    ),
                ),
                fix_titles=(f"Wrap the seed: `{fix}`",) if fix else (),
            )

    def fixes(self, source: str, facts: ModuleFacts, finding: Finding) -> list[Fix]:
        module = module_ast(facts)
        for scope, call, name in calls_of(module, SAMPLERS):
            seed = _seed(call, name)
            if seed is None or module.span(seed, scope.chunk) != finding.span:
                continue
            text = _fix_text(module, call, seed, scope.chunk)
            if text is None:
                return []
            edits = replace_span(facts.lines, finding.span, text)
            return [Fix(f"Wrap the seed: `{text}`", edits, preferred=True)]
        return []


def _seed(call: ast.Call, name: str) -> ast.expr | None:
    if name not in SAMPLERS:
        return None
    key = key_argument(call)
    if isinstance(key, ast.Constant) and (key.value is None or type(key.value) in (int, str)):
        return key
    return None


def _fix_text(module: ModuleAst, call: ast.Call, seed: ast.expr, chunk: int) -> str | None:
    if not (isinstance(seed, ast.Constant) and type(seed.value) is int):
        return None
    if not isinstance(call.func, ast.Attribute):
        return None
    prefix = module.text(call.func.value, chunk)
    if prefix is None or "\n" in prefix:
        return None
    return f"{prefix}.key({seed.value})"
