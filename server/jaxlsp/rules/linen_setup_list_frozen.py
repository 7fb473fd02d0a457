"""A list assigned to an attribute in a ``flax.linen.Module``'s ``setup``, then changed in place
(``self.layers = [...]`` then ``self.layers.append(...)``): Linen freezes what ``setup`` assigns,
a list into a tuple, so the attribute holds a tuple and the list method raises AttributeError.

Reported at the method call where every step is sure: the class is a module-level Linen Module
subclass (``nn.Module`` or another such class as its one base, no ``__setattr__`` or
``__getattr__``); its ``setup`` (its own or a base's here) assigns ``self.<name>`` a list
display, a list comprehension or ``list(...)`` and, later on the straight path of the same
body (simple statements only: no branch, loop or ``try`` before it), calls one of the list's
own mutating methods on ``self.<name>`` with no assignment to it between; and the module text
surely runs that ``setup``: ``init``/``apply`` of an instance (``Cls(...)``, or a name bound
once to one) whose constructor binds, without ``method=``, with a key or a dict as the RNGs,
on a class defining ``__call__`` (Linen runs ``setup`` before the method).  Silent under a
``try`` catching AttributeError.  Only modules whose text spells ``setup`` and a list method
are walked.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._linen import (
    METHODS,
    class_chain,
    fields,
    initialised,
    linen_module,
    method,
    straight,
    top_level_values,
)
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

#: The methods a list has and a tuple lacks (Python 3.11+).
MUTATORS = frozenset({"append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse"})


class LinenSetupListFrozen(Rule):
    NAME = "linen-setup-list-frozen"
    CODE = "linen-setup-list-frozen"
    RECORD_ID = "a3dd0979b8788af8"
    READS_OWN_TEXT = True

    VALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn


class Stack(nn.Module):
    sizes: tuple = (4, 4)

    def setup(self):
        layers = [nn.Dense(size) for size in self.sizes]
        layers.append(nn.Dense(2))
        self.layers = layers

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


variables = Stack().init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn


class Stack(nn.Module):
    sizes: tuple = (4, 4)

    def setup(self):
        self.layers = [nn.Dense(size) for size in self.sizes]
        self.layers.append(nn.Dense(2))  # expect: linen-setup-list-frozen

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


variables = Stack().init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        module = program.module
        parsed = module.source.parsed
        text = module.source.text or "\n".join(parsed.lines)
        if "def setup" not in text or not any(f".{name}(" in text for name in MUTATORS):
            return
        found = linen_module(program, frozenset({"__setattr__"}))
        if found is None:
            return
        trees, bound, classes, homes = found.trees, found.bound, found.classes, found.homes
        values = top_level_values(trees, bound)
        jax = found.jax_names()
        runs = initialised(trees, classes, jax, values, frozenset(METHODS), ("AttributeError",))
        reported: set[int] = set()
        for cls, (call_tree, call) in runs.items():
            setup = method(cls, classes, "setup")
            if setup is None or id(setup) in reported:
                continue
            owner = next(node for node in class_chain(cls, classes) if setup in node.body)
            tree = homes[owner.name]
            # a field set in setup raises SetAttributeInModuleSetupError first
            known = {name for name, _ in fields(owner.name, classes) or ()}
            for assigned, mutation in _mutations(setup, bound.get("list", 0) == 0):
                attribute = mutation.func
                assert isinstance(attribute, ast.Attribute)
                if not isinstance(attribute.value, ast.Attribute) or attribute.value.attr in known:
                    continue
                reported.add(id(setup))
                yield finding(
                    self,
                    record,
                    program,
                    Site(module.key, tree, mutation),
                    f"`{ast.unparse(attribute.value)}` holds a tuple here, not the list "
                    f"`setup` assigned: Linen freezes what `setup` assigns (a list into a "
                    f"tuple), so `.{attribute.attr}(...)` raises AttributeError. Build the "
                    f"list in a local variable and assign it once it is complete.",
                    (
                        related(
                            program,
                            Site(module.key, tree, assigned),
                            "assigned a list here (Linen keeps it as a tuple)",
                        ),
                        related(
                            program,
                            Site(module.key, call_tree, call),
                            f"`setup` runs here, before `{cls}.__call__`",
                        ),
                    ),
                    node=mutation,
                )


def _mutations(setup: ast.FunctionDef, list_builtin: bool) -> Iterator[tuple[ast.Assign, ast.Call]]:
    """Each list method called on ``self.<name>`` on the straight path of ``setup`` after a
    list was assigned to it (with no other assignment to it between), with that assignment."""
    params = [*setup.args.posonlyargs, *setup.args.args]
    if not params:
        return
    me = params[0].arg
    lists: dict[str, ast.Assign] = {}
    for statement in straight(setup.body):
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            func = statement.value.func
            if (
                isinstance(func, ast.Attribute)
                and func.attr in MUTATORS
                and _self_attribute(func.value, me) in lists
            ):
                yield lists[_self_attribute(func.value, me) or ""], statement.value
                continue
        assigned = _assigned(statement, me)
        if "*" in assigned:
            lists.clear()
        for name in assigned:
            lists.pop(name, None)
        if (
            isinstance(statement, ast.Assign)
            and len(statement.targets) == 1
            and len(assigned) == 1
            and _self_attribute(statement.targets[0], me) is not None
            and _is_list(statement.value, list_builtin)
        ):
            lists[assigned[0]] = statement


def _self_attribute(node: ast.expr, me: str) -> str | None:
    """``name`` where ``node`` is ``self.name``."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == me:
        return node.attr
    return None


def _assigned(statement: ast.stmt, me: str) -> list[str]:
    """The attributes of ``self`` the statement may assign (any store or delete of
    ``self.<name>`` inside it; every one where it rebinds ``self``)."""
    names: list[str] = []
    for node in ast.walk(statement):
        if isinstance(node, ast.Name) and node.id == me and not isinstance(node.ctx, ast.Load):
            return ["*"]
        if (
            isinstance(node, ast.Attribute)
            and not isinstance(node.ctx, ast.Load)
            and (name := _self_attribute(node, me)) is not None
        ):
            names.append(name)
    return names


def _is_list(node: ast.expr, list_builtin: bool) -> bool:
    """A list display, a list comprehension, or ``list(...)`` of the builtin."""
    if isinstance(node, ast.List | ast.ListComp):
        return True
    return (
        list_builtin
        and isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "list"
        and len(node.args) <= 1
        and not node.keywords
    )
