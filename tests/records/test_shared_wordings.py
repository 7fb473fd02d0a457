"""A message in Python's or NumPy's own words is JAX's when one of its values is JAX's: the
values are told by the same evidence explain reads in a whole paste (one definition)."""

from __future__ import annotations

from jaxlsp.records.shared_wordings import JAX_EVIDENCE, shared_wording


def test_python_wording_about_plain_values_is_shared() -> None:
    found = shared_wording("unhashable type: 'list'")
    assert found is not None and found.raised_by == "Python"


def test_a_jax_value_in_a_shared_wording_ties_it_to_jax() -> None:
    assert shared_wording("unhashable type: 'ArrayImpl'") is None
    # a key array's type: evidence of JAX in a paste, so in a shared wording too
    assert shared_wording("'PRNGKeyArray' object is not subscriptable") is None


def test_numpy_wording_is_shared_without_jax_values() -> None:
    found = shared_wording("operands could not be broadcast together with shapes (3,) (4,)")
    assert found is not None and found.raised_by == "NumPy"
    assert (
        JAX_EVIDENCE.search("operands could not be broadcast together with shapes (3,) (4,)")
        is None
    )
