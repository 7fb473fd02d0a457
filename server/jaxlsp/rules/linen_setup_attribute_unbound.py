"""``model.backbone`` read from an unbound ``flax.linen.Module``, where ``backbone`` is what
the class's ``setup`` assigns, or ``model(x)`` of a non-compact ``__call__`` that reads it:
``setup`` runs only on a bound module (the clone ``init``/``apply`` bind, or
``model.bind(variables)``), so the constructed module has no such attribute and Linen's
``__getattr__`` raises AttributeError ("If ... is defined in '.setup()', remember these fields
are only accessible from inside 'init' or 'apply'").

Reported where the module surely is unbound and of such a class: ``Model(...)`` built at the top
level (a name bound once there to it, or the call spelled outside any function), never with
``parent=``, of a module-level class bound once, undecorated, with one base (``nn.Module`` or
another such class), neither it nor its bases defining ``__getattr__``, ``__getattribute__``,
``__setattr__`` or ``__post_init__``; the constructor's arguments bind to its fields; and the
attribute is one that a ``setup`` of the class or a base here assigns to ``self`` and that
nothing else gives the instance: no field, method, property or class attribute of that name in
the class or its bases here, no name ``nn.Module`` itself has, no assignment of it to another
object, and no ``setattr``, ``__dict__`` or ``.setup(`` call (but ``super().setup()``) in the
module.  A read is reported at the top level, or inside functions each of which the module
calls by name; a call of the instance where its ``__call__`` (not ``@nn.compact``, undecorated,
the arguments binding) reads the attribute on its straight path.  Silent under a ``try`` that
catches AttributeError, or in a branch that asks ``hasattr``.  Only modules whose text defines
``setup`` and spells one of its attributes after a dot are walked.
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
    class_chain,
    constructs,
    defines,
    fields,
    linen_module,
    method,
    straight,
    surely_evaluated,
    top_level_values,
    unbound_instance,
)
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

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
#: A call of ``setup`` other than ``super().setup()``: it may run ``setup`` on the instance.
_SETUP_CALL = re.compile(r"(?<!super\(\))\.\s*setup\s*\(")
#: The scopes whose body runs only when called.
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


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
y = model.apply(variables, jnp.ones(3))
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
        """
import jax
import jax.numpy as jnp
from flax import linen as nn


class Classifier(nn.Module):
    classes: int = 3

    def setup(self):
        self.head = nn.Dense(self.classes)

    def __call__(self, x):
        return self.head(x)


model = Classifier()
variables = model.init(jax.random.PRNGKey(0), jnp.ones((1, 4)))
print(model.head.features)  # expect: linen-setup-attribute-unbound
""",
        """
import jax.numpy as jnp
from flax import linen as nn


class Normalizer(nn.Module):
    def setup(self):
        self.eps = 1e-6

    def __call__(self, x):
        return x / (jnp.abs(x).max() + self.eps)


