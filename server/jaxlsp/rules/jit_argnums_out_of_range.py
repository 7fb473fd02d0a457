"""``jax.jit(f, static_argnums=k)`` (or ``donate_argnums``) with ``k`` past f's positional
parameters: jit checks this when it wraps f, so the error is certain once the line runs."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.pyast import FunctionNode, literal_ints, module_ast, positional
from jaxlsp.findings import Finding, RelatedLocation
from jaxlsp.records.record import Record
from jaxlsp.rules._jit_sites import jit_sites, site_memo
from jaxlsp.rules._support import finding
from jaxlsp.rules.base import Rule


class JitArgnumsOutOfRange(Rule):
    NAME = "jit-argnums-out-of-range"
    CODE = "jit-static-argnums-out-of-range"
    RECORD_ID = "3784272203b322fb"

    VALID = (
        """
from functools import partial
import jax

@partial(jax.jit, static_argnums=(1,), donate_argnums=0)
def scale(x, factor):
    return x * factor

def f(a, *rest):
    return a

g = jax.jit(f, static_argnums=3)  # *rest takes any number of positional arguments
h = jax.jit(scale, static_argnums=-2)

@logged  # the wrapper's signature is unknown
def k(x):
    return x

jk = jax.jit(k, static_argnums=2)
""",
    )

    INVALID = (
        """
from functools import partial
import jax

@partial(jax.jit, static_argnums=(2,))  # expect: jit-static-argnums-out-of-range
def scale(x, factor):
    return x * factor
""",
        """
import jax

def step(state, batch):
    return state

fast = jax.jit(step, donate_argnums=(0, 2))  # expect: jit-static-argnums-out-of-range
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for site in jit_sites(module):
            function = site.function
            for item, option, bad, count in site_memo(site, self.NAME, _out_of_range):
                name = getattr(function, "name", "the lambda")
                yield finding(
                    self,
                    record,
                    module.span(item, site.chunk),
                    f"{option}={bad} but `{name}` takes only {count} positional "
                    f"argument{'s' if count != 1 else ''} (numbered from 0): jax.jit raises "
                    f"ValueError ('Jitted function has {option}=..., but only accepts {count} "
                    "positional arguments').",
                    (
                        RelatedLocation(
                            module.head_span(function, site.function_chunk),
                            f"`{name}`'s parameters",
                        ),
                    ),
                )


def _out_of_range(
    function: FunctionNode, call: ast.Call
) -> list[tuple[ast.keyword, str, int, int]]:
    """(keyword, option, its first bad number, positional count) for each bad option."""
    if function.args.vararg is not None:
        return []
    count = len(positional(function))
    found: list[tuple[ast.keyword, str, int, int]] = []
    for option in ("static_argnums", "donate_argnums"):
        item = next((k for k in call.keywords if k.arg == option), None)
        numbers = literal_ints(item.value) if item is not None else None
        if item is None or numbers is None:
            continue
        bad = [n for n in numbers if not -count <= n < count]
        if bad:
            found.append((item, option, bad[0], count))
    return found
