"""Syntax the rules about ``flax.linen`` Module classes share (``linen-init-on-module-class``,
``linen-module-without-call``, ``linen-setup-called-unbound``, ``linen-setup-attribute-unbound``,
``linen-setup-list-frozen``, ``variance-scaling-one-dimensional``): which module-level classes
surely subclass ``nn.Module``, what a name bound once at the top level holds, which constructor
calls surely bind to a class's fields, which expressions surely are JAX arrays or keys, which
classes a call surely initialises (their ``__call__`` runs) and which statements surely run; and
the model program the ``apply`` rules' examples share (``linen_apply_example``)."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import final

from jaxlsp.infer.program import Program
from jaxlsp.rules._imports import checked_first, dotted, package_aliases
from jaxlsp.syntax.source import Chunk
from jaxlsp.syntax.walk import bound_counts, calls_with_paths

MODULE_CLASSES = frozenset({"flax.linen.Module", "flax.linen.module.Module"})
FLAX_MODULES = frozenset({"flax.linen", "flax.linen.module", *MODULE_CLASSES})
JAX_MODULES = frozenset({"jax.random", "jax.numpy"})
#: The methods that run ``self.__call__`` when ``method`` is None (flax 0.12.12), each with
#: the argument that holds the RNGs (positional index after ``self``, or a keyword).
METHODS = {"init": 0, "init_with_output": 0, "lazy_init": 0, "apply": None}
#: The calls that return one valid PRNG key (raw or typed).
KEY_CALLS = frozenset({"jax.random.PRNGKey", "jax.random.key", "jax.random.fold_in"})
#: A Module's keyword-only constructor fields.
MODULE_FIELDS = frozenset({"parent", "name"})


@final
@dataclass(frozen=True, slots=True)
class ModuleClasses:
    """What the Module-class rules read of one module: its text, top-level chunks and trees,
    how often each top-level name is bound, its Linen Module classes and the tree of each."""

    text: str
    chunks: tuple[Chunk, ...]
    trees: list[ast.Module]
    bound: dict[str, int]
    classes: dict[str, ast.ClassDef]
    homes: dict[str, ast.Module]

    def jax_names(self) -> dict[str, str]:
        """The names the module binds to ``jax.random``/``jax.numpy`` (name -> module)."""
        aliases = package_aliases(self.chunks, "jax", JAX_MODULES)
        return {name: full for name, (full, _) in aliases.items()}


def module_classes(
    program: Program, methods: Collection[str], keeps: frozenset[str]
) -> ModuleClasses | None:
    """``linen_module``, made only where the text names ``Module`` and calls one of
    ``methods`` (a prefilter: the walks run only where a rule may find)."""
    parsed = program.module.source.parsed
    text = program.module.source.text or "\n".join(parsed.lines)
    if "Module" not in text or not any(f".{name}(" in text for name in methods):
        return None
    return linen_module(program, keeps)


def linen_module(program: Program, keeps: frozenset[str]) -> ModuleClasses | None:
    """The module's Linen Module classes defining none of ``keeps``; None where flax is not
    imported, or where no such class is defined."""
    parsed = program.module.source.parsed
    text = program.module.source.text or "\n".join(parsed.lines)
    flax = package_aliases(parsed.chunks, "flax", FLAX_MODULES)
    if not flax:
        return None
    names = {name: full for name, (full, _) in flax.items()}
    trees = [chunk.tree for chunk in parsed.chunks]
    bound = bound_counts(trees)
    classes = linen_classes(trees, names, bound, keeps)
    if not classes:
        return None
    homes = {
        statement.name: tree
        for tree in trees
        for statement in tree.body
        if isinstance(statement, ast.ClassDef)
    }
    return ModuleClasses(text, parsed.chunks, trees, bound, classes, homes)


def linen_classes(
    trees: list[ast.Module],
    names: dict[str, str],
    bound: dict[str, int],
    keeps: frozenset[str] = frozenset(),
) -> dict[str, ast.ClassDef]:
    """The module-level classes that surely are Linen Module subclasses (name -> class),
    none of them (nor their bases here) defining one of ``keeps`` or ``__getattr__``."""
    classes = {
        statement.name: statement
        for tree in trees
        for statement in tree.body
        if isinstance(statement, ast.ClassDef)
    }
    found: dict[str, ast.ClassDef] = {}
    changed = True
    while changed:
        changed = False
        for name, node in classes.items():
            if name in found or bound.get(name, 0) != 1:
                continue
            if node.decorator_list or node.keywords or len(node.bases) != 1:
                continue
            base = node.bases[0]
            if not (
                dotted(base, names) in MODULE_CLASSES
                or (isinstance(base, ast.Name) and base.id in found)
            ):
                continue
            if any(defines(item) & {*keeps, "__getattr__"} for item in node.body):
                continue
            found[name] = node
            changed = True
    return found


def defines(statement: ast.stmt) -> set[str]:
    """The names a class-body statement binds."""
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return {statement.name}
    return {
        node.id
        for node in ast.walk(statement)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
    }


def top_level_values(trees: list[ast.Module], bound: dict[str, int]) -> dict[str, ast.expr]:
    """What a name bound once, by a top-level assignment, is bound to: the value, or for a
    tuple of names unpacking a call, the call itself (each name is then an item of it)."""
    values: dict[str, ast.expr] = {}
    for tree in trees:
        for statement in tree.body:
            if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
                continue
            target = statement.targets[0]
            if isinstance(target, ast.Name) and bound.get(target.id, 0) == 1:
                values[target.id] = statement.value
            elif (
                isinstance(target, ast.Tuple)
                and isinstance(statement.value, ast.Call)
                and all(isinstance(e, ast.Name) for e in target.elts)
            ):
                for element in target.elts:
                    if isinstance(element, ast.Name) and bound.get(element.id, 0) == 1:
                        values[element.id] = ast.Subscript(
                            statement.value, ast.Constant(0), ast.Load()
                        )
    return values


def array_value(
    node: ast.expr, jax: dict[str, str], values: dict[str, ast.expr], seen: set[str]
) -> bool:
    """Whether ``node`` is what a ``jax.random``/``jax.numpy`` call returns (an array, or a
    tuple of them), an item of one, or a name bound once to one."""
    if isinstance(node, ast.Call):
        full = dotted(node.func, jax)
        return full is not None and full.startswith(tuple(f"{m}." for m in JAX_MODULES))
    if isinstance(node, ast.Subscript):
        return array_value(node.value, jax, values, seen)
    if isinstance(node, ast.Name) and node.id in values and node.id not in seen:
        return array_value(values[node.id], jax, values, {*seen, node.id})
    return False


def key_value(
    node: ast.expr, jax: dict[str, str], values: dict[str, ast.expr], seen: set[str]
) -> bool:
    """Whether ``node`` surely is one valid PRNG key: a ``PRNGKey``/``key``/``fold_in`` call,
    an item of a ``jax.random.split`` call, or a name bound once to one."""
    if isinstance(node, ast.Call):
        return dotted(node.func, jax) in KEY_CALLS
    if isinstance(node, ast.Subscript):
        base = node.value
        if isinstance(base, ast.Name) and base.id in values and base.id not in seen:
            base = values[base.id]
        return (
            isinstance(base, ast.Call)
            and dotted(base.func, jax) == "jax.random.split"
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, int)
        )
    if isinstance(node, ast.Name) and node.id in values and node.id not in seen:
        return key_value(values[node.id], jax, values, {*seen, node.id})
    return False


def linen_apply_example(layer: str, applied: str) -> str:
    """A whole example program of a rule about what ``apply`` gives a layer: a compact
    ``__call__`` taking ``train`` runs a ``Dense`` then ``layer`` (the layer whose scope need
    the rule is about, called on the Dense's output), the model is initialised in evaluation
    mode, then ``applied`` (the apply calls, with their ``# expect:`` markers) runs."""
    return f"""
import jax
import jax.numpy as jnp
from flax import linen as nn

class Model(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(4)(x)
        return {layer}(x)

model = Model()
x = jnp.ones((2, 3))
variables = model.init(jax.random.key(0), x, train=False)
{applied}
"""


def unbound_instance(
    node: ast.expr, values: dict[str, ast.expr], path: list[ast.AST]
) -> ast.Call | None:
    """The constructor call of a module instance that surely is unbound where ``node`` (at
    ``path``) reads it: a name bound once, at the top level, to ``Cls(...)``, or such a call
    spelled outside any function, lambda or class body.  A module built at the top level has
    no parent (no module is running there) and stays unbound: ``init``/``apply``/``bind``
    work on clones of it.  One built with ``parent=`` is bound when made: None."""
    if isinstance(node, ast.Name):
        built = values.get(node.id)
    elif any(isinstance(step, _SCOPES) for step in path):
        return None
    else:
        built = node
    if not isinstance(built, ast.Call) or not isinstance(built.func, ast.Name):
        return None
    if any(keyword.arg == "parent" for keyword in built.keywords):
        return None
    return built


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def class_chain(cls: str, classes: dict[str, ast.ClassDef]) -> list[ast.ClassDef]:
    """``cls``'s class statement, then its bases' here (``linen_classes``), nearest first."""
    chain: list[ast.ClassDef] = []
    name: str | None = cls
    while name is not None:
        node = classes[name]
        chain.append(node)
        base = node.bases[0]
        name = base.id if isinstance(base, ast.Name) and base.id in classes else None
    return chain


def instance(node: ast.expr, values: dict[str, ast.expr]) -> ast.Call | None:
    """The constructor call ``node`` surely is: ``Cls(...)``, or a name bound once to one."""
    if isinstance(node, ast.Name):
        node = values.get(node.id, node)
    return node if isinstance(node, ast.Call) else None


def fields(cls: str, classes: dict[str, ast.ClassDef]) -> list[tuple[str, bool]] | None:
    """The dataclass fields of ``cls`` and its bases here, base first: (name, has a
    default); None where one is not plain (``ClassVar``, ``KW_ONLY``, ``InitVar``)."""
    fields: dict[str, bool] = {}
    for node in reversed(class_chain(cls, classes)):
        for item in node.body:
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                spelled = ast.unparse(item.annotation)
                if any(word in spelled for word in ("ClassVar", "KW_ONLY", "InitVar")):
                    return None
                fields[item.target.id] = item.value is not None
    return list(fields.items())


def constructs(built: ast.Call, fields: list[tuple[str, bool]] | None) -> bool:
    """Whether the constructor call surely binds to the fields (Python's dataclass rules)."""
    if fields is None:
        return False
    if any(isinstance(arg, ast.Starred) for arg in built.args) or any(
        keyword.arg is None for keyword in built.keywords
    ):
        return False
    defaults = [default for _, default in fields]
    if any(earlier and not later for earlier, later in itertools.pairwise(defaults)):
        return False  # a field without a default after one with: TypeError at the class
    if len(built.args) > len(fields):
        return False
    given = {name for name, _ in fields[: len(built.args)]}
    field_names = {name for name, _ in fields}
    for keyword in built.keywords:
        name = str(keyword.arg)
        if name in given or name not in field_names | MODULE_FIELDS:
            return False
        given.add(name)
    return all(name in given for name, default in fields if not default)


def reaches_call(
    call: ast.Call,
    rngs_at: int | None,
    jax: dict[str, str],
    values: dict[str, ast.expr],
) -> bool:
    """Whether the method surely gets to looking up ``__call__``: it binds, names no method,
    and its RNGs are a key or a dict (else InvalidRngError comes first)."""
    if any(isinstance(arg, ast.Starred) for arg in call.args) or any(
        keyword.arg is None for keyword in call.keywords
    ):
        return False
    keywords = {str(keyword.arg): keyword.value for keyword in call.keywords}
    if "method" in keywords:
        return False
    if rngs_at is None:  # apply(variables, *args, rngs=None, ...)
        if not call.args and "variables" not in keywords:
            return False
        rngs = keywords.get("rngs")
        return rngs is None or rngs_value(rngs, jax, values)
    if call.args:
        return "rngs" not in keywords and rngs_value(call.args[0], jax, values)
    return "rngs" in keywords and rngs_value(keywords["rngs"], jax, values)


def rngs_value(node: ast.expr, jax: dict[str, str], values: dict[str, ast.expr]) -> bool:
    """Whether ``node`` surely is RNGs ``init`` accepts: a dict, or one valid key."""
    if isinstance(node, ast.Dict):
        return True
    if isinstance(node, ast.Name) and isinstance(values.get(node.id), ast.Dict):
        return True
    return key_value(node, jax, values, set())


def method(cls: str, classes: dict[str, ast.ClassDef], name: str) -> ast.FunctionDef | None:
    """The ``def name`` that ``cls`` runs: its own or the nearest base's here."""
    for node in class_chain(cls, classes):
        for item in node.body:
            if isinstance(item, ast.FunctionDef) and item.name == name:
                return item
            if name in defines(item):
                return None  # bound otherwise (an assignment, an async def): not followed
    return None


def initialised(
    trees: list[ast.Module],
    classes: dict[str, ast.ClassDef],
    jax: dict[str, str],
    values: dict[str, ast.expr],
    methods: frozenset[str],
    errors: tuple[str, ...],
) -> dict[str, tuple[ast.Module, ast.Call]]:
    """The classes (of ``classes``, defining ``__call__`` here) whose ``__call__`` a call of
    one of ``methods`` surely runs, each with its first such call: ``Cls(...).init(key, x)``
    or through a name bound once at the top level to ``Cls(...)``, the constructor binding its
    fields, no ``method=``, the RNGs a key or a dict, and no ``try`` around it catching one of
    ``errors``."""
    found: dict[str, tuple[ast.Module, ast.Call]] = {}
    for tree in trees:
        for call, path in calls_with_paths(tree):
            func = call.func
            if not isinstance(func, ast.Attribute) or func.attr not in methods:
                continue
            built = instance(func.value, values)
            if built is None or not isinstance(built.func, ast.Name):
                continue
            cls = built.func.id
            if cls in found or cls not in classes or method(cls, classes, "__call__") is None:
                continue
            if not constructs(built, fields(cls, classes)):
                continue
            if not reaches_call(call, METHODS[func.attr], jax, values):
                continue
            if checked_first(path, errors):
                continue
            found[cls] = (tree, call)
    return found


#: Statements that run on and leave the path to the next one (unless they raise).
_SIMPLE = (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr, ast.Pass)
#: Expressions inside which a part may not run (a branch, a short circuit, a deferred body).
_DEFERRED = (
    ast.IfExp,
    ast.BoolOp,
    ast.Lambda,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
)


def straight(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of ``body`` that surely run once it starts: the leading simple ones,
    and the first other one (its own header runs too)."""
    for statement in body:
        yield statement
        if not isinstance(statement, _SIMPLE):
            return


def surely_evaluated(node: ast.AST, statement: ast.stmt) -> bool:
    """Whether ``node`` (inside ``statement``, a simple one or a ``return``) is evaluated
    whenever the statement runs: not in a branch, a short circuit or a deferred body."""
    if not isinstance(statement, (*_SIMPLE, ast.Return)):
        return False
    stack: list[tuple[ast.AST, bool]] = [(statement, True)]
    while stack:
        current, sure = stack.pop()
        if current is node:
            return sure
        deferred = isinstance(current, _DEFERRED)
        for child in ast.iter_child_nodes(current):
            stack.append((child, sure and not deferred))
    return False


def home_tree(target: ast.AST, trees: list[ast.Module]) -> ast.Module:
    """The statement tree (of ``trees``, one per top-level statement) holding ``target``."""
    for tree in trees:
        for node in ast.walk(tree):
            if node is target:
                return tree
    return trees[0]
