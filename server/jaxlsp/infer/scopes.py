"""What a top-level statement's scopes bind and what its statements test, known before they run.

Python decides at compile time that a name assigned anywhere in a function is local to all of
it, so the interpreter needs a scope's names before it runs the body.  It also needs the flags
each statement tests (``if jit:``, ``config.use_jit and x``, ``not flag``): a block splits its
rest on a flag tested again later, and a function's tested parameters are places
(``Interpreter._bind_places``).  One walk of a top-level statement finds both, for every
function, lambda and class in it (``scopes_in``); the module's own names, which its frame needs
before anything runs, come from a walk that stops at function and class bodies
(``scope_names``), so a function nothing runs is never walked.
"""

from __future__ import annotations

import ast
import enum
import threading
import weakref
from dataclasses import dataclass

from jaxlsp.syntax.walk import child_nodes

ScopeNode = ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


@dataclass(frozen=True, slots=True)
class ScopeNames:
    local: frozenset[str]
    declared_global: frozenset[str]
    declared_nonlocal: frozenset[str]


@dataclass(frozen=True, slots=True)
class Tested:
    """The names a statement (with what it holds: nested statements, functions, lambdas)
    uses as conditions: an ``if``/``while``/conditional expression's test, an operand of
    ``and``/``or``, the operand of ``not`` (``_own_tests``)."""

    #: Tested as they are (``if jit:``): the flags a block's statements correlate on.
    names: frozenset[str]
    #: Tested, or an attribute of theirs tested (``if config.use_jit:``): ``names`` and more.
    roots: frozenset[str]


_NONE: frozenset[str] = frozenset()
NOTHING_TESTED = Tested(_NONE, _NONE)

_DEFINITIONS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})
_COMPREHENSIONS = frozenset({ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp})
#: Nodes that bind a name of their own (``except E as name``, ``case x``, ``case *rest``).
_NAMED = frozenset({ast.ExceptHandler, ast.MatchAs, ast.MatchStar})
#: Nodes with nothing below them that binds or tests.
_LEAVES = frozenset({ast.Constant, ast.Pass, ast.Break, ast.Continue, ast.Load, ast.Store})


def _own_tests(node: ast.AST) -> list[ast.expr]:
    """What ``node`` itself uses as a condition: an ``if``/``while``/conditional expression's
    test, the operands of ``and``/``or``, the operand of ``not``."""
    if isinstance(node, ast.If | ast.While | ast.IfExp):
        return [node.test]
    if isinstance(node, ast.BoolOp):
        return node.values
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return [node.operand]
    return []


class TreeScopes:
    """What the scopes of one top-level statement's tree bind (each function, lambda and
    class in it, and the module's part), and what each of its statements tests."""

    __slots__ = ("_names", "_tested", "_tested_in")

    def __init__(
        self,
        names: dict[int, ScopeNames],
        tested: dict[int, Tested],
        tested_in: dict[int, frozenset[str]],
    ) -> None:
        self._names = names
        self._tested = tested
        self._tested_in = tested_in

    def names(self, node: ScopeNode) -> ScopeNames:
        """The names ``node``'s own scope binds (not its nested functions' or classes')."""
        return self._names[id(node)]

    def tested(self, statement: ast.stmt) -> Tested:
        """What ``statement`` tests, in it or in anything nested in it."""
        return self._tested.get(id(statement), NOTHING_TESTED)

    def tested_in(self, function: FunctionNode) -> frozenset[str]:
        """The names a function's body (its nested functions too) tests, or tests an
        attribute of (``if jit:``, ``if config.use_jit:``)."""
        return self._tested_in.get(id(function), _NONE)


#: Per tree, found once: trees live as long as their statements are unchanged, so a statement
#: is walked once however many analyses run it.
_CACHE: weakref.WeakKeyDictionary[ast.Module, TreeScopes] = weakref.WeakKeyDictionary()
_MODULE_CACHE: weakref.WeakKeyDictionary[ast.Module, ScopeNames] = weakref.WeakKeyDictionary()
_CACHE_LOCK = threading.Lock()


def scopes_in(tree: ast.Module) -> TreeScopes:
    """What the scopes of ``tree`` (one top-level statement's) bind and its statements test."""
    with _CACHE_LOCK:
        cached = _CACHE.get(tree)
    if cached is not None:
        return cached
    found = _Walk(tree).scopes()
    with _CACHE_LOCK:
        _CACHE[tree] = found
    return found


