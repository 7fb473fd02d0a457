"""``key-reuse-error`` tells deliberate reuse from accidental reuse (docs/key-reuse.md): keys
taken one after another from an iterator are different keys, one arm of a conditional expression
runs, and two code paths compared on one key in a test are a hint, not a warning; each with a
close negative that stays a warning."""

from __future__ import annotations

import pytest

from tests._engine import fresh_engine


def _reuses(source: str) -> list[tuple[int, str]]:
    """(1-based line, severity) of each key-reuse finding."""
    findings = fresh_engine().analyze(source, "test_module.py").findings
    found = [f for f in findings if f.code == "key-reuse-error"]
    return sorted((f.span.start.line + 1, f.severity) for f in found)


SUCCESSIVE = """
import jax

def draws(key):
    keys = iter(jax.random.split(key, 3))
    a = jax.random.normal(next(keys), (2,))
    b = jax.random.normal(next(keys), (2,))
    return a, b
"""

ONE_NEXT_TWICE = """
import jax

def draws(key):
    keys = iter(jax.random.split(key, 3))
    sub = next(keys)
    a = jax.random.normal(sub, (2,))
    b = jax.random.normal(sub, (2,))
    return a, b
"""

ARMS = """
import jax

def draw(key, gaussian):
    return jax.random.normal(key, (2,)) if gaussian else jax.random.uniform(key, (2,))
"""

ARMS_THEN_DRAW = """
import jax

def draw(key, gaussian):
    x = jax.random.normal(key, (2,)) if gaussian else jax.random.uniform(key, (2,))
    return x + jax.random.normal(key, (2,))
"""

ONE_ARM_THEN_DRAW = """
import jax

def draw(key, gaussian):
    x = jax.random.normal(key, (2,)) if gaussian else 0.0
    return x + jax.random.normal(key, (2,))
"""

COMPARED = """
import jax
import numpy as np

def fast(key, x):
    return x + jax.random.normal(key, x.shape)

def test_fast_matches_a_direct_draw():
    key = jax.random.key(0)
    x = np.ones(3)
    got = fast(key, x)
    want = x + jax.random.normal(key, (3,))
    np.testing.assert_allclose(got, want)
"""

COMPARED_INLINE = """
import jax

def fast(key):
    return jax.random.normal(key, (3,))

def test_jit_matches_eager():
    key = jax.random.key(0)
    assert (jax.jit(fast)(key) == fast(key)).all()
"""

COMPARED_AFTER_UNPACKING = """
import jax
import jax.numpy as jnp

def rollout(params, rng):
    return (params * jax.random.normal(rng, (3,)), params)

def test_rollouts_follow_their_parameters():
    rng = jax.random.key(2)
    out_a = rollout(1.0, rng)
    out_b = rollout(2.0, rng)
    acts_a, acts_b = out_a[0], out_b[0]
    assert not jnp.array_equal(acts_a, acts_b)
"""

MIXED_AFTER_UNPACKING = """
import jax
import jax.numpy as jnp

def rollout(params, rng):
    return (params * jax.random.normal(rng, (3,)), params)

def test_rollouts_follow_their_parameters():
    rng = jax.random.key(2)
    out_a = rollout(1.0, rng)
    out_b = rollout(2.0, rng)
    acts_a, acts_b = out_a[0] + out_b[0], out_b[0]
    assert not jnp.array_equal(acts_a, acts_b)
"""

SHAPES_ONLY = """
import jax

def test_shapes():
    key = jax.random.key(0)
    x = jax.random.normal(key, (3,))
    y = jax.random.uniform(key, (3,))
    assert x.shape == y.shape
"""

MIXED_PROPERTY = """
import jax
import jax.numpy as jnp

def test_loss_is_bounded():
    key = jax.random.key(0)
    logits = jax.random.normal(key, (3,))
    targets = jax.random.bernoulli(key, 0.5, (3,))
    loss = jnp.mean(jax.nn.sigmoid(logits) * targets)
    assert 0.0 <= float(loss) <= 1.0
"""


@pytest.mark.parametrize("source", [SUCCESSIVE, ARMS], ids=["next", "arms"])
def test_different_keys_or_one_arm_are_no_reuse(source: str) -> None:
    assert _reuses(source) == []


def test_a_key_taken_once_and_drawn_from_twice_is_reuse() -> None:
    assert _reuses(ONE_NEXT_TWICE) == [(8, "warning")]


def test_a_draw_after_both_arms_consumed_the_key_is_reuse() -> None:
    assert _reuses(ARMS_THEN_DRAW) == [(6, "warning")]


def test_a_draw_after_one_arm_consumed_the_key_is_not_taken_as_surely_reuse() -> None:
    assert _reuses(ONE_ARM_THEN_DRAW) == []


@pytest.mark.parametrize(
    "source",
    [COMPARED, COMPARED_INLINE, COMPARED_AFTER_UNPACKING],
    ids=["names", "inline", "unpacked"],
)
def test_two_code_paths_compared_on_one_key_are_a_hint(source: str) -> None:
    found = _reuses(source)
    assert found and {severity for _, severity in found} == {"hint"}


