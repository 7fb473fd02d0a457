"""What a top-level statement's scopes bind and what its statements test, known before they run.

Python decides at compile time that a name assigned anywhere in a function is local to all of
it, so the interpreter needs a scope's names before it runs the body.  It also needs the flags
each statement tests (``if jit:``, ``config.use_jit and x``, ``not flag``): a block splits its
rest on a flag tested again later, and a function's tested parameters are places
(``Interpreter._bind_places``).  One walk of a top-level statement finds both, for every
function, lambda and class in it (``scopes_in``); the module's own names, which its frame needs
before anything runs, come from a walk that stops at function, class and lambda bodies
(``module_level_names``), so a function nothing runs is never walked; the analysed module's
defs and classes, which all run, are walked whole first (``walk_definitions``) and their
module parts read from those walks.  The same walk notes the
names each function calls or hands to a call (``TreeScopes.called_in``): the order of the
any-caller pass (``Interpreter.any_caller_pass``) runs callers before their callees.
"""

from __future__ import annotations

import ast

# The node classes the walk tells apart at every node, imported by name: ``ast`` has a module
# ``__getattr__`` (for its deprecated names), which keeps Python from caching ``ast.Name``.
from ast import (
    Assign,
    AsyncFunctionDef,
    Attribute,
    BinOp,
    Call,
    ClassDef,
    Constant,
    Expr,
    FunctionDef,
    Global,
    If,
    Lambda,
    List,
    Load,
    Name,
    Nonlocal,
    Return,
    Subscript,
    Tuple,
    While,
)
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, final

from jaxlsp.infer.direct_init import direct_init
from jaxlsp.syntax.walk import child_nodes, walk

ScopeNode = ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


@final
@direct_init
@dataclass(frozen=True, slots=True)
class ScopeNames:
    local: frozenset[str]
    declared_global: frozenset[str]
    declared_nonlocal: frozenset[str]


@final
@direct_init
@dataclass(frozen=True, slots=True)
class Tested:
    """The names a statement (with what it holds: nested statements, functions, lambdas)
    uses as conditions: an ``if``/``while``/conditional expression's test, an operand of
    ``and``/``or``, the operand of ``not``."""

    #: Tested as they are (``if jit:``): the flags a block's statements correlate on.
    names: frozenset[str]
    #: Tested, or an attribute of theirs tested (``if config.use_jit:``): ``names`` and more.
    roots: frozenset[str]


_NONE: frozenset[str] = frozenset()
NOTHING_TESTED = Tested(_NONE, _NONE)

_STATEMENTS = frozenset(ast.stmt.__subclasses__())
#: Statements that declare or bind names and hold no node that binds or tests.
_DECLARATIONS = frozenset({ast.Global, ast.Nonlocal, ast.Import, ast.ImportFrom})
_COMPREHENSIONS = frozenset({ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp})
#: Expressions that test an operand: a conditional expression, ``and``/``or``, ``not``.
_TESTS = frozenset({ast.IfExp, ast.BoolOp, ast.UnaryOp})
#: Nodes that may bind a name of their own (``except E as name``, ``case x``, ``case *rest``,
#: ``case {**rest}``).
_NAMED = frozenset({ast.ExceptHandler, ast.MatchAs, ast.MatchStar, ast.MatchMapping})
_YIELDS = frozenset({ast.Yield, ast.YieldFrom})
#: What an expression that reads its operands never needs walked: a name it reads, a constant.
_READS = frozenset({Name, Constant})


