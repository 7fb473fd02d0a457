"""The typed "no contract" marker of the API models (``ApiSpec.no_contract``): an API marked
so carries no contract, and the usage ranking (``bench/api-usage.json``) reports the markers
the models hold."""

from __future__ import annotations

import json
from pathlib import Path

from jaxlsp.apis import SPECS
from jaxlsp.apis.contracts import contracted_apis
from jaxlsp.apis.spec import NoContractWhy

RANKING = Path(__file__).resolve().parents[2] / "bench" / "api-usage.json"


def test_an_api_marked_without_a_contract_carries_none_and_says_why() -> None:
    contracted = contracted_apis()
    marked = {name: spec for name, spec in SPECS.items() if spec.no_contract is not None}
    assert {"jax.devices", "jax.numpy.shape", "jax.tree_util.tree_leaves"} <= set(marked)
    for name, spec in marked.items():
        assert spec.no_contract is not None
        assert isinstance(spec.no_contract.why, NoContractWhy)
        assert spec.no_contract.reason.strip(), name
        assert name not in contracted, f"{name} is marked without a contract but has one"


def test_the_ranking_reports_the_models_markers() -> None:
    ranking = json.loads(RANKING.read_text(encoding="utf-8"))["top"]
    for item in ranking:
        spec = SPECS.get(item["api"])
        marker = spec.no_contract if spec is not None else None
        if marker is None:
            assert item["no_contract"] is None, item["api"]
        else:
            assert item["no_contract"] == f"{marker.why.value}: {marker.reason}", item["api"]
    accounted = [i for i in ranking if i["contracts"] or i["shapes"] or i["no_contract"]]
    assert len(accounted) == len(ranking) == 100


def test_an_api_checked_only_by_a_check_function_counts_as_contracted() -> None:
    """The checks (``ApiSpec.checks``: functions, or callable objects such as
    ``SizedByValues``) are contracts too, listed under the API, not under the check."""
    contracted = contracted_apis()
    assert "a length or xs to scan" in contracted["jax.lax.scan"]
    assert "trees of one structure" in contracted["jax.tree_util.tree_map"]
    assert "static bounds under a backward pass" in contracted["jax.lax.while_loop"]
    assert "a static size for a value-dependent result" in contracted["jax.numpy.nonzero"]
    assert not set(contracted) - set(SPECS)


def test_every_check_declares_what_it_asks_in_words() -> None:
    """A check says what it asks where it is declared (no table of names beside it): every
    kind listed is words, not a function's or class's name."""
    contracted = contracted_apis()
    assert "a carry of JAX types" in contracted["jax.lax.scan"]
    assert "an array, not a list or tuple" in contracted["jax.numpy.concatenate"]
    checks = [check for spec in SPECS.values() for check in spec.checks]
    assert checks
    for check in checks:
        assert " " in check.asks, check


def test_vectorize_carries_its_three_contracts() -> None:
    """``jnp.vectorize`` (the last of the top 100 accounted for): a callable at each call,
    excluded positions or names, and a gufunc signature read at each call."""
    assert contracted_apis()["jax.numpy.vectorize"] == {
        "callable, at each call",
        "argument positions or names",
        "a gufunc signature, at each call",
    }