@pytest.mark.parametrize(
    "source",
    [SHAPES_ONLY, MIXED_PROPERTY, MIXED_AFTER_UNPACKING],
    ids=["shapes", "mixed", "mixed-unpacked"],
)
def test_draws_not_compared_with_each_other_stay_a_warning(source: str) -> None:
    found = _reuses(source)
    assert found and {severity for _, severity in found} == {"warning"}


def test_one_key_permuting_each_array_of_a_loop_keeps_them_paired_a_hint() -> None:
    source = """
import jax

def shuffle(key, *arrays):
    return [jax.random.permutation(key, a) for a in arrays]

def noise(key, *arrays):
    return [a + jax.random.normal(key, a.shape) for a in arrays]
"""
    findings = [
        f for f in fresh_engine().analyze(source, "m.py").findings if f.code == "key-reuse-error"
    ]
    paired = {
        f.span.start.line + 1: ("keeps them paired" in f.message, f.severity) for f in findings
    }
    assert paired == {5: (True, "hint"), 8: (False, "warning")}


PAIRED = """
import jax
import jax.numpy as jnp

def shuffled(key, images, labels):
    images = jax.random.permutation(key, images)
    labels = jax.random.permutation(key, labels)
    return images, labels
"""


def test_one_key_permuting_two_different_arrays_keeps_them_paired_a_hint() -> None:
    assert _reuses(PAIRED) == [(7, "hint")]


def test_one_key_permuting_the_same_array_twice_stays_a_warning() -> None:
    assert _reuses(PAIRED.replace("(key, labels)", "(key, images)")) == [(7, "warning")]


REFERENCE_AGAIN = """
import jax
import numpy as np

def seeded(shape, dtype=None, key=None):
    return np.zeros(shape), None

def test_seeded_matches_a_keyed_draw():
    fun = jax.random.normal
    key = jax.random.PRNGKey(0)
    np.testing.assert_array_equal(fun(key, (3,)), seeded((3,))[0])
    np.testing.assert_array_equal(fun(key, (3,), np.float32), seeded((3,), np.float32)[0])
    expected = fun(shape=(3,), key=key)
    np.testing.assert_array_equal(expected, seeded(shape=(3,))[0])
"""

#: Accidental reuse in tests that check something, each a close negative of REFERENCE_AGAIN.
ACCIDENTAL_IN_TESTS = {
    # two different samplers, each checked on its own: correlated draws whatever is checked
    "two-samplers": """
import jax
import numpy as np

def test_bounds():
    key = jax.random.key(0)
    u = jax.random.uniform(key, (3,))
    n = jax.random.normal(key, (3,))
    np.testing.assert_array_less(u, 1.0)
    np.testing.assert_allclose(n.mean(), 0.0, atol=3.0)
""",
    # one sampler twice, but both draws go into the same operand: inputs, not references
    "one-operand": """
import jax
import numpy as np

def test_product_commutes():
    key = jax.random.key(0)
    x = jax.random.normal(key, (3,))
    w = jax.random.normal(key, (3,))
    np.testing.assert_allclose(x * w, w * x)
""",
    # the same sampler, each draw an input of the code under test whose results are compared
    "inputs": """
import jax
import numpy as np

def forward(x):
    return 2.0 * x

def test_forward_and_inverse():
    key = jax.random.key(0)
    x = jax.random.normal(key, (3,))
    np.testing.assert_allclose(forward(x), x + x)
    y = jax.random.normal(key, (3,))
    np.testing.assert_allclose(forward(y) / 2.0, y)
""",
    # the same sampler, only one of the draws checked: the other feeds the code under test
    "one-checked": """
import jax
import numpy as np

def model(params, x):
    return params * x

def test_model():
    key = jax.random.key(0)
    params = jax.random.normal(key, (3,))
    x = jax.random.normal(key, (3,))
    y = model(params, 2.0)
    np.testing.assert_allclose(x, x)
    print(y)
""",
}


def test_a_test_giving_the_key_again_for_another_check_is_a_hint() -> None:
    assert _reuses(REFERENCE_AGAIN) == [(12, "hint"), (13, "hint")]


@pytest.mark.parametrize("name", sorted(ACCIDENTAL_IN_TESTS))
def test_accidental_reuse_in_a_test_that_checks_something_else_stays_a_warning(name: str) -> None:
    found = _reuses(ACCIDENTAL_IN_TESTS[name])
    assert found and {severity for _, severity in found} == {"warning"}


def test_a_reference_given_the_key_again_outside_a_test_stays_a_warning() -> None:
    source = REFERENCE_AGAIN.replace("def test_seeded", "def check_seeded")
    found = [
        f
        for f in fresh_engine().analyze(source, "checks.py").findings
        if f.code == "key-reuse-error"
    ]
    assert found and {f.severity for f in found} == {"warning"}


RESET = """
import jax

def init(key):
    return jax.random.normal(key, (3,))

def test_reset():
    key = jax.random.key(0)
    state = init(key)
    state = init(key)
"""