def scope_names(tree: ast.Module) -> ScopeNames:
    """The names the module-level part of ``tree`` (one top-level statement's) binds: its
    function and class bodies are not walked (``scopes_in`` walks them when they run)."""
    with _CACHE_LOCK:
        cached = _MODULE_CACHE.get(tree) or _known_module_names(tree)
    if cached is not None:
        return cached
    walk = _Walk(tree, shallow=True)
    walk.run()
    names = walk.names[id(tree)]
    with _CACHE_LOCK:
        _MODULE_CACHE[tree] = names
    return names


def _known_module_names(tree: ast.Module) -> ScopeNames | None:
    known = _CACHE.get(tree)
    return known.names(tree) if known is not None else None


class _Scope:
    """The names one scope binds, as the walk finds them."""

    __slots__ = ("declared_global", "declared_nonlocal", "local")

    def __init__(self) -> None:
        self.local: set[str] = set()
        self.declared_global: set[str] = set()
        self.declared_nonlocal: set[str] = set()

    def names(self) -> ScopeNames:
        local = self.local - self.declared_global - self.declared_nonlocal
        return ScopeNames(
            _frozen(local), _frozen(self.declared_global), _frozen(self.declared_nonlocal)
        )


class _Kind(enum.Enum):
    """What the walk does at a node beyond walking its children (``_Walk.run``)."""

    PLAIN = enum.auto()
    STATEMENT = enum.auto()
    #: A conditional expression, ``and``/``or``, ``not``: it tests its operands.
    TESTS = enum.auto()
    #: ``if`` and ``while``: a statement that tests.
    TESTING_STATEMENT = enum.auto()
    #: A function or class: a scope of its own.
    DEFINITION = enum.auto()
    LAMBDA = enum.auto()
    COMPREHENSION = enum.auto()
    #: A statement or pattern that binds or declares a name of its own.
    BINDS = enum.auto()


_KINDS: dict[type[ast.AST], _Kind] = {
    **{kind: _Kind.STATEMENT for kind in ast.stmt.__subclasses__()},
    ast.If: _Kind.TESTING_STATEMENT,
    ast.While: _Kind.TESTING_STATEMENT,
    ast.IfExp: _Kind.TESTS,
    ast.BoolOp: _Kind.TESTS,
    ast.UnaryOp: _Kind.TESTS,
    **{kind: _Kind.DEFINITION for kind in _DEFINITIONS},
    ast.Lambda: _Kind.LAMBDA,
    **{kind: _Kind.COMPREHENSION for kind in _COMPREHENSIONS},
    **{kind: _Kind.BINDS for kind in (ast.Global, ast.Nonlocal, ast.Import, ast.ImportFrom)},
    **{kind: _Kind.BINDS for kind in (*_NAMED, ast.MatchMapping)},
}
_STATEMENT_KINDS = (_Kind.STATEMENT, _Kind.TESTING_STATEMENT, _Kind.DEFINITION)
_TESTING_KINDS = (_Kind.TESTS, _Kind.TESTING_STATEMENT)

#: A stack entry of the walk: nodes that share the scope their bindings go to, the index of
#: the statement they are in and that of the lambda they are in (-1: none).
_Group = tuple[list[ast.AST], "_Scope | None", int, int]


