"""Which mesh axes a shard_map body's output varies over, read from the body's source.

With ``check_vma`` (the default) shard_map types every value in its body with the mesh axes
it varies over (its vma): an argument varies over the axes its in_spec names, a constant or a
value closed over over none, an operation over the union of its operands', and a reducing
collective (``psum``, ``pmean``, ``pmax``, ``pmin``) removes the axes it reduces over, while
``all_gather``, ``psum_scatter``, ``all_to_all`` and ``ppermute`` keep them (the pinned JAX's
``jax/_src/lax/parallel.py``).  An output whose out_spec leaves out an axis it varies over makes
shard_map raise ValueError.

The reading is exact or nothing: a body with control flow, a call it does not know (a function
passed in, a loop primitive, a builtin), a comprehension or an assignment it cannot follow
gives None for the whole output (silent).  Helpers defined at the module's top level are read
the same way, a few calls deep.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: A set of mesh axes a value varies over; None: not known.
Axes = frozenset[str] | None

#: Collectives that remove the axes they reduce over from the vma.
_REDUCING = frozenset({"psum", "pmean", "pmax", "pmin"})
#: Collectives whose result varies as their operand does (JAX requires the operand to vary
#: over their axes, or raises another error first).
_KEEPING = frozenset({"all_gather", "psum_scatter", "all_to_all", "ppermute", "pshuffle"})
#: Modules whose functions are operations: their result varies over the union of their
#: arguments' axes (functions that take functions are left out below).
_OPERATION_MODULES = ("jax.numpy.", "jax.nn.", "jax.scipy.special.", "jax.lax.")
#: Functions of those modules that run functions given to them, or do more than an operation.
_NOT_OPERATIONS = frozenset(
    {
        "scan",
        "fori_loop",
        "while_loop",
        "cond",
        "switch",
        "map",
        "associative_scan",
        "custom_root",
        "custom_linear_solve",
        "axis_index",
        "axis_size",
        "pvary",
        "pcast",
        "pbroadcast",
        "all_gather_invariant",
        "psum_invariant",
        "vectorize",
        "frompyfunc",
        "piecewise",
        "apply_along_axis",
        "apply_over_axes",
        "vmap",
    }
)
#: Array attributes that are static (no array): they vary over no axis.
_STATIC_ATTRIBUTES = frozenset({"shape", "ndim", "dtype", "size", "itemsize", "nbytes"})
#: How many helper calls deep the reading follows.
_DEPTH = 4


class _Unknown(Exception):
    """A step the reading cannot decide: the whole answer is None."""


@dataclass(frozen=True)
class ModuleNames:
    """What a module's top level binds, as the reading needs it: import aliases to their
    dotted names, and functions defined once (``def`` bound to no other value)."""

    imports: dict[str, str]
    functions: dict[str, ast.FunctionDef]

    @staticmethod
    def of(statements: Iterable[ast.stmt]) -> ModuleNames:
        """From a module's top-level statements, in order."""
        imports: dict[str, str] = {}
        functions: dict[str, ast.FunctionDef] = {}
        bound: dict[str, int] = {}
        for statement in statements:
            if isinstance(statement, ast.Import):
                for alias in statement.names:
                    if alias.asname is not None:
                        imports[alias.asname] = alias.name
                    else:
                        head = alias.name.split(".")[0]
                        imports[head] = head
                    _count(bound, alias.asname or alias.name.split(".")[0])
            elif isinstance(statement, ast.ImportFrom) and statement.module and not statement.level:
                for alias in statement.names:
                    name = alias.asname or alias.name
                    imports[name] = f"{statement.module}.{alias.name}"
                    _count(bound, name)
            elif isinstance(statement, ast.FunctionDef):
                functions[statement.name] = statement
                _count(bound, statement.name)
            elif isinstance(statement, ast.AsyncFunctionDef | ast.ClassDef):
                _count(bound, statement.name)  # its body binds names of its own
            else:
                for name in _stored_names(statement):
                    _count(bound, name)
        once = {name for name, count in bound.items() if count == 1}
        return ModuleNames(
            {k: v for k, v in imports.items() if k in once},
            {k: v for k, v in functions.items() if k in once},
        )


