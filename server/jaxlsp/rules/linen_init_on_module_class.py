"""``init``/``apply`` called on a ``flax.linen.Module`` class instead of an instance
(``MLP.init(key, x)`` for ``MLP().init(key, x)``): Python binds the key (or the variables) to
``self``, and Flax's first check in each of these methods raises InvalidInstanceModuleError.

Reported where the class is surely a Linen Module subclass (a module-level ``class`` bound once,
undecorated, with no class keyword and one base: ``nn.Module`` or another such class, not
redefining the method), the call's arguments bind (``self`` and ``rngs``/``variables``), and
its first argument is surely not a Module: a literal, a call of ``jax.random``/``jax.numpy``
(or an item of one), or a name bound once, at the top level, to one of those.  Silent under a
``try`` whose handler may catch Flax's error.  Only modules whose text calls one of these
methods on such a class are walked.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._imports import checked_first
from jaxlsp.rules._linen import (
    array_value,
    module_classes,
    top_level_values,
)
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule
from jaxlsp.syntax.walk import calls_with_paths

#: The Module methods (flax 0.12.12) that start with ``Module._module_checks(self)``, and the
#: parameter each needs after ``self`` (given by position or by keyword).
METHODS = {
    "init": "rngs",
    "init_with_output": "rngs",
    "lazy_init": "rngs",
    "apply": "variables",
}
#: Literals that are never a Module instance.
_LITERALS = (
    ast.Constant,
    ast.Dict,
    ast.List,
    ast.Tuple,
    ast.Set,
    ast.JoinedStr,
    ast.DictComp,
    ast.ListComp,
    ast.SetComp,
)


class LinenInitOnModuleClass(Rule):
    NAME = "linen-init-on-module-class"
    CODE = "linen-init-on-module-class"
    RECORD_ID = "d17998c8e72ba9d9"
    READS_OWN_TEXT = True

    VALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(3)(x)


key = jax.random.PRNGKey(0)
variables = MLP().init(key, jnp.ones((1, 2)))
y = MLP.apply(MLP(), variables, jnp.ones((1, 2)))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(3)(x)


key = jax.random.PRNGKey(0)
variables = MLP.init(key, jnp.ones((1, 2)))  # expect: linen-init-on-module-class
""",
        """
import jax.numpy as jnp
from flax import linen as nn


class Scale(nn.Module):
    @nn.compact
    def __call__(self, x):
        return x * self.param("s", nn.initializers.ones, ())


y = Scale.apply({"params": {"s": 2.0}}, jnp.ones(3))  # expect: linen-init-on-module-class
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        found = module_classes(program, METHODS, frozenset(METHODS))
        if found is None:
            return
        text, trees, bound, classes = found.text, found.trees, found.bound, found.classes
        spelled = re.compile(
            r"\b(?:{})\s*\.\s*(?:{})\s*\(".format(
                "|".join(map(re.escape, classes)), "|".join(METHODS)
            )
        )
        if spelled.search(text) is None:
            return  # the walk below visits every node: made only where it may find
        jax = found.jax_names()
        values = top_level_values(trees, bound)
        key = program.module.key
        for tree in trees:
            for call, path in calls_with_paths(tree):
                func = call.func
                if not (
                    isinstance(func, ast.Attribute)
                    and func.attr in METHODS
                    and isinstance(func.value, ast.Name)
                    and func.value.id in classes
                    and _binds(call, METHODS[func.attr])
                    and _not_a_module(call.args[0], jax, values, bound, set())
                ):
                    continue
                if checked_first(path, ("InvalidInstanceModuleError",), unknown_catches=True):
                    continue
                cls = func.value.id
                if "setattr(" in text or re.search(rf"\b{cls}\s*\.\s*{func.attr}\s*=", text):
                    continue  # the method may be replaced after the class statement
                yield finding(
                    self,
                    record,
                    program,
                    Site(key, tree, call),
                    f"`{cls}.{func.attr}` is called on the Linen Module class `{cls}`, not on an "
                    f"instance: Python passes `{_source(call.args[0])}` as the module, and Flax "
                    f"raises InvalidInstanceModuleError. Construct it first: "
                    f"`{cls}(...).{func.attr}(...)`.",
                    (
                        related(
                            program,
                            Site(key, found.homes[cls], classes[cls]),
                            "the class, defined here",
                        ),
                    ),
                    node=call,
                )


def _source(node: ast.expr) -> str:
    text = ast.unparse(node)
    return text if len(text) <= 40 else text[:37] + "..."


def _binds(call: ast.Call, needed: str) -> bool:
    """Whether Python surely binds the call: no ``*``/``**``, ``self`` by position, and the
    method's second parameter given once."""
    if any(isinstance(arg, ast.Starred) for arg in call.args) or any(
        keyword.arg is None for keyword in call.keywords
    ):
        return False
    by_keyword = any(keyword.arg == needed for keyword in call.keywords)
    if by_keyword or any(keyword.arg == "self" for keyword in call.keywords):
        return len(call.args) == 1 and by_keyword
    return len(call.args) >= 2


def _not_a_module(
    node: ast.expr,
    jax: dict[str, str],
    values: dict[str, ast.expr],
    bound: dict[str, int],
    seen: set[str],
) -> bool:
    """Whether ``node`` is surely not a Module instance: a literal, a ``dict(...)``, an
    array (``_array``), or a name bound once to one of those."""
    if isinstance(node, _LITERALS):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
        return bound.get("dict", 0) == 0
    if array_value(node, jax, values, seen):
        return True
    if isinstance(node, ast.Name) and node.id in values and node.id not in seen:
        return _not_a_module(values[node.id], jax, values, bound, {*seen, node.id})
    return False