class _Walk:
    """One walk of a tree: every node once, each with the scope its bindings go to (None in
    the parts that bind in no scope the interpreter keeps: annotations, a comprehension's
    own parts), the statement it is in and the lambda it is in.  With ``shallow``, function
    and class bodies are left out (only the module's names are wanted)."""

    def __init__(self, tree: ast.Module, *, shallow: bool = False) -> None:
        self.tree = tree
        self.shallow = shallow
        self.names: dict[int, ScopeNames] = {}
        self._scopes: list[tuple[ast.AST, _Scope]] = []
        self._functions: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
        # statements and lambdas in the order met, each with the innermost one holding it
        # (-1: none), and the names and roots each tests itself, by its index
        self._statements: list[ast.AST] = []
        self._statement_parent: list[int] = []
        self._lambdas: list[ast.Lambda] = []
        self._lambda_parent: list[int] = []
        self._names_of: dict[int, set[str]] = {}
        self._roots_of: dict[int, set[str]] = {}
        self._lambda_roots: dict[int, set[str]] = {}

    def scopes(self) -> TreeScopes:
        self.run()
        return TreeScopes(self.names, *self._tests())

    def run(self) -> None:
        module = self._scope(self.tree)
        # nodes go on the stack in groups that share their scope, statement and lambda
        stack: list[_Group] = [(list(self.tree.body), module, -1, -1)]
        statements = self._statements
        statement_parent = self._statement_parent
        while stack:
            nodes, scope, statement, lambda_ = stack.pop()
            for node in nodes:
                kind = type(node)
                if kind is ast.Name:
                    if scope is not None and type(node.ctx) is not ast.Load:  # type: ignore[attr-defined]
                        scope.local.add(node.id)  # type: ignore[attr-defined]
                    continue
                what = _KINDS.get(kind, _Kind.PLAIN)
                if what is _Kind.PLAIN:
                    if kind not in _LEAVES and (children := child_nodes(node)):
                        stack.append((children, scope, statement, lambda_))
                    continue
                inner = statement
                if what in _STATEMENT_KINDS:
                    inner = len(statements)
                    statements.append(node)
                    statement_parent.append(statement)
                if what in _TESTING_KINDS:
                    self._note_tests(node, inner, lambda_)
                if what is _Kind.DEFINITION:
                    self._definition(node, scope, inner, stack)  # type: ignore[arg-type]
                elif what is _Kind.LAMBDA:
                    self._lambda(node, scope, inner, lambda_, stack)  # type: ignore[arg-type]
                elif what is _Kind.COMPREHENSION:
                    self._comprehension(node, scope, inner, lambda_, stack)  # type: ignore[arg-type]
                elif what is _Kind.BINDS and self._binds(node, scope):
                    continue
                elif kind not in _LEAVES and (children := child_nodes(node)):
                    stack.append((children, scope, inner, lambda_))
        for node, scope in self._scopes:
            self.names[id(node)] = scope.names()

    def _scope(self, node: ast.AST) -> _Scope:
        scope = _Scope()
        self._scopes.append((node, scope))
        return scope

    def _binds(self, node: ast.AST, scope: _Scope | None) -> bool:
        """Note what ``node`` binds or declares in ``scope``; whether that was all of it."""
        if scope is None:
            return False
        kind = type(node)
        if kind is ast.Global:
            scope.declared_global.update(node.names)  # type: ignore[attr-defined]
            return True
        if kind is ast.Nonlocal:
            scope.declared_nonlocal.update(node.names)  # type: ignore[attr-defined]
            return True
        if kind is ast.Import or kind is ast.ImportFrom:
            for alias in node.names:  # type: ignore[attr-defined]
                if alias.name != "*":
                    scope.local.add(alias.asname or alias.name.split(".")[0])
            return True
        if kind in _NAMED and node.name:  # type: ignore[attr-defined]
            scope.local.add(node.name)  # type: ignore[attr-defined]
        elif kind is ast.MatchMapping and node.rest:  # type: ignore[attr-defined]
            scope.local.add(node.rest)  # type: ignore[attr-defined]
        return False

    def _lambda(
        self,
        node: ast.Lambda,
        scope: _Scope | None,
        statement: int,
        lambda_: int,
        stack: list[_Group],
    ) -> None:
        arguments = node.args
        defaults = [d for d in (*arguments.defaults, *arguments.kw_defaults) if d is not None]
        if defaults:
            stack.append((defaults, scope, statement, lambda_))  # type: ignore[arg-type]
        own = self._scope(node)
        own.local.update(_parameters(arguments))
        self._lambdas.append(node)
        self._lambda_parent.append(lambda_)
        stack.append(([node.body], own, statement, len(self._lambdas) - 1))

    def _comprehension(
        self,
        node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp,
        scope: _Scope | None,
        statement: int,
        lambda_: int,
        stack: list[_Group],
    ) -> None:
        first = node.generators[0].iter
        if scope is not None:
            # only walrus targets inside a comprehension bind in this scope
            for inner in ast.walk(node):
                if isinstance(inner, ast.NamedExpr) and isinstance(inner.target, ast.Name):
                    scope.local.add(inner.target.id)
        # the first iterable runs in this scope; the rest in the comprehension's own
        stack.append(([first], scope, statement, lambda_))
        rest = [part for part in _comprehension_parts(node) if part is not first]
        stack.append((rest, None, statement, lambda_))

    def _definition(
        self,
        node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef,
        scope: _Scope | None,
        statement: int,
        stack: list[_Group],
    ) -> None:
        if scope is not None:
            scope.local.add(node.name)
        # what runs in the enclosing scope: decorators, defaults, bases
        outer: list[ast.AST] = [*node.decorator_list]
        if isinstance(node, ast.ClassDef):
            outer.extend(node.bases)
            outer.extend(k.value for k in node.keywords)
        else:
            outer.extend(node.args.defaults)
            outer.extend(d for d in node.args.kw_defaults if d is not None)
        stack.append((outer, scope, statement, -1))
        if self.shallow:
            return
        own = self._scope(node)
        stack.append((list(node.body), own, statement, -1))
        # annotations bind nowhere the interpreter looks (what they test still counts)
        unbound: list[ast.AST] = list(getattr(node, "type_params", ()))  # Python 3.12's f[T]
        if not isinstance(node, ast.ClassDef):
            self._functions.append(node)
            own.local.update(_parameters(node.args))
            unbound.extend(
                parameter.annotation
                for parameter in _parameter_nodes(node.args)
                if parameter.annotation is not None
            )
            if node.returns is not None:
                unbound.append(node.returns)
        if unbound:
            stack.append((unbound, None, statement, -1))

    def _note_tests(self, node: ast.AST, statement: int, lambda_: int) -> None:
        for test in _own_tests(node):
            root = test
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(root, ast.Name):
                self._roots_of.setdefault(statement, set()).add(root.id)
                if lambda_ >= 0:
                    self._lambda_roots.setdefault(lambda_, set()).add(root.id)
                if root is test:
                    self._names_of.setdefault(statement, set()).add(root.id)

    def _tests(self) -> tuple[dict[int, Tested], dict[int, frozenset[str]]]:
        names_of, roots_of = self._names_of, self._roots_of
        # what a statement holds, it tests too: innermost first, each into its parent
        for index in range(len(self._statements) - 1, -1, -1):
            parent = self._statement_parent[index]
            roots = roots_of.get(index)
            if parent < 0 or not roots:
                continue
            roots_of.setdefault(parent, set()).update(roots)
            if names := names_of.get(index):
                names_of.setdefault(parent, set()).update(names)
        tested: dict[int, Tested] = {}
        for index, roots in roots_of.items():
            names = names_of.get(index, set())
            tested_roots = frozenset(roots)
            tested_names = tested_roots if names == roots else frozenset(names) or _NONE
            tested[id(self._statements[index])] = Tested(tested_names, tested_roots)
        tested_in: dict[int, frozenset[str]] = {}
        for function in self._functions:
            found: set[str] = set()
            for statement in function.body:
                known = tested.get(id(statement))
                if known is not None:
                    found |= known.roots
            if found:
                tested_in[id(function)] = frozenset(found)
        lambda_roots = self._lambda_roots
        for index in range(len(self._lambdas) - 1, -1, -1):
            roots = lambda_roots.get(index)
            if not roots:
                continue
            parent = self._lambda_parent[index]
            if parent >= 0:
                lambda_roots.setdefault(parent, set()).update(roots)
            tested_in[id(self._lambdas[index])] = frozenset(roots)
        return tested, tested_in


def _parameter_nodes(arguments: ast.arguments) -> list[ast.arg]:
    found = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    if arguments.vararg is not None:
        found.append(arguments.vararg)
    if arguments.kwarg is not None:
        found.append(arguments.kwarg)
    return found


def _parameters(arguments: ast.arguments) -> list[str]:
    return [parameter.arg for parameter in _parameter_nodes(arguments)]


def _comprehension_parts(
    node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp,
) -> list[ast.AST]:
    parts: list[ast.AST] = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
    for generator in node.generators:
        parts.append(generator.target)
        parts.append(generator.iter)
        parts.extend(generator.ifs)
    return parts


def _frozen(names: set[str]) -> frozenset[str]:
    return frozenset(names) if names else _NONE  # most scopes declare nothing: one empty set
