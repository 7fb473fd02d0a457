"""Every argument contract in the API models (``ApiSpec.accepts``), checked on the pinned CPU
JAX: its example breaks the contract and raises the error of the record it names, and the
interpreter proves the same violation on it (so the contract, its record and the analysis
agree)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from jaxlsp.apis import SPECS
from jaxlsp.apis.contracts import Accepts, SizedByValues
from jaxlsp.apis.spec import ApiSpec, AxisParameter
from jaxlsp.engine import Engine
from jaxlsp.records.load import curated_records_dir, load_records
from tests._on_jax import run_on_jax

CONTRACTS = [(name, accepts) for name, spec in SPECS.items() for accepts in spec.accepts]
RECORDS = load_records([curated_records_dir()])
ENGINE = Engine(RECORDS)
IDS = [f"{name}-{accepts.parameter}-{accepts.record}" for name, accepts in CONTRACTS]


def _program_name(name: str, accepts: Accepts) -> str:
    # one parameter may carry several contracts (a seed: an integer, and not a key)
    slug = accepts.record.replace("-", "_")
    return f"{name.replace('.', '_')}_{accepts.parameter}_{slug}"


def _on_jax(
    suite: str, programs: dict[str, str], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    return run_on_jax(suite, programs, tmp_path_factory.mktemp(suite))


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory, pinned_jax: None) -> dict[str, Any]:
    programs = {_program_name(name, accepts): accepts.example for name, accepts in CONTRACTS}
    return _on_jax("contracts", programs, tmp_path_factory)


def test_the_contracts_cover_the_transforms_and_loops() -> None:
    assert len(CONTRACTS) >= 25
    covered = {name for name, _ in CONTRACTS}
    assert {"jax.jit", "jax.grad", "jax.vmap", "jax.lax.scan", "jax.shard_map"} <= covered


@pytest.mark.jax
@pytest.mark.parametrize(("name", "accepts"), CONTRACTS, ids=IDS)
def test_the_example_raises_the_records_error(
    name: str, accepts: Accepts, outcomes: dict[str, Any]
) -> None:
    outcome = outcomes[_program_name(name, accepts)]
    assert outcome["raised"], f"{name}: the example ran without raising"
    records = RECORDS
    record = next(r for r in records.records if r.slug == accepts.record)
    wordings = [(record.error_class, record.message_pattern)] + [
        (v.error_class or record.error_class, v.message_pattern) for v in record.message_variants
    ]
    assert any(
        outcome["class"] == error_class and re.search(pattern, outcome["message"])
        for error_class, pattern in wordings
    ), f"{name}: raised {outcome['class']}: {outcome['message'][:300]}"


@pytest.mark.parametrize(("name", "accepts"), CONTRACTS, ids=IDS)
def test_the_analysis_reports_the_example(name: str, accepts: Accepts) -> None:
    engine = ENGINE
    codes = {finding.code for finding in engine.analyze(accepts.example).findings}
    assert accepts.record in codes, f"{name}.{accepts.parameter}: got {sorted(codes)}"


# shapes: every parameter the models call a shape takes integers ------------------------------

SHAPED = [(name, spec) for name, spec in SPECS.items() if spec.shapes]
#: A value for each other parameter of the shaped APIs, so the call reaches the shape check.
_ARGUMENTS = {
    "key": "jax.random.PRNGKey(0)",
    "operand": "jnp.ones((2, 3))",
    "array": "jnp.ones(3)",
    "a": "jnp.ones(6)",
    "self": "jnp.ones(6)",
    "start_indices": "(0,)",
    "fill_value": "1.0",
    "p": "0.5",
    "logits": "jnp.zeros(3)",
    "lower": "-1.0",
    "upper": "1.0",
    "minval": "0",
    "maxval": "3",
    "b": "2.0",
    "alpha": "jnp.ones(3)",
    "lam": "1.0",
    "n": "3",
    "mean": "jnp.zeros(3)",
    "cov": "jnp.eye(3)",
    "df": "3.0",
    "d": "3",
    "loc": "0.0",
    "scale": "1.0",
    "concentration": "1.0",
    "sigma": "1.0",
    "left": "0.0",
    "mode": "0.5",
    "right": "1.0",
    "dfnum": "2.0",
    "dfden": "3.0",
    "broadcast_dimensions": "(1,)",
}
_FLOAT_SHAPES = {"jax.lax.broadcast_in_dim": "(2.0, 3)"}
#: Calls whose other arguments differ from the table's.
_CALLS = {
    "jax.lax.dynamic_slice": "jax.lax.dynamic_slice(jnp.ones(6), (0,), (6 / 4,))",
    "jax.random.choice": "jax.random.choice(jax.random.PRNGKey(0), jnp.ones(6), (6 / 4,))",
    "jax.image.resize": "jax.image.resize(jnp.ones((4, 4)), (6 / 4, 2), 'linear')",
    "jax.lax.broadcasted_iota": "jax.lax.broadcasted_iota(jnp.int32, (6 / 4, 2), 0)",
}


def _float_shape_call(name: str, spec: ApiSpec) -> str:
    shape = _FLOAT_SHAPES.get(name, "(6 / 4,)")
    if name in _CALLS:
        return _CALLS[name]
    if name == "jax.Array.reshape":
        return f"jnp.ones(6).reshape{shape}"
    required = [p for p in spec.params if p in _ARGUMENTS or p in spec.shapes]
    pieces = []
    for parameter in spec.params:
        if parameter in spec.shapes:
            pieces.append(f"{parameter}={shape}")
        elif parameter in _ARGUMENTS and parameter in required:
            pieces.append(f"{parameter}={_ARGUMENTS[parameter]}")
    return f"{name}({', '.join(pieces)})"


def _shape_program(name: str, spec: ApiSpec) -> str:
    return f"import jax\nimport jax.numpy as jnp\n\nout = {_float_shape_call(name, spec)}\n"


@pytest.fixture(scope="module")
def shape_outcomes(tmp_path_factory: pytest.TempPathFactory, pinned_jax: None) -> dict[str, Any]:
    programs = {name.replace(".", "_"): _shape_program(name, spec) for name, spec in SHAPED}
    outcomes = _on_jax("contract_shapes", programs, tmp_path_factory)
    return {name: outcomes[name.replace(".", "_")] for name, _ in SHAPED}


@pytest.mark.jax
@pytest.mark.parametrize(("name", "spec"), SHAPED, ids=[name for name, _ in SHAPED])
def test_a_float_dimension_raises_the_shape_records_error(
    name: str, spec: ApiSpec, shape_outcomes: dict[str, Any]
) -> None:
    outcome = shape_outcomes[name]
    message = f"{outcome.get('class')}: {outcome.get('message', '')}"
    records = RECORDS
    record = next(r for r in records.records if r.slug == "traced-shape-argument")
    patterns = [record.message_pattern] + [v.message_pattern for v in record.message_variants]
    assert outcome.get("class") == "TypeError", message[:300]
    assert any(re.search(p, outcome["message"]) for p in patterns), (
        f"{_float_shape_call(name, spec)}: {message[:300]}"
    )


@pytest.mark.parametrize(("name", "spec"), SHAPED, ids=[name for name, _ in SHAPED])
def test_the_analysis_reports_a_float_dimension(name: str, spec: ApiSpec) -> None:
    engine = ENGINE
    findings = engine.analyze(_shape_program(name, spec)).findings
    assert any(f.code == "traced-shape-argument" for f in findings), _float_shape_call(name, spec)


# keys: every parameter the models call a PRNG key refuses a plain int -------------------------

KEYED = [(name, spec) for name, spec in SPECS.items() if spec.key is not None]
_KEY_CALLS = {
    "jax.random.choice": "jax.random.choice(0, jnp.ones(6), (2,))",
    "jax.random.permutation": "jax.random.permutation(0, 5)",
    "jax.random.fold_in": "jax.random.fold_in(0, 1)",
    "jax.random.split": "jax.random.split(0)",
}


def _int_seed_call(name: str, spec: ApiSpec) -> str:
    if name in _KEY_CALLS:
        return _KEY_CALLS[name]
    pieces = ["0"]
    for parameter in spec.params[1:]:
        if parameter in spec.shapes:
            pieces.append(f"{parameter}=(2,)")
        elif parameter in _ARGUMENTS:
            pieces.append(f"{parameter}={_ARGUMENTS[parameter]}")
    return f"{name}({', '.join(pieces)})"


@pytest.fixture(scope="module")
def key_outcomes(tmp_path_factory: pytest.TempPathFactory, pinned_jax: None) -> dict[str, Any]:
    programs = {
        name.replace(".", "_"): (
            f"import jax\nimport jax.numpy as jnp\n\nout = {_int_seed_call(name, spec)}\n"
        )
        for name, spec in KEYED
    }
    outcomes = _on_jax("contract_keys", programs, tmp_path_factory)
    return {name: outcomes[name.replace(".", "_")] for name, _ in KEYED}


@pytest.mark.jax
@pytest.mark.parametrize(("name", "spec"), KEYED, ids=[name for name, _ in KEYED])
def test_an_int_seed_raises_the_key_records_error(
    name: str, spec: ApiSpec, key_outcomes: dict[str, Any]
) -> None:
    outcome = key_outcomes[name]
    records = RECORDS
    record = next(r for r in records.records if r.slug == "random-int-seed-as-key")
    patterns = [record.message_pattern] + [v.message_pattern for v in record.message_variants]
    message = f"{outcome.get('class')}: {outcome.get('message', '')}"
    assert outcome.get("class") == record.error_class, message[:300]
    assert any(re.search(p, outcome["message"]) for p in patterns), (
        f"{_int_seed_call(name, spec)}: {message[:300]}"
    )


@pytest.mark.parametrize(("name", "spec"), KEYED, ids=[name for name, _ in KEYED])
def test_the_analysis_reports_an_int_seed(name: str, spec: ApiSpec) -> None:
    engine = ENGINE
    source = f"import jax\nimport jax.numpy as jnp\n\nout = {_int_seed_call(name, spec)}\n"
    findings = engine.analyze(source).findings
    assert any(f.code == "random-int-seed-as-key" for f in findings), _int_seed_call(name, spec)


# axes: every parameter the models call an axis refuses one the array does not have ------------

#: Which out-of-range axis each case gives: one past the rank, one before minus the rank,
#: and -1 where the API takes no negative axis (lax).
_SIGNS = {1: "pos", -1: "neg", 0: "minus-one"}
AXED = [
    (name, spec, axes, sign)
    for name, spec in SPECS.items()
    for axes in spec.axis_parameters
    for sign in ((1, -1) if axes.negative else (1, -1, 0))
]
AXED_IDS = [f"{name}-{axes.parameter}-{_SIGNS[sign]}" for name, _, axes, sign in AXED]
#: A value for each other parameter the APIs with axes need.
_AXIS_ARGUMENTS = {
    "key": "jax.random.PRNGKey(0)",
    "repeats": "2",
    "shift": "1",
    "num_classes": "4",
    "indices_or_sections": "2",
    "axis1": "0",
    "axis2": "0",
    "source": "0",
    "destination": "0",
    "index_dtype": "jnp.int32",
    "init_values": "0.0",
    "computation": "jax.lax.add",
    "index": "0",
    "start_index": "0",
    "limit_index": "1",
}


def _out_of_range_call(name: str, spec: ApiSpec, axes: AxisParameter, sign: int) -> str:
    """A call of the API on a 2-D array (or two) whose ``axes`` argument is one past the
    rank it counts (or, negative, one before; or -1, for an API that takes no negative
    axis)."""
    counted = 2 + axes.added + (1 if axes.each_adds else 0)
    bad = str(counted if sign > 0 else -counted - 1 if sign < 0 else -1)
    if axes.parameter == "axes":
        bad = f"(0, {bad})"
    elif axes.parameter == "dimensions":
        bad = f"({bad},)"
    array = "[jnp.ones((2, 3)), jnp.ones((2, 3))]" if axes.sequence else "jnp.ones((2, 3))"
    pieces = []
    for parameter in spec.params:
        if parameter == axes.array and parameter != "self":
            # by name after an argument given by name (``categorical``'s key)
            pieces.append(f"{parameter}={array}" if pieces else array)
        elif parameter == axes.parameter:
            pieces.append(f"{parameter}={bad}")
        elif parameter in _AXIS_ARGUMENTS:
            pieces.append(f"{parameter}={_AXIS_ARGUMENTS[parameter]}")
    if spec.variadic == axes.parameter:
        pieces.append(bad.strip("()"))
    arguments = ", ".join(pieces)
    if axes.array == "self":
        return f"{array}.{name.rsplit('.', 1)[-1]}({arguments})"
    return f"{spec.short}({arguments})"


def _axis_program(name: str, spec: ApiSpec, axes: AxisParameter, sign: int) -> str:
    call = _out_of_range_call(name, spec, axes, sign)
    return (
        "import jax\nimport jax.numpy as jnp\nimport jax.scipy.special\nfrom jax import lax\n\n"
        f"out = {call}\n"
    )


@pytest.fixture(scope="module")
def axis_outcomes(tmp_path_factory: pytest.TempPathFactory, pinned_jax: None) -> dict[str, Any]:
    programs = {
        identifier.replace(".", "_"): _axis_program(name, spec, axes, sign)
        for (name, spec, axes, sign), identifier in zip(AXED, AXED_IDS, strict=True)
    }
    outcomes = _on_jax("contract_axes", programs, tmp_path_factory)
    return {identifier: outcomes[identifier.replace(".", "_")] for identifier in AXED_IDS}


@pytest.mark.jax
@pytest.mark.parametrize(("name", "spec", "axes", "sign"), AXED, ids=AXED_IDS)
def test_an_axis_out_of_range_raises_the_axis_records_error(
    name: str, spec: ApiSpec, axes: AxisParameter, sign: int, axis_outcomes: dict[str, Any]
) -> None:
    identifier = AXED_IDS[AXED.index((name, spec, axes, sign))]
    outcome = axis_outcomes[identifier]
    record = next(r for r in RECORDS.records if r.slug == "axis-out-of-bounds")
    wordings = [(record.error_class, record.message_pattern)] + [
        (v.error_class or record.error_class, v.message_pattern) for v in record.message_variants
    ]
    said = f"{outcome.get('class')}: {outcome.get('message', '')}"
    assert outcome["raised"], f"{_out_of_range_call(name, spec, axes, sign)} ran"
    assert any(
        outcome["class"] == error_class and re.search(pattern, outcome["message"])
        for error_class, pattern in wordings
    ), f"{_out_of_range_call(name, spec, axes, sign)}: {said[:300]}"


@pytest.mark.parametrize(("name", "spec", "axes", "sign"), AXED, ids=AXED_IDS)
def test_the_analysis_reports_an_axis_out_of_range(
    name: str, spec: ApiSpec, axes: AxisParameter, sign: int
) -> None:
    findings = ENGINE.analyze(_axis_program(name, spec, axes, sign)).findings
    assert any(f.code == "axis-out-of-bounds" for f in findings), _out_of_range_call(
        name, spec, axes, sign
    )


# results whose size the values decide: a traced operand needs a static size ----------------

SIZED = [
    (name, check)
    for name, spec in SPECS.items()
    for check in spec.checks
    if isinstance(check, SizedByValues)
]
SIZED_IDS = [name for name, _ in SIZED]
#: The arguments a call needs beyond the operands (all traced: the jitted function's).
_SIZED_CALL_ARGUMENTS = {
    **{
        f"jax.ops.{name}": ("data", "segment_ids")
        for name in ("segment_sum", "segment_prod", "segment_max", "segment_min")
    },
    "jax.numpy.extract": ("condition", "arr"),
    "jax.numpy.compress": ("condition", "a"),
    "jax.numpy.repeat": ("a", "repeats"),
    "jax.Array.repeat": ("self", "repeats"),
}


def _sized_program(name: str, check: SizedByValues, sized: bool) -> str:
    """A jitted function that calls ``name`` on its (traced) arguments, with ``size=`` (or its
    like) when ``sized``."""
    parameters = _SIZED_CALL_ARGUMENTS.get(name, check.operands)
    options = [f"{check.size}=3"] if sized else []
    if name.startswith("jax.Array."):
        call = f"{parameters[0]}.{name.rsplit('.', 1)[1]}({', '.join([*parameters[1:], *options])})"
    elif name.startswith("jax.numpy."):
        call = f"jnp.{name.removeprefix('jax.numpy.')}({', '.join([*parameters, *options])})"
    else:
        call = f"{name}({', '.join([*parameters, *options])})"
    arguments = ", ".join("jnp.array([1, 0, 2])" for _ in parameters)
    return (
        "import jax\nimport jax.numpy as jnp\n\n\n@jax.jit\n"
        f"def select({', '.join(parameters)}):\n    return {call}\n\n\nselect({arguments})\n"
    )


@pytest.fixture(scope="module")
def sized_outcomes(tmp_path_factory: pytest.TempPathFactory, pinned_jax: None) -> dict[str, Any]:
    def stem(name: str, sized: bool) -> str:
        return f"{name.replace('.', '_')}_{'sized' if sized else 'unsized'}"

    programs = {
        stem(name, sized): _sized_program(name, check, sized)
        for name, check in SIZED
        for sized in (False, True)
    }
    outcomes = _on_jax("contract_sizes", programs, tmp_path_factory)
    return {
        (name, sized): outcomes[stem(name, sized)] for name, _ in SIZED for sized in (False, True)
    }


def test_the_value_sized_results_include_the_common_ones() -> None:
    assert {"jax.numpy.nonzero", "jax.numpy.where", "jax.numpy.unique"} <= set(SIZED_IDS)


@pytest.mark.jax
@pytest.mark.parametrize(("name", "check"), SIZED, ids=SIZED_IDS)
def test_a_traced_operand_without_a_size_raises_and_with_one_runs(
    name: str, check: SizedByValues, sized_outcomes: dict[str, Any]
) -> None:
    unsized, sized = sized_outcomes[(name, False)], sized_outcomes[(name, True)]
    record = next(r for r in RECORDS.records if r.slug == "concretization-type-error")
    assert unsized["raised"], _sized_program(name, check, False)
    assert unsized["class"] == record.error_class
    assert re.search(record.message_pattern, unsized["message"]), unsized["message"][:300]
    assert not sized["raised"], f"{_sized_program(name, check, True)}{sized.get('message')}"


@pytest.mark.parametrize(("name", "check"), SIZED, ids=SIZED_IDS)
def test_the_analysis_reports_a_traced_operand_only_without_a_size(
    name: str, check: SizedByValues
) -> None:
    def codes(sized: bool) -> set[str]:
        findings = ENGINE.analyze(_sized_program(name, check, sized)).findings
        return {finding.code for finding in findings}

    assert "concretization-type-error" in codes(False), _sized_program(name, check, False)
    assert "concretization-type-error" not in codes(True), _sized_program(name, check, True)
