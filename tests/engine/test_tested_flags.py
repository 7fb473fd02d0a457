"""What each scope binds and each statement and function tests (``jaxlsp.infer.scopes``), found
in one walk per top-level statement, against what a plain walk of each finds; and the facts
themselves on code where they are easy to get wrong (``TRICKY``)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.infer import scopes as scopes_module
from jaxlsp.infer.scopes import (
    ScopeNames,
    TreeScopes,
    module_level_names,
    scopes_in,
    walk_definitions,
)

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


#: Code where what a scope binds, or what is tested where, is easy to get wrong.
TRICKY = {
    "declarations": "def outer(flag):\n    count = 0\n    def bump(step):\n        nonlocal count\n"
    "        global TOTAL\n        count += step\n        TOTAL = count\n"
    "        return count if step else 0\n    return bump",
    "comprehensions": "def f(xs, limit):\n    total = [y for x in xs if (y := x * 2) > limit]\n"
    "    pairs = {k: v for k, v in xs.items() if v or k}\n"
    "    gen = (z for z in range(limit) if not z)\n    return any(found := [w for w in xs if w])",
    "lambda defaults": "def make(scale=lambda v, w=(a or b): v if w else -v, *, shift=lambda: (c := 1)):"
    "\n    return scale",
    "match": "def m(command, verbose):\n    match command:\n"
    "        case {'op': op, **rest} if verbose and op:\n            return rest\n"
    "        case [first, *others]:\n            return first\n"
    "        case Point(x=px) | Point(y=px) as point:\n            return point\n"
    "        case _:\n            return None",
    "class body": "class Model(Base, metaclass=Meta):\n    size = 3\n"
    "    def forward(self, x, train=False):\n        if train and self.dropout:\n"
    "            x = x * 0.5\n        return x\n    scaled = [size * i for i in range(2)]",
    "except as": "def safe(fn):\n    try:\n        return fn()\n"
    "    except (ValueError, TypeError) as error:\n        if not error.args:\n            raise\n"
    "        return error\n    finally:\n        del fn",
    "nested tests": "def pick(a, b, c, cfg):\n    x = a if (b or not c) else cfg.default\n"
    "    while not (cfg.fast and a):\n        x = (lambda q: q and b)(x)\n    return x",
}
#: Python 3.12's type parameters: bound nowhere the interpreter looks, like annotations.
TYPE_PARAMS = (
    "def first[T: (int, str)](items: list[T], *, key: Callable[[T], bool] | None = None) -> T:\n"
    "    return items[0] if items else key\nclass Box[U]:\n    value: U"
)


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


ALL_SOURCES = [
    *SOURCES,
    *TRICKY.values(),
    *([TYPE_PARAMS] if sys.version_info >= (3, 12) else []),
    *(p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.rglob("*.py"))),
]


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
        module = module_level_names([tree])  # the module's part alone, walked first
        scopes = scopes_in(tree)
        assert scopes.names(tree) == _reference_names(tree)
        assert module == scopes.names(tree).local
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


def _scopes_of(source: str) -> tuple[dict[str, Any], TreeScopes]:
    """The scopes of ``source`` (one top-level statement), and its nodes by name: the module
    as ``module``, a function or class by its name, a lambda by its first parameter's (or
    ``lambda``)."""
    tree = ast.parse(source)
    named: dict[str, Any] = {"module": tree}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            named[node.name] = node
        elif isinstance(node, ast.Lambda):
            parameters = node.args.args
            named[parameters[0].arg if parameters else "lambda"] = node
    return named, scopes_in(tree)


def _tested(scopes: TreeScopes, statement: ast.stmt) -> tuple[set[str], set[str]]:
    """What ``statement`` tests: (names tested as they are, names tested or by attribute)."""
    tested = scopes.tested(statement)
    return set(tested.names), set(tested.roots)


def test_global_and_nonlocal_names_are_not_local_and_nested_tests_count_outside() -> None:
    named, scopes = _scopes_of(TRICKY["declarations"])
    assert scopes.names(named["bump"]) == ScopeNames(
        frozenset({"step"}), frozenset({"TOTAL"}), frozenset({"count"})
    )
    assert scopes.names(named["outer"]).local == {"flag", "count", "bump"}
    assert scopes.tested_in(named["bump"]) == {"step"}
    assert scopes.tested_in(named["outer"]) == {"step"}


def test_comprehension_variables_stay_inside_but_walrus_targets_bind_outside() -> None:
    named, scopes = _scopes_of(TRICKY["comprehensions"])
    function = named["f"]
    assert isinstance(function, ast.FunctionDef)
    assert scopes.names(function).local == {"xs", "limit", "total", "y", "pairs", "gen", "found"}
    # a comprehension's ``if`` is no test of its own; ``or`` and ``not`` in it are
    assert _tested(scopes, function.body[1]) == ({"v", "k"}, {"v", "k"})
    assert scopes.tested_in(function) == {"v", "k", "z"}


def test_a_lambda_default_runs_and_tests_where_the_function_is_defined() -> None:
    named, scopes = _scopes_of(TRICKY["lambda defaults"])
    make, first, second = named["make"], named["v"], named["lambda"]
    assert isinstance(make, ast.FunctionDef)
    assert scopes.names(make).local == {"scale", "shift"}
    assert scopes.names(first).local == {"v", "w"}
    assert scopes.names(second).local == {"c"}
    assert scopes.names(named["module"]).local == {"make"}
    assert scopes.tested_in(make) == frozenset()
    assert scopes.tested_in(first) == {"w"}  # not a, b: its default's
    assert scopes.tested(make).names == {"a", "b", "w"}


def test_match_patterns_bind_and_a_guard_tests() -> None:
    named, scopes = _scopes_of(TRICKY["match"])
    function = named["m"]
    assert isinstance(function, ast.FunctionDef)
    assert scopes.names(function).local == {
        *("command", "verbose", "op", "rest", "first", "others", "px", "point"),
    }
    assert scopes.tested(function.body[0]).names == {"verbose", "op"}


def test_a_class_body_binds_its_own_names_and_its_methods_test_theirs() -> None:
    named, scopes = _scopes_of(TRICKY["class body"])
    forward = named["forward"]
    assert isinstance(forward, ast.FunctionDef)
    assert scopes.names(named["Model"]).local == {"size", "forward", "scaled"}
    assert scopes.names(named["module"]).local == {"Model"}
    assert scopes.tested_in(forward) == {"train", "self"}
    assert _tested(scopes, forward.body[0]) == ({"train"}, {"train", "self"})


def test_an_except_name_is_local_and_an_attribute_test_is_a_root_only() -> None:
    named, scopes = _scopes_of(TRICKY["except as"])
    function = named["safe"]
    assert isinstance(function, ast.FunctionDef)
    assert scopes.names(function).local == {"fn", "error"}
    assert _tested(scopes, function.body[0]) == (set(), {"error"})


def test_tests_nested_in_and_or_not_and_conditional_expressions_all_count() -> None:
    named, scopes = _scopes_of(TRICKY["nested tests"])
    function, inner = named["pick"], named["q"]
    assert isinstance(function, ast.FunctionDef)
    assert _tested(scopes, function.body[0]) == ({"b", "c"}, {"b", "c"})
    assert _tested(scopes, function.body[1]) == ({"a", "q", "b"}, {"cfg", "a", "q", "b"})
    assert _tested(scopes, function.body[2]) == (set(), set())
    assert scopes.tested_in(inner) == {"q", "b"}
    assert scopes.tested_in(function) == {"a", "b", "c", "q", "cfg"}


@pytest.mark.parametrize("source", ALL_SOURCES)
def test_a_modules_names_are_its_statements_own_walked_or_known(source: str) -> None:
    trees = [ast.Module(body=[s], type_ignores=[]) for s in ast.parse(source).body]
    expected = frozenset().union(*(_reference_names(tree).local for tree in trees))
    assert module_level_names(trees[::2]) <= expected  # every other one walked and kept
    # the kept ones known, the others walked now; in any order
    assert module_level_names(trees) == module_level_names(trees[::-1]) == expected


@pytest.mark.parametrize("source", ALL_SOURCES)
def test_a_modules_names_read_from_whole_walks_are_what_its_parts_bind(
    source: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``walk_definitions`` walks the def and class statements whole; the module's names are
    then read from those walks, and only the other statements get a walk of their own."""
    statements = ast.parse(source).body
    trees = [ast.Module(body=[s], type_ignores=[]) for s in statements]
    expected = frozenset().union(*(_reference_names(tree).local for tree in trees))
    definitions = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    walked: list[ast.Module] = []
    module_names = scopes_module._Walk.module_names

    def counted(walk: Any, tree: ast.Module) -> frozenset[str]:
        walked.append(tree)
        return module_names(walk, tree)

    monkeypatch.setattr(scopes_module._Walk, "module_names", counted)
    walk_definitions(trees)
    assert module_level_names(trees) == expected
    assert walked == [tree for tree in trees if not isinstance(tree.body[0], definitions)]
    # without the whole walks, each statement's module part is walked: the same names
    fresh = [ast.Module(body=[s], type_ignores=[]) for s in statements]
    walked.clear()
    assert module_level_names(fresh) == expected
    assert walked == fresh


