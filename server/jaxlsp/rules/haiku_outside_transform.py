"""``hk.Linear(10)`` or ``hk.next_rng_key()`` run at a module's top level (or in a class body):
Haiku builds modules and hands out parameters, state and keys only inside ``hk.transform``, so
it raises ValueError.

Top-level code runs when the module runs, never inside a transform, so the call is certain to
be outside one.  So does the body of a function the top level calls (``model = build(cfg)``
with ``def build(cfg): return Net(cfg)``): a module-level ``def`` bound once, undecorated, not
a generator, whose parameters the call surely binds; in its body only what runs before any
statement that may return or raise counts (followed three calls deep).

The names are data checked on dm-haiku 0.0.17: its ``hk.Module`` subclasses
(``HAIKU_MODULES``) and the functions that need a transform (``HAIKU_CONTEXT_FUNCTIONS``).
``haiku`` must be a name bound only by its import; code under a ``try`` that catches the
ValueError, or in an ``except`` handler, stays silent.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._imports import checked_first, dotted, package_aliases, root
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule

#: ``hk.Module`` subclasses of dm-haiku 0.0.17 that raise when built outside a transform (the
#: abstract ``RNNCore`` is left out: building it raises TypeError first).
HAIKU_MODULES = frozenset(
    {
        "haiku.AvgPool",
        "haiku.BatchNorm",
        "haiku.Bias",
        "haiku.Conv1D",
        "haiku.Conv1DLSTM",
        "haiku.Conv1DTranspose",
        "haiku.Conv2D",
        "haiku.Conv2DLSTM",
        "haiku.Conv2DTranspose",
        "haiku.Conv3D",
        "haiku.Conv3DLSTM",
        "haiku.Conv3DTranspose",
        "haiku.DeepRNN",
        "haiku.DepthwiseConv1D",
        "haiku.DepthwiseConv2D",
        "haiku.DepthwiseConv3D",
        "haiku.Embed",
        "haiku.ExponentialMovingAverage",
        "haiku.Flatten",
        "haiku.GRU",
        "haiku.GroupNorm",
        "haiku.InstanceNorm",
        "haiku.LSTM",
        "haiku.LayerNorm",
        "haiku.Linear",
        "haiku.MaxPool",
        "haiku.Module",
        "haiku.MultiHeadAttention",
        "haiku.RMSNorm",
        "haiku.Reshape",
        "haiku.SeparableDepthwiseConv2D",
        "haiku.Sequential",
        "haiku.SpectralNorm",
        "haiku.VanillaRNN",
        "haiku.nets.MLP",
        "haiku.nets.MobileNetV1",
        "haiku.nets.ResNet18",
        "haiku.nets.ResNet34",
        "haiku.nets.ResNet50",
        "haiku.nets.ResNet101",
        "haiku.nets.ResNet152",
        "haiku.nets.ResNet200",
        "haiku.nets.VectorQuantizer",
        "haiku.nets.VectorQuantizerEMA",
    }
)
#: Functions of dm-haiku 0.0.17 that raise ValueError outside a transform.
HAIKU_CONTEXT_FUNCTIONS = frozenset(
    {
        "haiku.next_rng_key",
        "haiku.next_rng_keys",
        "haiku.maybe_next_rng_key",
        "haiku.running_init",
        "haiku.get_parameter",
        "haiku.get_state",
        "haiku.set_state",
    }
)
_MODULES = frozenset({"haiku", "haiku.nets"})


class HaikuOutsideTransform(Rule):
    NAME = "haiku-outside-transform"
    CODE = "haiku-outside-transform"
    RECORD_ID = "a655bad320dceb0c"
    READS_OWN_TEXT = True

    VALID = (
        """
import haiku as hk
import jax
import jax.numpy as jnp

def forward(x):
    return hk.Linear(3)(x)

model = hk.transform(forward)
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
""",
    )
    INVALID = (
        """
import haiku as hk

