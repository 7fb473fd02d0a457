"""What each scope binds and each statement and function tests (``jaxlsp.infer.scopes``), found
in one walk per top-level statement, against what a plain walk of each finds."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from jaxlsp.infer.scopes import ScopeNames, scope_names, scopes_in

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

SOURCES = [
    "def f(jit, config, x):\n    if jit:\n        x = x + 1\n    while config.use_jit and not x:\n"
    "        def inner(flag):\n            return 1 if flag else 2\n    return (lambda y: y or z)(x)",
    "def g(a):\n    return a",
    "class C:\n    def m(self, train):\n        if self.opts.fast or train:\n            pass",
    "def h(p):\n    assert p\n    for i in range(3):\n        if not q.r.s:\n            break",
    "import a.b as c, d.e\nfrom f import *\ndef k(u, /, v=(w := 1), *r, s: (t := 2) = 3, **kw):\n"
    "    global G\n    nonlocal_ = [n := x for x in (m := u) if (o := x)]\n    del v\n"
    "    try:\n        pass\n    except E as err:\n        pass\n    match u:\n"
    "        case {1: p1, **rest}:\n            pass\n        case [*others] | Q(x=z1):\n"
    "            pass\n    class Inner(Base, metaclass=(mm := M)):\n        attr: int\n"
    "        def method(self):\n            nonlocal r\n            r = lambda q=(qq := 1): q\n"
    "    for i, (j, *k2) in u:\n        with open(i) as (f1, f2):\n            pass\n"
    "    return lambda a1, *a2, a3=1: {y: (yy := y) for y in a1}",
]


def _reference(node: ast.AST) -> tuple[set[str], set[str]]:
    """(names tested as they are, names tested or whose attribute is tested) under ``node``."""
    names: set[str] = set()
    roots: set[str] = set()
    for inner in ast.walk(node):
        tests: list[ast.expr] = []
        if isinstance(inner, ast.If | ast.While | ast.IfExp):
            tests = [inner.test]
        elif isinstance(inner, ast.BoolOp):
            tests = list(inner.values)
        elif isinstance(inner, ast.UnaryOp) and isinstance(inner.op, ast.Not):
            tests = [inner.operand]
        for test in tests:
            root = test
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(root, ast.Name):
                roots.add(root.id)
                if root is test:
                    names.add(root.id)
    return names, roots


def _reference_names(scope: ast.AST) -> ScopeNames:
    """The names ``scope`` binds, walking it alone: its parameters; a name stored, deleted,
    imported, defined, caught or captured by a pattern; a walrus target in a comprehension;
    less those declared global or nonlocal. Nested functions and classes contribute their name,
    decorators, defaults and bases; a comprehension its first iterable."""
    local: set[str] = set()
    declared: dict[type, set[str]] = {ast.Global: set(), ast.Nonlocal: set()}
    if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        arguments = scope.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
        local.update(a.arg for a in every)
    body = [scope.body] if isinstance(scope, ast.Lambda) else list(scope.body)  # type: ignore[attr-defined]
    pending: list[ast.AST] = body
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            local.add(node.id)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            local.add(node.name)
            pending.extend(node.decorator_list)
            if isinstance(node, ast.ClassDef):
                pending.extend([*node.bases, *(k.value for k in node.keywords)])
            else:
                pending.extend([*node.args.defaults, *filter(None, node.args.kw_defaults)])
            continue
        if isinstance(node, ast.Lambda):
            pending.extend([*node.args.defaults, *filter(None, node.args.kw_defaults)])
            continue
        if isinstance(node, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
            for inner in ast.walk(node):
                if isinstance(inner, ast.NamedExpr) and isinstance(inner.target, ast.Name):
                    local.add(inner.target.id)
            pending.append(node.generators[0].iter)
            continue
        if isinstance(node, ast.Global | ast.Nonlocal):
            declared[type(node)].update(node.names)
        if isinstance(node, ast.Import | ast.ImportFrom):
            local.update(a.asname or a.name.split(".")[0] for a in node.names if a.name != "*")
        if isinstance(node, ast.ExceptHandler | ast.MatchAs | ast.MatchStar) and node.name:
            local.add(node.name)
        if isinstance(node, ast.MatchMapping) and node.rest:
            local.add(node.rest)
        pending.extend(ast.iter_child_nodes(node))
    local -= declared[ast.Global] | declared[ast.Nonlocal]
    return ScopeNames(
        frozenset(local), frozenset(declared[ast.Global]), frozenset(declared[ast.Nonlocal])
    )


ALL_SOURCES = [*SOURCES, *(p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.rglob("*.py")))]


@pytest.mark.parametrize("source", ALL_SOURCES)
def test_each_statement_and_function_tests_what_a_full_walk_finds(source: str) -> None:
    for statement in ast.parse(source).body:
        tree = ast.Module(body=[statement], type_ignores=[])
        scopes = scopes_in(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.stmt):
                names, roots = _reference(node)
                assert scopes.tested(node).names == names
                assert scopes.tested(node).roots == roots
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                body = [node.body] if isinstance(node, ast.Lambda) else node.body
                expected: set[str] = set()
                for part in body:
                    expected |= _reference(part)[1]
                assert scopes.tested_in(node) == expected


@pytest.mark.parametrize("source", ALL_SOURCES)
def test_each_scope_binds_what_a_walk_of_it_alone_finds(source: str) -> None:
    for statement in ast.parse(source).body:
        tree = ast.Module(body=[statement], type_ignores=[])
        module = scope_names(tree)  # the module's part alone, walked first
        scopes = scopes_in(tree)
        assert module == scopes.names(tree) == _reference_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
                assert scopes.names(node) == _reference_names(node), ast.dump(node)[:120]


def test_the_first_example_tests_what_it_says() -> None:
    tree = ast.parse(SOURCES[0])
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    scopes = scopes_in(tree)
    assert scopes.tested_in(function) == {"jit", "config", "x", "flag", "y", "z"}
    assert scopes.tested(function.body[1]).names == {"x", "flag"}  # config is tested by attribute


def test_the_binding_example_binds_what_it_says() -> None:
    tree = ast.parse(SOURCES[-1])
    scopes = scopes_in(tree)
    # a default runs where the function is defined; an annotation binds nowhere looked at
    assert scopes.names(tree).local == {"c", "d", "k", "w"}
    function = tree.body[-1]
    assert isinstance(function, ast.FunctionDef)
    names = scopes.names(function)
    assert names.declared_global == {"G"}
    assert names.local == {
        *("u", "v", "r", "s", "kw", "nonlocal_", "n", "m", "o", "err", "p1", "rest", "others"),
        *("z1", "Inner", "mm", "i", "j", "k2", "f1", "f2"),
    }
    method = next(
        n for n in ast.walk(function) if isinstance(n, ast.FunctionDef) and n is not function
    )
    assert scopes.names(method) == ScopeNames(
        frozenset({"self", "qq"}), frozenset(), frozenset({"r"})
    )