@pytest.mark.skipif(sys.version_info < (3, 12), reason="type parameters are Python 3.12 syntax")
def test_type_parameters_and_annotations_bind_nothing_but_tests_in_the_body_count() -> None:
    module = ast.parse(TYPE_PARAMS)
    first, box = module.body
    assert isinstance(first, ast.FunctionDef)
    assert isinstance(box, ast.ClassDef)
    scopes = scopes_in(ast.Module(body=[first], type_ignores=[]))
    assert scopes.names(first).local == {"items", "key"}
    assert scopes.tested_in(first) == {"items"}
    tree = ast.Module(body=[box], type_ignores=[])
    assert scopes_in(tree).names(box).local == {"value"}
    assert module_level_names([tree]) == {"Box"}


def test_lambdas_nested_deeper_than_the_python_stack_are_walked() -> None:
    source = "f = (lambda flag: " + "lambda: " * 900 + "flag or 1)"
    tree = ast.parse(source)
    scopes = scopes_in(tree)
    lambdas = [node for node in ast.walk(tree) if isinstance(node, ast.Lambda)]
    assert len(lambdas) == 901
    assert scopes.names(lambdas[0]).local == {"flag"}
    assert all(scopes.tested_in(inner) == {"flag"} for inner in lambdas)
    assert scopes.names(tree).local == {"f"}


