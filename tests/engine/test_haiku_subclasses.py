"""``haiku-outside-transform`` for the user's own ``hk.Module`` subclasses built by a module's
top-level code: Haiku's metaclass raises ValueError ("All `hk.Module`s must be initialized
inside an `hk.transform`") before the class's ``__init__`` runs, once the call's arguments bind
(read with dm-haiku 0.0.17); each case with its close negative."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.findings import Finding
from tests._engine import fresh_engine

CODE = "haiku-outside-transform"
CLASSES = """import haiku as hk


class Net(hk.Module):
    def __init__(self, num_classes, *, depth=2, name=None):
        super().__init__(name=name)
        self.num_classes = num_classes

    def __call__(self, x):
        return hk.Linear(self.num_classes)(x)


class Deeper(Net):
    pass


class Plain(hk.Module):
    def __call__(self, x):
        return x

"""


def _lines(tmp_path: Path, body: str) -> list[int]:
    program = CLASSES + body
    path = tmp_path / "model.py"
    path.write_text(program, encoding="utf-8")
    found: list[Finding] = [
        f for f in fresh_engine().analyze(program, str(path)).findings if f.code == CODE
    ]
    first = len(CLASSES.splitlines())
    return [f.span.start.line - first for f in found]


@pytest.mark.parametrize(
    "call",
    ["Net(5)", "Net(num_classes=5, depth=3)", "Deeper(5, name='d')", "Plain()", "Plain('p')"],
)
def test_a_subclass_built_at_top_level(tmp_path: Path, call: str) -> None:
    assert _lines(tmp_path, f"model = {call}\n") == [0]


@pytest.mark.parametrize(
    "call",
    [
        "Net()",  # a required argument left out: TypeError first
        "Net(5, 3)",  # depth is keyword-only: TypeError first
        "Net(5, width=3)",  # no such parameter
        "Plain(1, 2)",  # hk.Module.__init__ takes name alone
        "Net(*sizes)",  # not known how the arguments bind
        "Net(**options)",
    ],
)
def test_a_call_whose_arguments_do_not_surely_bind(tmp_path: Path, call: str) -> None:
    assert _lines(tmp_path, f"sizes, options = (5,), {{}}\nmodel = {call}\n") == []


@pytest.mark.parametrize(
    "body",
    [
        "forward = hk.transform(lambda x: Net(5)(x))\n",  # built inside the transform
        "def build():\n    return Net(5)\n",  # in a function: a transform may be running
        "if __name__ != '__main__':\n    model = Net(5)\n",  # not the main guard: undecided
        "try:\n    model = Net(5)\nexcept ValueError:\n    model = None\n",
        "Net = lambda n: n\nmodel = Net(5)\n",  # the name bound again
    ],
)
def test_where_it_may_run_inside_a_transform_or_is_not_the_class(tmp_path: Path, body: str) -> None:
    assert _lines(tmp_path, body) == []


def test_a_class_haiku_may_not_build_that_way(tmp_path: Path) -> None:
    """A decorated class, one with a metaclass keyword or a ``__new__``, or two bases, is not
    known to reach Haiku's metaclass check."""
    body = (
        "import functools\n\n"
        "@functools.total_ordering\nclass A(hk.Module):\n    pass\n\n"
        "class B(hk.Module, metaclass=type):\n    pass\n\n"
        "class C(hk.Module):\n    def __new__(cls):\n        return object.__new__(cls)\n\n"
        "class D(hk.Module, object):\n    pass\n\n"
        "a, b, c, d = A(), B(), C(), D()\n"
    )
    assert _lines(tmp_path, body) == []


@pytest.mark.parametrize(
    ("body", "line"),
    [
        # weathernext#53's shape: the model built by a helper the top level calls
        ("def build(cfg):\n    model = Net(cfg)\n    return model\n\nmodel = build(5)\n", 1),
        ("def build(cfg):\n    return Net(num_classes=cfg)\n\nmodel = build(cfg=5)\n", 1),
        # two calls deep, and the main guard's body
        (
            "def layer():\n    return hk.Linear(3)\n\n"
            "def build():\n    return layer()\n\n"
            "if __name__ == '__main__':\n    build()\n",
            1,
        ),
    ],
)
def test_a_function_the_top_level_calls_builds_it(tmp_path: Path, body: str, line: int) -> None:
    assert _lines(tmp_path, body) == [line]


@pytest.mark.parametrize(
    "body",
    [
        # the function is transformed, not called
        "def build(x):\n    return Net(5)(x)\n\nforward = hk.transform(build)\n",
        # called only inside the transformed function
        "def build(x):\n    return Net(5)(x)\n\nforward = hk.transform(lambda x: build(x))\n",
        # an early return first: the build is not sure to run
        "def build(cfg):\n    if cfg is None:\n        return None\n    return Net(cfg)\n\n"
        "model = build(None)\n",
        # a decorated function: what the decorator calls is not known
        "import functools\n\n@functools.lru_cache\ndef build():\n    return Net(5)\n\nm = build()\n",
        # a generator: its body runs only when iterated
        "def build():\n    yield Net(5)\n\nmodels = build()\n",
        # the arguments do not bind: TypeError first
        "def build(cfg):\n    return Net(cfg)\n\nmodel = build()\n",
        # the name bound again
        "def build():\n    return Net(5)\n\nbuild = hk.transform(lambda: None)\nmodel = build()\n",
        # caught
        "def build():\n    return Net(5)\n\ntry:\n    model = build()\nexcept ValueError:\n"
        "    model = None\n",
        # behind a branch of the function: undecided
        "def build(flag):\n    if flag:\n        Net(5)\n\nbuild(False)\n",
    ],
)
def test_a_function_call_that_may_not_build_it_outside_a_transform(
    tmp_path: Path, body: str
) -> None:
    assert _lines(tmp_path, body) == []


def test_the_message_names_the_top_level_call(tmp_path: Path) -> None:
    program = CLASSES + "def build(cfg):\n    return Net(cfg)\n\nmodel = build(5)\n"
    path = tmp_path / "model.py"
    path.write_text(program, encoding="utf-8")
    found = [f for f in fresh_engine().analyze(program, str(path)).findings if f.code == CODE]
    assert len(found) == 1
    assert "top-level call of `build`" in found[0].message
    assert next(r.message for r in found[0].related) == "called here, at import"
