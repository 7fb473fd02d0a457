"""Statement-level facts for the tracer and API-misuse rules, read from Python's own ``ast``.

The module model (``module.py``) summarises what JAX APIs are called and what reaches what; the
rules in this file's users need the statements themselves (``if x > 0``, ``x[i] = v``, the
``return`` of a scan body).  Each top-level statement's text is parsed once and cached by that
text, like the engine's summaries, so an edit re-parses only the statements it touches.

Names are resolved through the module's imports (``facts.imports``); a name that a module-level
assignment rebinds, or a function parameter shadows, is not trusted.  Everything here answers
"surely" or "don't know": the rules built on it must stay silent when unsure.
"""

from __future__ import annotations

import ast
import threading
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cached_property

from jaxlsp.analysis import apis
from jaxlsp.analysis.module import ModuleFacts
from jaxlsp.analysis.statements import split_lines
from jaxlsp.findings import Position, Span

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
ScopeNode = ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef

_TREES: OrderedDict[str, ast.Module | None] = OrderedDict()
_TREE_LIMIT = 4096
_TREES_LOCK = threading.Lock()


def _parse(text: str) -> ast.Module | None:
    """The statement's tree, cached by its text (None when it does not parse on its own).

    Trees are shared between analyses (and threads: the server analyses off its event loop);
    nothing mutates them except idempotent ``_jaxlsp_*`` memo attributes.
    """
    with _TREES_LOCK:
        if text in _TREES:
            _TREES.move_to_end(text)
            return _TREES[text]
    try:
        parsed: ast.Module | None = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        parsed = None
    with _TREES_LOCK:
        _TREES[text] = parsed
        if len(_TREES) > _TREE_LIMIT:
            _TREES.popitem(last=False)
    return parsed


def _statement_values(statement: ast.stmt) -> list[tuple[str, ast.expr | None]]:
    """The (name, value) bindings one module-level statement makes, in order, for
    ``ModuleAst.module_values`` (memoised on the node: trees are cached by their text)."""
    cached: list[tuple[str, ast.expr | None]] | None = getattr(statement, "_jaxlsp_values", None)
    if cached is not None:
        return cached
    found: list[tuple[str, ast.expr | None]] = []
    if isinstance(statement, ast.Assign | ast.AnnAssign):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        for target in targets:
            if isinstance(target, ast.Name):
                found.append((target.id, statement.value))
            else:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name):
                        found.append((node.id, None))
    else:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
                found.append((node.id, None))
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                found.append((node.name, None))
            elif isinstance(node, ast.Global):
                for name in node.names:
                    found.append((name, None))
    statement._jaxlsp_values = found  # type: ignore[attr-defined]
    return found


class Trace(IntEnum):
    """How sure we are that an expression is a tracer while its function is traced."""

    NO = 0
    #: A traced argument or part of one: a tracer, or a container (tuple, dict) of tracers.
    TREE = 1
    #: Surely one traced array (a jnp result, a comparison, arithmetic on an array).
    ARRAY = 2


#: jax.numpy / lax functions whose result is static (shape facts, dtypes), not a tracer.
STATIC_RESULTS = frozenset(
    f"jax.numpy.{name}"
    for name in [
        "shape",
        "ndim",
        "size",
        "result_type",
        "dtype",
        "issubdtype",
        "isdtype",
        "iscomplexobj",
        "isrealobj",
        "isscalar",
        "iinfo",
        "finfo",
        "promote_types",
        "can_cast",
    ]
)
#: Array attributes that are arrays.
ARRAY_ATTRIBUTES = frozenset({"T", "mT", "real", "imag"})
#: Array methods whose result is an array.
ARRAY_METHODS = frozenset(
    [
        "sum",
        "mean",
        "max",
        "min",
        "any",
        "all",
        "prod",
        "std",
        "var",
        "argmax",
        "argmin",
        "astype",
        "reshape",
        "squeeze",
        "dot",
        "ravel",
        "flatten",
        "clip",
        "round",
        "cumsum",
        "cumprod",
        "transpose",
        "conj",
        "nonzero",
    ]
)
#: Prefixes of APIs that return arrays when given arrays.
ARRAY_APIS = ("jax.numpy.", "jax.lax.", "jax.nn.", "jax.scipy.")


