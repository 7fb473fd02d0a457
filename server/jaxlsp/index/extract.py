"""Find every ``raise`` (and warning call) in one JAX source file and recover its message.

We read JAX's source, never import it.  The walk uses Python's ``ast``, not libcst: it gives
the same facts (f-string parts, concatenations, line numbers) several times faster than
libcst's parser and position metadata, which would break the index build's budget.

A message is recovered when it is a string, an f-string, a ``%`` or ``.format`` template, a
concatenation of those, a name bound to one of them (in the enclosing function or at module
level), a list of parts joined with ``"".join``, the result of a module-level helper function
(with the caller's arguments bound to its parameters), or the message an exception class
builds in its ``__init__``.  Every raise is classified, so the index reports what it could not
read, and why.  ``warnings.warn(message, Category)`` calls (and JAX's ``deprecations.warn``)
are sites too, with the category as their class: users paste warnings as often as errors.
"""

from __future__ import annotations

import ast
import bisect
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from enum import Enum

from jaxlsp.index.template import (
    Hole,
    Part,
    Template,
    apply_format,
    apply_printf,
    literal_text,
    normalize,
)
from jaxlsp.syntax.chains import dotted_spelling

#: How many name → assignment hops we follow (``msg = base + x``, ``base = "..."``).
_MAX_RESOLVE_DEPTH = 6
#: Hole labels longer than this are shown as ``{...}``.
_MAX_LABEL = 32


class SiteKind(Enum):
    """What a ``raise`` statement tells us about its message."""

    #: A message template with literal text: indexed.
    MESSAGE = "message"
    #: ``raise`` alone, or re-raising a caught exception (``raise e``).
    RERAISE = "reraise"
    #: ``raise SomeError`` or ``raise SomeError()``: the class is the whole error.
    NO_MESSAGE = "no-message"
    #: The message (or the exception) is computed where we cannot follow it.
    COMPUTED = "computed"


@dataclass(frozen=True)
class RaiseSite:
    """One ``raise`` statement and what we know about the error it raises."""

    line: int
    kind: SiteKind
    #: Enclosing functions and classes, dot-joined (``ShardMapTrace.process_custom_vjp_call``).
    function: str | None = None
    error_class: str | None = None
    template: Template = ()
    #: A ``warnings.warn`` call (its class is the warning category), not a ``raise``.
    warning: bool = False


@dataclass(frozen=True)
class _WarningCall:
    """Where a warning function takes its message and category."""

    message: int
    #: The category's position (None: it takes none) and its keyword.
    category: int | None
    default_category: str


#: The calls that issue a warning, by (module, function): ``warnings.warn(message, category)``
#: and JAX's ``deprecations.warn(deprecation_id, message, stacklevel)``.
_WARNING_CALLS = {
    ("warnings", "warn"): _WarningCall(0, 1, "UserWarning"),
    ("deprecations", "warn"): _WarningCall(1, None, "DeprecationWarning"),
}


