"""``model.backbone`` read from an unbound ``flax.linen.Module``, where ``backbone`` is what
the class's ``setup`` assigns: ``setup`` runs only on a bound module (inside ``init``/``apply``,
or on ``model.bind(variables)``), so the constructed module has no such attribute and Linen's
``__getattr__`` raises AttributeError ("If ... is defined in '.setup()', remember these fields
are only accessible from inside 'init' or 'apply'").

Reported where the module surely is unbound and of such a class: ``Model(...)`` built at the top
level (a name bound once there to it, or the call spelled outside any function), never with
``parent=``, of a module-level class bound once, undecorated, with one base (``nn.Module`` or
another such class), neither it nor its bases defining ``__getattr__``, ``__getattribute__`` or
``__post_init__``; the constructor's arguments bind to its fields; and the attribute is one
that a ``setup`` of the class or a base here assigns to ``self`` and that nothing else gives the
instance: no field, method, property or class attribute of that name in the class or its bases
here, no name ``nn.Module`` itself has, no assignment of it to another object, and no
``setattr`` in the module.  Silent under a ``try`` that catches AttributeError, or in a branch
that asks ``hasattr``.  Only modules whose text defines ``setup`` and spells one of its
attributes after a dot are walked.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._imports import checked_first, package_aliases
from jaxlsp.rules._linen import (
    FLAX_MODULES,
    class_chain,
    constructs,
    fields,
    linen_classes,
    top_level_values,
    unbound_instance,
)
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule
from jaxlsp.syntax.walk import bound_counts

#: The public names an ``nn.Module`` instance has of its own (flax 0.12.12: ``dir`` of the
#: class, and the fields and attributes its ``__post_init__`` sets): such a name is found
#: without ``setup``.
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


class LinenSetupAttributeUnbound(Rule):
    NAME = "linen-setup-attribute-unbound"
    CODE = "linen-setup-attribute-unbound"
    RECORD_ID = "848dbfe83b291dde"
    READS_OWN_TEXT = True

    VALID = (
        """
import jax
import jax.numpy as jnp
from flax import linen as nn


class Model(nn.Module):
    features: int = 2

    def setup(self):
        self.encoder = nn.Dense(self.features)

    def __call__(self, x):
        return self.encoder(x)


model = Model()
variables = model.init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
encoder = model.bind(variables).encoder
features = model.features
""",
    )
    INVALID = (
        """
from flax import linen as nn


class Model(nn.Module):
    def setup(self):
        self.encoder = nn.Dense(2)

    def __call__(self, x):
        return self.encoder(x)


model = Model()
encoder = model.encoder  # expect: linen-setup-attribute-unbound
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        module = program.module
        parsed = module.source.parsed
        text = module.source.text or "\n".join(parsed.lines)
        if "def setup" not in text or "setattr(" in text:
            return
        chunks = parsed.chunks
        flax = package_aliases(chunks, "flax", FLAX_MODULES)
        if not flax:
            return
        names = {name: full for name, (full, _) in flax.items()}
        trees = [chunk.tree for chunk in chunks]
        bound = bound_counts(trees)
        classes = linen_classes(
            trees, names, bound, frozenset({"__post_init__", "__getattribute__"})
        )
        if not classes:
            return
        assigned = {cls: _setup_only(cls, classes) for cls in classes}
        spelled = {name for found in assigned.values() for name in found}
        if not spelled:
            return
        pattern = re.compile(r"\.\s*(" + "|".join(map(re.escape, sorted(spelled))) + r")\b")
        if not pattern.search(text):
            return  # the walk below visits every node: made only where it may find
        stored = _stored_elsewhere(trees, spelled)
        homes = {
            statement.name: tree
            for tree in trees
            for statement in tree.body
            if isinstance(statement, ast.ClassDef)
        }
        values = top_level_values(trees, bound)
        key = module.key
        for tree in trees:
            for read, path in _reads(tree, spelled):
                built = unbound_instance(read.value, values, path)
                if built is None or not isinstance(built.func, ast.Name):
                    continue
                cls = built.func.id
                if cls not in classes or read.attr in stored:
                    continue
                where = assigned[cls].get(read.attr)
                if where is None or not constructs(built, fields(cls, classes)):
                    continue
                if checked_first(path):
                    continue
                owner, statement = where
                yield finding(
                    self,
                    record,
                    program,
                    Site(key, tree, read),
                    f"`{read.attr}` is assigned in `{owner.name}.setup`, which runs only on a "
                    f"bound module: this `{cls}` is built outside `init`/`apply` and never "
                    "bound, so it has no such attribute and Linen raises AttributeError. Bind "
                    f"it first (`model.bind(variables).{read.attr}`), or read it inside a "
                    "function run with `nn.apply`.",
                    (
                        related(
                            program,
                            Site(key, homes[owner.name], statement),
                            f"`self.{read.attr}` is assigned here, in `setup`",
                        ),
                    ),
                    node=read,
                )


