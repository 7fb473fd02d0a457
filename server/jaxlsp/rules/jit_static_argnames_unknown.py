"""``jax.jit(f, static_argnames="name")`` where f has no parameter ``name`` (and no
``**kwargs``): jit checks the names when it wraps f."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.pyast import FunctionNode, literal_strs, module_ast, params
from jaxlsp.findings import Finding, RelatedLocation
from jaxlsp.records.record import Record
from jaxlsp.rules._jit_sites import jit_sites, site_memo
from jaxlsp.rules._support import finding
from jaxlsp.rules.base import Rule


class JitStaticArgnamesUnknown(Rule):
    NAME = "jit-static-argnames-unknown"
    CODE = "jit-static-argnames-unknown"
    RECORD_ID = "12e757f02cc6b46f"

    VALID = (
        """
from functools import partial
import jax

@partial(jax.jit, static_argnames=("training",))
def apply(x, *, training):
    return x

def g(x, **options):
    return x

fast = jax.jit(g, static_argnames="mode")  # **options accepts any name
""",
    )

    INVALID = (
        """
from functools import partial
import jax

@partial(jax.jit, static_argnames=("train",))  # expect: jit-static-argnames-unknown
def apply(x, *, training):
    return x
""",
        """
import jax

def step(state, batch, n_steps):
    return state

fast = jax.jit(step, static_argnames="nsteps")  # expect: jit-static-argnames-unknown
""",
    )

    def check(self, facts: ModuleFacts, record: Record | None) -> Iterator[Finding]:
        module = module_ast(facts)
        for site in jit_sites(module):
            function = site.function
            found = site_memo(site, self.NAME, _unknown)
            if found is None:
                continue
            item, unknown = found
            name = getattr(function, "name", "the lambda")
            yield finding(
                self,
                record,
                module.span(item, site.chunk),
                f"`{name}` has no parameter {', '.join(repr(n) for n in unknown)}: jax.jit "
                "raises ValueError ('Jitted function has invalid argnames ... in "
                "static_argnames').",
                (
                    RelatedLocation(
                        module.head_span(function, site.function_chunk), f"`{name}`'s parameters"
                    ),
                ),
            )


def _unknown(function: FunctionNode, call: ast.Call) -> tuple[ast.keyword, list[str]] | None:
    """The ``static_argnames`` keyword and the names ``function`` has no parameter for."""
    if function.args.kwarg is not None:
        return None
    item = next((k for k in call.keywords if k.arg == "static_argnames"), None)
    names = literal_strs(item.value) if item is not None else None
    if item is None or not names:
        return None
    known = set(params(function))
    unknown = [n for n in names if n not in known]
    return (item, unknown) if unknown else None