def test_a_function_is_a_generator_by_a_yield_of_its_own_wherever_it_is() -> None:
    named, scopes = _scopes_of(
        "def outer(xs):\n"
        "    def inner(x=(yield)):\n"  # the default's yield is outer's: it runs in outer
        "        yield from x\n"
        "    def plain():\n"
        "        return [lambda y: (yield y)]\n"  # the lambda's, not plain's
        "    if xs:\n"
        "        total = sum(x for x in xs)\n"  # a generator expression is no yield
        "    return inner, plain\n"
        "def looped(xs):\n"
        "    for x in xs:\n"
        "        if x:\n"
        "            value = yield x\n"
        "    return None\n"
    )
    assert scopes.generator(named["outer"])
    assert scopes.generator(named["inner"])
    assert not scopes.generator(named["plain"])
    assert scopes.generator(named["y"])  # the lambda
    assert scopes.generator(named["looped"])  # a yield nested in its statements
    assert not scopes.generator(named["module"])


def test_a_function_without_a_yield_of_its_own_is_no_generator() -> None:
    named, scopes = _scopes_of(
        "def f(xs):\n"
        "    def g():\n"
        "        yield 1\n"
        "    class C:\n"
        "        def m(self):\n"
        "            yield self\n"
        "    return list(g()), C\n"
    )
    assert not scopes.generator(named["f"])
    assert scopes.generator(named["g"])
    assert scopes.generator(named["m"])
    assert not scopes.generator(named["C"])