class TreeScopes:
    """What the scopes of one top-level statement's tree bind (each function, lambda and
    class in it, and the module's part), what each of its statements tests, and which of its
    functions are generators."""

    __slots__ = ("_called_in", "_names", "_scopes", "_tested", "_tested_in", "module_names")

    def __init__(
        self,
        scopes: dict[int, _Scope],
        tested: dict[int, Tested],
        tested_in: dict[int, frozenset[str]],
        called_in: dict[int, frozenset[str]],
        module_names: frozenset[str],
    ) -> None:
        #: What the tree's module part binds (``module_level_names``' answer for it).
        self.module_names = module_names
        self._scopes = scopes
        #: ``_scopes`` frozen, each when first asked for: many never are (a tree's module part
        #: is known from ``module_level_names``, a function nothing calls never runs).  Two threads
        #: may both freeze one scope: to equal names.
        self._names: dict[int, ScopeNames] = {}
        self._tested = tested
        self._tested_in = tested_in
        self._called_in = called_in

    def names(self, node: ScopeNode) -> ScopeNames:
        """The names ``node``'s own scope binds (not its nested functions' or classes')."""
        found = self._names.get(id(node))
        if found is None:
            scope = self._scopes[id(node)]
            if scope is _FROZEN_GENERATOR or scope is _FROZEN:
                return self._names[id(node)]  # frozen by another thread meanwhile
            found = self._names[id(node)] = scope.names()
            # the walk's sets are no longer read: the scope keeps only whether it yields
            self._scopes[id(node)] = _FROZEN_GENERATOR if scope.generator else _FROZEN
        return found

    def tested(self, statement: ast.stmt) -> Tested:
        """What ``statement`` tests, in it or in anything nested in it."""
        return self._tested.get(id(statement), NOTHING_TESTED)

    def tested_in(self, function: FunctionNode) -> frozenset[str]:
        """The names a function's body (its nested functions too) tests, or tests an
        attribute of (``if jit:``, ``if config.use_jit:``)."""
        return self._tested_in.get(id(function), _NONE)

    def called_in(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
        """The names a function's body (its nested functions and lambdas too) calls, or
        passes to a call as a positional argument (``helper(x)``, ``jax.jit(step)``,
        ``lax.scan(body, ...)``): the functions of its module it may run, by name."""
        return self._called_in.get(id(function), _NONE)

    def generator(self, function: FunctionNode) -> bool:
        """Whether a function is a generator: a ``yield`` of its own (not a nested
        function's), which makes a call return a generator whatever path it takes."""
        scope = self._scopes.get(id(function))
        return scope is not None and scope.generator


#: Per tree, found once, and kept in the tree's own attributes under these names: trees live
#: as long as their statements are unchanged, so a statement is walked once however many
#: analyses run it, and what was found goes with the tree.  An attribute is read in C, where a
#: ``WeakKeyDictionary`` ran Python code and made a weak reference at each of the 2,000
#: lookups of bench's 2,000-line cold open.  (Setting one is atomic: two threads that walk one
#: tree at once both find the same.)
_SCOPES = "_jaxlsp_scopes"
_MODULE_NAMES = "_jaxlsp_module_names"
_READ = "_jaxlsp_names_read"
_SETTLED = "_jaxlsp_settled_names"


def scopes_in(tree: ast.Module) -> TreeScopes:
    """What the scopes of ``tree`` (one top-level statement's) bind and its statements test."""
    cached: TreeScopes | None = getattr(tree, _SCOPES, None)
    if cached is not None:
        return cached
    found = _Walk().scopes(tree)
    setattr(tree, _SCOPES, found)
    return found


def walk_definitions(trees: Sequence[ast.Module]) -> None:
    """Walk whole (``scopes_in``) the trees of ``trees`` whose statement is a ``def`` or a
    ``class``: those of a module whose every function runs (the analysed module's, run for
    any caller), whose scopes are asked for anyway.  ``module_level_names`` then reads their
    module parts from those walks, not from a walk of its own over the same decorators,
    defaults and bases (bench's 2,000-line file: 271 of its 348 statements)."""
    for tree in trees:
        body = tree.body
        if len(body) == 1 and type(body[0]) in _DEFINITIONS:
            scopes_in(tree)


def module_level_names(trees: Sequence[ast.Module]) -> frozenset[str]:
    """The names the module-level parts of a module's top-level statements (``trees``) bind:
    their function, class and lambda bodies are not walked (``scopes_in`` walks them when they
    run), unless a whole walk of the tree is known already (``walk_definitions``).  Each tree's
    names are kept while it lives, so an edit walks only what changed."""
    names: set[str] = set()
    walk: _Walk | None = None
    for tree in trees:
        tree_names: frozenset[str] | None = getattr(tree, _MODULE_NAMES, None)
        if tree_names is None:
            whole: TreeScopes | None = getattr(tree, _SCOPES, None)
            if whole is not None:
                tree_names = whole.module_names
            else:
                walk = walk or _Walk(shallow=True)
                tree_names = walk.module_names(tree)
                setattr(tree, _MODULE_NAMES, tree_names)
        names |= tree_names
    return frozenset(names)


class _Scope:
    """The names one scope binds, and whether it yields, as the walk finds them."""

    __slots__ = ("declared_global", "declared_nonlocal", "generator", "local")

    def __init__(self, parameters: list[str] | None = None) -> None:
        self.local: set[str] = set(parameters) if parameters else set()
        # most scopes declare nothing: the one empty set until a declaration replaces it
        self.declared_global = _NONE
        self.declared_nonlocal = _NONE
        self.generator = False

    def names(self) -> ScopeNames:
        declared_global, declared_nonlocal = self.declared_global, self.declared_nonlocal
        return ScopeNames(self.own_locals(), declared_global, declared_nonlocal)

    def own_locals(self) -> frozenset[str]:
        """The names bound here, less those declared global or nonlocal."""
        local = self.local
        if self.declared_global or self.declared_nonlocal:
            local = local - self.declared_global - self.declared_nonlocal
        return frozenset(local) if local else _NONE


#: What a scope whose names were frozen (``TreeScopes.names``) keeps: whether it yields.
#: Never written (the walk that writes scopes is over when they are frozen).
_FROZEN = _Scope()
_FROZEN_GENERATOR = _Scope()
_FROZEN_GENERATOR.generator = True


class _Resume:
    """A mark on the walk's stack under a part walked in a scope of its own (a lambda's body, a
    comprehension's own parts): once it comes off, that part is walked; the walk goes on in
    ``scope``, and ``lambda_``'s body tested what was noted since ``begin``."""

    __slots__ = ("begin", "lambda_", "scope")

    def __init__(
        self, scope: _Scope | None, lambda_: ast.Lambda | None = None, begin: int = 0
    ) -> None:
        self.scope = scope
        self.lambda_ = lambda_
        self.begin = begin


#: The walk's stack: nodes, and where a part walked in a scope of its own ends.
_Pending = list[ast.AST | _Resume]


class _Walk:
    """One walk of a tree: each node with the scope its bindings go to (None in the parts that
    bind in no scope the interpreter keeps: annotations, a comprehension's own parts).

    Each statement, and each lambda's body, is walked to its end before the walk goes on, so
    what one of them tests (with everything nested in it) is the run of tests noted while it
    was walked (``_noted`` from where it began).  With ``shallow``, function, class and lambda
    bodies are left out (only the module's names are wanted)."""

    __slots__ = ("_called", "_called_in", "_noted", "_scopes", "_shallow", "_tested", "_tested_in")

    def __init__(self, *, shallow: bool = False) -> None:
        self._shallow = shallow
        #: By scope node (``id``): what each binds.
        self._scopes: dict[int, _Scope] = {}
        #: Each test met, in walk order: the name at its root, and whether it is tested as it is.
        self._noted: list[tuple[str, bool]] = []
        self._tested: dict[int, Tested] = {}
        self._tested_in: dict[int, frozenset[str]] = {}
        #: Each name called or passed to a call (``TreeScopes.called_in``), in walk order.
        self._called: list[str] = []
        self._called_in: dict[int, frozenset[str]] = {}

    def scopes(self, tree: ast.Module) -> TreeScopes:
        module = self._scopes[id(tree)] = _Scope()
        for statement in tree.body:
            self._statement(statement, module)
        return TreeScopes(
            self._scopes, self._tested, self._tested_in, self._called_in, module.own_locals()
        )

    def module_names(self, tree: ast.Module) -> frozenset[str]:
        module = _Scope()
        for statement in tree.body:
            self._statement(statement, module)
        return module.own_locals()

    def _statement(self, node: ast.stmt, scope: _Scope | None) -> None:
        noted = self._noted
        begin = len(noted)
        statement: Any = node  # read as its class, which each branch tests
        kind = type(statement)
        if kind is Assign:
            self._parts([*statement.targets, statement.value], scope)
        elif kind is Return or kind is Expr:
            value = statement.value
            if value is not None and type(value) not in _READS:
                self._parts([value], scope)
        elif kind is FunctionDef or kind is AsyncFunctionDef:
            self._function(statement, scope)
        elif kind is ClassDef:
            self._class(statement, scope)
        elif kind in _DECLARATIONS:
            if scope is not None:
                _declare(statement, scope)
        else:
            if kind is If or kind is While:
                self._note(statement.test)
            self._parts(child_nodes(statement), scope)
        if len(noted) > begin:
            self._tested[id(node)] = _tested(noted[begin:])

    def _parts(self, nodes: list[ast.AST], scope: _Scope | None) -> None:
        """Walk ``nodes`` (a list of the walk's own: it is used as its stack) and all below
        them.  A lambda's body and a comprehension's own parts go on the same stack, over a
        ``_Resume`` that takes the walk back to this scope: however deep expressions nest,
        Python's stack does not grow with them."""
        pending: _Pending = nodes  # type: ignore[assignment]  # the walk's own list
        while pending:
            node: Any = pending.pop()  # read as its class, which each branch tests
            kind = type(node)
            # The common expressions first: they bind and test nothing themselves.  A name they
            # read (an attribute's value, a call's function, an operand) binds and tests
            # nothing either, nor does a constant: neither is pushed.
            if kind is Name:
                if type(node.ctx) is not Load and scope is not None:
                    scope.local.add(node.id)
            elif kind is Attribute:
                if type(value := node.value) is not Name:
                    pending.append(value)
            elif kind is Call:
                if type(value := node.func) is not Name:
                    pending.append(value)
                else:
                    self._called.append(value.id)
                pending.extend(arguments := node.args)
                for value in arguments:
                    if type(value) is Name:
                        self._called.append(value.id)
                for keyword in node.keywords:
                    if type(value := keyword.value) not in _READS:
                        pending.append(value)
            elif kind is Constant:
                continue
            elif kind is Tuple or kind is List:
                pending.extend(node.elts)
            elif kind is BinOp:
                if type(value := node.left) not in _READS:
                    pending.append(value)
                if type(value := node.right) not in _READS:
                    pending.append(value)
            elif kind is Subscript:
                if type(value := node.value) is not Name:
                    pending.append(value)
                if type(value := node.slice) not in _READS:
                    pending.append(value)
            elif kind in _STATEMENTS:
                self._statement(node, scope)
            elif kind is Lambda:
                scope = self._lambda(node, scope, pending)
            elif kind in _COMPREHENSIONS:
                self._comprehension(node, scope, pending)
                scope = None
            elif kind is _Resume:
                scope = node.scope
                if node.lambda_ is not None:
                    self._note_tested_in(node.lambda_, node.begin)
            else:
                if kind in _TESTS:
                    self._note(*_own_tests(node))
                elif kind in _NAMED and scope is not None and (name := _own_name(node)):
                    scope.local.add(name)
                elif kind in _YIELDS and scope is not None:
                    scope.generator = True
                pending.extend(child_nodes(node))

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef, scope: _Scope | None) -> None:
        if scope is not None:
            scope.local.add(node.name)
        arguments = node.args
        # what runs in the enclosing scope: decorators, defaults
        outer: list[ast.AST] = [*node.decorator_list, *arguments.defaults]
        if arguments.kw_defaults:
            outer.extend([default for default in arguments.kw_defaults if default is not None])
        if outer:
            self._parts(outer, scope)
        if self._shallow:
            return
        parameters = _parameter_nodes(arguments)
        own = self._scopes[id(node)] = _Scope([parameter.arg for parameter in parameters])
        # annotations bind nowhere the interpreter looks (what they test still counts)
        unbound: list[ast.AST] = [p.annotation for p in parameters if p.annotation is not None]
        if node.returns is not None:
            unbound.append(node.returns)
        unbound.extend(getattr(node, "type_params", ()))  # Python 3.12's def f[T]
        if unbound:
            self._parts(unbound, None)
        begin, called = len(self._noted), len(self._called)
        for statement in node.body:
            self._statement(statement, own)
        self._note_tested_in(node, begin)
        if len(self._called) > called:
            self._called_in[id(node)] = frozenset(self._called[called:])

    def _class(self, node: ast.ClassDef, scope: _Scope | None) -> None:
        if scope is not None:
            scope.local.add(node.name)
        # what runs in the enclosing scope: decorators, bases
        outer: list[ast.AST] = [*node.decorator_list, *node.bases]
        outer.extend([keyword.value for keyword in node.keywords])
        if outer:
            self._parts(outer, scope)
        if self._shallow:
            return
        own = self._scopes[id(node)] = _Scope()
        if type_params := getattr(node, "type_params", None):  # Python 3.12's class C[T]
            self._parts(list(type_params), None)
        for statement in node.body:
            self._statement(statement, own)

    def _lambda(self, node: ast.Lambda, scope: _Scope | None, pending: _Pending) -> _Scope | None:
        """Put what ``node`` holds on ``pending``; the scope the walk goes on in (the lambda's
        own, for its body)."""
        arguments = node.args
        # the defaults run where the lambda is made: walked after its body, in this scope
        pending.extend([d for d in (*arguments.defaults, *arguments.kw_defaults) if d is not None])
        if self._shallow:
            return scope
        own = self._scopes[id(node)] = _Scope(_parameters(arguments))
        pending.append(_Resume(scope, node, len(self._noted)))
        pending.append(node.body)
        return own

    def _comprehension(
        self,
        node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp,
        scope: _Scope | None,
        pending: _Pending,
    ) -> None:
        """Put what ``node`` holds on ``pending``; the walk goes on in no scope (the
        comprehension's own parts)."""
        first = node.generators[0].iter
        if scope is not None:
            # only walrus targets inside a comprehension bind in this scope
            for inner in walk(node):
                if isinstance(inner, ast.NamedExpr) and isinstance(inner.target, ast.Name):
                    scope.local.add(inner.target.id)
        # the first iterable runs in this scope (walked last); the rest in the comprehension's own
        pending.append(first)
        pending.append(_Resume(scope))
        pending.extend([part for part in _comprehension_parts(node) if part is not first])

    def _note(self, *tests: ast.expr) -> None:
        for test in tests:
            root = test
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(root, ast.Name):
                self._noted.append((root.id, root is test))

    def _note_tested_in(self, function: FunctionNode, begin: int) -> None:
        """What ``function``'s body tested: the tests noted since ``begin``."""
        if len(self._noted) > begin:
            self._tested_in[id(function)] = frozenset(name for name, _ in self._noted[begin:])