@dataclass
class ModuleAst:
    """The parsed statements of one module, with import-aware name resolution."""

    facts: ModuleFacts
    trees: list[ast.Module | None] = field(default_factory=list)
    #: Memoised by ``scope_nodes``.
    scope_list: list[tuple[Scope, list[ast.AST]]] | None = None
    #: Memoised by rules' shared helpers (``jaxlsp.rules._support``), by helper name.
    memo: dict[str, object] = field(default_factory=dict)

    @cached_property
    def lines(self) -> list[str]:
        return split_lines(self.facts.source)

    @cached_property
    def module_names(self) -> frozenset[str]:
        """Names bound by module-level assignments or defs (they may shadow imports)."""
        return frozenset(self.facts.bindings.get("", {}))

    def statements(self) -> Iterator[tuple[int, ast.stmt]]:
        for index, tree in enumerate(self.trees):
            if tree is not None:
                for statement in tree.body:
                    yield index, statement

    @cached_property
    def _top_level_defs(self) -> dict[str, list[tuple[FunctionNode, int]]]:
        """Module-level ``def``s by name, in source order (one pass per analysis)."""
        found: dict[str, list[tuple[FunctionNode, int]]] = {}
        for index, statement in self.statements():
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
                found.setdefault(statement.name, []).append((statement, index))
        return found

    def top_level_def(self, name: str) -> tuple[FunctionNode, int] | None:
        """The one module-level ``def name`` (None when absent, repeated or rebound)."""
        found = self._top_level_defs.get(name, [])
        if len(found) != 1 or len(self.facts.bindings.get("", {}).get(name, [])) != 1:
            return None
        return found[0]

    def undecorated_def(self, name: str) -> tuple[FunctionNode, int] | None:
        """``top_level_def`` when no decorator may have changed the function's signature."""
        found = self.top_level_def(name)
        if found is None or getattr(found[0], "decorator_list", None):
            return None
        return found

    @cached_property
    def module_values(self) -> dict[str, list[ast.expr | None]]:
        """Module-level names with the values assigned to them (None: bound another way)."""
        found: dict[str, list[ast.expr | None]] = {}
        for _, statement in self.statements():
            for name, value in _statement_values(statement):
                found.setdefault(name, []).append(value)
        return found

    # positions -------------------------------------------------------------------------------
    def span(self, node: ast.AST, chunk: int) -> Span:
        base = self.facts.chunks[chunk].start
        line = getattr(node, "lineno", 1) - 1 + base
        end_line = (getattr(node, "end_lineno", None) or line + 1 - base) - 1 + base
        column = getattr(node, "col_offset", 0)
        end_column = getattr(node, "end_col_offset", None)
        end_column = column if end_column is None else end_column
        return Span(self._position(line, column), self._position(end_line, end_column))

    def head_span(self, node: ast.AST, chunk: int) -> Span:
        """The first line of ``node`` only (a ``def`` or compound statement's header)."""
        full = self.span(node, chunk)
        if full.start.line == full.end.line:
            return full
        line = self.lines[full.start.line] if full.start.line < len(self.lines) else ""
        return Span(full.start, Position(full.start.line, len(line.rstrip())))

    def _position(self, line: int, byte_column: int) -> Position:
        if not 0 <= line < len(self.lines):
            return Position(line, byte_column)
        text = self.lines[line]
        if text.isascii():
            return Position(line, byte_column)
        return Position(line, len(text.encode("utf-8")[:byte_column].decode("utf-8", "replace")))

    def text(self, node: ast.AST, chunk: int) -> str | None:
        """The source text of ``node``."""
        text = self.facts.chunks[chunk].text
        return ast.get_source_segment(text, node)

    # names -----------------------------------------------------------------------------------
    def qualified(self, node: ast.AST, shadowed: frozenset[str] = frozenset()) -> str | None:
        """``jnp.zeros`` → ``jax.numpy.zeros`` when ``jnp`` is an import not rebound here."""
        parts: list[str] = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name):
            return None
        root = node.id
        if root in shadowed or root in self.module_names:
            return None
        imported = self.facts.imports.get(root)
        if imported is None:
            return None
        return apis.canonical(".".join([imported[1], *reversed(parts)]))

    def callee(self, call: ast.Call, shadowed: frozenset[str] = frozenset()) -> str | None:
        return self.qualified(call.func, shadowed)


