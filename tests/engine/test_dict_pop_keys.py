"""Error findings only where the code surely raises: a dict after ``pop`` keeps what is known of
its other keys (stop 38, FoldJAX's two false error findings left by stop 37).

FoldJAX's boltz2 predictor pops six options from its ``**kwargs`` in turn and passes the rest
on to the sampler (``sample(**sample_kwargs)``).  After the first ``pop`` the dict's keys were
no longer known (the heap is one for every path, so a ``pop`` on one path cannot simply drop
the key): a later option the caller left out became unknown instead of its default, and the
dict spread into the sampler passed unknown keywords, so every parameter the call did not name
was unknown.  A guard on such an unknown value is a comparison of data, whose branches some
run takes: the jitted run's ``jnp.unique`` (the chain-pair table) and ``bool()`` of a tracer
(steering) were reported, though that run turns both off.

Now a removed key is marked "maybe removed" (``Heap.remove_item``): whether the dict holds it
is unknown, what it holds there when it does is its entry, and every other key stays as known
as it was; a spread passes a maybe-removed key as "passed or left out" (its entry or the
callee's default).  The labelled pairs ``tests/corpus/*/s38_*`` run on the pinned JAX.
"""

from __future__ import annotations

import pytest

from jaxlsp.engine import Engine
from jaxlsp.infer.heap import Heap
from jaxlsp.infer.values import ANY, Const, Ref, one
from jaxlsp.infer.workspace import Workspace
from tests._engine import assert_labelled_pair, error_findings

_POPS = """\
import jax
import jax.numpy as jnp


def predict(x, **options):
    scale = options.pop("scale", 1.0)
    {second}
    if {test}:
        return jnp.unique(x) * scale
    return x * scale


jax.jit(lambda v: predict(v, {passed}))(jnp.ones(3))
"""


@pytest.mark.parametrize(
    ("second", "test", "passed", "flagged"),
    [
        # a key the caller left out: its default, after another key's pop
        ("pass", 'options.pop("pairs", False)', "scale=2.0", False),
        ("pass", 'options.pop("pairs", True)', "scale=2.0", True),
        ("pass", 'options.get("pairs", False)', "scale=2.0", False),
        ("pass", 'options.get("pairs", True)', "scale=2.0", True),
        # a key the caller passed: its entry
        ("pass", 'options.pop("pairs", True)', "scale=2.0, pairs=False", False),
        ("pass", 'options.pop("pairs", False)', "scale=2.0, pairs=True", True),
        ("pass", 'options["pairs"]', "scale=2.0, pairs=False", False),
        ("pass", 'options["pairs"]', "scale=2.0, pairs=True", True),
        # several pops in turn, one without a default, and ``del``
        ('steps = options.pop("steps")', 'options.pop("pairs", False)', "steps=3", False),
        ('steps = options.pop("steps")', 'options.pop("pairs", False)', "steps=3, pairs=1", True),
        ('del options["steps"]', 'options.get("pairs", False)', "steps=3", False),
        ('del options["steps"]', 'options.get("pairs", False)', "steps=3, pairs=True", True),
        # the same key popped twice: the second gives the entry or the default, not proved
        # (Python: it finds the key gone; a miss, ``test_repos37_causes``)
        ('options.pop("pairs", True)', 'options.pop("pairs", True)', "pairs=True", True),
        # a key written again after its pop is there
        (
            'options = {**options, "pairs": True}',
            'options.pop("pairs", False)',
            "scale=2.0",
            True,
        ),
    ],
)
def test_a_pop_keeps_the_other_keys(second: str, test: str, passed: str, flagged: bool) -> None:
    source = _POPS.format(second=second, test=test, passed=passed)
    assert error_findings(source) == ([("concretization-type-error", 9)] if flagged else [])