def _declare(node: ast.stmt, scope: _Scope) -> None:
    """Note what a ``global``, ``nonlocal`` or import statement declares or binds."""
    if isinstance(node, ast.Global):
        scope.declared_global = scope.declared_global.union(node.names)
    elif isinstance(node, ast.Nonlocal):
        scope.declared_nonlocal = scope.declared_nonlocal.union(node.names)
    elif isinstance(node, ast.Import | ast.ImportFrom):
        for alias in node.names:
            if alias.name != "*":
                scope.local.add(alias.asname or alias.name.split(".")[0])


def _own_tests(node: ast.AST) -> list[ast.expr]:
    """What an expression itself uses as a condition: a conditional expression's test, the
    operands of ``and``/``or``, the operand of ``not``."""
    if isinstance(node, ast.IfExp):
        return [node.test]
    if isinstance(node, ast.BoolOp):
        return node.values
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return [node.operand]
    return []


def _own_name(
    node: ast.ExceptHandler | ast.MatchAs | ast.MatchStar | ast.MatchMapping,
) -> str | None:
    """The name an ``except ... as``, a capture pattern or a mapping pattern's rest binds."""
    return node.rest if isinstance(node, ast.MatchMapping) else node.name


def _tested(noted: list[tuple[str, bool]]) -> Tested:
    roots = frozenset(name for name, _ in noted)
    names = frozenset(name for name, as_is in noted if as_is)
    return Tested(roots if names == roots else names or _NONE, roots)


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