@dataclass
class _Scope:
    """Single-name bindings of one function (or the module), by line, for resolving names."""

    bindings: dict[str, list[tuple[int, ast.expr]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    #: Lines of ``name += ...`` statements: the message grows past its base assignment.
    appends: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    #: ``name.append(part)`` calls, by line: a message built as a list of parts.
    list_appends: dict[str, list[tuple[int, ast.expr]]] = field(
        default_factory=lambda: defaultdict(list)
    )

    def lookup(self, name: str, line: int) -> tuple[int, ast.expr] | None:
        """The last binding of ``name`` before ``line``."""
        entries = self.bindings.get(name)
        if not entries:
            return None
        position = bisect.bisect_left([entry[0] for entry in entries], line)
        return entries[position - 1] if position > 0 else None

    def appended(self, name: str, after: int, before: int) -> bool:
        return any(after < line < before for line in self.appends.get(name, ()))


@dataclass(frozen=True)
class FileExtract:
    """What one file tells the index: its raise sites, and the message each exception class
    defined in it builds in ``__init__`` (``TracerBoolConversionError(tracer)`` carries no
    message at the raise; its class writes one)."""

    sites: list[RaiseSite]
    class_messages: dict[str, Template]
    #: Messages module-level functions return, by ``module.function`` (``stages.f``), for the
    #: other modules that call them.
    helper_messages: dict[str, Template] = field(default_factory=dict)


def extract_raise_sites(source: str) -> list[RaiseSite]:
    """Every ``raise`` and warning call in ``source``, in line order.  Raises ``SyntaxError``
    on bad source."""
    return extract_file(source).sites


def extract_file(source: str, module_name: str = "") -> FileExtract:
    """Raise sites and messages of one file (``module_name``: its last dotted part, e.g.
    ``stages``, naming its helper functions for other modules).  Raises ``SyntaxError``."""
    tree = ast.parse(source)
    module_scope = _collect_scope(tree.body)
    helpers = _Helpers(tree)
    warners = _warning_functions(tree)
    sites: list[RaiseSite] = []
    for node, qualname, scope in _walk(tree, [], module_scope, module_scope, warners):
        if isinstance(node, ast.Raise):
            sites.append(_site(node, qualname, scope, module_scope, helpers))
        else:
            sites.append(_warning_site(node, warners, qualname, scope, module_scope, helpers))
    sites.sort(key=lambda site: (site.line, site.warning))
    return FileExtract(
        sites,
        _class_messages(tree, module_scope, helpers),
        _helper_messages(module_name, module_scope, helpers) if module_name else {},
    )


def with_helper_messages(site: RaiseSite, helper_messages: dict[str, Template]) -> RaiseSite:
    """Splice in the messages of other modules' helpers (``raise ValueError(stages.f(...))``)."""
    if site.kind not in (SiteKind.MESSAGE, SiteKind.COMPUTED) or not any(
        isinstance(part, Hole) and part.helper in helper_messages for part in site.template
    ):
        return site
    parts: list[Part] = []
    for part in site.template:
        if isinstance(part, Hole) and part.helper is not None and part.helper in helper_messages:
            parts.extend(helper_messages[part.helper])
        else:
            parts.append(part)
    template = normalize(parts)
    kind = SiteKind.MESSAGE if literal_text(template).strip() else site.kind
    return replace(site, kind=kind, template=template)


def _helper_messages(module_name: str, module: _Scope, helpers: _Helpers) -> dict[str, Template]:
    found: dict[str, Template] = {}
    for name in helpers.names():
        built = helpers.returned(name)
        if built is None:
            continue
        value, scope, return_line = built
        template = _Resolver(scope, module, return_line, helpers).template(value)
        if literal_text(template).strip():
            found[f"{module_name}.{name}"] = template
    return found


def with_class_message(site: RaiseSite, class_messages: dict[str, Template]) -> RaiseSite:
    """A site whose message is built by its exception class gets that class's template."""
    if site.kind not in (SiteKind.COMPUTED, SiteKind.NO_MESSAGE) or site.error_class is None:
        return site
    template = class_messages.get(site.error_class)
    if template is None:
        return site
    return replace(site, kind=SiteKind.MESSAGE, template=template)


def _class_messages(tree: ast.Module, module: _Scope, helpers: _Helpers) -> dict[str, Template]:
    """``class E(Base): def __init__(self, x): super().__init__(f"... {x} ...")`` → E's template."""
    found: dict[str, Template] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef) or not _is_class_name(node.name):
            continue
        init = next(
            (
                item
                for item in node.body
                if isinstance(item, ast.FunctionDef) and item.name == "__init__"
            ),
            None,
        )
        if init is None:
            continue
        scope = _collect_scope(init.body)
        for call in _own_nodes(init.body):
            message = _base_init_message(call)
            if message is None:
                continue
            assert isinstance(call, ast.Call)
            template = _Resolver(scope, module, call.lineno, helpers).template(message)
            if literal_text(template).strip():
                found[node.name] = template
                break
    return found


def _base_init_message(node: ast.AST) -> ast.expr | None:
    """The message argument of ``super().__init__(msg)`` or ``Base.__init__(self, msg)``."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return None
    if node.func.attr != "__init__":
        return None
    owner = node.func.value
    is_super = isinstance(owner, ast.Call) and _callee_name(owner.func) == "super"
    position = 0 if is_super else 1
    if len(node.args) <= position or isinstance(node.args[position], ast.Starred):
        return None
    return node.args[position]


def _walk(
    node: ast.AST,
    names: list[str],
    scope: _Scope,
    module_scope: _Scope,
    warners: dict[str, _WarningCall],
) -> Iterator[tuple[ast.Raise | ast.Call, str | None, _Scope]]:
    """Every ``raise`` and warning call, with its enclosing names and scope."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            inner = _collect_scope(child.body)
            yield from _walk(child, [*names, child.name], inner, module_scope, warners)
        elif isinstance(child, ast.ClassDef):
            yield from _walk(child, [*names, child.name], module_scope, module_scope, warners)
        elif isinstance(child, ast.Lambda):
            continue  # a lambda cannot contain a raise statement (nor, in JAX, a warning)
        else:
            if isinstance(child, ast.Raise) or (
                isinstance(child, ast.Call) and _warning_call(child, warners) is not None
            ):
                yield child, ".".join(names) or None, scope
            yield from _walk(child, names, scope, module_scope, warners)


def _warning_functions(tree: ast.Module) -> dict[str, _WarningCall]:
    """Bare names bound to a warning function (``from warnings import warn``)."""
    found: dict[str, _WarningCall] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            module = node.module.rsplit(".", 1)[-1]
            for alias in node.names:
                call = _WARNING_CALLS.get((module, alias.name))
                if call is not None:
                    found[alias.asname or alias.name] = call
    return found


def _warning_call(node: ast.Call, warners: dict[str, _WarningCall]) -> _WarningCall | None:
    func = node.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return _WARNING_CALLS.get((func.value.id, func.attr))
    if isinstance(func, ast.Name):
        return warners.get(func.id)
    return None


def _warning_site(
    node: ast.Call,
    warners: dict[str, _WarningCall],
    qualname: str | None,
    scope: _Scope,
    module: _Scope,
    helpers: _Helpers,
) -> RaiseSite:
    """A warning call as a site: its message template, and its category as the class."""
    call = _warning_call(node, warners)
    assert call is not None  # _walk yields warning calls only
    line = node.lineno
    category_node = next((k.value for k in node.keywords if k.arg == "category"), None)
    if category_node is None and call.category is not None and len(node.args) > call.category:
        category_node = node.args[call.category]
    category = call.default_category
    if category_node is not None:
        category = _callee_name(category_node) or ""
    if len(node.args) <= call.message or isinstance(node.args[call.message], ast.Starred):
        return RaiseSite(line, SiteKind.COMPUTED, qualname, category or None, warning=True)
    message = node.args[call.message]
    if isinstance(message, ast.Call) and _is_class_name(_callee_name(message.func) or ""):
        # warnings.warn(SomeWarning("...")): the instance carries its category and message.
        category = _callee_name(message.func) or category
        if not message.args or isinstance(message.args[0], ast.Starred):
            return RaiseSite(line, SiteKind.NO_MESSAGE, qualname, category, warning=True)
        message = message.args[0]
    template = _Resolver(scope, module, line, helpers).template(message)
    kind = SiteKind.MESSAGE if literal_text(template).strip() else SiteKind.COMPUTED
    return RaiseSite(line, kind, qualname, category or None, template, warning=True)


def _collect_scope(body: list[ast.stmt]) -> _Scope:
    """Bindings made directly in ``body`` (and its blocks), not in nested functions."""
    scope = _Scope()
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                scope.bindings[target.id].append((node.lineno, node.value))
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            if isinstance(node.target, ast.Name):
                scope.bindings[node.target.id].append((node.lineno, node.value))
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            scope.appends[node.target.id].append(node.lineno)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "append"
            and isinstance(node.func.value, ast.Name)
            and len(node.args) == 1
        ):
            scope.list_appends[node.func.value.id].append((node.lineno, node.args[0]))
        stack.extend(ast.iter_child_nodes(node))
    for entries in scope.bindings.values():
        entries.sort(key=lambda entry: entry[0])
    for calls in scope.list_appends.values():
        calls.sort(key=lambda call: call[0])
    return scope


