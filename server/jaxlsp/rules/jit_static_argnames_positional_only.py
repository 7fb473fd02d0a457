"""``jax.jit(f, static_argnames="name")`` (or ``donate_argnames``) where ``name`` is a
positional-only parameter of f (before its ``/``) or its ``*args``: no caller can pass it by
keyword, and jit refuses the name when it wraps f, even when f takes ``**kwargs``."""

from __future__ import annotations

from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule


class JitStaticArgnamesPositionalOnly(Rule):
    NAME = "jit-static-argnames-positional-only"
    CODE = "jit-static-argnames-positional-only"
    RECORD_ID = "8b25a2d0ebccfaf7"

    VALID = (
        """
import jax

def scale(x, factor, /):
    return x * factor

def shift(x, /, offset=0.0, **options):
    return x + offset

jax.jit(scale, static_argnums=1)(2.0, 3)
jax.jit(shift, static_argnames="offset")(2.0, offset=1.0)
""",
    )
    INVALID = (
        """
import jax

def scale(x, factor, /):
    return x * factor

jax.jit(scale, static_argnames="factor")  # expect: jit-static-argnames-positional-only
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for made, violation in program.wrap_violations("positional-only"):
            name = violation.signature.function.describe()
            yield finding(
                self,
                record,
                program,
                made.site,
                f"{violation.option} names `{violation.offending}`, a parameter of {name} that "
                "a caller cannot pass by keyword (positional-only, or *args): jax.jit raises "
                "ValueError when it wraps the function. Make it static by position with "
                "static_argnums.",
                (related(program, violation.signature.function.site, f"{name} is defined here"),),
            )