#: What reads a scope's names without spelling them (``locals()["f"]``, ``eval("f()")``).
_DYNAMIC_READS = frozenset({"locals", "vars", "eval", "exec", "_getframe", "f_locals"})


def names_read(tree: ast.Module, function: FunctionNode) -> frozenset[str] | None:
    """The names ``function``'s body reads (its nested functions', lambdas' and classes' too),
    with those it declares ``global`` or ``nonlocal``; None where it may read one without
    spelling it (``locals()``, ``vars()``, ``eval``, ``exec``, a frame's ``f_locals``).  A
    function defined in it whose name is not among them is never called: nothing can reach
    it (``Interpreter.any_caller_pass``)."""
    # kept with the function's node (``_READ``; ``tree`` is the tree it is in)
    known: frozenset[str] | _Unknown | None = getattr(function, _READ, _UNKNOWN)
    if not isinstance(known, _Unknown):
        return known
    found: set[str] = set()
    dynamic = False
    for node in walk(function):
        kind = type(node)
        if kind is Name:
            if type(node.ctx) is Load:  # type: ignore[attr-defined]
                found.add(node.id)  # type: ignore[attr-defined]
        elif kind is Attribute:
            dynamic = dynamic or node.attr in _DYNAMIC_READS  # type: ignore[attr-defined]
        elif kind is Global or kind is Nonlocal:
            found.update(node.names)  # type: ignore[attr-defined]
    answer = None if dynamic or not found.isdisjoint(_DYNAMIC_READS) else frozenset(found)
    setattr(function, _READ, answer)
    return answer


