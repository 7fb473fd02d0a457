"""``pallasTarget``: a project says which chip its Pallas kernels are for, and the TPU rules
then check kernels whose code does not say it (docs/pallas-targets.md).

The kernel below stores ``pl.program_id(0)`` into one element of a VMEM output: on a TPU v5e
(jax 0.10.2) it raised ``ValueError: Cannot store scalars to VMEM`` (bench/realbugs/pallas,
jax-22817); interpret mode runs it, and on the CPU without interpret mode ``pallas_call``
refuses to run at all.  Nothing in the code says it is a TPU kernel.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from jaxlsp.checkcache import CheckCache
from jaxlsp.checker import check_file
from jaxlsp.config import Config, load_config, parse_settings
from jaxlsp.engine import Engine
from jaxlsp.findings import Finding, Span
from jaxlsp.records.load import RecordSet, load_records

SCALAR_STORE = "pallas-tpu-scalar-store"

IMPORTS = """
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
"""

KERNEL = """

def iota_kernel(o_ref):
    i = pl.program_id(0)
    o_ref[i] = i


def iota(size: int):
    return pl.pallas_call(
        iota_kernel, out_shape=jax.ShapeDtypeStruct((size,), jnp.int32), grid=(size,){options}
    )()


iota(8)
"""

UNSTATED = IMPORTS + KERNEL.format(options="")


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine()


def _codes(engine: Engine, source: str, config: Config | None) -> list[str]:
    return [f.code for f in engine.findings(engine.analyze(source, "kernel.py"), config)]


def test_the_setting_is_read_and_a_bad_value_is_reported() -> None:
    assert Config().pallas_target == "unknown"
    for target in ("tpu", "gpu", "any", "unknown"):
        config = parse_settings({"pallasTarget": target}, "pyproject.toml")
        assert (config.pallas_target, config.problems) == (target, ())
    for bad in ("TPU", "cuda", 1, ["tpu"]):
        config = parse_settings({"pallasTarget": bad}, "pyproject.toml")
        assert config.pallas_target == "unknown"
        [problem] = config.problems
        assert problem.startswith("pyproject.toml: 'pallasTarget' must be one of tpu, gpu, any")


def test_a_client_setting_overrides_the_pyproject_unless_it_is_unusable() -> None:
    pyproject = parse_settings({"pallasTarget": "tpu"}, "pyproject.toml")
    assert pyproject.merged({}, "client").pallas_target == "tpu"
    assert pyproject.merged({"pallasTarget": "gpu"}, "client").pallas_target == "gpu"
    bad = pyproject.merged({"pallasTarget": "tpus"}, "client")
    assert bad.pallas_target == "tpu"
    assert any("'pallasTarget' must be" in problem for problem in bad.problems)


def test_an_assumed_finding_is_shown_only_where_the_target_covers_it() -> None:
    proved = Finding("c", "0", "r", "m", Span.of(0, 0, 0, 1))
    assumed = replace(proved, assumes_target="tpu")
    for target, shown in (("unknown", False), ("gpu", False), ("tpu", True), ("any", True)):
        config = parse_settings({"pallasTarget": target}, "x")
        assert config.apply([proved, assumed]) == ([proved, assumed] if shown else [proved])


def test_a_kernel_the_code_does_not_mark_is_checked_only_for_a_tpu_project(
    engine: Engine,
) -> None:
    analysis = engine.analyze(UNSTATED, "kernel.py")
    assert analysis.findings == ()
    [assumed] = analysis.assumed
    assert (assumed.code, assumed.assumes_target) == (SCALAR_STORE, "tpu")
    assert "`pallasTarget`" in assumed.message
    assert _codes(engine, UNSTATED, None) == []
    assert _codes(engine, UNSTATED, Config()) == []
    assert _codes(engine, UNSTATED, Config(pallas_target="gpu")) == []
    assert _codes(engine, UNSTATED, Config(pallas_target="tpu")) == [SCALAR_STORE]
    assert _codes(engine, UNSTATED, Config(pallas_target="any")) == [SCALAR_STORE]


def test_a_kernel_the_code_marks_as_tpu_is_proved_whatever_the_setting(engine: Engine) -> None:
    proved = (
        IMPORTS
        + "from jax.experimental.pallas import tpu as pltpu\n"
        + KERNEL.format(options=", compiler_params=pltpu.CompilerParams()")
    )
    [finding] = engine.analyze(proved, "kernel.py").findings
    assert (finding.code, finding.assumes_target) == (SCALAR_STORE, None)
    assert "`pallasTarget`" not in finding.message
    assert _codes(engine, proved, Config(pallas_target="gpu")) == [SCALAR_STORE]


@pytest.mark.parametrize(
    ("why", "source"),
    [
        ("interpret mode", IMPORTS + KERNEL.format(options=", interpret=True")),
        (
            "an interpret flag not known",
            IMPORTS
            + "import os\nFLAG = os.environ.get('INTERPRET') == '1'\n"
            + KERNEL.format(options=", interpret=FLAG"),
        ),
        (
            "a GPU backend imported",
            IMPORTS
            + "from jax.experimental.pallas import triton as plgpu\n"
            + KERNEL.format(options=""),
        ),
        (
            "compiler params not a TPU's",
            # (a value not known: a dict would raise on every backend, unhashable)
            IMPORTS
            + "from kernel_config import PARAMS\n"
            + KERNEL.format(options=", compiler_params=PARAMS"),
        ),
    ],
)
def test_a_kernel_that_may_run_elsewhere_is_not_assumed_a_tpu_one(
    engine: Engine, why: str, source: str
) -> None:
    analysis = engine.analyze(source, "kernel.py")
    assert (analysis.findings, analysis.assumed) == ((), ()), why
    assert _codes(engine, source, Config(pallas_target="tpu")) == [], why


def test_interpret_false_is_still_compiled_for_the_chip(engine: Engine) -> None:
    source = IMPORTS + KERNEL.format(options=", interpret=False")
    assert _codes(engine, source, Config(pallas_target="tpu")) == [SCALAR_STORE]


def test_check_reads_the_pyproject_and_its_cache_keeps_the_assumed_findings(
    tmp_path: Path, engine: Engine
) -> None:
    records: RecordSet = load_records()
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    kernel = project / "kernel.py"
    kernel.write_text(UNSTATED, encoding="utf-8")
    cache = CheckCache(records, tmp_path / "cache")
    unknown = check_file(engine, kernel, load_config(kernel), cache)
    assert unknown.findings == ()
    (project / "pyproject.toml").write_text('[tool.jaxlsp]\npallasTarget = "tpu"\n', "utf-8")
    config = load_config(kernel)
    assert config.pallas_target == "tpu"
    targeted = check_file(engine, kernel, config, cache)
    assert cache.hits == 1  # the same text: the stored result, with its assumed finding
    assert [f.code for f in targeted.findings] == [SCALAR_STORE]
    assert targeted.findings[0].assumes_target == "tpu"


CUMSUM = (
    IMPORTS
    + """

def kernel(x_ref, o_ref):
    x = x_ref[...]
    o_ref[...] = jax.lax.slice(jnp.cumsum(x), (0,), (2,))


x = jnp.arange(4)
y = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((2,), x.dtype){options})(x)
"""
)


def test_an_unlowered_primitive_in_an_unmarked_kernel_is_assumed_on_a_tpu(engine: Engine) -> None:
    """jax#32991's kernel: on a TPU v5e (jax 0.10.2) it raised NotImplementedError
    (Unimplemented primitive in Pallas TPU lowering for tc: cumsum)."""
    primitive = "pallas-tpu-unimplemented-primitive"
    on_chip, interpreted = CUMSUM.format(options=""), CUMSUM.format(options=", interpret=True")
    assert _codes(engine, on_chip, Config()) == []
    assert _codes(engine, on_chip, Config(pallas_target="tpu")) == [primitive]
    assert _codes(engine, interpreted, Config(pallas_target="tpu")) == []
