"""Error findings only from values the interpreter knows: what the value model used to assume
(an unknown comparison's shape, NumPy's shape queries traced, a Jacobian shaped like the
function's output, ``sum`` of unknown items a number, a NumPy scalar unhashable, arrays made
under ``jax.ensure_compile_time_eval`` traced) is unknown now, so no rule reports on it; the
same mistake on values it does know is still reported.

Every program here runs on the pinned CPU JAX (``test_the_labels_hold_on_jax``): the
``working`` ones run to the end, with their functions called as ``CALLS`` says (the analysis
sees them uncalled, as a library's), the ``raising`` ones raise where their expect comment is."""

from __future__ import annotations

from pathlib import Path

import pytest
from bench.recall import run_paths_on_jax

from jaxlsp.engine import Engine
from tests.engine._expect import expected, findings_of

HEAD = "import jax\nimport jax.numpy as jnp\nimport numpy as np\nfrom functools import partial\n"

WORKING = {
    # labels == c on an array nobody passed here: as many axes as the array has
    "comparison_parameter": """
def diagonal_of_matches(x, c):  # (jnp.ones(3), 1.0)
    return jnp.diag(x == c)
""",
    "comparison_helper": """
def matches(x, c):
    return x == c


def masked(x):  # (jnp.ones((2, 3)),)
    return matches(x, 1.0) @ jnp.ones((3, 2))
""",
    "comparison_attribute": """
class Mask:
    def __init__(self, x):  # (jnp.ones((2, 2)),)
        self.mask = x != 0

    def corner(self):
        return jnp.diag(self.mask)
""",
    "np_shape_under_jit": """
@jax.jit
def zeros_like_first_axis(x):  # (jnp.ones(3),)
    n = np.shape(x)[0]
    return jnp.zeros(n)
""",
    "np_ndim_condition": """
@jax.jit
def rows_summed(x):  # (jnp.ones(3),)
    if np.ndim(x) == 2:
        return x.sum(0)
    return jnp.ones(np.shape(x)) * np.size(x)
""",
    "hessian_tuple_argnums": """
def loss(x, y):
    return jnp.sum(x * y)


H = jax.hessian(loss, argnums=(0, 1))(jnp.ones(3), jnp.ones(3))
Hxx = H[0][0] @ jnp.ones(3)
""",
    "jacrev_tuple_argnums_helper": """
def product(a, b):
    return a * b


def jacobians(f, a, b):
    return jax.jacrev(f, argnums=(0, 1))(a, b)


J = jacobians(product, jnp.ones(3), jnp.ones(3))
row = J[0] @ jnp.ones(3)
""",
    "jacfwd_of_scalar_loss": """
def loss(x):
    return jnp.sum(x**2)


g = jax.jacfwd(loss)(jnp.ones(3))
first = g[0]
""",
    "builtin_sum_of_unknown_items": """
def diagonal_of_total(terms):  # ([jnp.ones(2), jnp.ones(2)],)
    return jnp.diag(sum(terms))


def total_projected(terms):  # ([jnp.ones(3)],)
    total = sum(terms)
    return total @ jnp.ones(3)
""",
    "numpy_scalar_static_argument": """
@partial(jax.jit, static_argnums=1)
def scale(x, k):
    return x * k


host = np.array([1.0, 2.0])
a = scale(jnp.ones(3), host.sum())
b = scale(jnp.ones(3), np.max(host))
c = scale(jnp.ones(3), host[1])
""",
    "ensure_compile_time_eval": """
@jax.jit
def shifted(x):
    with jax.ensure_compile_time_eval():
        table = jnp.arange(4)
        offset = float(table.sum())
        if table[3] > 2:
            offset = offset + int(table[1])
    return x + offset


y = shifted(jnp.ones(2))
""",
    "tree_map_prefix_tree": """
mask = {"a": True, "b": False}
params = {"a": jnp.ones(2), "b": {"f": jnp.ones(3)}}


def negated_where_masked(m, update):
    return jax.tree.map(lambda x: -x, update) if m else update


updates = jax.tree.map(negated_where_masked, mask, params)
stepped = jax.tree.map(lambda p, u: p + u, params, updates)
""",
    "wrong_jaxtyping_annotation": """
from jaxtyping import Array, Float


def first_row(x: Float[Array, ""]):  # (jnp.ones((2, 3)),)
    return x[0]


def helper(y):
    return y


def diagonal(x: Float[Array, "a b c"]):  # (jnp.ones(3),)
    return jnp.diag(helper(x))
""",
    "wrong_annotation_of_a_callee": """
from jaxtyping import Array, Float


def predict(probs: Float[Array, " num states"], A: Float[Array, "num states num states"]):
    return A.T @ probs


def step(A):  # (jnp.eye(2),)
    window = jnp.ones((1, 2))
    following = predict(window[-1], A)
    return jnp.concatenate((window, jnp.array([following])))
""",
    "zip_of_unknown_rows": """
def normalised(domain):  # ([(0.0, 1.0), (0.0, 2.0)],)
    lower, upper = zip(*domain)
    lower = jnp.array(lower)
    return (jnp.ones(2) - lower) / (jnp.array(upper) - lower)


def constraints(terms):  # ([(1, 0, 0, 0), (0, 1, 0, 0)],)
    table = {}
    for term in terms:
        table[term] = 1.0
    rows, rhs = zip(*sorted(table.items()))
    return jnp.asarray(np.array(rows)).dot(jnp.ones(4))
""",
    "loop_of_unknown_length": """
def lifted(axes):  # ([0],)
    y = jnp.ones(3)
    for axis in axes:
        y = jnp.expand_dims(y, axis)
    return y.sum(axis=1)


def stacked(names):  # (["a", "b"],)
    y = jnp.ones(3)
    for name in names:
        y = jnp.stack([y, y])
    return y.mean(axis=1)
""",
}