def module_ast(facts: ModuleFacts) -> ModuleAst:
    """The parsed statements of ``facts``' module (shared by every rule of one analysis)."""
    cached = getattr(facts, "_pyast", None)
    if isinstance(cached, ModuleAst) and cached.facts is facts:
        return cached
    parsed = ModuleAst(facts, [_parse(chunk.text) for chunk in facts.chunks])
    object.__setattr__(facts, "_pyast", parsed)
    return parsed


# functions -----------------------------------------------------------------------------------
def params(function: FunctionNode) -> list[str]:
    arguments = function.args
    names = [a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]]
    if arguments.vararg:
        names.append(arguments.vararg.arg)
    if arguments.kwarg:
        names.append(arguments.kwarg.arg)
    return names


def positional(function: FunctionNode) -> list[str]:
    return [a.arg for a in [*function.args.posonlyargs, *function.args.args]]


def body_statements(function: FunctionNode) -> list[ast.stmt]:
    if isinstance(function, ast.Lambda):
        return [ast.Expr(function.body)]
    return function.body


def own_nodes(function: FunctionNode) -> Iterator[ast.AST]:
    """Every node of the function's body, nested functions and classes excluded (the list
    ``scope_nodes`` made, when the function came from a parsed statement)."""
    known: list[ast.AST] | None = getattr(function, "_jaxlsp_nodes", None)
    if known is not None:
        yield from known
        return
    stack: list[ast.AST] = list(reversed(body_statements(function)))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(node))))


def returns(function: FunctionNode) -> list[ast.expr | None]:
    """The values the function returns (None for a bare ``return``)."""
    if isinstance(function, ast.Lambda):
        return [function.body]
    return [node.value for node in own_nodes(function) if isinstance(node, ast.Return)]


def is_generator(function: FunctionNode) -> bool:
    return any(isinstance(node, ast.Yield | ast.YieldFrom) for node in own_nodes(function))


def literal_ints(node: ast.expr | None) -> tuple[int, ...] | None:
    """``2`` or ``(0, 2)`` → the ints; None when not a literal."""
    if node is None:
        return ()
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return (node.value,)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = literal_ints(node.operand)
        return tuple(-v for v in inner) if inner is not None and len(inner) == 1 else None
    if isinstance(node, ast.Tuple | ast.List):
        found: list[int] = []
        for element in node.elts:
            value = literal_ints(element)
            if value is None or len(value) != 1:
                return None
            found.extend(value)
        return tuple(found)
    return None


def literal_strs(node: ast.expr | None) -> tuple[str, ...] | None:
    if node is None:
        return ()
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, ast.Tuple | ast.List):
        found: list[str] = []
        for element in node.elts:
            if not (isinstance(element, ast.Constant) and isinstance(element.value, str)):
                return None
            found.append(element.value)
        return tuple(found)
    return None


def keyword(call: ast.Call, name: str) -> ast.keyword | None:
    return next((k for k in call.keywords if k.arg == name), None)


def has_star(call: ast.Call) -> bool:
    """``*args`` or ``**kwargs`` in the call: its arguments are not all visible."""
    return any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    )


@dataclass(frozen=True)
class Scope:
    """A function or the module, with its chunk and its enclosing scopes' nodes."""

    node: ScopeNode
    chunk: int
    parents: tuple[ScopeNode, ...]

    def shadowed(self) -> frozenset[str]:
        """Parameters and local names of this scope and its enclosing functions."""
        cached: frozenset[str] | None = self.__dict__.get("_shadowed")
        if cached is not None:
            return cached
        names: set[str] = set()
        for scope in (*self.parents, self.node):
            if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                names.update(_locals(scope))
        result = frozenset(names)
        self.__dict__["_shadowed"] = result  # memo (the fields it derives from are frozen)
        return result


def _locals(function: FunctionNode) -> frozenset[str]:
    """Parameters and assigned names of one function (memoised on the node)."""
    cached: frozenset[str] | None = getattr(function, "_jaxlsp_locals", None)
    if cached is None:
        cached = frozenset(params(function)) | frozenset(assigned_names(function))
        function._jaxlsp_locals = cached  # type: ignore[union-attr]
    return cached


