"""``jax.random.normal(0, ...)``: a plain int (or None, or a string) where a PRNG key goes.

Also when the int arrives through a parameter or a default (``def init(seed): ...
normal(seed, ...)``).  The quick fix wraps a literal seed in ``jax.random.key(seed)``, spelled
with the call's own module prefix (``random.normal(0)`` → ``random.key(0)``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.findings import Finding, Fix
from jaxlsp.fixes.edits import replace_span
from jaxlsp.infer.frames import ApiCall
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related, source
from jaxlsp.rules.base import Rule


class RandomIntSeedAsKey(Rule):
    NAME = "random-int-seed-as-key"
    FORMER_NAMES = ("random-seed-as-key",)
    CODE = "random-int-seed-as-key"
    RECORD_ID = "f7d4e32b1bfd2b3b"

    VALID = (
        """
import jax

key = jax.random.key(0)
x = jax.random.normal(key, (3,))
old = jax.random.PRNGKey(42)
y = jax.random.uniform(old)
z = jax.random.normal(jax.random.fold_in(key, 3))
""",
        # a seed turned into a key in a helper
        """
import jax

def init(seed, shape):
    return jax.random.normal(jax.random.key(seed), shape)

init(0, (2,))
""",
    )

    INVALID = (
        """
import jax

x = jax.random.normal(0, (3,))  # expect: random-int-seed-as-key
""",
        # an int seed passed in as an argument
        """
from jax import random

def init(seed, shape):
    a, b = random.split(seed)  # expect: random-int-seed-as-key
    return random.uniform(a, shape)

init(42, (2,))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        for call in program.broken_calls():
            violation = next((v for v in call.violations if v.kind == "key"), None)
            if violation is None:
                continue
            parameter, seed, node = violation.parameter, violation.described, violation.node
            fix = _fix_text(call, node)
            where = f"`{source(node)}`" if node is not None else "a plain value"
            through = "" if isinstance(node, ast.Constant) else f" (it is {seed})"
            places = [
                related(program, call.site, f"`{call.api.short}` takes a key as its `{parameter}`")
            ]
            passed = _passed_by_caller(call, node)
            if passed is not None and through:
                caller_site, argument = passed
                function = call.frame.function
                name = function.describe() if function is not None else "the function"
                given = f" as `{source(argument)}`" if argument is not None else ""
                line = program.line_name(caller_site, call.site.module)
                through = f" (it is {seed}, passed{given} by the call of {name} on {line})"
                places.append(
                    related(program, caller_site, f"{name} is given {seed} here", argument)
                )
            yield finding(
                self,
                record,
                program,
                call.site,
                f"`{call.api.short}` is given {where}{through} where a PRNG key goes: it raises "
                "TypeError. Make a key once with jax.random.key(seed) and pass (splits of) it.",
                tuple(places),
                node=node if isinstance(node, ast.Constant) else None,
                fix_titles=(f"Wrap the seed: `{fix}`",) if fix else (),
            )

    def fixes(self, source: str, program: Program, finding: Finding) -> list[Fix]:
        for call in program.facts.api_calls:
            parameter = call.api.key
            if parameter is None or not program.is_here(call.site):
                continue
            node = call.nodes.get(parameter)
            if not isinstance(node, ast.Constant) or program.span(call.site, node) != finding.span:
                continue
            text = _fix_text(call, node)
            if text is None:
                return []
            edits = replace_span(program.module.parsed.lines, finding.span, text)
            return [Fix(f"Wrap the seed: `{text}`", edits, preferred=True)]
        return []


def _fix_text(call: ApiCall, node: ast.expr | None) -> str | None:
    if not (isinstance(node, ast.Constant) and type(node.value) is int):
        return None
    function = call.site.node.func if isinstance(call.site.node, ast.Call) else None
    if not isinstance(function, ast.Attribute):
        return None
    prefix = ast.unparse(function.value)
    if "\n" in prefix:
        return None
    return f"{prefix}.key({node.value})"


def _passed_by_caller(call: ApiCall, node: ast.expr | None) -> tuple[Site, ast.expr | None] | None:
    """When the seed is a parameter of the function the call is in (never assigned there):
    the call of that function that gave it, and the argument it gave, when the call spells
    it (a default's value was given by no caller)."""
    frame, function = call.frame, call.frame.function
    if not isinstance(node, ast.Name) or function is None or frame.call_site is None:
        return None
    signature = function.node.args
    positional = [a.arg for a in (*signature.posonlyargs, *signature.args)]
    if node.id not in positional and node.id not in {a.arg for a in signature.kwonlyargs}:
        return None
    if not isinstance(function.node, ast.Lambda) and _assigns(function.node, node.id):
        return None
    made = frame.call_site.node
    if not isinstance(made, ast.Call):
        return frame.call_site, None
    for keyword in made.keywords:
        if keyword.arg == node.id:
            return frame.call_site, keyword.value
    if node.id not in positional or any(isinstance(a, ast.Starred) for a in made.args):
        return frame.call_site, None
    index = positional.index(node.id)
    if function.owner is not None and isinstance(made.func, ast.Attribute) and positional:
        index -= 1  # a method called on its instance: `self` is not spelled
    if 0 <= index < len(made.args):
        return frame.call_site, made.args[index]
    return None  # the parameter's default


def _assigns(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """Whether ``function``'s own body binds ``name`` (then it need not be what was passed)."""
    for statement in function.body:
        for child in ast.walk(statement):
            if (
                isinstance(child, ast.Name)
                and child.id == name
                and not isinstance(child.ctx, ast.Load)
            ):
                return True
    return False