def test_a_test_making_the_same_call_again_with_the_same_key_is_a_hint() -> None:
    assert _reuses(RESET) == [(5, "hint")]


def test_the_same_call_again_outside_a_test_stays_a_warning() -> None:
    source = RESET.replace("def test_reset", "def reset_twice")
    found = [
        f for f in fresh_engine().analyze(source, "env.py").findings if f.code == "key-reuse-error"
    ]
    assert [f.severity for f in found] == ["warning"]


def test_a_place_reused_on_purpose_and_by_accident_keeps_its_warning() -> None:
    source = (
        RESET
        + """
def test_two_spellings():
    key = jax.random.key(0)
    a = init(key)
    b = init(key=key)
"""
    )
    assert _reuses(source) == [(5, "warning")]


def test_a_jitted_function_called_again_with_the_same_key_in_a_test_is_a_hint() -> None:
    source = RESET.replace("    state = init(key)\n    state = init(key)\n", "") + (
        "    fast = jax.jit(init)\n    first = fast(key)\n    again = fast(key)\n"
    )
    assert _reuses(source) == [(11, "hint")]


RERUN = """
import jax
import jax.numpy as jnp

def unroll(state, key):
    return state + jax.random.normal(key, (3,))

def test_rollout_twice():
    key = jax.random.key(0)
    run = jax.jit(unroll)
    state = run(jnp.zeros(3), key)
    assert state.shape == (3,)
    run(state, key)
"""


def _reuses_in(source: str, path: str) -> list[tuple[int, str]]:
    findings = fresh_engine().analyze(source, path).findings
    return sorted(
        (f.span.start.line + 1, f.severity) for f in findings if f.code == "key-reuse-error"
    )


def test_a_test_running_the_same_call_again_and_keeping_nothing_of_it_is_a_hint() -> None:
    # nnx-ppo's rollout test: "another rollout just to be sure there're no stray tracers"
    assert _reuses(RERUN) == [(13, "hint")]


def test_a_warm_up_run_thrown_away_before_the_checked_run_is_a_hint() -> None:
    source = RERUN.replace(
        "    state = run(jnp.zeros(3), key)\n    assert state.shape == (3,)\n    run(state, key)\n",
        "    jax.block_until_ready(run(jnp.ones(3), key))\n    state = run(jnp.zeros(3), key)\n",
    )
    assert _reuses(source) == [(12, "hint")]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # both runs kept: the second run's draws are read (a state carried on with one key)
        ("    run(state, key)\n", "    state = run(state, key)\n    assert state.sum() > -100\n"),
        # two different callables, one thrown away
        ("    run(state, key)\n", "    unroll(state, key)\n"),
    ],
)
def test_a_run_kept_or_another_callable_stays_a_warning(old: str, new: str) -> None:
    assert [s for _, s in _reuses(RERUN.replace(old, new))] == ["warning"]


def test_a_run_thrown_away_outside_a_test_stays_a_warning() -> None:
    source = RERUN.replace("def test_rollout_twice", "def rollout_twice")
    assert [s for _, s in _reuses_in(source, "rollout.py")] == ["warning"]


def test_a_sampler_called_again_and_thrown_away_stays_a_warning() -> None:
    source = RERUN.replace("    run(state, key)\n", "    jax.random.normal(key, (3,))\n")
    assert [s for _, s in _reuses(source)] == ["warning"]


TREE_COMPARED = """
import jax
import jax.numpy as jnp

def rollout(key):
    return {"a": jax.random.normal(key, (2,))}

def test_first_step_matches_manual():
    key = jax.random.key(7)
    acts = rollout(key)
    manual = {"a": jax.random.normal(key, (2,))}
    match = jax.tree.all(jax.tree.map(lambda s, m: bool(jnp.allclose(s, m)), acts, manual))
    assert match
"""


@pytest.mark.parametrize(
    "compare",
    [
        "lambda s, m: bool(jnp.allclose(s, m))",
        "lambda s, m: (s == m).all()",
        "functools.partial(np.testing.assert_allclose, atol=1e-3)",
        "np.testing.assert_allclose",
    ],
)
def test_two_trees_compared_leaf_by_leaf_are_a_comparison(compare: str) -> None:
    source = "import functools\nimport numpy as np\n" + TREE_COMPARED.replace(
        "lambda s, m: bool(jnp.allclose(s, m))", compare
    )
    assert _reuses(source) == [(13, "hint")]


@pytest.mark.parametrize(
    "compare",
    [
        # the leaves are combined, not compared
        "lambda s, m: s + m",
        # only their shapes are compared
        "lambda s, m: s.shape == m.shape",
        # one tree compared with a constant
        "lambda s, m: bool(jnp.allclose(s, 0.0))",
    ],
)
def test_a_tree_map_that_compares_no_two_draws_stays_a_warning(compare: str) -> None:
    source = TREE_COMPARED.replace("lambda s, m: bool(jnp.allclose(s, m))", compare).replace(
        "    assert match\n", "    assert match is not None\n"
    )
    assert [s for _, s in _reuses(source)] == ["warning"]