class _Unknown:
    """What a node holds of ``names_read`` until it is asked (its answer may be None)."""


_UNKNOWN = _Unknown()


_LOOPS = (ast.For, ast.AsyncFor, ast.While)


def settled_names(
    tree: ast.Module, enclosing: FunctionNode, definition: FunctionNode, local: frozenset[str]
) -> frozenset[str]:
    """The locals of ``enclosing`` (``local``) that ``definition``, a function or lambda made in
    its body, reads and that nothing can rebind once it is made: none is bound again after it
    (a later statement, a later iteration of a loop around it, a nested ``nonlocal``).  Python
    reads a free variable when the function runs, late; for these names that is what they held
    where the function was made, on that path (a closure made in the ``else`` of ``if species
    is None`` sees ``species`` not None however late it runs).  Empty for a definition inside a
    comprehension (whose variables the walk does not follow)."""
    # kept with the definition's node (``_SETTLED``; ``tree`` is the tree it is in)
    found: frozenset[str] | None = getattr(definition, _SETTLED, None)
    if found is not None:
        return found
    found = _settled(enclosing, definition, local)
    setattr(definition, _SETTLED, found)
    return found


def _settled(
    enclosing: FunctionNode, definition: FunctionNode, local: frozenset[str]
) -> frozenset[str]:
    body = definition.body
    parts: list[ast.AST] = list(body) if isinstance(body, list) else [body]
    read = {
        node.id
        for part in parts
        for node in walk(part)
        if type(node) is Name and type(node.ctx) is Load and node.id in local
    }
    if not read:
        return _NONE
    around = _ancestors(enclosing, definition)
    if around is None or any(type(node) in _COMPREHENSIONS for node in around):
        return _NONE
    loops = [node for node in around if isinstance(node, _LOOPS)]
    start = (definition.lineno, definition.col_offset)
    unsettled: set[str] = set()
    for statement, names in _bindings(enclosing):
        hit = read.intersection(names)
        if not hit:
            continue
        if (
            isinstance(statement, ast.Nonlocal)
            # a statement that ends after the definition starts may bind after it is made
            # (``f = lambda: f()``, the ``def`` itself, anything later)
            or (statement.end_lineno, statement.end_col_offset) > start
            # a loop around the definition runs the statement again after it
            or any(_inside(statement, loop) for loop in loops)
        ):
            unsettled |= hit
    settled = read - unsettled
    return frozenset(settled) if settled else _NONE