class _Helpers:
    """Module-level functions that build a message or an exception for their callers
    (``msg = _spec_rank_error(...); raise ValueError(msg)``), read through their last
    ``return``."""

    def __init__(self, tree: ast.Module) -> None:
        self._functions = {
            node.name: node
            for node in tree.body
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        }
        self._scopes: dict[str, _Scope] = {}
        #: ``import a.b.stages as st`` / ``from a.b import stages``: st/stages -> "stages".
        self.modules: dict[str, str] = {}
        #: ``from a.b.stages import f as g``: g -> "stages.f".
        self.imported: dict[str, str] = {}
        for node in tree.body:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        self.modules[alias.asname] = alias.name.rsplit(".", 1)[-1]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                source = node.module.rsplit(".", 1)[-1]
                for alias in node.names:
                    local = alias.asname or alias.name
                    self.modules[local] = alias.name
                    self.imported[local] = f"{source}.{alias.name}"

    def names(self) -> list[str]:
        return list(self._functions)

    def foreign(self, call: ast.Call) -> str | None:
        """``module.function`` for a call of another module's function, if it looks like one."""
        func = call.func
        if isinstance(func, ast.Name) and func.id in self.imported:
            return self.imported[func.id]
        if (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in self.modules
        ):
            return f"{self.modules[func.value.id]}.{func.attr}"
        return None

    def parameters(self, name: str) -> list[str]:
        """A helper's positional parameter names, to bind the caller's arguments to."""
        function = self._functions.get(name)
        if function is None:
            return []
        return [arg.arg for arg in [*function.args.posonlyargs, *function.args.args]]

    def returned(self, name: str) -> tuple[ast.expr, _Scope, int] | None:
        """The expression a helper returns last, the helper's bindings, and its line."""
        function = self._functions.get(name)
        if function is None:
            return None
        returns = [
            node
            for node in _own_nodes(function.body)
            if isinstance(node, ast.Return) and node.value is not None
        ]
        if not returns:
            return None
        last = max(returns, key=lambda node: node.lineno)
        assert last.value is not None
        if name not in self._scopes:
            self._scopes[name] = _collect_scope(function.body)
        return last.value, self._scopes[name], last.lineno