def _stored_names(statement: ast.stmt) -> list[str]:
    """The names a top-level statement binds (``if``/``for``/``with``/``try`` bodies
    included; the bodies of functions and classes in it left out, their names counted)."""
    found: list[str] = []
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.append(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.append(node.name)
            continue
        elif isinstance(node, ast.Import | ast.ImportFrom):
            found.extend((a.asname or a.name).split(".")[0] for a in node.names)
        pending.extend(ast.iter_child_nodes(node))
    return found


def _count(bound: dict[str, int], name: str) -> None:
    bound[name] = bound.get(name, 0) + 1


def output_axes(
    function: ast.FunctionDef | ast.Lambda,
    arguments: Sequence[Axes],
    module: ModuleNames,
    skip_first: bool = False,
) -> list[Axes] | None:
    """The axes each output of ``function`` varies over, given its positional arguments'
    (``skip_first``: a bound method's ``self``, which varies over none): one entry per item of
    a returned tuple literal, or a single entry; None when any step is not known."""
    try:
        returned = _Reader(module, 0).run(function, arguments, skip_first)
    except _Unknown:
        return None
    if isinstance(returned, tuple):
        return list(returned)
    return [returned]


#: What an expression evaluates to for the reading: the axes of one value, or of each item of
#: a tuple literal (kept apart so a returned tuple's outputs are checked one by one).
_Read = frozenset[str] | tuple[frozenset[str], ...]


def _joined(read: _Read) -> frozenset[str]:
    if isinstance(read, tuple):
        return frozenset().union(*read)
    return read


class _Reader:
    def __init__(self, module: ModuleNames, depth: int) -> None:
        self.module = module
        self.depth = depth
        #: Parameters that hold an object, not arrays (a method's ``self``): its methods are
        #: not operations.
        self.objects: set[str] = set()
        #: Locals the reading lost track of (a tuple of unlike items bound to one name).
        self.lost: set[str] = set()

    def run(
        self,
        function: ast.FunctionDef | ast.Lambda,
        arguments: Sequence[Axes],
        skip_first: bool = False,
    ) -> _Read:
        parameters = function.args
        if parameters.vararg or parameters.kwarg or parameters.kwonlyargs:
            raise _Unknown
        names = [a.arg for a in (*parameters.posonlyargs, *parameters.args)]
        if skip_first:
            if not names:
                raise _Unknown
            names = names[1:]
        if len(arguments) > len(names) or len(names) - len(arguments) > len(parameters.defaults):
            raise _Unknown
        scope: dict[str, frozenset[str]] = {}
        if skip_first:
            self.objects = {function.args.args[0].arg if function.args.args else ""}
        for index, name in enumerate(names):
            if index < len(arguments):
                axes = arguments[index]
                if axes is None:
                    raise _Unknown
                scope[name] = axes
            else:
                scope[name] = frozenset()  # a default: a constant
        if isinstance(function, ast.Lambda):
            return self.expression(function.body, scope, set(names))
        local = set(names) | _assigned(function)
        for statement in function.body:
            if isinstance(statement, ast.Return):
                if statement.value is None:
                    return frozenset()
                return self.expression(statement.value, scope, local)
            if isinstance(statement, ast.Assign):
                value = self.expression(statement.value, scope, local)
                for target in statement.targets:
                    self.assign(target, value, scope)
            elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
                self.assign(statement.target, self.expression(statement.value, scope, local), scope)
            elif isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name):
                before = scope.get(statement.target.id)
                if before is None:
                    raise _Unknown
                added = _joined(self.expression(statement.value, scope, local))
                scope[statement.target.id] = before | added
            elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                continue  # a docstring
            elif isinstance(statement, ast.Pass):
                continue
            else:
                raise _Unknown
        raise _Unknown  # falls off the end: returns None (another error), or not read

    def assign(self, target: ast.expr, value: _Read, scope: dict[str, frozenset[str]]) -> None:
        if isinstance(target, ast.Name):
            if isinstance(value, tuple) and len(set(value)) > 1:
                # its items vary unlike: their union would claim too much for one of them
                scope.pop(target.id, None)
                self.lost.add(target.id)
                return
            scope[target.id] = _joined(value)
            self.lost.discard(target.id)
            return
        if isinstance(target, ast.Tuple | ast.List) and not any(
            isinstance(t, ast.Starred) for t in target.elts
        ):
            if isinstance(value, tuple):
                if len(value) != len(target.elts):
                    raise _Unknown
                for item, axes in zip(target.elts, value, strict=True):
                    self.assign(item, axes, scope)
            else:
                # every result of one operation varies as the operation does
                for item in target.elts:
                    self.assign(item, value, scope)
            return
        raise _Unknown

    def expression(
        self, node: ast.expr, scope: dict[str, frozenset[str]], local: set[str]
    ) -> _Read:
        if isinstance(node, ast.Constant):
            return frozenset()
        if isinstance(node, ast.Name):
            if node.id in self.lost:
                raise _Unknown
            if node.id in scope:
                return scope[node.id]
            if node.id in local:
                raise _Unknown  # read before it is assigned on this path
            return frozenset()  # a global or a value closed over: the same on every device
        if isinstance(node, ast.Tuple):
            return tuple(
                _joined(self.expression(item, scope, local)) for item in self._items(node.elts)
            )
        if isinstance(node, ast.List):
            return self._union(self._items(node.elts), scope, local)
        if isinstance(node, ast.BinOp):
            return self._union((node.left, node.right), scope, local)
        if isinstance(node, ast.UnaryOp):
            return _joined(self.expression(node.operand, scope, local))
        if isinstance(node, ast.Compare):
            return self._union((node.left, *node.comparators), scope, local)
        if isinstance(node, ast.IfExp):
            # a traced test raises another error; of a Python one, which branch runs is not
            # read: only branches that vary alike are followed
            if _joined(self.expression(node.test, scope, local)):
                raise _Unknown
            body = self.expression(node.body, scope, local)
            if body != self.expression(node.orelse, scope, local):
                raise _Unknown
            return body
        if isinstance(node, ast.Subscript):
            if isinstance(node.value, ast.Tuple | ast.List):
                raise _Unknown  # one item of a literal: not read
            return self._union((node.value, node.slice), scope, local)
        if isinstance(node, ast.Slice):
            parts = [p for p in (node.lower, node.upper, node.step) if p is not None]
            return self._union(parts, scope, local)
        if isinstance(node, ast.Attribute):
            if node.attr in _STATIC_ATTRIBUTES:
                return frozenset()
            if self._dotted(node, local) is not None:
                return frozenset()  # a module's constant (jnp.pi)
            return _joined(self.expression(node.value, scope, local))
        if isinstance(node, ast.Call):
            return self.call(node, scope, local)
        raise _Unknown

    def _items(self, items: list[ast.expr]) -> list[ast.expr]:
        if any(isinstance(item, ast.Starred) for item in items):
            raise _Unknown
        return items

    def _union(
        self, nodes: Sequence[ast.expr], scope: dict[str, frozenset[str]], local: set[str]
    ) -> frozenset[str]:
        found: frozenset[str] = frozenset()
        for node in nodes:
            found |= _joined(self.expression(node, scope, local))
        return found

    def _dotted(self, node: ast.expr, local: set[str]) -> str | None:
        """The dotted name an expression spells through the module's imports
        (``lax.psum`` -> ``jax.lax.psum``), when it starts at an import."""
        parts: list[str] = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name) or node.id not in self.module.imports:
            return None
        if node.id in local:
            return None
        return ".".join([self.module.imports[node.id], *reversed(parts)])

    def call(self, node: ast.Call, scope: dict[str, frozenset[str]], local: set[str]) -> _Read:
        if any(isinstance(a, ast.Starred) for a in node.args) or any(
            k.arg is None for k in node.keywords
        ):
            raise _Unknown
        func = node.func
        if isinstance(func, ast.Name) and func.id in local:
            raise _Unknown  # a function the body made or was given
        name = self._dotted(func, local)
        if name is not None:
            return self._api(name, node, scope, local)
        if isinstance(func, ast.Attribute):
            # a method of a value of the body (``v.sum()``, ``x.at[i].set(y)``): an operation
            root: ast.expr = func
            while isinstance(root, ast.Attribute | ast.Subscript):
                root = root.value
            if isinstance(root, ast.Name) and root.id in scope and root.id not in self.objects:
                return self._union(
                    (func, *node.args, *(k.value for k in node.keywords)), scope, local
                )
            raise _Unknown
        if (
            isinstance(func, ast.Name)
            and func.id not in local
            and func.id in self.module.functions
            and self.depth < _DEPTH
            and not node.keywords
        ):
            helper = self.module.functions[func.id]
            if helper.decorator_list:
                raise _Unknown
            arguments: list[Axes] = [_joined(self.expression(a, scope, local)) for a in node.args]
            return _Reader(self.module, self.depth + 1).run(helper, arguments)
        raise _Unknown

    def _api(
        self, name: str, node: ast.Call, scope: dict[str, frozenset[str]], local: set[str]
    ) -> _Read:
        short = name.rsplit(".", 1)[-1]
        if name.startswith("jax.lax.") and (short in _REDUCING or short in _KEEPING):
            if any(k.arg == "axis_index_groups" for k in node.keywords):
                raise _Unknown  # over groups of devices: not read
            operand = _argument(node, 0, "x")
            axes = _axis_names(_argument(node, 1, "axis_name"))
            if operand is None or axes is None:
                raise _Unknown
            others = [a for a in node.args[2:]] + [
                k.value for k in node.keywords if k.arg not in {"x", "axis_name"}
            ]
            if _joined(self._union(others, scope, local)):
                raise _Unknown  # a varying option (a permutation read from the data)
            varying = _joined(self.expression(operand, scope, local))
            if short in _REDUCING:
                return varying - axes
            if not axes <= varying:
                raise _Unknown  # JAX raises another error first
            return varying
        if name == "jax.lax.axis_index" and len(node.args) == 1 and not node.keywords:
            axes = _axis_names(node.args[0])
            if axes is None:
                raise _Unknown
            return axes  # each device's own index along the axes
        if short in _NOT_OPERATIONS or not name.startswith(_OPERATION_MODULES):
            raise _Unknown
        if any(isinstance(a, ast.Lambda) for a in node.args) or any(
            isinstance(k.value, ast.Lambda) for k in node.keywords
        ):
            raise _Unknown
        return self._union((*node.args, *(k.value for k in node.keywords)), scope, local)


def _argument(node: ast.Call, position: int, keyword: str) -> ast.expr | None:
    if position < len(node.args):
        return node.args[position]
    for item in node.keywords:
        if item.arg == keyword:
            return item.value
    return None


def _axis_names(node: ast.expr | None) -> frozenset[str] | None:
    """The axis names a collective is given as a literal string or tuple of strings."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return frozenset({node.value})
    if isinstance(node, ast.Tuple | ast.List) and all(
        isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts
    ):
        return frozenset(str(e.value) for e in node.elts if isinstance(e, ast.Constant))
    return None


def _assigned(function: ast.FunctionDef) -> set[str]:
    """The names a function body binds (its locals), nested functions' left out."""
    found: set[str] = set()
    pending: list[ast.AST] = list(function.body)
    while pending:
        current = pending.pop()
        if isinstance(current, ast.Name) and isinstance(current.ctx, ast.Store):
            found.add(current.id)
        elif isinstance(current, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(current.name)
            continue
        elif isinstance(current, ast.Import | ast.ImportFrom):
            found.update((a.asname or a.name).split(".")[0] for a in current.names)
        if not isinstance(current, ast.Lambda):
            pending.extend(ast.iter_child_nodes(current))
    return found
