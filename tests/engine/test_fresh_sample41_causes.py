"""Error findings only where the code surely raises: the cause of the false error finding on
the stop-41 fresh sample (``docs/fresh-sample.md``, "Stop 41").

A function a ``def`` in another function's body makes, with no decorator, whose name that
function never reads, is never called: its body never runs.  The any-caller pass ran it in
the frame that made it, under that frame's trace, so what it would raise there was an error
finding (smcs's ``island_step`` defines ``process_island`` and never calls it; its
``state.particles[mask]`` was a boolean mask of a tracer under the ``lax.scan`` that runs
``island_step``).  Now it is not run (``interpreter._never_called``, ``scopes.names_read``);
a nested function its function calls, returns, hands on, or may read without spelling its
name (``locals()``), a decorated one, and a module-level one still are.

The labelled corpus pair (``tests/corpus/non-concrete-boolean-index-error/s41_*.py``) runs on
the pinned JAX (``tests/corpus/test_labels.py``).
"""

from __future__ import annotations

from tests._engine import assert_labelled_pair, error_findings

_ISLAND = """\
import jax
import jax.numpy as jnp


def island_step(state, n_islands):
    def process_island(island_idx):
        mask = state == island_idx
        return state[mask]

    return state + n_islands


def run(observations):
    def scan_fn(state, obs):
        return island_step(state, 2) + obs, None

    return jax.lax.scan(scan_fn, jnp.zeros(4), observations)


run(jnp.zeros((3, 4)))
"""


def test_a_nested_function_its_function_never_reads_is_not_run() -> None:
    assert error_findings(_ISLAND) == []


def test_the_nested_function_called_is_still_found() -> None:
    source = _ISLAND.replace("return state + n_islands", "return process_island(0) + n_islands")
    assert error_findings(source) == [("non-concrete-boolean-index-error", 8)]


def test_the_nested_function_returned_is_still_run_for_any_caller() -> None:
    # whoever calls what island_step returns runs it, under the scan that called island_step
    source = _ISLAND.replace(
        "    return state + n_islands", "    print(state + n_islands)\n    return process_island"
    ).replace(
        "return island_step(state, 2) + obs, None",
        "island_step(state, 2)\n        return state + obs, None",
    )
    assert error_findings(source) == [("non-concrete-boolean-index-error", 8)]


def test_the_nested_function_handed_to_a_transform_is_still_found() -> None:
    source = _ISLAND.replace(
        "return state + n_islands", "return state + jax.vmap(process_island)(jnp.arange(2)).sum()"
    )
    assert error_findings(source) == [("non-concrete-boolean-index-error", 8)]


def test_a_name_read_only_in_a_nested_lambda_counts_as_read() -> None:
    source = _ISLAND.replace(
        "return state + n_islands",
        "call = lambda: process_island(0)\n    return call() + n_islands",
    )
    assert error_findings(source) == [("non-concrete-boolean-index-error", 8)]


def test_a_function_reading_its_locals_without_naming_them_is_still_run() -> None:
    # ``locals()["process_island"]`` may call it: its name is not spelt, so nothing is known
    source = _ISLAND.replace(
        "return state + n_islands", "return state + n_islands + 0 * len(locals())"
    )
    assert error_findings(source) == [("non-concrete-boolean-index-error", 8)]


def test_a_module_level_function_nobody_calls_is_still_run_for_any_caller() -> None:
    source = """\
import jax
import jax.numpy as jnp


def select(state):
    def body(carry, row):
        mask = row > 0
        return carry + row[mask].sum(), None

    return jax.lax.scan(body, 0.0, jnp.asarray(state))
"""
    assert error_findings(source) == [("non-concrete-boolean-index-error", 8)]


def test_the_corpus_pair_of_a_nested_function_never_called() -> None:
    assert_labelled_pair(
        "non-concrete-boolean-index-error/s41_nested_never_called_negative.py",
        "non-concrete-boolean-index-error/s41_nested_called_in_scan.py",
    )