layer = hk.Linear(3)  # expect: haiku-outside-transform
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        module = program.module
        chunks = module.source.parsed.chunks
        aliases = package_aliases(chunks, "haiku", _MODULES)
        if not aliases:
            return
        trees = [chunk.tree for chunk in chunks]
        names = {name: full for name, (full, _) in aliases.items()}
        bound = _bound_counts(trees)
        subclasses = _haiku_subclasses(trees, names, bound)
        functions = _plain_functions(trees, bound)
        for top in trees:
            for call, path, via, tree in _reached_calls(top, functions):
                if checked_first(path, ("ValueError",)):
                    continue
                if isinstance(call.func, ast.Name) and call.func.id in subclasses:
                    if not _binds(call, subclasses[call.func.id]):
                        continue
                    what = f"builds `{call.func.id}`, a subclass of `hk.Module`"
                    yield self._finding(record, program, tree, call, what, aliases, via, top)
                    continue
                called = dotted(call.func, names)
                if called is None:
                    continue
                short = "hk." + called.removeprefix("haiku.")
                if called in HAIKU_MODULES:
                    what = f"builds the Haiku module `{short}`"
                elif called in HAIKU_CONTEXT_FUNCTIONS:
                    what = f"calls `{short}`"
                else:
                    continue
                yield self._finding(record, program, tree, call, what, aliases, via, top)

    def _finding(
        self,
        record: Record | None,
        program: Program,
        tree: ast.Module,
        call: ast.Call,
        what: str,
        aliases: dict[str, tuple[str, tuple[ast.Module, ast.AST]]],
        via: ast.Call | None = None,
        top: ast.Module | None = None,
    ) -> Finding:
        key = program.module.key
        name = root(call.func)
        where = aliases[name][1] if name in aliases else next(iter(aliases.values()))[1]
        places = [related(program, Site(key, *where), "Haiku is imported here")]
        if via is None:
            who = "This top-level code"
        else:
            called = via.func.id if isinstance(via.func, ast.Name) else "it"
            who = f"This code, run by the module's top-level call of `{called}`,"
            places.insert(
                0, related(program, Site(key, top or tree, via), "called here, at import")
            )
        return finding(
            self,
            record,
            program,
            Site(key, tree, call),
            f"{who} {what}, which Haiku allows only inside "
            "`hk.transform`: it raises ValueError when the module runs. Move it into "
            "the function you transform (`hk.transform(forward)`), and call the "
            "result's `init`/`apply`.",
            tuple(places),
            node=call,
        )


#: ``hk.Module.__init__``'s parameters after ``self``: a subclass without an ``__init__`` of
#: its own is built with these.
_MODULE_INIT = ast.arguments(
    posonlyargs=[],
    args=[ast.arg("self"), ast.arg("name")],
    vararg=None,
    kwonlyargs=[],
    kw_defaults=[],
    kwarg=None,
    defaults=[ast.Constant(None)],
)


def _bound_counts(trees: list[ast.Module]) -> dict[str, int]:
    """How often each name is bound anywhere in the module."""
    bound: dict[str, int] = {}
    for tree in trees:
        for node in ast.walk(tree):
            for name in _bound(node):
                bound[name] = bound.get(name, 0) + 1
    return bound


def _haiku_subclasses(
    trees: list[ast.Module], names: dict[str, str], bound: dict[str, int]
) -> dict[str, ast.arguments]:
    """The classes a module's top level defines that surely are ``hk.Module`` subclasses,
    with the parameters of the ``__init__`` building them.  Haiku's metaclass refuses to
    build any of them outside a transform before their own ``__init__`` runs; only the
    binding of the call's arguments comes first.  A class qualifies when its name is bound
    once (by its ``class`` statement, directly in the module's body), it has no decorator,
    no class keyword (``metaclass=``) and one base: ``hk.Module`` or another such class; its
    ``__init__`` is its own, else its base's (``hk.Module``'s: ``name=None``).  A class whose
    base is another Haiku layer (``hk.Linear``) is left out: that layer's parameters are not
    data here."""
    classes: dict[str, ast.ClassDef] = {}
    for tree in trees:
        for statement in tree.body:
            if isinstance(statement, ast.ClassDef):
                classes[statement.name] = statement
    found: dict[str, ast.arguments] = {}
    changed = True
    while changed:
        changed = False
        for name, node in classes.items():
            if name in found or bound.get(name, 0) != 1:
                continue
            if node.decorator_list or node.keywords or len(node.bases) != 1:
                continue
            base = node.bases[0]
            if dotted(base, names) == "haiku.Module":
                inherited: ast.arguments = _MODULE_INIT
            elif isinstance(base, ast.Name) and base.id in found:
                inherited = found[base.id]
            else:
                continue
            own = [
                item
                for item in node.body
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                and item.name in ("__init__", "__new__")
            ]
            if any(
                item.name == "__new__"
                or item.decorator_list
                or isinstance(item, ast.AsyncFunctionDef)
                for item in own
            ):
                continue
            found[name] = own[0].args if own else inherited
            changed = True
    return found