def _bindings(enclosing: FunctionNode) -> list[tuple[ast.stmt, list[str]]]:
    """Each statement in ``enclosing`` (nested scopes too) that binds, deletes or declares
    nonlocal a name in it, innermost, with the names: the binding is made when the statement
    runs (an assignment's targets after its value, an ``except ... as`` in its ``try``)."""
    found: list[tuple[ast.stmt, list[str]]] = []
    top: list[ast.AST] = [enclosing.body] if isinstance(enclosing, ast.Lambda) else []
    # (each node read as its class, which each branch tests)
    pending: list[tuple[Any, ast.stmt | None]] = [(node, None) for node in top]
    if not isinstance(enclosing, ast.Lambda):
        pending.extend((statement, statement) for statement in enclosing.body)
    while pending:
        node, statement = pending.pop()
        kind = type(node)
        if kind is Name:
            # (a leaf: nothing below it)
            if type(node.ctx) is not Load:
                found.append((statement if statement is not None else _AT_END, [node.id]))
            continue
        if kind is Constant:
            continue
        if kind in _BINDERS:
            names: list[str] = []
            if kind in _DEFINITIONS:
                names = [node.name]
            elif kind in _IMPORTS:
                names = [alias.asname or alias.name.split(".")[0] for alias in node.names]
            elif kind in _NAMED:
                name = _own_name(node)
                names = [name] if name else []
            else:  # ``nonlocal``
                names = list(node.names)
            if isinstance(node, ast.stmt):
                statement = node
            if names:
                # a lambda's body binds no name but a walrus's: it is the body's statement's
                found.append((statement if statement is not None else _AT_END, names))
        elif isinstance(node, ast.stmt):
            statement = node
        for child in child_nodes(node):
            pending.append((child, statement))
    return found