_SPREAD = """\
import jax
import jax.numpy as jnp


def sample(x, *, steps=3, steering=False):
    if steering:
        return x * bool(x.sum() > 0)
    return x * steps


def predict(x, **options):
    {pops}
    return sample(x, {given}**options)


jax.jit(lambda v: predict(v, {passed}))(jnp.ones(3))
"""


@pytest.mark.parametrize(
    ("pops", "given", "passed", "flagged"),
    [
        # the rest of the options, spread into the sampler after a pop, are known
        ('options.pop("multiplicity", 1)', "", "multiplicity=2, steps=4", False),
        ('options.pop("multiplicity", 1)', "", "multiplicity=2, steering=True", True),
        ('options.pop("multiplicity", 1)', "", "steering=False", False),
        # the popped key itself: left out of the spread, the callee's default holds
        ('options.pop("steering", False)', "", "steering=True, steps=4", False),
        ('options.pop("steering", False)', "steering=True, ", "steering=True", True),
        # a ``**kwargs`` callee gets the maybe-removed key as maybe there
        ('options.pop("steering", False)', "steps=2, ", "steering=False", False),
    ],
)
def test_a_dict_spread_after_a_pop(pops: str, given: str, passed: str, flagged: bool) -> None:
    source = _SPREAD.format(pops=pops, given=given, passed=passed)
    assert error_findings(source) == ([("tracer-bool-conversion-error", 7)] if flagged else [])


def test_a_kwargs_callee_keeps_a_maybe_removed_key_unknown() -> None:
    # ``inner(**options)`` after ``options.pop("pairs")``: inner's ``**rest`` may hold "pairs"
    # (the pop ran on this path, Python: it does not), so its entry is not proved there
    source = (
        "import jax\nimport jax.numpy as jnp\n\n\n"
        "def inner(x, **rest):\n"
        '    if rest.pop("pairs", False):\n'
        "        return jnp.unique(x)\n"
        "    return x\n\n\n"
        "def outer(x, **options):\n"
        '    options.pop("pairs", False)\n'
        "    return inner(x, **options)\n\n\n"
        "jax.jit(lambda v: outer(v, pairs=True))(jnp.ones(3))\n"
    )
    analysis = Engine(workspace=Workspace([])).analyze(source)
    assert [f.code for f in analysis.findings if f.severity == "error"] == []


def test_the_heap_marks_only_the_removed_key() -> None:
    heap = Heap()
    ref = Ref(None, "dict")
    heap.new_dict(ref)
    heap.write_item(ref, one(Const("a")), one(Const(1)))
    heap.write_item(ref, one(Const("b")), one(Const(2)))
    heap.remove_item(ref, one(Const("a")))
    assert heap.has_item(ref, one(Const("a"))) is None  # gone on some path
    assert heap.has_item(ref, one(Const("b"))) is True
    assert heap.has_item(ref, one(Const("c"))) is False  # a removal adds no key
    assert heap.read_item(ref, one(Const("a"))) == one(Const(1))
    assert heap.spread_entries(ref) == (
        {"a": one(Const(1)), "b": one(Const(2))},
        frozenset({"a"}),
    )
    assert heap.known_entries(ref) is None  # which keys are there is not known
    heap.remove_item(ref, ANY)  # an unknown key: any key may be gone
    assert heap.has_item(ref, one(Const("b"))) is None
    assert heap.has_item(ref, one(Const("c"))) is False


PAIRS = [
    (
        "concretization-type-error/s38_options_popped_in_turn_negative.py",
        "concretization-type-error/s38_options_popped_in_turn_pairs_on.py",
    ),
    (
        "tracer-bool-conversion-error/s38_spread_after_pop_no_steering_negative.py",
        "tracer-bool-conversion-error/s38_spread_after_pop_steering_on.py",
    ),
]


@pytest.mark.parametrize(("negative", "positive"), PAIRS)
def test_the_negative_is_silent_and_the_positive_flagged(negative: str, positive: str) -> None:
    assert_labelled_pair(negative, positive)
