"""An attribute that only a ``flax.linen.Module``'s ``setup`` defines, read on an unbound
instance (``model = Model(); model.init(key, x); model.dense``, or ``model(x)`` of a
``__call__`` that reads it): ``setup`` runs only on the clone that ``init``/``apply`` bind
(``model`` itself stays unbound), so the read falls to ``Module.__getattr__``, which raises
AttributeError.

Reported where every step is sure: the class is a module-level Linen Module subclass (one base,
``nn.Module`` or another such class; no ``__getattr__``, ``__setattr__`` or ``__post_init__``);
the attribute is assigned to ``self`` in its ``setup`` (its own or a base's here) and bound
nowhere else (no field, class attribute, method or property of the class or its bases here,
no assignment in another method, none of ``nn.Module``'s own names); the instance is a name
bound once, at the top level, to ``Cls(...)`` whose constructor binds (or that call itself);
and the read is evaluated on the module's top level (not in a function, a branch of a
conditional expression or a short circuit), or is in the straight path of a ``__call__``
without ``@nn.compact`` called there on the instance.  Silent under a ``try`` catching
AttributeError, after ``hasattr``, and in a module whose text calls ``setup``, ``bind``'s
result through the same name, or ``setattr``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._imports import checked_first, dotted, package_aliases
from jaxlsp.rules._linen import (
    FLAX_MODULES,
    chain,
    constructs,
    dataclass_fields,
    home_tree,
    instance_call,
    linen_classes,
    method,
    straight,
    surely_evaluated,
    top_level_values,
)
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule
from jaxlsp.syntax.walk import bound_counts

#: The names ``flax.linen.Module`` binds itself (flax 0.12.12: its methods, properties and
#: dataclass fields), which an instance has whether bound or not.
MODULE_NAMES = frozenset(
    {
        "apply",
        "bind",
        "clone",
        "copy",
        "get_variable",
        "has_rng",
        "has_variable",
        "init",
        "init_with_output",
        "is_initializing",
        "is_mutable_collection",
        "lazy_init",
        "make_rng",
        "module_paths",
        "name",
        "param",
        "parent",
        "path",
        "perturb",
        "put_variable",
        "scope",
        "setup",
        "sow",
        "tabulate",
        "unbind",
        "variable",
        "variables",
    }
)
#: The decorators of ``nn.compact`` (a compact ``__call__`` on an unbound module raises
#: CallCompactUnboundModuleError before its body).
_COMPACT = frozenset({"flax.linen.compact", "flax.linen.module.compact"})


class LinenUnboundSetupAttribute(Rule):
    NAME = "linen-unbound-setup-attribute"
    CODE = "linen-unbound-setup-attribute"
    RECORD_ID = "9a91332d35a3fe88"
    READS_OWN_TEXT = True

    VALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn


class Scaled(nn.Module):
    def setup(self):
        self.scale = 42

    def __call__(self, x):
        return x * self.scale


model = Scaled()
variables = model.init(jax.random.PRNGKey(0), jnp.ones(3))
scale = model.apply(variables, method=lambda module: module.scale)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn


class Scaled(nn.Module):
    def setup(self):
        self.scale = 42

    def __call__(self, x):
        return x * self.scale


model = Scaled()
variables = model.init(jax.random.PRNGKey(0), jnp.ones(3))
print(model.scale)  # expect: linen-unbound-setup-attribute
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        module = program.module
        parsed = module.source.parsed
        text = module.source.text or "\n".join(parsed.lines)
        if "def setup" not in text or "Module" not in text:
            return
        if ".setup(" in text or "setattr(" in text or "__dict__" in text:
            return
        chunks = parsed.chunks
        flax = package_aliases(chunks, "flax", FLAX_MODULES)
        if not flax:
            return
        names = {name: full for name, (full, _) in flax.items()}
        trees = [chunk.tree for chunk in chunks]
        bound = bound_counts(trees)
        classes = linen_classes(
            trees, names, bound, frozenset({"__setattr__", "__getattribute__", "__post_init__"})
        )
        if not classes:
            return
        values = top_level_values(trees, bound)
        only_setup: dict[str, dict[str, ast.Attribute]] = {}
        key = module.key
        for tree in trees:
            for statement in tree.body:
                if isinstance(statement, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                for node, place in _top_level_expressions(statement):
                    found = self._unbound_read(
                        node, place, statement, tree, classes, values, only_setup, names
                    )
                    if found is None:
                        continue
                    cls, read, at, where = found
                    if checked_first(_path(statement, node), ("AttributeError",)):
                        continue
                    setter = only_setup[cls][read]
                    yield finding(
                        self,
                        record,
                        program,
                        Site(key, tree, at),
                        f"`{read}` is assigned only in `{cls}.setup`, which runs on the copy "
                        f"`init`/`apply` bind, never on this unbound instance: "
                        f"{where} raises AttributeError. Read it inside `apply` "
                        f"(`model.apply(variables, method=lambda m: m.{read})`) or make it "
                        f"a field of the class.",
                        (
                            related(
                                program,
                                Site(key, home_tree(setter, trees), setter),
                                "assigned here, in `setup`",
                            ),
                        ),
                        node=at,
                    )

    def _unbound_read(
        self,
        node: ast.expr,
        place: ast.stmt,
        statement: ast.stmt,
        tree: ast.Module,
        classes: dict[str, ast.ClassDef],
        values: dict[str, ast.expr],
        only_setup: dict[str, dict[str, ast.Attribute]],
        names: dict[str, str],
    ) -> tuple[str, str, ast.expr, str] | None:
        """(class, attribute, where to report, what raises) for a read of a setup-only
        attribute on an unbound instance, evaluated whenever ``statement`` runs."""
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            cls = _unbound_class(node.value, classes, values)
            if cls is None or not surely_evaluated(node, place):
                return None
            attributes = _setup_only(cls, classes, only_setup)
            if node.attr in attributes:
                return cls, node.attr, node, f"`{ast.unparse(node)}`"
            return None
        if isinstance(node, ast.Call):
            cls = _unbound_class(node.func, classes, values)
            if cls is None or not surely_evaluated(node, place):
                return None
            call = method(cls, classes, "__call__")
            if call is None or any(
                dotted(decorator, names) in _COMPACT for decorator in call.decorator_list
            ):
                return None
            if call.decorator_list or not _binds(call, node):
                return None
            attributes = _setup_only(cls, classes, only_setup)
            params = [*call.args.posonlyargs, *call.args.args]
            me = params[0].arg if params else None
            for inner in straight(call.body):
                for read in ast.walk(inner):
                    if (
                        isinstance(read, ast.Attribute)
                        and isinstance(read.ctx, ast.Load)
                        and isinstance(read.value, ast.Name)
                        and read.value.id == me
                        and read.attr in attributes
                        and surely_evaluated(read, inner)
                    ):
                        return cls, read.attr, node, f"calling it reads `self.{read.attr}` and"
                if not isinstance(inner, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.Expr):
                    break
            return None
        return None


def _top_level_expressions(statement: ast.stmt) -> Iterator[tuple[ast.expr, ast.stmt]]:
    """Each expression of a top-level statement, with the simple statement that holds it
    (the statement itself; none inside a compound one, whose parts may not run)."""
    if not isinstance(statement, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.Expr):
        return
    for node in ast.walk(statement):
        if isinstance(node, ast.expr):
            yield node, statement


def _path(statement: ast.stmt, node: ast.AST) -> list[ast.AST]:
    """The nodes from ``statement`` down to ``node``."""
    stack: list[tuple[ast.AST, list[ast.AST]]] = [(statement, [statement])]
    while stack:
        current, path = stack.pop()
        if current is node:
            return path
        for child in ast.iter_child_nodes(current):
            stack.append((child, [*path, child]))
    return [statement]


def _unbound_class(
    node: ast.expr, classes: dict[str, ast.ClassDef], values: dict[str, ast.expr]
) -> str | None:
    """The class of ``classes`` whose unbound instance ``node`` surely is."""
    built = instance_call(node, values)
    if built is None or not isinstance(built.func, ast.Name) or built.func.id not in classes:
        return None
    cls = built.func.id
    return cls if constructs(built, dataclass_fields(cls, classes)) else None


def _setup_only(
    cls: str, classes: dict[str, ast.ClassDef], cache: dict[str, dict[str, ast.Attribute]]
) -> dict[str, ast.Attribute]:
    """The attributes of ``self`` that ``cls``'s ``setup`` assigns and nothing else binds:
    name -> the assignment's target."""
    if cls in cache:
        return cache[cls]
    found: dict[str, ast.Attribute] = {}
    setup = method(cls, classes, "setup")
    if setup is not None:
        params = [*setup.args.posonlyargs, *setup.args.args]
        me = params[0].arg if params else None
        for node in ast.walk(setup):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name)
                and node.value.id == me
            ):
                found.setdefault(node.attr, node)
        elsewhere: set[str] = set(MODULE_NAMES)
        for owner in chain(cls, classes):
            for item in owner.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    elsewhere.add(item.name)
                    if item is setup:
                        continue
                    for node in ast.walk(item):
                        if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
                            elsewhere.add(node.attr)
                else:
                    for node in ast.walk(item):
                        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                            elsewhere.add(node.id)
        found = {
            name: target
            for name, target in found.items()
            if name not in elsewhere and not name.startswith("_")
        }
    cache[cls] = found
    return found


def _binds(function: ast.FunctionDef, call: ast.Call) -> bool:
    """Whether the call's arguments surely bind to the method's parameters (after ``self``)."""
    arguments = function.args
    if arguments.vararg or arguments.kwarg or arguments.kwonlyargs or arguments.posonlyargs:
        return False
    if any(isinstance(arg, ast.Starred) for arg in call.args) or call.keywords:
        return False
    params = arguments.args[1:]
    required = len(params) - len(arguments.defaults)
    return required <= len(call.args) <= len(params)
