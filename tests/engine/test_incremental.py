"""Incremental analysis (``previous=``) must give exactly what analysing from scratch gives.

Compared after every edit of a sequence: the findings, the statements, the facts the
interpreter recorded and the value of every name a hover can ask about.
The sequences are chosen to break reuse: statements inserted, deleted and moved, a binding
shadowed and unshadowed, imports rebound, cycles among module-level bindings, identical
statements, and a syntax error in the middle.
"""

from __future__ import annotations

import gc
import random
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from bench.generate import generate

from jaxlsp.engine import Analysis, Engine
from jaxlsp.findings import Finding, Position
from jaxlsp.gcpause import gc_paused
from jaxlsp.hover import qualified_name
from jaxlsp.infer.program import Program
from jaxlsp.infer.workspace import Workspace
from jaxlsp.records.model import ErrorRecord
from jaxlsp.rules import all_rules
from jaxlsp.rules.base import Rule
from tests.engine._expect import EXAMPLES

ENGINE = Engine()

#: Statements that read, rebind and cycle through each other's names.
POOL = [
    "import jax",
    "import jax.numpy as jnp",
    "from functools import partial",
    "from jax.experimental.shard_map import shard_map",
    "from jax.experimental import pallas as pl",
    "import jax as jx",
    "from jax import jit",
    "f = jax.jit(f)",
    "f = jax.custom_vjp(f)",
    "g = jax.custom_vjp(g)",
    "g = partial(f)",
    "f = partial(g)",
    "a = jax.jit(b)",
    "b = partial(a)",
    "b = 1",
    "jax = None",
    "x = f(1)",
    "f.defvjp(fwd, bwd, symbolic_zeros=True)",
    "g.defvjp(fwd, bwd)",
    "def f(x):\n    return g(x)",
    "def g(x):\n    return f(x)",
    "def h(x):\n    y = jnp.sin(x)\n    y = jnp.cos(y)\n    return jax.grad(f)(y)",
    "@jax.jit\ndef step(x):\n    return jax.shard_map(lambda v: f(v), mesh=mesh, "
    "in_specs=P('i'), out_specs=P('i'))(x)",
    "@jax.custom_vjp\ndef f(x):\n    return x",
    "@partial(jax.custom_vjp, nondiff_argnums=(0,))\ndef g(n, x):\n    return x",
    "def fwd(x):\n    return f(x), None",
    "def bwd(res, g):\n    return (g,)",
    "step(x)",
    "jax.grad(step)(1.0)",
    "mesh = jax.make_mesh((8,), ('i',))",
    "@jit\ndef k(x):\n    def inner(z):\n        w = inner(z)\n        return h(w)\n    return inner(x)",
    "class C:\n    m = f\n    def meth(self):\n        return g(self)",
    "k = lambda v: k(v)",
    "for i in range(3):\n    b = a(b)",
    "if x:\n    f = jax.jit(g)\nelse:\n    g = jax.jit(f)",
    "s = shard_map(f, mesh=mesh, in_specs=None, out_specs=None)",
    "s(1)",
    "kern = pl.kernel(body, mesh=mesh)",
    "def body(r):\n    return kern(r)",
    "jax.jvp(kern, (1,), (1,))",
    "x = x",
]


def model(program: Program) -> list[object]:
    """What the rules, fixes and hovers read from an analysis, in a form two analyses can be
    compared by (sites by position: a fresh analysis makes new nodes)."""
    facts = program.facts
    return [
        [
            (program.span(c.site), c.operation, [v.describe() for v in c.value])
            for c in facts.conversions
        ],
        [(program.span(c.site), c.api.name) for c in facts.api_calls],
        [(program.span(s.site), s.store) for s in facts.subscripts],
        [(program.span(r.site), program.span(r.first)) for r in facts.key_reuses],
        [(program.span(i.site), i.api, i.role) for i in facts.invocations],
        [(program.span(m.site), m.api) for m in facts.made],
        [
            (span, type(value).__name__, qualified_name(value))
            for span, value in program.named_spans()
        ],
    ]