#: What ``_bindings`` tells apart, besides a name that is not read: the nodes that bind names
#: of their own (the definitions, imports, ``nonlocal``, an ``except ... as`` and patterns).
_DEFINITIONS = frozenset({FunctionDef, AsyncFunctionDef, ClassDef})
_IMPORTS = frozenset({ast.Import, ast.ImportFrom})
_BINDERS = _DEFINITIONS | _IMPORTS | _NAMED | {ast.Nonlocal}

#: Where a binding outside any statement of the enclosing function counts (a walrus in a
#: lambda's body): after every definition.
_AT_END = ast.Pass(lineno=1 << 30, col_offset=0, end_lineno=1 << 30, end_col_offset=0)


def _ancestors(root: ast.AST, target: ast.AST) -> list[ast.AST] | None:
    """The nodes from ``root`` (left out) down to ``target`` (left out); None: not in it."""
    pending: list[tuple[ast.AST, tuple[ast.AST, ...]]] = [(root, ())]
    while pending:
        node, path = pending.pop()
        for child in child_nodes(node):
            if child is target:
                return list(path)
            pending.append((child, (*path, child)))
    return None


def _inside(node: ast.stmt, around: ast.stmt) -> bool:
    """Whether ``node`` lies within ``around``'s text."""
    start = (around.lineno, around.col_offset)
    stop = (around.end_lineno, around.end_col_offset)
    return start <= (node.lineno, node.col_offset) < stop