def _own_nodes(body: list[ast.stmt]) -> Iterator[ast.AST]:
    """Every node in ``body`` outside nested functions and classes."""
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def _site(
    node: ast.Raise, qualname: str | None, scope: _Scope, module: _Scope, helpers: _Helpers
) -> RaiseSite:
    line = node.lineno
    if node.exc is None:
        return RaiseSite(line, SiteKind.RERAISE, qualname)
    resolver = _Resolver(scope, module, line, helpers)
    exc = node.exc
    if isinstance(exc, ast.Name):
        bound = resolver.binding(exc.id)
        if bound is None or not isinstance(bound, ast.Call):
            kind = SiteKind.NO_MESSAGE if _is_class_name(exc.id) else SiteKind.RERAISE
            return RaiseSite(line, kind, qualname, exc.id if _is_class_name(exc.id) else None)
        exc = bound
    if isinstance(exc, ast.Attribute) and _is_class_name(exc.attr):
        return RaiseSite(line, SiteKind.NO_MESSAGE, qualname, exc.attr)
    if not isinstance(exc, ast.Call):
        return RaiseSite(line, SiteKind.COMPUTED, qualname)
    error_class = _callee_name(exc.func)
    if error_class is not None and not _is_class_name(error_class):
        # A helper builds the exception: read the one it returns, in the helper's scope.
        built = helpers.returned(error_class) if isinstance(exc.func, ast.Name) else None
        if built is None:
            return RaiseSite(line, SiteKind.COMPUTED, qualname)
        returned, helper_scope, return_line = built
        if isinstance(returned, ast.Name):  # err = SomeError(msg); ...; return err
            binding = helper_scope.lookup(returned.id, return_line)
            returned = binding[1] if binding is not None else returned
        if not isinstance(returned, ast.Call):
            return RaiseSite(line, SiteKind.COMPUTED, qualname)
        arguments = resolver.arguments_for(exc, helpers.parameters(error_class))
        exc = returned
        resolver = _Resolver(helper_scope, module, return_line, helpers, arguments)
        error_class = _callee_name(exc.func)
    if error_class is None or not _is_class_name(error_class):
        return RaiseSite(line, SiteKind.COMPUTED, qualname)
    if not exc.args or isinstance(exc.args[0], ast.Starred):
        kind = SiteKind.COMPUTED if exc.args or exc.keywords else SiteKind.NO_MESSAGE
        return RaiseSite(line, kind, qualname, error_class)
    template = resolver.template(exc.args[0])
    if not literal_text(template).strip():
        return RaiseSite(line, SiteKind.COMPUTED, qualname, error_class, template)
    return RaiseSite(line, SiteKind.MESSAGE, qualname, error_class, template)