def _bound(node: ast.AST) -> Iterator[str]:
    """The names a statement or expression binds (a class or function, an assignment or
    augmented assignment, an import, a ``for``/``with``/walrus target, a ``global``)."""
    if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
        yield node.name
    elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
        yield node.id
    elif isinstance(node, ast.Import | ast.ImportFrom):
        for alias in node.names:
            yield (alias.asname or alias.name).split(".")[0]
    elif isinstance(node, ast.Global | ast.Nonlocal):
        yield from node.names


def _binds(call: ast.Call, parameters: ast.arguments) -> bool:
    """Whether the call's arguments surely bind to ``parameters`` (an ``__init__``'s, its
    ``self`` first): a starred argument or ``**`` mapping is not known."""
    if any(isinstance(arg, ast.Starred) for arg in call.args):
        return False
    if any(keyword.arg is None for keyword in call.keywords):
        return False
    if not [*parameters.posonlyargs, *parameters.args]:
        return False  # no parameter for ``self``: not known how Python binds it
    positional = [*parameters.posonlyargs, *parameters.args][1:]
    if len(call.args) > len(positional) and parameters.vararg is None:
        return False
    by_keyword = {arg.arg for arg in [*parameters.args, *parameters.kwonlyargs]}
    by_keyword -= {arg.arg for arg in [*parameters.posonlyargs, *parameters.args][:1]}
    given = {arg.arg for arg in positional[: len(call.args)]}
    for keyword in call.keywords:
        name = keyword.arg
        if name in given or (name not in by_keyword and parameters.kwarg is None):
            return False
        given.add(str(name))
    required = positional[: len(positional) - len(parameters.defaults)]
    if any(arg.arg not in given for arg in required):
        return False
    defaults = dict(zip(parameters.kwonlyargs, parameters.kw_defaults, strict=True))
    return all(arg.arg in given for arg, default in defaults.items() if default is None)


def _plain_functions(
    trees: list[ast.Module], bound: dict[str, int]
) -> dict[str, tuple[ast.FunctionDef, ast.Module]]:
    """The module-level functions whose call surely runs their body (with the statement tree
    holding each): a ``def`` directly in the module's body, its name bound once, without
    decorators, not a generator."""
    found: dict[str, tuple[ast.FunctionDef, ast.Module]] = {}
    for tree in trees:
        for statement in tree.body:
            if (
                isinstance(statement, ast.FunctionDef)
                and bound.get(statement.name, 0) == 1
                and not statement.decorator_list
                and not _yields(statement)
            ):
                found[statement.name] = (statement, tree)
    return found


def _yields(function: ast.FunctionDef) -> bool:
    """Whether the function's own body (not a nested one's) yields: a generator's body runs
    only when iterated."""
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Yield | ast.YieldFrom | ast.Await):
            return True
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            continue
        stack.extend(ast.iter_child_nodes(node))
    return False


def _leaves_early(statement: ast.stmt) -> bool:
    """Whether a statement may end its function's run (a ``return`` or ``raise`` in it, not in
    a nested function): what follows it is not sure to run."""
    stack: list[ast.AST] = [statement]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Return | ast.Raise):
            return True
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            continue
        stack.extend(ast.iter_child_nodes(node))
    return False


#: How many calls deep a top-level call is followed into module-level functions.
_DEPTH = 3


def _reached_calls(
    tree: ast.Module, functions: dict[str, tuple[ast.FunctionDef, ast.Module]]
) -> Iterator[tuple[ast.Call, list[ast.AST], ast.Call | None, ast.Module]]:
    """The calls a module's top level certainly runs (``_top_level_calls``), and those the
    bodies of the module-level ``functions`` it calls certainly run, each with its path, the
    top-level call that runs it (None for top-level code) and the statement tree holding it."""
    for call, path in _top_level_calls(tree):
        yield call, path, None, tree
        if functions:
            for inner, inner_path, home in _called_bodies(call, path, functions, _DEPTH, set()):
                yield inner, inner_path, call, home