RAISING = {
    "comparison_known_scalar": """
m = jnp.float32(1.0) == 1.0
first = m[0]  # expect: too-many-indices
""",
    "comparison_known_rank": """
cube = jnp.ones((2, 2, 2))
d = jnp.diag(cube == 1.0)  # expect: diag-input-rank
""",
    "numpy_conversion_of_tracer": """
@jax.jit
def f(x):
    return jnp.zeros(np.asarray(x)[0])  # expect: tracer-array-conversion-error


y = f(jnp.ones(3))
""",
    "jacfwd_one_argument_shape": """
def loss(x, y):
    return jnp.sum(x * y)


J = jax.jacfwd(loss, argnums=0)(jnp.ones(3), jnp.ones(3))
entry = J[0][0]  # expect: too-many-indices
""",
    "sum_of_traced_size": """
@jax.jit
def f(x):
    return jnp.zeros(sum([x[0], 2]))  # expect: traced-shape-argument


y = f(jnp.ones(3, dtype=jnp.int32))
""",
    "numpy_array_static_argument": """
@partial(jax.jit, static_argnums=1)
def scale(x, k):
    return x * k


y = scale(jnp.ones(3), np.array([1.0, 2.0]))  # expect: jit-unhashable-static-argument
""",
    "tree_map_other_keys": """
params = {"a": jnp.ones(2), "b": {"f": jnp.ones(3)}}
stepped = jax.tree.map(lambda p, u: p + u, params, {"a": 1.0})  # expect: tree-map-structure-mismatch
""",
    "annotated_parameter_passed_a_known_array": """
from jaxtyping import Array, Float


def diagonal(x: Float[Array, "a b c"]):
    return jnp.diag(x)  # expect: diag-input-rank


d = diagonal(jnp.ones((2, 2, 2)))
""",
    "method_of_arrays_that_all_lack_the_axis": """
def total(flag):
    if flag:
        y = jnp.ones(3)
    else:
        y = jnp.ones(4)
    return y.sum(axis=1)  # expect: axis-out-of-bounds


t = total(True)
""",
    "zip_of_known_rows": """
lower, upper = zip(*[(0.0, 1.0), (0.0, 2.0)])
projected = jnp.array(lower) @ jnp.ones(3)  # expect: dot-general-contracting-dims-mismatch
""",
    "traced_argument_under_compile_time_eval": """
@jax.jit
def f(x):
    with jax.ensure_compile_time_eval():
        k = float(x[0])  # expect: concretization-type-error
    return x * k


y = f(jnp.ones(2))
""",
}


#: How the working programs' functions are called when they run on JAX.
CALLS = {
    "comparison_parameter": "diagonal_of_matches(jnp.ones(3), 1.0)",
    "comparison_helper": "masked(jnp.ones((2, 3)))",
    "comparison_attribute": "Mask(jnp.ones((2, 2))).corner()",
    "np_shape_under_jit": "zeros_like_first_axis(jnp.ones(3))",
    "np_ndim_condition": "rows_summed(jnp.ones(3)); rows_summed(jnp.ones((2, 3)))",
    "builtin_sum_of_unknown_items": (
        "diagonal_of_total([jnp.ones(2), jnp.ones(2)]); total_projected([jnp.ones(3)])"
    ),
    "wrong_jaxtyping_annotation": "first_row(jnp.ones((2, 3))); diagonal(jnp.ones(3))",
    "loop_of_unknown_length": "lifted([0]); stacked(['a', 'b'])",
    "wrong_annotation_of_a_callee": "step(jnp.eye(2))",
    "zip_of_unknown_rows": (
        "normalised([(0.0, 1.0), (0.0, 2.0)]); constraints([(1, 0, 0, 0), (0, 1, 0, 0)])"
    ),
}
#: jaxtyping is not installed where the suite runs: its names, as subscriptable stand-ins.
JAXTYPING_STAND_IN = (
    "class _Shaped:\n    def __getitem__(self, item):\n        return jax.Array\n\n\n"
    "Float = _Shaped()\nArray = jax.Array\n"
)


@pytest.mark.jax
def test_the_labels_hold_on_jax(tmp_path: Path) -> None:
    paths = {}
    for name, source in {**WORKING, **RAISING}.items():
        program = (HEAD + source).replace(
            "from jaxtyping import Array, Float\n", JAXTYPING_STAND_IN
        )
        path = tmp_path / f"{name}.py"
        path.write_text(program + "\n" + CALLS.get(name, "") + "\n", encoding="utf-8")
        paths[name] = path
    outcomes = run_paths_on_jax(list(paths.values()))
    for name in WORKING:
        outcome = outcomes[str(paths[name])]
        assert not outcome["raised"], (name, outcome)
    for name in RAISING:
        assert outcomes[str(paths[name])]["raised"], name


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


def _errors(engine: Engine, source: str) -> set[tuple[int, str]]:
    analysis = engine.analyze(source)
    assert analysis.parse_error is None
    return {(f.span.start.line, f.code) for f in analysis.findings if f.severity == "error"}


@pytest.mark.parametrize("name", sorted(WORKING))
def test_working_code_gets_no_error(engine: Engine, name: str) -> None:
    assert _errors(engine, HEAD + WORKING[name]) == set()


@pytest.mark.parametrize("name", sorted(RAISING))
def test_the_same_mistake_on_known_values_is_still_reported(engine: Engine, name: str) -> None:
    source = HEAD + RAISING[name]
    assert expected(source) <= findings_of(engine, source)