def hovers(analysis: Analysis) -> list[object]:
    lines = analysis.source.split("\n")
    spots = [Position(n, c) for n, line in enumerate(lines) for c in range(0, len(line), 3)]
    return [ENGINE.hover(analysis, spot) for spot in spots[:400]]


def assert_same_as_fresh(incremental: Analysis) -> None:
    # a new workspace: nothing replayed from the summaries the incremental analyses left
    fresh = Engine(ENGINE.records).analyze(incremental.source)
    assert incremental.parse_error == fresh.parse_error
    assert incremental.findings == fresh.findings
    if fresh.parse_error is None:
        assert incremental.program is not None and fresh.program is not None
        assert [(c.start, c.end, c.text) for c in incremental.parsed.chunks] == [
            (c.start, c.end, c.text) for c in fresh.parsed.chunks
        ]
        assert model(incremental.program) == model(fresh.program)
        assert hovers(incremental) == hovers(fresh)


def top_level_starts(text: str) -> list[int]:
    return [
        n
        for n, line in enumerate(text.split("\n"))
        if line and not line[0].isspace() and not line.startswith((")", "]", "}", "#"))
    ]


def edits(source: str) -> list[str]:
    """A typing session over ``source``: every step a whole text the editor would send."""
    texts = []
    digit = next((i for i in range(len(source) // 2, len(source)) if source[i].isdigit()), -1)
    text = source if digit < 0 else source[:digit] + "7" + source[digit + 1 :]
    texts.append(text)
    lines = text.split("\n")
    starts = top_level_starts(text)
    at = starts[len(starts) // 3]
    added = ["@jax.jit", "def added(x):", "    return jax.grad(added)(x)", "added(1)", ""]
    lines[at:at] = added
    texts.append(text := "\n".join(lines))
    texts.append(text := text.replace("def added(x):", "def added(x):\n\n    # note"))
    lines = text.split("\n")
    del lines[at : at + len(added) + 2]
    texts.append(text := "\n".join(lines))
    texts.append(text[: len(text) // 2] + "(" + text[len(text) // 2 :])  # a syntax error
    texts.append(text)
    texts.append(text := "import jax as jnp\n" + text)
    texts.append(text := text + "\njax = None\n")
    texts.append(text := text.removesuffix("\njax = None\n"))
    texts.append(text := text.removeprefix("import jax as jnp\n"))
    lines = text.split("\n")
    first = top_level_starts(text)[:2]
    texts.append(text + "\n" + "\n".join(lines[first[0] : first[1]]))  # a duplicate
    return texts


SOURCES = {
    "generated": generate(200),
    **{
        path.relative_to(EXAMPLES).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(EXAMPLES.rglob("*.py"))
    },
}


@pytest.mark.parametrize("name", SOURCES)
def test_every_edit_matches_a_fresh_analysis(name: str) -> None:
    previous = ENGINE.analyze(SOURCES[name])
    for text in edits(SOURCES[name]):
        analysis = ENGINE.analyze(text, previous=previous)
        assert_same_as_fresh(analysis)
        previous = analysis


@pytest.mark.parametrize("seed", range(12))
def test_random_edits_through_cycles_and_rebindings(seed: int) -> None:
    chance = random.Random(seed)
    statements = [chance.choice(POOL) for _ in range(chance.randrange(3, 12))]
    previous = ENGINE.analyze("\n".join(statements) + "\n")
    for _ in range(15):
        roll = chance.random()
        if roll < 0.3 and statements:
            statements[chance.randrange(len(statements))] = chance.choice(POOL)
        elif roll < 0.5:
            statements.insert(chance.randrange(len(statements) + 1), chance.choice(POOL))
        elif roll < 0.65 and statements:
            del statements[chance.randrange(len(statements))]
        elif roll < 0.85 and statements:
            at = chance.randrange(len(statements))
            statements[at] = "\n" + statements[at]  # everything below moves down a line
        else:
            previous = ENGINE.analyze("\n".join(statements) + "\n(\n", previous=previous)
            assert previous.parse_error is not None
            continue
        analysis = ENGINE.analyze("\n".join(statements) + "\n", previous=previous)
        assert_same_as_fresh(analysis)
        previous = analysis


@pytest.mark.parametrize(
    "source", [source for rule in all_rules() for source in (*rule.VALID, *rule.INVALID)]
)
def test_rule_examples_edited_in_place(source: str) -> None:
    previous = ENGINE.analyze(source)
    for text in edits(source)[:4]:
        analysis = ENGINE.analyze(text, previous=previous)
        assert_same_as_fresh(analysis)
        previous = analysis


def test_an_edit_in_one_function_parses_one_statement() -> None:
    helpers = "".join(
        f"\ndef helper_{n}(x):\n    return jax.numpy.sin(x) * {n} + helper_{n - 1}(x)\n"
        for n in range(1, 300)
    )
    source = "import jax\n\ndef helper_0(x):\n    return x\n" + helpers + "\nhelper_299(1.0)\n"
    first = ENGINE.analyze(source)
    edited = ENGINE.analyze(source.replace("* 150 +", "* 151 +"), previous=first)
    assert edited.statements_parsed == 1
    assert_same_as_fresh(edited)
    moved = ENGINE.analyze("\n\n" + source, previous=first)
    assert moved.statements_parsed == 0
    assert_same_as_fresh(moved)


def test_the_collector_is_paused_during_analysis_and_restored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[bool] = []
    rule = all_rules()[0]
    original = type(rule).check

    def spying_check(self: Rule, program: Program, record: ErrorRecord | None) -> Iterator[Finding]:
        seen.append(gc.isenabled())
        return original(self, program, record)

    assert gc.isenabled()
    monkeypatch.setattr(type(rule), "check", spying_check)
    ENGINE.analyze("import jax\n")
    assert seen == [False]
    assert gc.isenabled()


def test_the_pause_is_reentrant_thread_safe_and_survives_exceptions() -> None:
    assert gc.isenabled()
    with pytest.raises(RuntimeError), gc_paused():
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
        raise RuntimeError("an analysis failed")
    assert gc.isenabled()
    inside = threading.Barrier(4)
    leave = threading.Event()

    def hold() -> None:
        with gc_paused():
            inside.wait()
            leave.wait()

    threads = [threading.Thread(target=hold) for _ in range(3)]
    for thread in threads:
        thread.start()
    inside.wait()
    assert not gc.isenabled()
    leave.set()
    for thread in threads:
        thread.join()
    assert gc.isenabled()
    gc.disable()  # a caller that keeps the collector off gets it back off
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_an_edit_replays_the_any_caller_runs_it_does_not_touch() -> None:
    """Summaries: the functions nobody calls run once; after an edit only what the edit can
    change runs again (the edited function; a function reading the global an edit rebinds)."""
    engine = Engine(ENGINE.records)
    source = "\n".join(
        [
            "import jax",
            "import jax.numpy as jnp",
            "SCALE = 2.0",
            *(f"def f{i}(x):\n    return jnp.sin(x) * {i}" for i in range(20)),
            "def scaled(x):\n    return x * SCALE",
            "",
        ]
    )
    first = engine.analyze(source)
    assert first.program is not None
    assert first.program.interpreter.ran_for_any_caller >= 21
    edited = engine.analyze(source.replace("* 7", "* 8"), previous=first)
    assert edited.program is not None
    assert edited.program.interpreter.ran_for_any_caller == 1  # f7, rewritten
    assert edited.program.interpreter.kept == 20
    rebound_source = edited.source.replace("SCALE = 2.0", "SCALE = 3.0")
    rebound = engine.analyze(rebound_source, previous=edited)
    assert rebound.program is not None
    assert rebound.program.interpreter.ran_for_any_caller == 1  # `scaled` reads SCALE
    # an edit that defines nothing keeps the last analysis's other runs as they are
    assert rebound.program.interpreter.kept == 20
    assert_same_as_fresh(rebound)


def test_an_edit_of_a_global_nothing_reads_runs_only_the_module_again() -> None:
    """An edit of a top-level statement that defines nothing (the constant ``bench.run``
    edits) runs the module's statements again and keeps every any-caller run whose reads
    it left as they were; an edit that defines a function replays them instead."""
    engine = Engine(ENGINE.records)
    source = "\n".join(
        [
            "import jax",
            "import jax.numpy as jnp",
            "SLOT = 0",
            "SCALE = 2.0",
            *(f"def f{i}(x):\n    return jnp.sin(x) * {i}" for i in range(20)),
            "def scaled(x):\n    return x * SCALE",
            "@jax.custom_vjp\ndef clip(x):\n    return jnp.clip(x, -1.0, 1.0)",
            "clip.defvjp(lambda x: (clip(x), x), lambda r, g: (g,))",
            "",
        ]
    )
    first = engine.analyze(source)
    edited = engine.analyze(source.replace("SLOT = 0", "SLOT = 1"), previous=first)
    assert edited.program is not None
    interpreter = edited.program.interpreter
    assert interpreter.ran_for_any_caller == 0
    assert interpreter.replayed == 0
    assert interpreter.kept >= 22
    assert_same_as_fresh(edited)
    defined = engine.analyze(edited.source + "def added(x):\n    return x\n", previous=edited)
    assert defined.program is not None
    assert defined.program.interpreter.kept == 0
    assert defined.program.interpreter.ran_for_any_caller == 1  # `added`
    assert defined.program.interpreter.replayed >= 22
    assert_same_as_fresh(defined)


def test_a_rewritten_function_runs_in_the_place_of_the_one_it_replaces() -> None:
    """An edit inside a function gives its def a new tree: the function runs again for any
    caller where the old one ran, and the others are kept.  Where the edit also takes away
    the call that ran it at the top level, the any-caller pass has a new function to run, so
    the analysis is made afresh."""
    engine = Engine(ENGINE.records)
    source = "\n".join(
        [
            "import jax",
            "import jax.numpy as jnp",
            *(f"def f{i}(x):\n    return jnp.sin(x) * {i}" for i in range(10)),
            "@jax.jit\ndef step(x):\n    return f3(x) + 1",
            "def called(x):\n    return x",
            "called(1)",
            "",
        ]
    )
    first = engine.analyze(source)
    inside = engine.analyze(source.replace("* 5", "* 50"), previous=first)
    assert inside.program is not None
    assert inside.program.interpreter.ran_for_any_caller == 1  # f5, rewritten
    # the other eight and step (f3 runs in step's run only: ``_any_caller_order``)
    assert inside.program.interpreter.kept >= 9
    assert_same_as_fresh(inside)
    # f3 is read by step: step runs again, and f3 in it
    read = engine.analyze(inside.source.replace("* 3", "* 30"), previous=inside)
    assert read.program is not None
    assert read.program.interpreter.ran_for_any_caller >= 1
    assert_same_as_fresh(read)
    uncalled = read.source.replace("    return x\ncalled(1)", "    return x + 1\ncalled")
    no_call = engine.analyze(uncalled, previous=read)
    assert no_call.program is not None
    assert no_call.program.interpreter.kept == 0
    assert_same_as_fresh(no_call)


def test_a_closure_nothing_calls_replays_while_the_run_that_made_it_replays() -> None:
    """A lambda made inside a function (a shard_map body nothing calls) runs for any caller
    with its enclosing frame: after an edit elsewhere that frame is the replayed one, so the
    lambda's run replays too; an edit to the enclosing function runs both again."""
    engine = Engine(ENGINE.records)
    source = "\n".join(
        [
            "import jax",
            "from jax.sharding import PartitionSpec as P",
            "SLOT = 0",
            "MESH = jax.make_mesh((8,), ('i',))",
            *(
                f"def layer{i}(scale):\n"
                f"    return jax.shard_map(lambda v: v * scale + {i}, mesh=MESH,"
                " in_specs=P('i'), out_specs=P('i'))"
                for i in range(5)
            ),
            "",
        ]
    )
    first = engine.analyze(source)
    assert first.program is not None
    assert first.program.interpreter.ran_for_any_caller >= 10  # five layers, five lambdas
    edited = engine.analyze(source.replace("SLOT = 0", "SLOT = 1"), previous=first)
    assert edited.program is not None
    assert edited.program.interpreter.ran_for_any_caller == 0
    assert_same_as_fresh(edited)
    changed = engine.analyze(
        edited.source.replace("v * scale + 3", "v / scale + 3"), previous=edited
    )
    assert changed.program is not None
    # layer3 and the shard_map function it makes (which runs the lambda: the pass then passes
    # over the lambda's own entry)
    assert changed.program.interpreter.ran_for_any_caller == 2
    assert_same_as_fresh(changed)


def test_runs_reading_a_custom_vjp_made_at_top_level_replay_after_an_unrelated_edit() -> None:
    """A ``custom_vjp`` function (and a module-level list) is a heap object: the module's next
    version makes the same object at an unchanged statement, so the functions that read it are
    replayed, not run again; a run that reads whether a custom rule already ran is replayed
    only where the answer is the same."""
    engine = Engine(ENGINE.records)
    source = "\n".join(
        [
            "import jax",
            "import jax.numpy as jnp",
            "SLOT = 0",
            "@jax.custom_vjp",
            "def clip(x):\n    return jnp.clip(x, -1.0, 1.0)",
            "def clip_fwd(x):\n    return clip(x), None",
            "def clip_bwd(_, g):\n    return (g,)",
            "clip.defvjp(clip_fwd, clip_bwd)",
            "SIZES = [1, 2]",
            *(f"def f{i}(x):\n    return clip(x) * SIZES[0] * {i}" for i in range(10)),
            "",
        ]
    )
    first = engine.analyze(source)
    assert first.program is not None
    edited = engine.analyze(source.replace("SLOT = 0", "SLOT = 1"), previous=first)
    assert edited.program is not None
    # kept from the last analysis: the objects they read hold what they held
    assert edited.program.interpreter.kept >= 10
    assert edited.program.interpreter.ran_for_any_caller == 0
    assert_same_as_fresh(edited)
    # a new custom_vjp object (its statement edited): whatever read the old one runs again
    changed = engine.analyze(
        edited.source.replace("jnp.clip(x, -1.0, 1.0)", "jnp.clip(x, -2.0, 2.0)"),
        previous=edited,
    )
    assert changed.program is not None
    assert changed.program.interpreter.ran_for_any_caller >= 10
    assert_same_as_fresh(changed)


# across modules ---------------------------------------------------------------------------------
# The server re-checks the open files that import an edited module, their own text unchanged:
# that analysis starts from the file's last one (``jaxlsp.infer.rerun``) and must give exactly
# what a fresh analysis of the project gives.

#: Each slot of ``ops.py`` is one of its variants: bodies of functions the other modules call,
#: globals they read, classes, custom derivatives, a function that comes and goes.
OPS_SLOTS = [
    [
        "def helper(x):\n    return x * 2.0",
        "def helper(x):\n    return jnp.sin(x)",
        "def helper(x):\n    if x > 0:\n        return x\n    return -x",
        "def helper(x):\n    return np.exp(x)",
        "def helper(x):\n    return int(x)",
        "def helper(x, y=1):\n    return x + y",
        "def helper(x):\n    return x",
    ],
    ["SCALE = 2.0", "SCALE = 3", "SCALE = None", "SCALE = jnp.ones(3)"],
    [
        "@jax.jit\ndef step(x):\n    return helper(x) * SCALE",
        "@partial(jax.jit, static_argnums=(1,))\ndef step(x, n=2):\n    return helper(x) * n",
        "def step(x):\n    return helper(x)",
        "def step(x):\n    return jnp.arange(x.sum())",
    ],
    [
        "def sample(key):\n    return jax.random.normal(key, (3,))",
        "def sample(key):\n    a = jax.random.normal(key, (3,))\n    return a + jax.random.normal(key, (3,))",
        "def sample(key):\n    return key",
    ],
    [
        "class Layer:\n    def __init__(self, scale):\n        self.scale = scale\n\n"
        "    def __call__(self, x):\n        return helper(x) * self.scale",
        "class Layer:\n    def __init__(self, scale):\n        self.scale = scale\n\n"
        "    def __call__(self, x):\n        if x > 0:\n            return x\n        return helper(x)",
    ],
    [
        "@jax.custom_vjp\ndef clip(x):\n    return x\n\n\ndef clip_fwd(x):\n    return x, None\n\n\n"
        "def clip_bwd(res, g):\n    return (g,)\n\n\nclip.defvjp(clip_fwd, clip_bwd)",
        "@jax.custom_vjp\ndef clip(x):\n    return x\n\n\ndef clip_fwd(x):\n    return clip(x.value), None\n\n\n"
        "def clip_bwd(res, g):\n    return (g,)\n\n\nclip.defvjp(clip_fwd, clip_bwd, symbolic_zeros=True)",
        "def clip(x):\n    return jnp.clip(x, 0, 1)",
    ],
    ["", "def extra(x):\n    return helper(x) + 1", "EXTRA = helper"],
]
OPS_HEAD = (
    "import jax\nimport jax.numpy as jnp\nimport numpy as np\nfrom functools import partial\n"
)

LAYERS_SLOTS = [
    ["import ops", "import ops\nfrom ops import helper"],
    [
        "def dense(x):\n    return ops.helper(x) + 1",
        "def dense(x):\n    return ops.step(x)",
        "def dense(x):\n    return x",
    ],
    ["", "BIAS = ops.SCALE", "BIAS = 1.0"],
]
LAYERS_HEAD = "import jax\nimport jax.numpy as jnp\n"

TRAIN = """import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

import layers
import ops
from ops import SCALE, helper


def uses_helper(x):
    return helper(x)


@jax.jit
def traced(x):
    return ops.helper(x) + layers.dense(x)


@jax.jit
def traced_step(x):
    return ops.step(x)


def keys():
    key = jax.random.key(0)
    return ops.sample(key), ops.sample(key)


@jax.jit
def layered(x):
    return ops.Layer(SCALE)(x)


def grads(x):
    return jax.grad(ops.clip)(x)


def twice(x):
    h = uses_helper(x)
    if h > 0:
        return 1
    return 2


shard = jax.shard_map(
    lambda v: ops.clip(v), mesh=jax.make_mesh((8,), ("i",)), in_specs=P("i"), out_specs=P("i")
)
uses_helper(1.0)
RESULT = traced(jnp.ones(3))
"""

#: A second file importing the same modules (it replays what the first re-ran and recorded).
EVALUATE = """import jax

import ops


@jax.jit
def evaluate(x):
    return ops.helper(x) * ops.SCALE


def unjitted(x):
    return ops.step(x)
"""


def _module_text(head: str, slots: list[list[str]], choice: list[int]) -> str:
    return head + "".join(f"\n\n{slot[pick]}\n" for slot, pick in zip(slots, choice, strict=True))


def _fresh_project(root: Path, texts: dict[Path, str], path: Path) -> Analysis:
    engine = Engine(ENGINE.records, Workspace([root]))
    for known, text in texts.items():
        engine.workspace.set_document(known, text)
    return engine.analyze(texts[path], str(path))


def assert_same_as_fresh_project(root: Path, texts: dict[Path, str], got: Analysis) -> None:
    assert got.path is not None
    fresh = _fresh_project(root, texts, Path(got.path))
    assert got.findings == fresh.findings
    assert got.elsewhere == fresh.elsewhere
    assert got.dependencies == fresh.dependencies
    assert got.program is not None and fresh.program is not None
    assert model(got.program) == model(fresh.program)
    assert hovers(got) == hovers(fresh)


@pytest.mark.parametrize("seed", range(10))
def test_edits_to_imported_modules_match_a_fresh_analysis(tmp_path: Path, seed: int) -> None:
    """Random edits to the modules two open files import (function bodies they call, globals
    they read, classes, custom derivatives, imports), each followed by the re-checks the
    server runs: the edited module's own analysis (or not yet), then each importer's, from
    its last one."""
    chance = random.Random(seed)
    ops_choice = [chance.randrange(len(slot)) for slot in OPS_SLOTS]
    layers_choice = [chance.randrange(len(slot)) for slot in LAYERS_SLOTS]
    paths = {name: tmp_path / f"{name}.py" for name in ("ops", "layers", "train", "evaluate")}
    texts = {
        paths["ops"]: _module_text(OPS_HEAD, OPS_SLOTS, ops_choice),
        paths["layers"]: _module_text(LAYERS_HEAD, LAYERS_SLOTS, layers_choice),
        paths["train"]: TRAIN,
        paths["evaluate"]: EVALUATE,
    }
    engine = Engine(ENGINE.records, Workspace([tmp_path]))
    analyses: dict[Path, Analysis] = {}
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")
        engine.workspace.set_document(path, text)
    for path, text in texts.items():
        analyses[path] = engine.analyze(text, str(path))
    kept = 0
    for _ in range(12):
        if chance.random() < 0.75:
            edited, slots, choice, head = paths["ops"], OPS_SLOTS, ops_choice, OPS_HEAD
        else:
            edited, slots, choice, head = paths["layers"], LAYERS_SLOTS, layers_choice, LAYERS_HEAD
        slot = chance.randrange(len(slots))
        choice[slot] = chance.randrange(len(slots[slot]))
        texts[edited] = _module_text(head, slots, choice)
        engine.workspace.set_document(edited, texts[edited])
        if chance.random() < 0.7:  # else the importers run it first (its new version's run)
            analyses[edited] = engine.analyze(texts[edited], str(edited), previous=analyses[edited])
        for importer in (paths["train"], paths["evaluate"]):
            again = engine.analyze(texts[importer], str(importer), previous=analyses[importer])
            assert_same_as_fresh_project(tmp_path, texts, again)
            assert again.program is not None
            kept += again.program.interpreter.kept
            analyses[importer] = again
    assert kept > 0  # the last analyses' runs were reused, not only rebuilt


def test_an_edit_that_changes_whether_a_callee_returned_is_analysed_as_afresh() -> None:
    """The any-caller pass passes over a function whose first frame (here its caller's run of
    it) returned (``Interpreter._ran``): an edit that changes whether it did changes which
    functions the pass runs, so the re-check must not keep the last analysis's schedule."""
    engine = Engine(ENGINE.records)
    source = "\n".join(
        [
            "import jax.numpy as jnp",
            "STRICT = True",
            "def helper(x):",
            "    if STRICT:",
            "        raise ValueError(x)",
            "    return jnp.sum(x)",
            "def caller():",
            "    return helper(jnp.ones(3))",
            "",
        ]
    )
    first = engine.analyze(source)
    assert first.program is not None
    assert first.program.interpreter.ran_for_any_caller == 2  # caller, then helper
    relaxed = engine.analyze(source.replace("STRICT = True", "STRICT = False"), previous=first)
    assert_same_as_fresh(relaxed)  # helper runs in caller's run only (kept: twice)
    strict = engine.analyze(source, previous=relaxed)
    assert_same_as_fresh(strict)