def _called_bodies(
    call: ast.Call,
    path: list[ast.AST],
    functions: dict[str, tuple[ast.FunctionDef, ast.Module]],
    depth: int,
    seen: set[str],
) -> Iterator[tuple[ast.Call, list[ast.AST], ast.Module]]:
    """The calls certainly run by the body of the module-level function ``call`` calls, each
    with its path and the statement tree holding it."""
    if depth == 0 or not isinstance(call.func, ast.Name):
        return
    found = functions.get(call.func.id)
    if found is None:
        return
    function, home = found
    if function.name in seen or not _binds_function(call, function.args):
        return
    seen = {*seen, function.name}
    for statement in function.body:
        stack: list[tuple[ast.AST, list[ast.AST]]] = [(statement, [*path, function, statement])]
        while stack:
            node, node_path = stack.pop()
            if isinstance(node, ast.Call):
                yield node, node_path, home
                yield from _called_bodies(node, node_path, functions, depth - 1, seen)
            for child in _certain_children(node):
                if isinstance(
                    child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef
                ):
                    continue  # defined here, run later (if ever)
                stack.append((child, [*node_path, child]))
        if _leaves_early(statement):
            return


def _binds_function(call: ast.Call, parameters: ast.arguments) -> bool:
    """Whether the call's arguments surely bind to a plain function's ``parameters``."""
    if parameters.posonlyargs:
        return False
    with_self = ast.arguments(
        posonlyargs=[],
        args=[ast.arg("self"), *parameters.args],
        vararg=parameters.vararg,
        kwonlyargs=parameters.kwonlyargs,
        kw_defaults=parameters.kw_defaults,
        kwarg=parameters.kwarg,
        defaults=parameters.defaults,
    )
    return _binds(call, with_self)


def _top_level_calls(tree: ast.Module) -> Iterator[tuple[ast.Call, list[ast.AST]]]:
    """The calls a module's top level certainly runs (its class bodies too): not those in a
    function or a lambda (they run when called), nor those behind a branch, a loop's body or
    a comprehension over something not known to be non-empty (undecided), except the body of
    ``if __name__ == "__main__":``, which runs when the module is the program."""
    stack: list[tuple[ast.AST, list[ast.AST]]] = [(tree, [tree])]
    while stack:
        node, path = stack.pop()
        if isinstance(node, ast.Call):
            yield node, path
        for child in _certain_children(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                # its decorators and defaults run here; its body does not
                inner: list[ast.AST] = [d for d in child.args.defaults if d is not None]
                inner += [d for d in child.args.kw_defaults if d is not None]
                if not isinstance(child, ast.Lambda):
                    inner += child.decorator_list
                stack.extend((part, [*path, child, part]) for part in inner)
                continue
            stack.append((child, [*path, child]))


def _certain_children(node: ast.AST) -> list[ast.AST]:
    """The parts of ``node`` that run whenever ``node`` runs."""
    if isinstance(node, ast.If):
        return [node.test, *node.body] if _main_guard(node.test) else [node.test]
    if isinstance(node, ast.IfExp | ast.While):
        return [node.test]
    if isinstance(node, ast.For | ast.AsyncFor):
        return [node.iter, *(node.body if _non_empty(node.iter) else [])]
    if isinstance(node, ast.BoolOp):
        return [node.values[0]]
    if isinstance(node, ast.Match):
        return [node.subject]
    if isinstance(node, ast.GeneratorExp):
        return []  # runs only when consumed
    if isinstance(node, ast.ListComp | ast.SetComp | ast.DictComp):
        iters: list[ast.AST] = [generator.iter for generator in node.generators]
        if all(_non_empty(g.iter) and not g.ifs for g in node.generators):
            parts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
            return [*iters, *parts]
        return iters
    return list(ast.iter_child_nodes(node))


def _non_empty(node: ast.expr) -> bool:
    """A literal list, tuple or set with an item, or ``range`` of a positive int literal."""
    if isinstance(node, ast.List | ast.Tuple | ast.Set):
        return bool(node.elts) and not any(isinstance(e, ast.Starred) for e in node.elts)
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "range"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, int)
        and not isinstance(node.args[0].value, bool)
        and node.args[0].value > 0
    )


def _main_guard(test: ast.expr) -> bool:
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
        and len(test.comparators) == 1
        and isinstance(test.ops[0], ast.Eq)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == "__main__"
    )