y = Normalizer()(jnp.ones(3))  # expect: linen-setup-attribute-unbound
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        module = program.module
        parsed = module.source.parsed
        text = module.source.text or "\n".join(parsed.lines)
        if "def setup" not in text or "setattr(" in text or "__dict__" in text:
            return
        if _SETUP_CALL.search(text):
            return
        found = linen_module(
            program, frozenset({"__post_init__", "__getattribute__", "__setattr__"})
        )
        if found is None:
            return
        trees, bound, classes, homes = found.trees, found.bound, found.classes, found.homes
        assigned = {cls: _setup_only(cls, classes) for cls in classes}
        spelled = {name for names in assigned.values() for name in names}
        if not spelled:
            return
        pattern = re.compile(r"\.\s*(" + "|".join(map(re.escape, sorted(spelled))) + r")\b")
        if not pattern.search(text):
            return  # the walk below visits every node: made only where it may find
        stored = _stored_elsewhere(trees, spelled)
        values = top_level_values(trees, bound)
        key = module.key
        called: set[str] | None = None
        for tree in trees:
            for node, path in _sites(tree, spelled):
                held = node.func if isinstance(node, ast.Call) else node.value
                built = unbound_instance(held, values, path)
                if built is None or not isinstance(built.func, ast.Name):
                    continue
                cls = built.func.id
                if cls not in classes:
                    continue
                if isinstance(node, ast.Call):
                    attr = _call_reads(node, cls, classes, assigned[cls])
                else:
                    attr = node.attr if node.attr in assigned[cls] else None
                if attr is None or attr in stored or not constructs(built, fields(cls, classes)):
                    continue
                if checked_first(path):
                    continue
                if any(isinstance(step, _FUNCTIONS) for step in path):
                    called = _called_names(trees) if called is None else called
                    if not _runs_when_called(path, called):
                        continue
                owner, statement = assigned[cls][attr]
                how = (
                    f"calling this `{cls}` runs its `__call__`, which reads `self.{attr}`"
                    if isinstance(node, ast.Call)
                    else f"this `{cls}` is built outside `init`/`apply` and never bound"
                )
                yield finding(
                    self,
                    record,
                    program,
                    Site(key, tree, node),
                    f"`{attr}` is assigned in `{owner.name}.setup`, which runs only on a "
                    f"bound module: {how}, so it has no such attribute and Linen raises "
                    f"AttributeError. Bind it first (`model.bind(variables).{attr}`), or "
                    "read it inside a function run with `nn.apply`.",
                    (
                        related(
                            program,
                            Site(key, homes[owner.name], statement),
                            f"`self.{attr}` is assigned here, in `setup`",
                        ),
                    ),
                    node=node,
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
            declared.update(defines(item))
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


def _sites(
    tree: ast.Module, spelled: set[str]
) -> Iterator[tuple[ast.Attribute | ast.Call, list[ast.AST]]]:
    """Each read of one of the ``spelled`` attributes and each call, with its path from the
    tree."""
    stack: list[tuple[ast.AST, list[ast.AST]]] = [(tree, [tree])]
    while stack:
        node, path = stack.pop()
        if isinstance(node, ast.Call) or (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Load)
            and node.attr in spelled
        ):
            yield node, path
        for child in ast.iter_child_nodes(node):
            stack.append((child, [*path, child]))


def _call_reads(
    call: ast.Call,
    cls: str,
    classes: dict[str, ast.ClassDef],
    attributes: dict[str, tuple[ast.ClassDef, ast.stmt]],
) -> str | None:
    """The setup attribute the class's ``__call__`` surely reads when ``call`` runs it: an
    undecorated (so not ``nn.compact``) ``__call__`` of the class or a base here, the
    arguments binding, reading ``self.<attribute>`` on its straight path."""
    function = method(cls, classes, "__call__")
    if function is None or function.decorator_list or not _arguments_bind(function, call):
        return None
    me = function.args.args[0].arg if function.args.args else None
    for inner in straight(function.body):
        reads = [
            read
            for read in ast.walk(inner)
            if isinstance(read, ast.Attribute)
            and isinstance(read.ctx, ast.Load)
            and isinstance(read.value, ast.Name)
            and read.value.id == me
            and read.attr in attributes
            and surely_evaluated(read, inner)
        ]
        if reads:  # the first spelled, the first evaluated
            return min(reads, key=lambda read: (read.lineno, read.col_offset)).attr
    return None


def _arguments_bind(function: ast.FunctionDef, call: ast.Call) -> bool:
    """Whether the call's arguments surely bind to the method's parameters (after ``self``)."""
    arguments = function.args
    if arguments.vararg or arguments.kwarg or arguments.kwonlyargs or arguments.posonlyargs:
        return False
    if any(isinstance(arg, ast.Starred) for arg in call.args) or call.keywords:
        return False
    params = arguments.args[1:]
    required = len(params) - len(arguments.defaults)
    return required <= len(call.args) <= len(params)


def _called_names(trees: list[ast.Module]) -> set[str]:
    """The names the module calls: ``name(...)`` and ``obj.name(...)``."""
    names: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                if isinstance(node.func, ast.Name):
                    names.add(node.func.id)
                elif isinstance(node.func, ast.Attribute):
                    names.add(node.func.attr)
    return names


def _runs_when_called(path: list[ast.AST], called: set[str]) -> bool:
    """Whether every function around the read is one the module calls by name (a function
    never called never raises; a lambda's caller is not followed)."""
    return all(
        isinstance(step, ast.FunctionDef | ast.AsyncFunctionDef) and step.name in called
        for step in path
        if isinstance(step, _FUNCTIONS)
    )