def _setup_only(
    cls: str, classes: dict[str, ast.ClassDef]
) -> dict[str, tuple[ast.ClassDef, ast.stmt]]:
    """The attributes a ``setup`` of ``cls`` (or of a base here) assigns to ``self``
    (``self.x = ...``) that no class body of the chain binds otherwise (a field, method,
    property, class attribute) and ``nn.Module`` has not: name -> (the class, the
    assignment)."""
    chain = class_chain(cls, classes)
    declared: set[str] = set()
    for node in chain:
        for item in node.body:
            declared.update(_binds(item))
    found: dict[str, tuple[ast.ClassDef, ast.stmt]] = {}
    for node in reversed(chain):
        setup = next(
            (
                item
                for item in node.body
                if isinstance(item, ast.FunctionDef) and item.name == "setup"
            ),
            None,
        )
        if setup is None or not setup.args.args:
            continue
        me = setup.args.args[0].arg
        for statement in ast.walk(setup):
            if not isinstance(statement, ast.Assign | ast.AnnAssign):
                continue
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                for attribute in _attribute_targets(target):
                    name = attribute.attr
                    if (
                        isinstance(attribute.value, ast.Name)
                        and attribute.value.id == me
                        and not name.startswith("_")
                        and name not in declared
                        and name not in MODULE_NAMES
                    ):
                        found.setdefault(name, (node, statement))
    return found


def _binds(item: ast.stmt) -> set[str]:
    """The names a class-body statement binds (a field, a method, a class attribute)."""
    if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return {item.name}
    return {
        node.id
        for node in ast.walk(item)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
    }


def _attribute_targets(target: ast.expr) -> Iterator[ast.Attribute]:
    """The attributes an assignment target stores to (through tuples and lists)."""
    if isinstance(target, ast.Attribute):
        yield target
    elif isinstance(target, ast.Tuple | ast.List):
        for element in target.elts:
            yield from _attribute_targets(element)


def _stored_elsewhere(trees: list[ast.Module], spelled: set[str]) -> set[str]:
    """Which of the ``spelled`` attributes the module stores (or deletes) on anything but a
    ``setup``'s ``self``: such an attribute may be set on the instance some other way."""
    outside: set[str] = set()
    for tree in trees:
        stack: list[tuple[ast.AST, str | None]] = [(tree, None)]
        while stack:
            node, me = stack.pop()
            if isinstance(node, ast.FunctionDef) and node.name == "setup" and node.args.args:
                me = node.args.args[0].arg
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                me = None
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store | ast.Del)
                and node.attr in spelled
                and not (
                    me is not None and isinstance(node.value, ast.Name) and node.value.id == me
                )
            ):
                outside.add(node.attr)
            stack.extend((child, me) for child in ast.iter_child_nodes(node))
    return outside


def _reads(tree: ast.Module, spelled: set[str]) -> Iterator[tuple[ast.Attribute, list[ast.AST]]]:
    """Each read of one of the ``spelled`` attributes, with its path from the tree."""
    stack: list[tuple[ast.AST, list[ast.AST]]] = [(tree, [tree])]
    while stack:
        node, path = stack.pop()
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Load)
            and node.attr in spelled
        ):
            yield node, path
        for child in ast.iter_child_nodes(node):
            stack.append((child, [*path, child]))