def _callee_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _is_class_name(name: str) -> bool:
    """Exception classes are CapWords; ``_make_error(...)`` and ``e`` are not classes."""
    bare = name.lstrip("_")
    return bool(bare) and bare[0].isupper() and not bare.isupper()


class _Resolver:
    """Turns a message expression into a template, following names to their bindings."""

    def __init__(
        self,
        scope: _Scope,
        module: _Scope,
        line: int,
        helpers: _Helpers,
        arguments: dict[str, Template] | None = None,
    ) -> None:
        self._scope = scope
        self._module = module
        self._line = line
        self._helpers = helpers
        #: Inside a helper: what the caller passed for each parameter.
        self._arguments = arguments or {}

    def arguments_for(
        self, call: ast.Call, parameters: list[str], depth: int = 0
    ) -> dict[str, Template]:
        """The templates of a call's arguments, by the callee's parameter names."""
        if depth > _MAX_RESOLVE_DEPTH:
            return {}
        bound: dict[str, Template] = {}
        for name, value in zip(parameters, call.args, strict=False):
            if isinstance(value, ast.Starred):
                break
            bound[name] = self.template(value, depth + 1)
        for keyword in call.keywords:
            if keyword.arg is not None:
                bound[keyword.arg] = self.template(keyword.value, depth + 1)
        return bound

    def binding(self, name: str) -> ast.expr | None:
        found = self._scope.lookup(name, self._line)
        if found is None and self._scope is not self._module:
            found = self._module.lookup(name, self._line) or self._first_module_binding(name)
        return found[1] if found else None

    def _first_module_binding(self, name: str) -> tuple[int, ast.expr] | None:
        """Module constants may be defined below the function that uses them."""
        entries = self._module.bindings.get(name)
        return entries[0] if entries else None

    def template(self, node: ast.expr, depth: int = 0, line: int | None = None) -> Template:
        return normalize(self._parts(node, depth, self._line if line is None else line))

    def _parts(self, node: ast.expr, depth: int, line: int) -> list[Part]:
        """``line``: where ``node`` is evaluated; names resolve to bindings made before it."""
        if depth > _MAX_RESOLVE_DEPTH:
            return [Hole(_label(node))]
        if isinstance(node, ast.Constant):
            return [node.value] if isinstance(node.value, str) else [Hole(repr(node.value))]
        if isinstance(node, ast.JoinedStr):
            parts: list[Part] = []
            for value in node.values:
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    parts.append(value.value)
                elif isinstance(value, ast.FormattedValue):
                    parts.extend(self._formatted(value, line))
            return parts
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return [
                *self._parts(node.left, depth + 1, line),
                *self._parts(node.right, depth + 1, line),
            ]
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            left = self.template(node.left, depth + 1, line)
            if not any(isinstance(part, str) for part in left):
                return [Hole(_label(node))]
            values = node.right.elts if isinstance(node.right, ast.Tuple) else [node.right]
            arguments = [self._value(value, depth + 1) for value in values]
            return list(apply_printf(left, arguments))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            built = self._helpers.returned(node.func.id)
            if built is not None:
                value, scope, return_line = built
                parameters = self._helpers.parameters(node.func.id)
                passed = self.arguments_for(node, parameters, depth + 1)
                inner = _Resolver(scope, self._module, return_line, self._helpers, passed)
                resolved = inner._parts(value, depth + 1, return_line)
                if any(isinstance(part, str) and part.strip() for part in resolved):
                    return resolved
            return [Hole(_label(node), self._helpers.foreign(node))]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr == "join":
                joined = self._joined_list(node, depth, line)
                if joined is not None:
                    return joined
            if node.func.attr == "format":
                base = self.template(node.func.value, depth + 1, line)
                if any(isinstance(part, str) for part in base):
                    positional = [self._value(arg, depth + 1) for arg in node.args]
                    named = {
                        kw.arg: self._value(kw.value, depth + 1)
                        for kw in node.keywords
                        if kw.arg is not None
                    }
                    return list(apply_format(base, positional, named))
            return [Hole(_label(node), self._helpers.foreign(node))]
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            return self._sliced(node, node.slice, depth, line)
        if isinstance(node, ast.Name):
            found = self._scope.lookup(node.id, line)
            scope = self._scope
            if found is None and node.id in self._arguments:
                argument = list(self._arguments[node.id])
                return argument if argument else [Hole(node.id)]
            if found is None:
                scope = self._module
                found = self._module.lookup(node.id, line) or self._first_module_binding(node.id)
            if found is None:
                return [Hole(node.id)]
            bound_line, value = found
            resolved = self._parts(value, depth + 1, bound_line)
            if not any(isinstance(part, str) for part in resolved):
                # Keep a hole that another module's helper may fill; else name it after us.
                foreign: list[Part] = [
                    p for p in resolved if isinstance(p, Hole) and p.helper is not None
                ]
                return foreign[:1] if len(resolved) == 1 and foreign else [Hole(node.id)]
            if scope.appended(node.id, bound_line, line):
                resolved.append(Hole(node.id))
            return resolved
        return [Hole(_label(node))]

    def _formatted(self, value: ast.FormattedValue, line: int) -> list[Part]:
        """``{name}`` in a helper's f-string, where the caller passed ``name``: the caller's
        text (``"`in_specs`"``) or hole (``{f}``); otherwise a hole named after the value."""
        inner = value.value
        if (
            isinstance(inner, ast.Name)
            and inner.id in self._arguments
            and value.conversion == -1
            and value.format_spec is None
            and self._scope.lookup(inner.id, line) is None
        ):
            return list(self._arguments[inner.id]) or [Hole(inner.id)]
        return [Hole(_label(inner))]

    def _sliced(self, node: ast.Subscript, cut: ast.Slice, depth: int, line: int) -> list[Part]:
        """``message[:-2]`` (dropping a trailing separator): the message, its end trimmed."""
        upper = cut.upper
        if cut.lower is not None or cut.step is not None or upper is None:
            return [Hole(_label(node))]
        if not (
            isinstance(upper, ast.UnaryOp)
            and isinstance(upper.op, ast.USub)
            and isinstance(upper.operand, ast.Constant)
            and isinstance(upper.operand.value, int)
        ):
            return [Hole(_label(node))]
        parts = self._parts(node.value, depth + 1, line)
        if parts and isinstance(parts[-1], str):
            parts[-1] = parts[-1][: -upper.operand.value]
        return parts

    def _joined_list(self, node: ast.Call, depth: int, line: int) -> list[Part] | None:
        """``"".join(msg)`` where ``msg = [f"...", ...]`` (then perhaps appended to): the
        listed parts, joined, followed by a hole for what may be appended."""
        assert isinstance(node.func, ast.Attribute)
        separator = node.func.value
        if not (isinstance(separator, ast.Constant) and isinstance(separator.value, str)):
            return None
        if len(node.args) != 1 or not isinstance(node.args[0], ast.Name):
            return None
        found = self._scope.lookup(node.args[0].id, line)
        if found is None:
            return None
        bound_line, listed = found
        if not isinstance(listed, ast.List):
            return None
        elements = list(listed.elts)
        if not elements:
            # msg = []; msg.append(f"first part"); ...: the first part appended after it.
            later = [
                (at, part)
                for at, part in self._scope.list_appends.get(node.args[0].id, ())
                if bound_line < at < line
            ]
            if not later:
                return None
            bound_line, first = later[0]
            elements = [first]
        parts: list[Part] = []
        for index, element in enumerate(elements):
            if index:
                parts.append(separator.value)
            parts.extend(self._parts(element, depth + 1, bound_line))
        parts.append(Hole(node.args[0].id))
        return parts

    def _value(self, node: ast.expr, depth: int) -> Part:
        """A format argument: a literal string stays literal, anything else is a hole."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        return Hole(_label(node))


def _label(node: ast.expr) -> str:
    """A short name for a hole, for people: a dotted name (``axis_name``, ``aval.shape``) or a
    one-argument call of one (``type(f)``); anything else is ``...``.  Only names, never code,
    reach the index."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1:
        inner = dotted_spelling(node.args[0])
        if inner is not None and not node.keywords:
            return _short(f"{node.func.id}({inner})")
    dotted = dotted_spelling(node)
    return _short(dotted) if dotted is not None else "..."


def _short(text: str) -> str:
    return text if len(text) <= _MAX_LABEL else "..."
