"""Error findings only where the code surely raises: the cause of stop 42's false findings on
research repositories, with its close variants that must still be found.

- The builtins ``abs``, ``round`` and ``pow`` gave a Python number (0-d) for any operand not
  known to be an array, so ``abs(z_means_odd - z_means_even)`` of a model's outputs whose
  value the analysis did not know was a scalar, and beta-vae-numpyro's
  ``jnp.concatenate((z_diff_x1, z_diff[i]), axis=0)`` (disentanglement_metric.py:1739, 1747,
  1755, 1763) was an error: the array's own ``__abs__``, ``__round__`` and ``__pow__`` keep
  its shape.  The result is a Python number only when every operand is known to be one (a
  constant, ``len(...)``, an ``int``); an operand nobody knows leaves it unknown, as ``sum``,
  ``min`` and ``max`` already did.
- The same mistake, found beside it (no finding of the draw): ``x.tolist()`` was a Python
  number whatever the array, so ``jnp.asarray(x.tolist())`` of a 2-D array was 0-d and its
  ``reshape`` or concatenation an error.  ``tolist`` of an array with dimensions is a nested
  list: a number only where the array is known to be 0-d, else unknown.

``test_repos42_causes_on_jax.py`` runs every program on the pinned JAX and checks its label.
"""

from __future__ import annotations

import pytest

from tests._engine import error_codes

#: A value the analysis does not know (an array, once the program runs).
_UNKNOWN_ARRAY = """
import pickle

import jax.numpy as jnp

rows = [1, 2]
z = pickle.loads(pickle.dumps(jnp.ones((4, 3))))
"""


def _joined(expression: str) -> str:
    """The program that concatenates ``expression`` with itself along the first axis."""
    return _UNKNOWN_ARRAY + f"x = {expression}\nprint(jnp.concatenate((x, x), axis=0).shape)\n"


#: (name, program, the error codes it must get): an empty set is a program that runs.
CASES: list[tuple[str, str, set[str]]] = [
    ("abs_of_an_unknown_value", _joined("abs(z)"), set()),
    ("abs_of_a_difference_of_slices", _joined("abs(z[1::2] - z[0::2])"), set()),
    ("round_of_an_unknown_value", _joined("round(z)"), set()),
    ("pow_of_an_unknown_value", _joined("pow(z, 2)"), set()),
    (
        "abs_appended_in_a_loop_then_concatenated",
        _UNKNOWN_ARRAY
        + """
diffs = []
for i in range(2):
    diffs.append(abs(z[1::2] - z[0::2]))
joined = diffs[0]
for i in range(1, len(diffs)):
    joined = jnp.concatenate((joined, diffs[i]), axis=0)
print(joined.shape)
""",
        set(),
    ),
    (
        "tolist_of_a_matrix_back_to_an_array",
        _UNKNOWN_ARRAY
        + """
y = jnp.asarray(jnp.ones((2, 3)).tolist())
print(y.reshape(3, 2).shape)
""",
        set(),
    ),
    (
        "tolist_of_a_numpy_vector",
        "import numpy as np\n" + _joined("jnp.asarray(np.ones(3).tolist())"),
        set(),
    ),
    (
        "tolist_of_a_0d_array",
        _joined("jnp.asarray(jnp.ones(()).tolist())"),
        {"concatenate-zero-dimensional"},
    ),
    ("abs_of_a_constant", _joined("abs(-2.0)"), {"concatenate-zero-dimensional"}),
    ("abs_of_a_length", _joined("abs(len(rows))"), {"concatenate-zero-dimensional"}),
    ("pow_of_two_ints", _joined("pow(2, len(rows))"), {"concatenate-zero-dimensional"}),
    ("round_of_a_float", _joined("round(float(len(rows)) / 3)"), {"concatenate-zero-dimensional"}),
]


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_error_findings_only_where_the_code_raises(
    name: str, source: str, expected: set[str]
) -> None:
    assert error_codes(source) == expected