def assigned_names(function: FunctionNode) -> set[str]:
    found: set[str] = set()
    for node in own_nodes(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            found.update((a.asname or a.name).split(".")[0] for a in node.names)
    return found


def scopes(module: ModuleAst) -> list[Scope]:
    """The module's top-level statements (one scope per chunk) and every function in it."""
    return [scope for scope, _ in scope_nodes(module)]


def scope_nodes(module: ModuleAst) -> list[tuple[Scope, list[ast.AST]]]:
    """Every scope with the nodes evaluated in it, from one walk of each statement.

    A function's body belongs to its scope; its decorators and defaults to the enclosing one
    (they run where the ``def`` runs), and so does a class body.
    """
    if module.scope_list is not None:
        return module.scope_list
    found: list[tuple[Scope, list[ast.AST]]] = []
    for index, tree in enumerate(module.trees):
        if tree is not None:
            found.extend(_chunk_scopes(tree, index))
    module.scope_list = found
    return found


def _chunk_scopes(tree: ast.Module, index: int) -> list[tuple[Scope, list[ast.AST]]]:
    """``_tree_scopes`` as ``Scope``s of chunk ``index``, memoised on the tree while the
    statement stays at that index."""
    cached: tuple[int, list[tuple[Scope, list[ast.AST]]]] | None = getattr(
        tree, "_jaxlsp_chunk_scopes", None
    )
    if cached is not None and cached[0] == index:
        return cached[1]
    found = [(Scope(node, index, parents), nodes) for node, parents, nodes in _tree_scopes(tree)]
    tree._jaxlsp_chunk_scopes = (index, found)  # type: ignore[attr-defined]
    return found


_ScopeWalk = list[tuple[ScopeNode, tuple[ScopeNode, ...], list[ast.AST]]]


def _tree_scopes(tree: ast.Module) -> _ScopeWalk:
    """``scope_nodes`` for one statement's tree, memoised on the tree (trees are cached by
    their text, so an unchanged statement is never walked again)."""
    cached: _ScopeWalk | None = getattr(tree, "_jaxlsp_scopes", None)
    if cached is not None:
        return cached
    top: list[ast.AST] = []
    found: _ScopeWalk = [(tree, (), top)]
    stack: list[tuple[ast.AST, list[ast.AST], tuple[ScopeNode, ...]]] = [
        (statement, top, ()) for statement in reversed(tree.body)
    ]
    while stack:
        node, owner, parents = stack.pop()
        owner.append(node)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            inner: list[ast.AST] = []
            found.append((node, parents, inner))
            body = [node.body] if isinstance(node, ast.Lambda) else node.body
            stack.extend((child, inner, (*parents, node)) for child in reversed(body))
            outer: list[ast.AST] = [*node.args.defaults, *filter(None, node.args.kw_defaults)]
            if not isinstance(node, ast.Lambda):
                outer.extend(node.decorator_list)
            stack.extend((child, owner, parents) for child in reversed(outer))
        elif isinstance(node, ast.ClassDef):
            body_ids = {id(statement) for statement in node.body}
            for child in reversed(list(ast.iter_child_nodes(node))):
                in_body = id(child) in body_ids
                stack.append((child, owner, (*parents, node) if in_body else parents))
        else:
            children = reversed(list(ast.iter_child_nodes(node)))
            stack.extend((child, owner, parents) for child in children)
    for node, _, nodes in found:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            node._jaxlsp_nodes = nodes  # type: ignore[union-attr]
    tree._jaxlsp_scopes = found  # type: ignore[attr-defined]
    return found


def local_def(statements: list[ast.stmt], name: str) -> FunctionNode | None:
    """The one undecorated function ``name`` defined directly in ``statements``."""
    found: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
    rebound = False
    for statement in statements:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            if statement.name == name:
                found.append(statement)
        elif isinstance(statement, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name) and node.id == name:
                        rebound = True
    if len(found) != 1 or rebound or found[0].decorator_list:
        return None  # a decorator may change the signature: don't guess
    return found[0]


def resolve_function(
    module: ModuleAst, scope: Scope, node: ast.expr
) -> tuple[FunctionNode, int] | None:
    """A lambda, or a plain name of a function defined in this scope, an enclosing one, or at
    module level (then maybe in another chunk): the function and its chunk."""
    if isinstance(node, ast.Lambda):
        return node, scope.chunk
    if not isinstance(node, ast.Name):
        return None
    for candidate in (scope.node, *reversed(scope.parents)):
        if isinstance(candidate, ast.Module):
            break
        if isinstance(candidate, ast.Lambda | ast.ClassDef):
            continue
        found = local_def(candidate.body, node.id)
        if found is not None:
            return found, scope.chunk
        if node.id in params(candidate) or node.id in assigned_names(candidate):
            return None
    return module.undecorated_def(node.id)


# traced functions ----------------------------------------------------------------------------
JIT = "jax.jit"
VMAP = "jax.vmap"
SCAN = "jax.lax.scan"
FORI_LOOP = "jax.lax.fori_loop"
WHILE_LOOP = "jax.lax.while_loop"
TRANSFORMS_KEEPING_TRACE = frozenset({"jax.grad", "jax.value_and_grad", VMAP, "jax.checkpoint"})


@dataclass(frozen=True)
class Traced:
    """A function JAX traces with abstract values: which parameters hold tracers, and why."""

    function: FunctionNode
    chunk: int
    traced: frozenset[str]
    #: Where it is traced (the decorator or the call), and by what API.
    site: Span
    api: str


def _jit_statics(module: ModuleAst, call: ast.Call, function: FunctionNode) -> set[str] | None:
    """The parameters ``jax.jit(..., static_argnums/argnames=...)`` keeps static, or None."""
    names = positional(function)
    static: set[str] = set()
    for key in ("static_argnums", "static_argnames"):
        item = keyword(call, key)
        if item is None:
            continue
        if key == "static_argnums":
            numbers = literal_ints(item.value)
            if numbers is None:
                return None
            for number in numbers:
                if not -len(names) <= number < len(names):
                    return None
                static.add(names[number])
        else:
            strings = literal_strs(item.value)
            if strings is None:
                return None
            static.update(strings)
    if has_star(call):
        return None
    return static


def _vmap_untraced(call: ast.Call, function: FunctionNode) -> set[str] | None:
    """Parameters that ``jax.vmap(..., in_axes=...)`` leaves unmapped; None if unknown."""
    item = keyword(call, "in_axes")
    if item is None:
        if len(call.args) > 1:
            return None
        return set()
    value = item.value
    if isinstance(value, ast.Constant) and type(value.value) is int:
        return set()
    if isinstance(value, ast.Tuple):
        names = positional(function)
        unmapped = set()
        for name, axis in zip(names, value.elts, strict=False):
            if isinstance(axis, ast.Constant) and axis.value is None:
                unmapped.add(name)
            elif not (isinstance(axis, ast.Constant) and type(axis.value) is int):
                return None
        return unmapped
    return None


def decorator_api(
    module: ModuleAst, decorator: ast.expr, shadowed: frozenset[str]
) -> tuple[str, ast.Call | None] | None:
    """``@jax.jit`` → (jax.jit, None); ``@partial(jax.jit, ...)``/``@jax.jit(...)`` → the call."""
    name = module.qualified(decorator, shadowed)
    if name is not None:
        return name, None
    if not isinstance(decorator, ast.Call):
        return None
    name = module.qualified(decorator.func, shadowed)
    if name == apis.PARTIAL and decorator.args:
        inner = module.qualified(decorator.args[0], shadowed)
        return (inner, decorator) if inner is not None else None
    return (name, decorator) if name is not None else None


def _traced_by(
    module: ModuleAst, api: str, call: ast.Call | None, function: FunctionNode
) -> frozenset[str] | None:
    """The parameters ``api`` (applied via ``call``) traces, or None when it does not trace."""
    every = _plain_params(function)
    if api == JIT:
        statics = _jit_statics(module, call, function) if call is not None else set()
        return frozenset(every - statics) if statics is not None else None
    if api == VMAP:
        untraced = _vmap_untraced(call, function) if call is not None else set()
        return frozenset(every - untraced) if untraced is not None else None
    return None


def root_name(node: ast.expr) -> str | None:
    """``jnp`` for ``jnp.linalg.norm``; None when the chain does not start at a name."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def rooted_calls(node: ScopeNode, nodes: list[ast.AST]) -> list[tuple[ast.Call, str]]:
    """The calls among ``nodes`` (``node``'s scope's, from ``scope_nodes``) whose callee is a
    name or an attribute chain on one, with that name, in order; memoised on the scope's node
    (trees are cached by their text, so an unchanged statement is never walked again)."""
    cached: list[tuple[ast.Call, str]] | None = getattr(node, "_jaxlsp_rooted_calls", None)
    if cached is not None:
        return cached
    found: list[tuple[ast.Call, str]] = []
    for child in nodes:
        if isinstance(child, ast.Call):
            root = root_name(child.func)
            if root is not None:
                found.append((child, root))
    node._jaxlsp_rooted_calls = found  # type: ignore[union-attr]
    return found


def _plain_params(function: FunctionNode) -> set[str]:
    """Parameters every call must pass: transforms trace only what is passed, so a
    parameter left at its default holds the plain Python default (and ``*args``/``**kwargs``
    contents are not followed)."""
    arguments = function.args
    positional_args = [*arguments.posonlyargs, *arguments.args]
    required = positional_args[: len(positional_args) - len(arguments.defaults)]
    pairs = zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
    required += [a for a, d in pairs if d is None]
    return {a.arg for a in required}


def traced_functions(module: ModuleAst) -> list[Traced]:
    """Functions surely traced by jax.jit, jax.vmap or a lax loop, with their traced params."""
    cached = getattr(module, "_traced", None)
    if isinstance(cached, list):
        return cached
    found: dict[int, Traced] = {}

    def add(
        function: FunctionNode, chunk: int, traced: frozenset[str], site: Span, api: str
    ) -> None:
        if is_generator(function) or not traced:
            return
        key = id(function)
        if key in found:
            found[key] = Traced(function, chunk, found[key].traced | traced, site, api)
        else:
            found[key] = Traced(function, chunk, traced, site, api)

    imports = module.facts.imports
    for scope, nodes in scope_nodes(module):
        node = scope.node
        calls = [c for c, root in rooted_calls(node, nodes) if c.args and root in imports]
        decorators = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and bool(
            node.decorator_list
        )
        if not calls and not decorators:
            continue
        shadowed = scope.shadowed()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            applied = [decorator_api(module, d, shadowed) for d in node.decorator_list]
            # only the innermost decorator sees the function itself
            if applied and applied[-1] is not None:
                api, call = applied[-1]
                traced = _traced_by(module, api, call, node)
                if traced is not None:
                    site = module.span(node.decorator_list[-1], scope.chunk)
                    add(node, scope.chunk, traced, site, api)
        for child in calls:
            api_name = module.callee(child, shadowed)
            if api_name is None:
                continue
            site = module.span(child.func, scope.chunk)
            if api_name in (JIT, VMAP):
                target = child.args[0]
                if (
                    api_name == JIT
                    and isinstance(target, ast.Call)
                    and module.callee(target, shadowed) in TRANSFORMS_KEEPING_TRACE
                    and target.args
                ):
                    resolved = resolve_function(module, scope, target.args[0])
                    if resolved is not None:
                        inner, chunk = resolved
                        add(inner, chunk, frozenset(_plain_params(inner)), site, api_name)
                    continue
                resolved = resolve_function(module, scope, target)
                if resolved is not None:
                    function, chunk = resolved
                    traced = _traced_by(module, api_name, child, function)
                    if traced is not None:
                        add(function, chunk, traced, site, api_name)
            elif api_name in (SCAN, FORI_LOOP, WHILE_LOOP):
                positions = {SCAN: (0,), FORI_LOOP: (2,), WHILE_LOOP: (0, 1)}[api_name]
                passed = 1 if api_name == WHILE_LOOP else 2  # arguments the loop passes
                for position in positions:
                    if position < len(child.args):
                        resolved = resolve_function(module, scope, child.args[position])
                        if resolved is not None:
                            function, chunk = resolved
                            first = positional(function)[:passed]
                            traced = frozenset(first) & _plain_params(function)
                            add(function, chunk, traced, site, api_name)
    result = list(found.values())
    object.__setattr__(module, "_traced", result)
    return result


def inside_function(tree: ast.Module, target: ast.AST) -> bool:
    """Whether ``target`` sits inside a def/lambda of ``tree`` (memoised per tree)."""
    inside: set[int] | None = getattr(tree, "_jaxlsp_inside", None)
    if inside is None:
        inside = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                for child in ast.walk(node):
                    if child is not node:
                        inside.add(id(child))
        tree._jaxlsp_inside = inside  # type: ignore[attr-defined]
    return id(target) in inside


# traced values -------------------------------------------------------------------------------
@dataclass
class TraceFlow:
    """Which local names of a traced function hold tracers (flow-insensitive, conservative).

    A name is traced only if it is a traced parameter never rebound, or every binding of it
    in the body assigns a traced value (``y = x * 2``, ``a, b = carry``).
    """

    module: ModuleAst
    traced: Traced
    levels: dict[str, Trace] = field(default_factory=dict)
    #: Every local name's assigned values (None for a binding we do not follow).
    bindings: dict[str, list[ast.expr | None]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        function = self.traced.function
        self.shadowed = _locals(function)
        bindings = _function_bindings(function)
        self.bindings = bindings
        # The greatest fixpoint: start from "every candidate is an array" and lower each name
        # to the least level of its values until nothing changes (so ``t = t * 2`` stays traced
        # when ``t`` starts traced).  A parameter's incoming value counts as one TREE value.
        candidates = {
            name: values
            for name, values in bindings.items()
            if values and all(v is not None for v in values)
        }
        for name in self.traced.traced:
            if name not in bindings:
                candidates[name] = []
        for name in candidates:
            self.levels[name] = Trace.TREE if name in self.traced.traced else Trace.ARRAY
        changed = True
        while changed:
            changed = False
            for name, values in candidates.items():
                level = self.levels[name]
                for value in values:
                    if value is not None:
                        level = min(level, self.level(value))
                if level < self.levels[name]:
                    self.levels[name] = level
                    changed = True

    def level(self, node: ast.expr) -> Trace:
        """How surely ``node`` is a tracer when the function is traced."""
        if isinstance(node, ast.Name):
            return self.levels.get(node.id, Trace.NO)
        if isinstance(node, ast.BinOp):
            return self._binop_level(node)
        if isinstance(node, ast.UnaryOp) and not isinstance(node.op, ast.Not):
            return self.level(node.operand)
        if isinstance(node, ast.Compare):
            if not all(isinstance(op, ast.Lt | ast.LtE | ast.Gt | ast.GtE) for op in node.ops):
                if not all(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops):
                    return Trace.NO
                operands = [node.left, *node.comparators]
                if any(isinstance(o, ast.Constant) and not _is_number(o) for o in operands):
                    return Trace.NO
                levels = [self.level(o) for o in operands]
                return Trace.ARRAY if Trace.ARRAY in levels else Trace.NO
            levels = [self.level(o) for o in [node.left, *node.comparators]]
            return Trace.ARRAY if any(levels) else Trace.NO
        if isinstance(node, ast.Subscript):
            value = self.level(node.value)
            if value == Trace.ARRAY:
                return Trace.ARRAY
            if value == Trace.TREE:
                return Trace.TREE
            return Trace.NO
        if isinstance(node, ast.Attribute):
            if node.attr in ARRAY_ATTRIBUTES and self.level(node.value):
                return Trace.ARRAY
            return Trace.NO
        if isinstance(node, ast.Call):
            return self._call_level(node)
        return Trace.NO

    def _binop_level(self, node: ast.BinOp) -> Trace:
        """Arithmetic on a tracer is an array, unless the operands may be containers for
        which the operator means something else: tuple ``+`` tuple, tuple ``*`` int,
        dict ``|`` dict, ``"%s" % x``."""
        left, right = self.level(node.left), self.level(node.right)
        if Trace.ARRAY in (left, right):
            return Trace.ARRAY
        if not left and not right:
            return Trace.NO
        op = node.op
        constants = [o for o in (node.left, node.right) if isinstance(o, ast.Constant)]
        if isinstance(op, ast.Add):
            sure = any(_is_number(c) for c in constants)
        elif isinstance(op, ast.Mult):
            sure = bool(left and right) or any(type(c.value) in (float, complex) for c in constants)
        elif isinstance(op, ast.BitOr | ast.BitAnd | ast.BitXor):
            sure = False
        elif isinstance(op, ast.Mod):
            sure = not isinstance(node.left, ast.Constant | ast.JoinedStr)
        else:
            sure = True  # -, /, //, **, @, <<, >>: no container meaning
        return Trace.ARRAY if sure else Trace.TREE

    def _call_level(self, node: ast.Call) -> Trace:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in ARRAY_METHODS:
            if self.level(func.value) == Trace.ARRAY:
                return Trace.ARRAY
            if self.level(func.value) == Trace.TREE and func.attr not in ("astype", "reshape"):
                return Trace.ARRAY
        name = self.module.callee(node, self.shadowed)
        if name is None or name in STATIC_RESULTS or not name.startswith(ARRAY_APIS):
            return Trace.NO
        arguments = [*node.args, *(k.value for k in node.keywords)]
        if any(self.level(a) for a in arguments if not isinstance(a, ast.Starred)):
            return Trace.ARRAY
        return Trace.NO


def _is_number(node: ast.Constant) -> bool:
    return type(node.value) in (int, float, complex, bool)


def _bind(
    target: ast.expr,
    value: ast.expr | None,
    bindings: dict[str, list[ast.expr | None]],
    handled: set[int],
) -> None:
    if isinstance(target, ast.Name):
        handled.add(id(target))
        bindings.setdefault(target.id, []).append(value)
    elif isinstance(target, ast.Tuple | ast.List):
        pairwise = (
            isinstance(value, ast.Tuple | ast.List)
            and len(value.elts) == len(target.elts)
            and not any(isinstance(e, ast.Starred) for e in [*value.elts, *target.elts])
        )
        for index, element in enumerate(target.elts):
            element_value = value
            if isinstance(element, ast.Starred):
                element = element.value
                element_value = None
            elif isinstance(value, ast.Tuple | ast.List):
                element_value = value.elts[index] if pairwise else None
            _bind(element, element_value, bindings, handled)
    elif isinstance(target, ast.Starred):
        _bind(target.value, None, bindings, handled)


def _function_bindings(function: FunctionNode) -> dict[str, list[ast.expr | None]]:
    """Every local name of ``function`` with its assigned values (None for a binding we do not
    follow), for ``TraceFlow``; memoised on the node (trees are cached by their text).  The
    result is shared: read it, never change it."""
    cached: dict[str, list[ast.expr | None]] | None = getattr(function, "_jaxlsp_bindings", None)
    if cached is not None:
        return cached
    bindings: dict[str, list[ast.expr | None]] = {}
    handled: set[int] = set()  # Name targets whose value _bind recorded
    for node in own_nodes(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                _bind(target, node.value, bindings, handled)
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            _bind(node.target, node.value, bindings, handled)
    for node in own_nodes(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            if id(node) not in handled:
                bindings.setdefault(node.id, []).append(None)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bindings.setdefault(node.name, []).append(None)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                local = (alias.asname or alias.name).split(".")[0]
                bindings.setdefault(local, []).append(None)
    function._jaxlsp_bindings = bindings  # type: ignore[union-attr]
    return bindings


def trace_flows(module: ModuleAst) -> list[TraceFlow]:
    cached = getattr(module, "_flows", None)
    if isinstance(cached, list):
        return cached
    flows = [TraceFlow(module, traced) for traced in traced_functions(module)]
    object.__setattr__(module, "_flows", flows)
    return flows


def flow_nodes(flow: TraceFlow) -> Iterator[ast.AST]:
    return own_nodes(flow.traced.function)


def traced_note(module: ModuleAst, flow: TraceFlow) -> str:
    """ "``f`` is traced by jax.jit" for messages."""
    function = flow.traced.function
    name = "this lambda" if isinstance(function, ast.Lambda) else f"`{function.name}`"
    what = {
        JIT: "jax.jit",
        VMAP: "jax.vmap",
        SCAN: "jax.lax.scan",
        FORI_LOOP: "jax.lax.fori_loop",
        WHILE_LOOP: "jax.lax.while_loop",
    }.get(flow.traced.api, flow.traced.api)
    return f"{name} is traced by {what}"
