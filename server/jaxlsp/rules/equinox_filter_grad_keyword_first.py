"""A function wrapped by ``eqx.filter_grad`` or ``eqx.filter_value_and_grad`` called with no
positional argument (``loss_grad(model=m, x=x)``): the wrapper differentiates with respect to
its first positional argument, and with none it raises TypeError before the function runs.

The wrapper is known where the callee is the wrapping call itself
(``eqx.filter_grad(loss)(model=m)``), or a name bound once in the module, to such a call
(``grad_fn = eqx.filter_value_and_grad(loss)``) or by a module-level ``def`` whose outermost
decorator is ``@eqx.filter_grad`` (or ``@eqx.filter_grad(has_aux=True)``).  A method of a class
is left out (reading it through an instance binds the instance first).  Silent under a ``try``
that catches TypeError.  Only modules whose text spells ``filter_grad`` or
``filter_value_and_grad`` are walked.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._imports import checked_first, dotted, package_aliases
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule
from jaxlsp.syntax.walk import bound_counts, calls_with_paths

#: The wrappers of equinox 0.13.8 whose call raises without a positional argument
#: (``equinox/_ad.py``, ``_ValueAndGradWrapper.__call__``; ``filter_grad`` wraps it).
WRAPPERS = frozenset({"equinox.filter_grad", "equinox.filter_value_and_grad"})
_MODULES = frozenset({"equinox", *WRAPPERS})


class EquinoxFilterGradKeywordFirst(Rule):
    NAME = "equinox-filter-grad-keyword-first"
    CODE = "equinox-filter-grad-keyword-first"
    RECORD_ID = "9947a58dbae20c00"
    READS_OWN_TEXT = True

    VALID = (
        """
import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_grad
def loss(model, x):
    return jnp.sum(model(x))


model = eqx.nn.Linear(2, 2, key=jax.random.PRNGKey(0))
grads = loss(model, x=jnp.ones(2))
value, grads = eqx.filter_value_and_grad(lambda m, x: jnp.sum(m(x)))(model, x=jnp.ones(2))
""",
    )
    INVALID = (
        """
import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_grad
def loss(model, x):
    return jnp.sum(model(x))


model = eqx.nn.Linear(2, 2, key=jax.random.PRNGKey(0))
grads = loss(model=model, x=jnp.ones(2))  # expect: equinox-filter-grad-keyword-first
""",
        """
import equinox as eqx
import jax
import jax.numpy as jnp


def loss(model, x):
    return jnp.sum(model(x))


model = eqx.nn.Linear(2, 2, key=jax.random.PRNGKey(0))
grad_fn = eqx.filter_value_and_grad(loss)
value, grads = grad_fn(model=model, x=jnp.ones(2))  # expect: equinox-filter-grad-keyword-first
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        module = program.module
        parsed = module.source.parsed
        text = module.source.text or "\n".join(parsed.lines)
        if "filter_grad" not in text and "filter_value_and_grad" not in text:
            return  # the walks below visit every node: made only where they may find
        chunks = parsed.chunks
        aliases = package_aliases(chunks, "equinox", _MODULES)
        if not aliases:
            return
        names = {name: full for name, (full, _) in aliases.items()}
        trees = [chunk.tree for chunk in chunks]
        bound = bound_counts(trees)
        wrapped = _wrapped_names(trees, names, bound)
        key = module.key
        for tree in trees:
            for call, path in calls_with_paths(tree):
                if call.args or any(isinstance(arg, ast.Starred) for arg in call.args):
                    continue
                found = _wrapper(call.func, names, wrapped)
                if found is None or checked_first(path, ("TypeError",)):
                    continue
                what, made = found
                where = Site(key, tree, call.func) if made is None else Site(key, *made)
                yield finding(
                    self,
                    record,
                    program,
                    Site(key, tree, call),
                    f"This calls {what}, with no positional argument: the wrapper "
                    "differentiates with respect to its first positional argument, so it "
                    "raises TypeError. Pass the argument to differentiate (the model) by "
                    "position, the others as you like.",
                    (related(program, where, "wrapped here"),),
                    node=call,
                )


def _wrapper(
    func: ast.expr,
    names: dict[str, str],
    wrapped: dict[str, tuple[str, tuple[ast.Module, ast.AST]]],
) -> tuple[str, tuple[ast.Module, ast.AST] | None] | None:
    """What ``func`` is, when it is surely a filter_grad wrapper: said for the message, and
    where the wrapper is made (None: ``func`` itself)."""
    if isinstance(func, ast.Call) and _wrapping_call(func, names):
        return f"the result of `{_short(dotted(func.func, names))}`", None
    if isinstance(func, ast.Name) and func.id in wrapped:
        what, made = wrapped[func.id]
        return what, made
    return None


def _short(full: str | None) -> str:
    return "eqx." + (full or "").removeprefix("equinox.")


def _wrapping_call(call: ast.Call, names: dict[str, str]) -> bool:
    """``eqx.filter_grad(fun, ...)``: one positional argument (the function), no ``*``/``**``."""
    return (
        dotted(call.func, names) in WRAPPERS
        and len(call.args) == 1
        and not isinstance(call.args[0], ast.Starred)
        and all(keyword.arg is not None for keyword in call.keywords)
    )


def _wrapping_decorator(node: ast.expr, names: dict[str, str]) -> bool:
    """``@eqx.filter_grad`` or ``@eqx.filter_grad(has_aux=True)`` (keywords only)."""
    if dotted(node, names) in WRAPPERS:
        return True
    return (
        isinstance(node, ast.Call)
        and dotted(node.func, names) in WRAPPERS
        and not node.args
        and all(keyword.arg is not None for keyword in node.keywords)
    )


def _wrapped_names(
    trees: list[ast.Module], names: dict[str, str], bound: dict[str, int]
) -> dict[str, tuple[str, tuple[ast.Module, ast.AST]]]:
    """The module-level names bound once, to a filter_grad wrapper: what each is, said for
    the message, and where it is made (its statement tree and node)."""
    found: dict[str, tuple[str, tuple[ast.Module, ast.AST]]] = {}
    for tree in trees:
        for statement in tree.body:
            if isinstance(statement, ast.FunctionDef) and bound.get(statement.name, 0) == 1:
                if statement.decorator_list and _wrapping_decorator(
                    statement.decorator_list[0], names
                ):
                    decorator = _decorator_name(statement.decorator_list[0])
                    found[statement.name] = (
                        f"`{statement.name}`, wrapped by `@{_short(dotted(decorator, names))}`",
                        (tree, statement.decorator_list[0]),
                    )
            elif (
                isinstance(statement, ast.Assign)
                and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)
                and bound.get(statement.targets[0].id, 0) == 1
                and isinstance(statement.value, ast.Call)
                and _wrapping_call(statement.value, names)
            ):
                name = statement.targets[0].id
                made = _short(dotted(statement.value.func, names))
                found[name] = (f"`{name}`, made by `{made}`", (tree, statement.value))
    return found


def _decorator_name(node: ast.expr) -> ast.expr:
    return node.func if isinstance(node, ast.Call) else node
