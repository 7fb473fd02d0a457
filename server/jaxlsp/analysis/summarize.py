"""Build a ``StatementSummary`` from the ``ast`` of one top-level statement.

Only what the rules and hovers need is kept: imports, definitions (with their scopes and
parameters), ``name = value`` bindings, decorator applications, and every expression a scope
evaluates, reduced to names, calls, constants and function references.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Sequence

from jaxlsp.analysis.model import (
    Binding,
    Call,
    Expr,
    FuncRef,
    Function,
    Group,
    Import,
    Keyword,
    Name,
    StatementSummary,
    relative_span,
    shared_const,
    shared_names,
)
from jaxlsp.findings import Position, Span


def summarize_statement(
    nodes: Sequence[ast.stmt], line_offset: int, lines: Sequence[str]
) -> StatementSummary:
    """``line_offset``: subtract from ``node.lineno - 1`` to get a line of ``lines``."""
    builder = _Builder(line_offset, lines)
    try:
        for node in nodes:
            builder.statement(node, "", builder.module_body, bind=True)
    except RecursionError:
        return StatementSummary(len(lines), (), (), (), (), (), ())
    return StatementSummary(
        line_count=len(lines),
        imports=tuple(builder.imports),
        functions=tuple(builder.functions),
        bindings=tuple(builder.bindings),
        module_body=tuple(builder.module_body),
        decorations=tuple(builder.decorations),
        read=tuple(builder.read),
    )


class _Builder:
    def __init__(self, line_offset: int, lines: Sequence[str]) -> None:
        self.offset = line_offset
        self.lines = lines
        #: Byte columns are code-point columns when every line is ASCII (nearly always).
        self.ascii = all(line.isascii() for line in lines)
        self.imports: list[Import] = []
        self.functions: list[Function] = []
        self.bindings: list[Binding] = []
        self.module_body: list[Expr] = []
        self.decorations: list[tuple[str, Call]] = []
        self.read: list[Name] = []
        self._keys: set[str] = set()

    # positions -------------------------------------------------------------------------------
    def _position(self, lineno: int, byte_col: int) -> Position:
        line = lineno - 1 - self.offset
        text = self.lines[line] if 0 <= line < len(self.lines) else ""
        if text.isascii():
            return Position(line, byte_col)
        return Position(line, len(text.encode("utf-8")[:byte_col].decode("utf-8", "replace")))

    def span(self, node: ast.expr | ast.stmt | ast.keyword | ast.arg) -> Span:
        end_line = node.end_lineno if node.end_lineno is not None else node.lineno
        end_col = node.end_col_offset if node.end_col_offset is not None else node.col_offset
        if self.ascii:  # the hot path of a summary: ``_position`` without its line lookups
            first = self.offset + 1
            return relative_span(node.lineno - first, node.col_offset, end_line - first, end_col)
        return Span(self._position(node.lineno, node.col_offset), self._position(end_line, end_col))

    def _name_span(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> Span:
        start = self._position(node.lineno, node.col_offset)
        text = self.lines[start.line] if 0 <= start.line < len(self.lines) else ""
        keyword = "class" if isinstance(node, ast.ClassDef) else "def"
        at = text.find(keyword, start.column)
        if at == -1:
            return relative_span(start.line, start.column, start.line, start.column)
        column = at + len(keyword)
        while column < len(text) and text[column] in " \t\\":
            column += 1
        return relative_span(start.line, column, start.line, column + len(node.name))

    def _unique(self, key: str) -> str:
        candidate, number = key, 1
        while candidate in self._keys:
            number += 1
            candidate = f"{key}#{number}"
        self._keys.add(candidate)
        return candidate

    # statements ------------------------------------------------------------------------------
    def statement(self, node: ast.stmt, scope: str, sink: list[Expr], *, bind: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            self._function(node, scope, sink, bind=bind)
        elif isinstance(node, ast.ClassDef):
            for child in [*node.decorator_list, *node.bases, *(k.value for k in node.keywords)]:
                sink.append(self.expr(child, scope))
            for item in node.body:  # methods: analysed, but not bound (method calls: out of scope)
                self.statement(item, scope, sink, bind=False)
        elif isinstance(node, ast.Assign):
            value = self.expr(node.value, scope)
            sink.append(value)
            for target in node.targets:
                self._bind(target, value, scope, sink, bind=bind)
        elif isinstance(node, ast.AnnAssign):
            if node.value is not None:
                value = self.expr(node.value, scope)
                sink.append(value)
                self._bind(node.target, value, scope, sink, bind=bind)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                local = alias.asname or alias.name.split(".")[0]
                qualified = alias.name if alias.asname else local
                self.imports.append(Import(local, qualified, self.span(node)))
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                for alias in node.names:
                    if alias.name != "*":
                        self.imports.append(
                            Import(
                                alias.asname or alias.name,
                                f"{node.module}.{alias.name}",
                                self.span(node),
                            )
                        )
        else:
            self._generic(node, scope, sink, bind=bind)

    def _bind(
        self, target: ast.expr, value: Expr, scope: str, sink: list[Expr], *, bind: bool
    ) -> None:
        if isinstance(target, ast.Name):
            if bind:
                self.bindings.append(Binding(scope, target.id, value, self.span(target)))
        else:
            sink.append(self.expr(target, scope))

    def _generic(self, node: ast.AST, scope: str, sink: list[Expr], *, bind: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt):
                self.statement(child, scope, sink, bind=bind)
            elif isinstance(child, ast.expr):
                sink.append(self.expr(child, scope))
            else:
                self._generic(child, scope, sink, bind=bind)

    def _function(
        self,
        node: ast.FunctionDef | ast.AsyncFunctionDef,
        scope: str,
        sink: list[Expr],
        *,
        bind: bool,
    ) -> None:
        key = self._unique(f"{scope}.{node.name}" if scope else node.name)
        for default in [*node.args.defaults, *(d for d in node.args.kw_defaults if d)]:
            sink.append(self.expr(default, scope))
        decorators = [(d, self.expr(d, scope)) for d in node.decorator_list]
        sink.extend(expr for _, expr in decorators)
        body: list[Expr] = []
        for statement in node.body:
            self.statement(statement, key, body, bind=True)
        first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        start = self._position(first, 0)
        end = self.span(node).end
        name_span = self._name_span(node)
        self.functions.append(
            Function(
                key=key,
                name=node.name,
                scope=scope,
                span=name_span,
                extent=relative_span(start.line, start.column, end.line, end.column),
                params=_params(node.args),
                body=tuple(body),
            )
        )
        value: Expr = FuncRef(key)
        for decorator_node, decorator in reversed(decorators):
            span = self.span(decorator_node)
            head = decorator.span if isinstance(decorator, Name) else span
            if isinstance(decorator, Call):
                head = decorator.head
            value = Call(decorator, (value,), (), span, head)
            self.decorations.append((scope, value))
        if bind:
            self.bindings.append(Binding(scope, node.name, value, name_span))

    # expressions -----------------------------------------------------------------------------
    def expr(self, node: ast.expr, scope: str) -> Expr:
        # Exact types, most frequent first: ``ast.parse`` makes no subclasses, and this runs
        # for every expression of every statement.
        if type(node) is ast.Name:
            name = Name(node.id, self.span(node), scope)
            self.read.append(name)
            return name
        if type(node) is ast.Attribute:
            dotted = _dotted(node)
            if dotted is not None:
                name = Name(dotted, self.span(node), scope)
                self.read.append(name)
                return name
            return Group((self.expr(node.value, scope),))
        if type(node) is ast.Call:
            return self._call(node, scope)
        if type(node) is ast.Constant:
            value = node.value
            return shared_const(value if isinstance(value, bool | int | float | str) else None)
        if type(node) is ast.Lambda:
            return self._lambda(node, scope)
        return Group(tuple(self._inner(node, scope)))

    def _call(self, node: ast.Call, scope: str) -> Call:
        func = self.expr(node.func, scope)
        args = tuple([self.expr(a, scope) for a in node.args])
        keywords = tuple(
            [Keyword(k.arg, self.expr(k.value, scope), self.span(k)) for k in node.keywords]
        )
        span = self.span(node)
        head = func.span if type(func) is Name else span
        star = any(type(a) is ast.Starred for a in node.args)
        return Call(func, args, keywords, span, head, star)

    def _inner(self, node: ast.AST, scope: str) -> list[Expr]:
        items: list[Expr] = []
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                items.append(self.expr(child, scope))
            elif not isinstance(child, ast.expr_context):
                items.extend(self._inner(child, scope))
        return items

    def _lambda(self, node: ast.Lambda, scope: str) -> FuncRef:
        span = self.span(node)
        prefix = f"{scope}." if scope else ""
        key = self._unique(f"{prefix}<lambda@{span.start.line + 1}:{span.start.column}>")
        body = self.expr(node.body, key)
        self.functions.append(
            Function(
                key=key,
                name=None,
                scope=scope,
                span=relative_span(
                    span.start.line,
                    span.start.column,
                    span.start.line,
                    span.start.column + len("lambda"),
                ),
                extent=span,
                params=_params(node.args),
                body=(body,),
                is_lambda=True,
            )
        )
        return FuncRef(key)


def _dotted(node: ast.Attribute) -> str | None:
    parts = [node.attr]
    current: ast.expr = node.value
    while isinstance(current, ast.Attribute):
        parts.append(current.attr)
        current = current.value
    if not isinstance(current, ast.Name):
        return None
    parts.append(current.id)
    # interned: a module repeats the same few chains (``jnp.sum``) thousands of times
    return sys.intern(".".join(reversed(parts)))


def _params(arguments: ast.arguments) -> frozenset[str]:
    names = [a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]]
    if arguments.vararg:
        names.append(arguments.vararg.arg)
    if arguments.kwarg:
        names.append(arguments.kwarg.arg)
    return shared_names(names)
