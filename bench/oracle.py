"""The execution oracle: each jaxlsp finding on a real library judged by that library's own tests.

For each package of ``PACKAGES`` (the libraries of ``bench/realcode.py`` and more), pinned:

1. ``cover``, the expensive step, run by hand and stored: install the package with its test
   dependencies on the pinned JAX in a venv of its own (layered on one base venv that holds
   JAX, pytest and coverage.py, through a ``.pth`` file; never the venv jaxlsp runs in), take
   its tests (those shipped inside the wheel, else the ``tests/`` folder of its sdist), run
   them with a time bound under line coverage with the plugin of ``bench/oracle_runtime``, and
   store, compactly, in ``bench/oracle/<package>-<version>.json``: per file of the package, the
   lines that ran in passing tests; each line an exception passed through, with the exception's
   class names; each failing test's exception and frames.
2. ``judge``, cheap: ``jaxlsp check`` on the same wheel (``bench.realcode``'s download and
   check), and every finding classified against the stored run:
   - *confirmed*: an exception of the finding's error class (its record's ``errorClass``, or a
     subclass) passed through the finding's line in some test;
   - *refuted*: the line ran in a passing test and no such exception passed through it, and
     so did each call the finding follows (a related location "``f`` is called here": the call
     into the failing helper and the outermost call of the chain);
   - *unexercised*: the line never ran in a passing test (or the package has no stored run),
     or a call the finding follows never did: the error is claimed for the values that call
     brings, and a test running the line from elsewhere tested other values;
   - *not judged*: the rule's error is raised only under a switch the tests do not turn on
     (``KeyReuseError`` needs ``jax.debug_key_reuse``), unless a test confirmed it or the key
     pass judged it.
3. ``cover --keys``, the key pass: the tests that reach the key-reuse findings run again with
   JIT off, recording the bits of each key a ``jax.random`` sampler or ``split`` consumed at
   their lines; a finding is confirmed when one call of its function consumed the same key
   twice there, refuted when its sites always got different keys (``key_verdict``).
   The report, per rule and severity and per package, goes to ``bench/oracle-report.json`` and
   ``bench/oracle-report.md``.

    python -m bench.oracle cover [--only PKG ...] [--seconds 300]   # run suites, store coverage
    python -m bench.oracle cover --only PKG --tests PATH -k EXPR     # aim a run at some tests
    python -m bench.oracle cover --keys --checks DIR [--only PKG]    # the key pass
    python -m bench.oracle judge [--only PKG ...] [--no-write]      # check, classify, report
    python -m bench.oracle review [--only PKG ...]                   # rerun the review drivers
    python -m bench.oracle list                                      # the packages and pins

Scratch (wheels, sdists, venvs, raw coverage) goes under the git-ignored
``.jaxlsp-cache/oracle``.  ``tests/bench/test_oracle.py`` holds the CI slice: a few small
packages judged against their stored runs, failing when an error finding is refuted.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tarfile
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import realcode

REPO = Path(__file__).resolve().parent.parent
STORE = REPO / "bench" / "oracle"
REPORT_JSON = REPO / "bench" / "oracle-report.json"
REPORT_MD = REPO / "bench" / "oracle-report.md"
REVIEWS = REPO / "bench" / "oracle" / "reviews.json"
PLUGIN_DIR = REPO / "bench" / "oracle_runtime"
RECORDS = REPO / "data" / "records"
SCRATCH = REPO / ".jaxlsp-cache" / "oracle"
JAX_PINS = ("jax==0.12.0.1", "jaxlib==0.12.0")
#: What the base venv holds besides JAX: the runner, its coverage, and what many suites import.
BASE_REQUIREMENTS = (
    "pytest",
    "coverage",
    "pytest-timeout",
    "absl-py",
    "hypothesis",
    "parameterized",
    "cloudpickle",
    "dm-tree",
)
#: Seconds one test may take before pytest-timeout fails it.
TEST_TIMEOUT = 90
#: The error findings refuted, as a share of the judged ones, above which the CI slice fails.
MAX_REFUTED_SHARE = 0.02


@dataclass(frozen=True)
class Package:
    """One library under the oracle: its pin, what its tests need, and which tests run."""

    version: str
    #: Extra requirements of its tests (an extra of the package itself is written ``[name]``).
    test_requirements: tuple[str, ...] = ()
    #: Test paths to run, relative to the test root (the installed package's folder for tests
    #: shipped in the wheel, the sdist's root otherwise); empty: all of them.
    tests: tuple[str, ...] = ()
    #: A pytest ``-k`` expression narrowing the tests (to those that reach the lines of the
    #: package's error findings, say), or "".
    keyword: str = ""
    #: Why the package's tests are not run (they then stay unexercised), or "".
    skip: str = ""
    #: Whether the package is among ``bench/realcode.py``'s (the ones findings were reviewed on).
    reviewed: bool = False
    #: ``owner/name`` of its public repository, whose tests are taken (at the tag of the pinned
    #: version, else the snapshot's head) when neither its wheel nor its sdist ships them; the
    #: snapshot is read from ``.jaxlsp-cache/oracle/repos/<owner>+<name>`` (a git folder).
    repository: str = ""


def _reviewed(
    version: str, *requirements: str, tests: tuple[str, ...] = (), repository: str = ""
) -> Package:
    return Package(version, requirements, tests, reviewed=True, repository=repository)


def _new(
    version: str,
    *requirements: str,
    tests: tuple[str, ...] = (),
    keyword: str = "",
    repository: str = "",
) -> Package:
    return Package(version, requirements, tests, keyword, repository=repository)


#: The packages, pinned.  The first block is ``bench/realcode.py``'s; the second was chosen by
#: use (libraries people build on JAX, with suites that run on a CPU) and never tuned on.
PACKAGES: dict[str, Package] = {
    "flax": _reviewed("0.12.12", "optax", "orbax-checkpoint", tests=("tests/linen",)),
    "optax": _reviewed("0.2.8", "chex", "flax"),
    "equinox": _reviewed(
        "0.13.8", "optax", "beartype", "typeguard", repository="patrick-kidger/equinox"
    ),
    "chex": _reviewed("0.1.92"),
    "dm-haiku": _reviewed("0.0.17", "optax"),
    "numpyro": _reviewed("0.22.0", "scipy", "pyro-api"),
    "diffrax": _reviewed(
        "0.7.2", "optax", "beartype", "typeguard", repository="patrick-kidger/diffrax"
    ),
    "blackjax": _reviewed("1.7.1", "optax"),
    "jaxopt": _reviewed("0.8.5", "scikit-learn", "scipy", repository="google/jaxopt"),
    "distrax": _reviewed("0.1.9", "tensorflow-probability"),
    "optimistix": _reviewed("0.1.0", "optax", "beartype", repository="patrick-kidger/optimistix"),
    "lineax": _reviewed("0.1.1", "beartype", repository="patrick-kidger/lineax"),
    "jraph": _reviewed("0.0.6.dev0"),
    "rlax": _reviewed("0.1.9", "dm-env", "distrax"),
    "dm-pix": _reviewed("0.4.5", "scipy"),
    "mctx": _reviewed("0.0.71"),
    "gymnax": _reviewed("1.0.1", "six"),
    "evosax": _reviewed("0.3.2", repository="RobertTLange/evosax"),
    "penzai": _reviewed("0.2.5"),
    "jax-md": _reviewed("0.2.29", "netCDF4", "ase"),
    "kfac-jax": _reviewed("0.0.8", "optax"),
    "flashbax": _reviewed("0.1.3"),
    "jaxtyping": _reviewed(
        "0.3.11", "beartype", "typeguard", "equinox", repository="patrick-kidger/jaxtyping"
    ),
    "orbax-checkpoint": _reviewed("0.12.8", "chex", "flax"),
    "brax": _reviewed("0.14.2"),
    "ott-jax": _reviewed("0.6.0", "optax", "matplotlib", repository="ott-jax/ott"),
    "gpjax": _reviewed("1.0.0", "optax"),
    "jax": Package(
        "0.12.0.1",
        skip="JAX's own suite (tens of thousands of tests) is out of this oracle's time bound",
        reviewed=True,
    ),
    # never tuned on
    "keras": _new("3.15.1"),
    "easydel": _new("0.3.0"),
    "mujoco-mjx": _new(
        "3.17.0",
        tests=("mujoco/mjx/_src/ray_test.py", "mujoco/mjx/_src/support_test.py"),
        keyword="mesh or contact_force",
    ),
    "praxis": _new(
        "1.4.0",
        tests=(
            "praxis/optimizers_test.py",
            "praxis/sample_decode_test.py",
            "praxis/layers/quantization/operations_test.py",
        ),
        keyword="masked or decode or finfo or quantize",
    ),
    "netket": _new("3.23.0"),
    "trax": _new("1.4.1"),
    "torax": _new("1.4.3"),
    "tensorcircuit": _new("0.12.0", tests=("tests/test_backends.py",), keyword="random"),
    "flowjax": _new("19.1.2", "optax"),
    "quax": _new("0.4.6"),
    "jaxlie": _new("1.5.0", "flax", repository="brentyi/jaxlie"),
    "tinygp": _new("0.3.1", tests=("tests/test_solvers", "tests/test_kernels/test_quasisep.py")),
    "dynamax": _new(
        "1.0.3",
        "optax",
        tests=(
            "dynamax/hidden_markov_model/inference_test.py",
            "dynamax/nonlinear_gaussian_ssm/inference_test.py",
        ),
        keyword="fixed_lag or extended_kalman_filter",
    ),
    "jaxns": _new("3.0.0", repository="Joshuaalbert/jaxns"),
    "interpax": _new("0.3.16", "scipy"),
    # its sdist's tests of the adaptive rules import helpers the sdist leaves out
    "quadax": _new("0.3.1", "scipy"),
    "scico": _new(
        "0.0.7",
        tests=(
            "scico/test/flax/test_steps.py",
            "scico/test/linop/xray/test_xray_2d.py",
            "scico/test/linop/xray/test_xray_3d.py",
        ),
    ),
    "sympy2jax": _new("0.0.8", "sympy", repository="patrick-kidger/sympy2jax"),
    "evojax": _new("0.2.17"),
    "qdax": _new("0.5.0", "brax==0.10.5", tests=("tests/baselines_test/pbt_td3_test.py",)),
    "jumanji": _new("1.1.2", repository="instadeepai/jumanji"),
    "pgx": _new(
        "2.6.0",
        tests=("tests/test_go.py", "tests/test_minatar_breakout.py"),
        keyword="from_sgf or end_by_pass or minatar",
    ),
    "xminigrid": _new("0.9.3", repository="dunnolab/xland-minigrid"),
    "navix": _new("0.7.4"),
    "craftax": _new("1.6.1", repository="MichaelTMatthews/Craftax"),
    "jaxmarl": _new("0.2.0"),
    "treescope": _new("0.1.10", repository="google-deepmind/treescope"),
    "jax-dataclasses": _new("1.6.3"),
    "objax": _new("1.8.0"),
    "clu": _new("0.0.12"),
    "oryx": _new("0.2.9"),
    "jaxley": _new("0.14.0", "jaxley-mech"),
    "distreqx": _new("0.0.3", repository="lockwo/distreqx"),
    "jax-tqdm": _new("0.4.0", repository="jeremiecoullon/jax-tqdm"),
    "paramax": _new("0.0.5"),
    "cola-ml": _new("0.0.7"),
    "coreax": _new("1.0.0", repository="gchq/coreax"),
    "jaxwt": _new("0.1.1"),
    "neural-tangents": _new("0.6.5"),
    "fedjax": _new("0.0.17"),
    "kernex": _new("0.2.1"),
    "serket": _new("0.1.0"),
    "einops": _new("0.8.2"),
    # its conftest implements a hook with the `path` argument pytest 9 removed
    "jax-galsim": _new("2026.7.0", "pytest<9"),
    "vbjax": _new("0.0.19", "tqdm", "pytest-benchmark"),
    "jaxsim": _new("0.9.0"),
    # s31 fresh sample (issue 30): never looked at before this stop, chosen by use before any
    # finding was seen (mixed sizes and styles: kernels, models, RL, physics, probabilistic).
    "jmp": _new("0.0.4"),
    "qwix": _new("0.1.8"),
    "einshape": _new("1.0"),
    "drjax": _new("0.2.1"),
    "tree-math": _new("0.2.1"),
    "tokamax": _new("0.0.17"),
    "jax-datetime": _new("0.1.2"),
    "rax": _new("0.4.0"),
    "augmax": _new("0.4.1"),
    "dynamiqs": _new("0.3.7"),
    "rejax": _new("0.1.3"),
    "e3x": _new("1.0.2"),
    "exponax": _new("0.2.0"),
    "gpax": _new("0.1.9"),
    "coordax": _new("0.2.9"),
    "dinosaur": _new("1.5.1"),
    "gemma": _new("4.0.1"),
    "recurrentgemma": _new("1.0.1"),
    "jax-privacy": _new("2.0.0"),
    "google-metrax": _new("0.2.4"),
    "cax": _new("0.4.4"),
    "spyx": _new("1.0.0"),
    "sax": _new("0.18.2"),
    "folx": _new("0.2.30"),
    "fdtdx": _new("0.6.3"),
    "exojax": _new("2.6.0"),
    "dopamax": _new("0.2.1"),
    # s32 fresh sample (issue 30): never looked at before this stop, chosen by use before any
    # finding was seen (bench/fresh-sample.json, s32).
    "einx": _new("0.4.3"),
    "torchax": _new("0.0.13"),
    "google-tunix": _new("0.1.7"),
    "klujax": _new("0.5.2"),
    "skrl": _new("2.1.1"),
    "ejkernel": _new("0.0.80.3"),
    "equimo": _new("2.7.0"),
    "bijx": _new("1.3.2"),
    "jaxkan": _new("0.3.7"),
    "kinetix-env": _new("3.0.2"),
    "dopamine-rl": _new("4.1.2"),
    "coax": _new("0.1.13"),
    "xlb": _new("0.3.1"),
    "jaxdf": _new("0.3.0"),
    "ripplegw": _new("0.5.0"),
    "jimgw": _new("0.6.0"),
    "sbijax": _new("0.4.2.post1"),
    "bayeux-ml": _new("0.1.15"),
    "mpax": _new("0.2.4"),
    "qpax": _new("0.1.4"),
    "pytreeclass": _new("0.11.1"),
    "eformer": _new("0.0.101"),
    # added the same way at 11:30, after the first 22 gave two error findings
    "tpu-inference": _new("0.32.0"),
    "brainstate": _new("0.6.0"),
    # s33 fresh sample (issue 30; docs/fresh-sample.md, "Stop 33"): the one whose tests were
    # run on the pinned CPU JAX this stop (they ship in its wheel); its two flagged test files
    "saiunit": _new(
        "0.6.0",
        tests=("saiunit/_base_quantity_test.py", "saiunit/math/_fun_keep_unit_test.py"),
    ),
    # s35 fresh sample (issue 30; docs/fresh-sample.md, "Stop 35"): the 12 of its 47 packages
    # with an error finding on main cdf702c, each judged by a driver in reviews.json
    "fjformer": _new("0.0.91"),
    "paxml": _new("1.4.0"),
    "jax-metrics": _new("0.2.5"),
    "jax-am": _new("0.0.3"),
    "safejax": _new("0.5.0"),
    "furax": _new("0.17.0"),
    "dejax": _new("0.1.3"),
    "jax-fem": _new("0.0.12"),
    "jax-healpy": _new("0.8.2"),
    "jaxpm": _new("0.1.6"),
    "circulax": _new("0.2.5"),
    "jcm": _new("3.0.0"),
    # s36 (issue 30): never named in the repository before, chosen by use (libraries other
    # projects build on, from an organisation's or a research group's repository) and for
    # suites that run on a CPU in minutes, none of stop 36's fresh sample; the sdist's tests
    # of each run under coverage on the pinned JAX
    "qutip-jax": _new("0.1.1"),
    "thermox": _new("0.0.6", "optax"),
    "traceax": _new("1.0.2"),
    "kalmax": _new("0.3.0"),
    "jax-zero-contour": _new("2.0.0"),
    "slsqp-jax": _new("0.21.1"),
    "fastquat": _new("0.5.2"),
    "smolyax": _new("1.0.0", "pytest-benchmark"),
    "jaxknn": _new("0.1.1", "sybil"),
    "jaxtree-extensions": _new("0.2.0", "jaxtyping", "beartype"),
}
#: Packages whose whole-wheel ``jaxlsp check`` does not finish in an hour on the shared
#: machine (issue 30's scale part): ``judge`` leaves them out unless named with ``--only``.
SLOW_CHECKS = ("keras", "easydel", "netket")
#: The rules whose error JAX raises only under a switch the libraries' tests leave off.
NEEDS_SWITCH = {
    "key-reuse-error": "KeyReuseError is raised only under jax.debug_key_reuse (and only for "
    "typed keys); the tests run without it",
}
#: ``caught``: the error was raised there and the package's own code handled it (a
#: ``try``/``except`` on purpose): the code works, so an error finding there is false too.
VERDICTS = ("confirmed", "refuted", "caught", "unexercised", "not judged")


# the stored run ------------------------------------------------------------------------------


@dataclass
class CoverageRun:
    """One package's test run as stored in ``bench/oracle``: what ran in passing tests, which
    exceptions passed through which lines, and the failures."""

    package: str
    version: str
    #: Where the tests came from and which ran (a subset is said here).
    tests: dict[str, Any]
    #: Per package file (relative to site-packages): the lines run in passing tests.
    passed_lines: dict[str, set[int]]
    #: Per package file: line -> exception class names that passed through it.
    raised: dict[str, dict[int, set[str]]]
    failures: list[dict[str, Any]] = field(default_factory=list)
    #: The key pass (``cover --keys``), when one ran: ``watched`` (file -> the lines of its
    #: key-reuse findings and their related sites), ``runs`` (what each pass ran) and
    #: ``activations`` (per call of a function holding a watched line: ``file``, ``test`` and
    #: ``sites``, line -> key fingerprint -> how many consuming calls got that key there).
    keys: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        payload = {
            "package": self.package,
            "version": self.version,
            "tests": self.tests,
            "passed_lines": {f: _ranges(lines) for f, lines in sorted(self.passed_lines.items())},
            "raised": {
                f: {str(line): sorted(names) for line, names in sorted(by_line.items())}
                for f, by_line in sorted(self.raised.items())
            },
            "failures": self.failures,
        }
        if self.keys is not None:
            payload["keys"] = self.keys
        return payload

    @classmethod
    def from_json(cls, payload: Mapping[str, Any]) -> CoverageRun:
        return cls(
            payload["package"],
            payload["version"],
            payload["tests"],
            {f: _unranges(text) for f, text in payload["passed_lines"].items()},
            {
                f: {int(line): set(names) for line, names in by_line.items()}
                for f, by_line in payload["raised"].items()
            },
            payload.get("failures", []),
            payload.get("keys"),
        )


def store_path(name: str, version: str) -> Path:
    return STORE / f"{name}-{version}.json"


def load_run(name: str, version: str) -> CoverageRun | None:
    path = store_path(name, version)
    if not path.exists():
        return None
    return CoverageRun.from_json(json.loads(path.read_text(encoding="utf-8")))


def _ranges(lines: Iterable[int]) -> str:
    """``1-3,7``: sorted line numbers, runs written as ranges (the store stays small)."""
    parts: list[str] = []
    ordered = sorted(lines)
    start = previous = None
    for line in [*ordered, None]:
        if start is not None and previous is not None and (line is None or line != previous + 1):
            parts.append(str(start) if start == previous else f"{start}-{previous}")
            start = None
        if line is not None and start is None:
            start = line
        previous = line
    return ",".join(parts)


def _unranges(text: str) -> set[int]:
    lines: set[int] = set()
    for part in filter(None, text.split(",")):
        first, _, last = part.partition("-")
        lines.update(range(int(first), int(last or first) + 1))
    return lines


# cover: venvs and test runs -------------------------------------------------------------------


def _python312() -> str:
    """An interpreter that runs the pinned JAX (the one of jaxlsp's .venv, which has it)."""
    for candidate in (REPO / ".venv" / "bin" / "python", Path(sys.executable)):
        if candidate.exists():
            done = subprocess.run(
                [str(candidate), "-c", "import sys; print(sys.base_prefix)"],
                capture_output=True,
                text=True,
                check=True,
            )
            base = Path(done.stdout.strip()) / "bin" / "python3"
            if base.exists():
                return str(base)
    raise RuntimeError("no base interpreter found for the oracle's venvs")


def _site_packages(venv: Path) -> Path:
    return next((venv / "lib").glob("python3*/site-packages"))


def _uv(scratch: Path) -> str | None:
    """uv, when there is one (on ``PATH`` or in the scratch's ``tools`` venv): it installs a
    package's venv in seconds where pip takes minutes, linking from one shared cache."""
    local = scratch / "tools" / "bin" / "uv"
    return str(local) if local.exists() else shutil.which("uv")


def _pip(venv: Path, *args: str, log: Path, uv: str | None = None) -> bool:
    """``pip install`` into the venv (through uv when given); whether it installed."""
    python = str(venv / "bin" / "python")
    command = (
        [uv, "pip", "install", "-q", "--python", python, *args]
        if uv
        else [python, "-m", "pip", "install", "-q", *args]
    )
    with log.open("a", encoding="utf-8") as out:
        done = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, check=False)
    return done.returncode == 0


def base_venv(scratch: Path) -> Path:
    """The venv every package's venv is layered on: the pinned JAX, pytest and coverage.py."""
    venv = scratch / "base"
    if not (venv / ".complete").exists():
        subprocess.run([_python312(), "-m", "venv", str(venv)], check=True)
        log = scratch / "base.log"
        if not _pip(venv, *JAX_PINS, *BASE_REQUIREMENTS, log=log):
            raise RuntimeError(f"the base venv did not install: see {log}")
        (venv / ".complete").write_text("", encoding="utf-8")
    return venv


#: Marks a package venv whose install forced the pinned JAX over the package's declared cap.
FORCED = ".jax-forced"
FORCED_SAID = "the pinned JAX forced over the JAX versions the package declares"


def package_venv(scratch: Path, name: str, package: Package, log: Path) -> Path | None:
    """A venv of the package's own, with its test requirements, seeing the base venv through a
    ``.pth`` file; pip is held to the pinned JAX.  None when it does not install."""
    base = base_venv(scratch)
    venv = scratch / "venvs" / f"{name}-{package.version}"
    requirements = [
        f"{name}{r}=={package.version}" if r.startswith("[") else r
        for r in package.test_requirements
    ]
    complete = venv / ".complete"
    # made with the requirements it now has (they are written there)
    if complete.exists() and complete.read_text(encoding="utf-8") == " ".join(requirements):
        return venv
    shutil.rmtree(venv, ignore_errors=True)
    subprocess.run([_python312(), "-m", "venv", str(venv)], check=True)
    site = _site_packages(venv)
    (site / "zz_jaxlsp_oracle_base.pth").write_text(f"{_site_packages(base)}\n", encoding="utf-8")
    constraints = venv / "constraints.txt"
    constraints.write_text("\n".join(JAX_PINS) + "\n", encoding="utf-8")
    wanted = ["-c", str(constraints), f"{name}=={package.version}", *requirements]
    uv = _uv(scratch)
    if not _pip(venv, *wanted, log=log, uv=uv):
        # a package whose metadata caps JAX below the pin: its tests run on the pinned JAX
        # anyway (uv's override), and the stored run says so
        if uv is None or not _pip(venv, "--override", str(constraints), *wanted, log=log, uv=uv):
            return None
        (venv / FORCED).write_text("", encoding="utf-8")
    complete.write_text(" ".join(requirements), encoding="utf-8")
    return venv


def _install_error(log: str) -> str:
    """What pip's (``ERROR: ...``) or uv's (``error: ...`` then its cause) log says went wrong
    last (after a forced install's retry, the retry's), in one line."""
    lines = [line.strip() for line in log.splitlines() if line.strip()]
    said = ""
    for number, line in enumerate(lines):
        if line.startswith("ERROR"):
            said = line
        elif line.startswith(("×", "error:")):
            said = " ".join(part.strip(" ╰─▶│×") for part in lines[number : number + 2])
    return (said or (lines[-1:] or ["no output"])[0])[:240]


def _installed_roots(venv: Path, name: str, version: str) -> list[Path]:
    """The top-level folders (and modules) the package's wheel installed."""
    site = _site_packages(venv)
    dist_info = next(site.glob(f"{name.replace('-', '_')}-{version}.dist-info"), None)
    if dist_info is None:
        dist_info = next(site.glob(f"{name.replace('-', '_')}-*.dist-info"))
    tops: set[str] = set()
    for line in (dist_info / "RECORD").read_text(encoding="utf-8").splitlines():
        path = line.split(",", 1)[0]
        top = path.split("/", 1)[0]
        if top.endswith((".dist-info", ".data")) or top.startswith(".."):
            continue
        tops.add(top)
    return [site / top for top in sorted(tops) if (site / top).exists()]


#: Fewer test files than this in a wheel (a stray one or two): its sdist's or repository's
#: test suite is taken when there is one.
FEW_TESTS = 3
_TEST_FILE = re.compile(r"(^test_.*|.*_test)\.py$")


def _test_files(root: Path) -> list[Path]:
    """The files of tests under ``root`` (``test_utils.py`` helpers hold no test)."""
    return sorted(
        p
        for p in root.rglob("*.py")
        if _TEST_FILE.match(p.name)
        and "def test" in p.read_text(encoding="utf-8", errors="replace")
    )


def test_root(scratch: Path, name: str, package: Package, roots: list[Path]) -> tuple[Path, str]:
    """Where the tests are, and whence: the wheel's own test files when it ships a suite, else
    those of the package's repository (when ``PACKAGES`` names it and its snapshot is there),
    else the ``tests``/``test`` folder of the sdist (copied alone, so the installed package is
    tested, not the sdist's copy)."""
    shipped = [f for root in roots if root.is_dir() for f in _test_files(root)]
    if len(shipped) >= FEW_TESTS:
        return roots[0].parent, "wheel"
    from_repository = repository_tests(scratch, name, package, roots)
    if from_repository is not None:
        return from_repository
    try:
        sdist: Path | None = _download_sdist(scratch, name, package.version)
    except subprocess.CalledProcessError:
        sdist = None  # no sdist on the index
    target = scratch / "tests" / f"{name}-{package.version}"
    if sdist is not None and not target.exists():
        with tarfile.open(sdist) as archive:
            members = archive.getmembers()
            top = members[0].name.split("/", 1)[0]
            wanted = [
                m
                for m in members
                if (m.name.split("/")[1:2] and m.name.split("/")[1] in {"tests", "test"})
                or m.name in {f"{top}/conftest.py"}
            ]
            archive.extractall(target, members=wanted, filter="data")
        inner = target / top
        if inner.exists():
            for child in inner.iterdir():
                child.rename(target / child.name)
            inner.rmdir()
    if target.exists() and _test_files(target):
        return target, "sdist"
    if shipped:  # a few, and nothing more elsewhere
        return roots[0].parent, "wheel"
    raise OracleError(
        "neither its wheel nor its sdist ships its tests"
        + (f" (nor does its repository {package.repository})" if package.repository else "")
    )


def _git(git_dir: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", f"--git-dir={git_dir}", *args], capture_output=True, text=True, check=True
    )
    return done.stdout


def _is_test_path(path: str) -> bool:
    """A test file, a conftest, or anything in a ``tests``/``test`` folder (its data too)."""
    parts = path.split("/")
    return (
        any(part in ("tests", "test") for part in parts[:-1])
        or bool(_TEST_FILE.match(parts[-1]))
        or parts[-1] == "conftest.py"
    )


def repository_tests(
    scratch: Path, name: str, package: Package, roots: list[Path]
) -> tuple[Path, str] | None:
    """The tests of the package's repository snapshot, at the tag of the pinned version (else
    its head): those inside the package's own folder (``src/`` layouts too) are laid into the
    installed package, beside the modules they import relatively; a top-level ``tests`` folder
    goes to the scratch.  None without a snapshot."""
    git_dir = scratch / "repos" / package.repository.replace("/", "+")
    if not package.repository or not git_dir.exists():
        return None
    if (git_dir / ".git").is_dir():
        git_dir = git_dir / ".git"  # a clone, not a bare snapshot
    tags = set(_git(git_dir, "tag").split())
    named = (f"v{package.version}", package.version, f"{name}-v{package.version}")
    ref = next((t for t in named if t in tags), "HEAD")
    commit = _git(git_dir, "rev-parse", "--short", f"{ref}^{{commit}}").strip()
    wanted = [f for f in _git(git_dir, "ls-tree", "-r", "--name-only", ref).splitlines()]
    wanted = [f for f in wanted if _is_test_path(f)]
    if not wanted:
        return None
    target = scratch / "repository-tests" / f"{name}-{package.version}"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    archive = subprocess.run(
        ["git", f"--git-dir={git_dir}", "archive", "--format=tar", ref, "--", *wanted],
        capture_output=True,
        check=True,
    ).stdout
    (target / "tests.tar").write_bytes(archive)
    with tarfile.open(target / "tests.tar") as tar:
        tar.extractall(target, filter="data")
    (target / "tests.tar").unlink()
    site = roots[0].parent
    tops = {r.name for r in roots if r.is_dir()}
    for path in sorted(wanted):
        inner = path.removeprefix("src/")
        if inner.split("/", 1)[0] in tops:
            placed = site / inner
            if not placed.exists():
                placed.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(target / path, placed)
    source = f"repository {package.repository}@{ref} ({commit})"
    tested_inside = _test_files(target)
    for top in ("src", *tops):  # the copies left would hide the installed package
        shutil.rmtree(target / top, ignore_errors=True)
    if _test_files(target):
        return target, source
    return (site, source) if tested_inside else None


def tests_first(
    test_files: Sequence[Path], flagged: Sequence[str], site: Path | None = None
) -> list[Path]:
    """The test files most likely to run the flagged modules (package paths, most important
    first), in that order: a flagged file that is itself a test; ``test_<module>.py`` or
    ``<module>_test.py``; then a test file importing the module by name."""
    named: list[Path] = []
    importing: list[Path] = []
    texts: dict[Path, str] = {}
    for module in dict.fromkeys(flagged):
        path = Path(module)
        stem = path.parent.name if path.stem == "__init__" else path.stem
        for test in test_files:
            itself = site is not None and test.resolve() == (site / module).resolve()
            if itself or test.stem in (f"test_{stem}", f"{stem}_test"):
                named.append(test)
                continue
            if test not in texts:
                texts[test] = test.read_text(encoding="utf-8", errors="replace")
            pattern = rf"^\s*(from|import)\s[^\n]*\b{re.escape(stem)}\b"
            if re.search(pattern, texts[test], re.MULTILINE):
                importing.append(test)
    return list(dict.fromkeys([*named, *importing]))


def flagged_modules(checks: Path | None, name: str, version: str) -> list[str]:
    """The package files with findings in the check kept in ``checks`` (error findings' files
    first, then warnings', then hints'); none when no check is kept there."""
    kept = checks / f"{name}-{version}.json" if checks is not None else None
    if kept is None or not kept.exists():
        return []
    findings = json.loads(kept.read_text(encoding="utf-8"))["findings"]
    order = {"error": 0, "warning": 1}
    ranked = sorted(findings, key=lambda f: order.get(f["severity"], 2))
    return list(dict.fromkeys(f["path"] for f in ranked))


def _download_sdist(scratch: Path, name: str, version: str) -> Path:
    sdists = scratch / "sdists"
    sdists.mkdir(parents=True, exist_ok=True)
    for candidate in sdists.glob("*.tar.gz"):
        stem = candidate.name.removesuffix(".tar.gz").lower().replace("_", "-")
        if stem == f"{name}-{version}".lower():
            return candidate
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:"]
    subprocess.run([*command, "-d", str(sdists), f"{name}=={version}"], check=True)
    return _download_sdist(scratch, name, version)


@dataclass(frozen=True)
class _Suite:
    """A package installed in its venv, and its tests: where they are and which are selected."""

    package: Package
    venv: Path
    roots: list[Path]
    #: The test root, and whence the tests came (``wheel``, ``sdist``, ``repository ...``).
    where: Path
    source: str
    selection: list[str]
    #: The test files of the selection.
    files: list[Path]

    @property
    def site(self) -> Path:
        return self.roots[0].parent


def _suite(
    scratch: Path,
    name: str,
    package: Package,
    log: Path,
) -> _Suite:
    venv = package_venv(scratch, name, package, log)
    if venv is None:
        installing = log.read_text(encoding="utf-8", errors="replace")
        raise OracleError(f"did not install on the pinned JAX: {_install_error(installing)}")
    roots = _installed_roots(venv, name, package.version)
    where, source = test_root(scratch, name, package, roots)
    site = roots[0].parent
    selection = [str(where / t) for t in package.tests] or (
        [str(r) for r in roots if r.is_dir()] if where == site else [str(where)]
    )
    files = [f for s in selection for f in (_test_files(Path(s)) if Path(s).is_dir() else [])]
    files += [Path(s) for s in selection if Path(s).is_file()]
    return _Suite(package, venv, roots, where, source, selection, files)


def _run_tests(
    suite: _Suite,
    work: Path,
    seconds: float,
    first: Sequence[Path],
    coverage: bool,
    extra_env: Mapping[str, str] = {},
) -> bool:
    """pytest on the suite's selection with the oracle's plugin (under coverage.py when
    ``coverage``), stopped between tests past ``seconds``; whether it had to be killed."""
    # our own pytest.ini: pytest would otherwise take jaxlsp's pyproject.toml above the scratch
    (work / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (work / ".coveragerc").write_text(
        "[run]\nsigterm = true\ndata_file = " + str(work / ".coverage") + "\n"
        "source =\n" + "".join(f"    {r}\n" for r in suite.roots),
        encoding="utf-8",
    )
    env = {
        **os.environ,
        "PYTHONPATH": str(PLUGIN_DIR),
        "JAXLSP_ORACLE_OUT": str(work),
        "JAXLSP_ORACLE_ROOTS": os.pathsep.join(str(r) for r in suite.roots),
        "JAXLSP_ORACLE_DEADLINE": str(time.time() + seconds),
        "JAXLSP_ORACLE_FIRST": os.pathsep.join(str(f) for f in first),
        "JAX_PLATFORMS": "cpu",
        "JAX_TRACEBACK_FILTERING": "off",
        "XLA_FLAGS": "--xla_force_host_platform_device_count=8",
        "MPLBACKEND": "Agg",
        "TF_CPP_MIN_LOG_LEVEL": "3",
        **extra_env,
    }
    runner = ["coverage", "run", f"--rcfile={work / '.coveragerc'}", "-m"] if coverage else []
    command = [
        str(suite.venv / "bin" / "python"),
        "-m",
        *runner,
        "pytest",
        "-p",
        "jaxlsp_oracle_plugin",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:randomly",
        "-q",
        "--continue-on-collection-errors",
        f"--timeout={TEST_TIMEOUT}",
        "-o",
        "addopts=",
        f"--rootdir={suite.where}",
        "-c",
        str(work / "pytest.ini"),
        *(["-k", suite.package.keyword] if suite.package.keyword else []),
        *suite.selection,
    ]
    with (work / "pytest.log").open("w", encoding="utf-8") as out:
        try:
            subprocess.run(
                command,
                cwd=work,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                timeout=seconds + TEST_TIMEOUT + 60,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return True
    return False


def _aimed(name: str, tests: Sequence[str], keyword: str | None) -> Package:
    """The package, its test selection replaced by ``tests``/``keyword`` where given."""
    package = PACKAGES[name]
    if tests:
        package = dataclasses.replace(package, tests=tuple(tests))
    if keyword is not None:
        package = dataclasses.replace(package, keyword=keyword)
    return package


def cover(
    scratch: Path,
    name: str,
    seconds: float,
    tests: Sequence[str] = (),
    keyword: str | None = None,
    checks: Path | None = None,
) -> CoverageRun:
    """Run the package's tests under coverage with the oracle's plugin; store the result (merged
    with the stored run).  ``tests`` and ``keyword``, when given, stand for the package's own
    selection (to aim one run at the tests that reach a flagged module).  With the package's
    check kept in ``checks``, the test files that reach its flagged modules run first."""
    package = _aimed(name, tests, keyword)
    work = scratch / "runs" / f"{name}-{package.version}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    started = time.time()
    suite = _suite(scratch, name, package, work / "install.log")
    flagged = flagged_modules(checks, name, package.version)
    first = tests_first(suite.files, flagged, suite.site)
    killed = _run_tests(suite, work, seconds, first, coverage=True)
    run = collect(name, package, work, suite.roots, suite.source, suite.selection, suite.where)
    run.tests["seconds"] = round(time.time() - started)
    run.tests["first"] = [
        str(f.relative_to(suite.where)) for f in first if f.is_relative_to(suite.where)
    ]
    if (suite.venv / FORCED).exists():
        run.tests["install"] = FORCED_SAID
    if killed:
        run.tests["stopped"] = "killed past the time bound"
    if not (run.tests["passed"] or run.tests["failed"] or run.tests["skipped"]):
        said = (work / "pytest.log").read_text(encoding="utf-8", errors="replace").splitlines()
        if killed:
            raise OracleError(
                f"its tests ({suite.source}) did not start within the time bound: importing "
                "and collecting them took longer, and the run was killed"
            )
        raise OracleError(f"its tests ({suite.source}) did not run: {_collection_error(said)}")
    earlier = load_run(name, package.version)
    if earlier is not None and not earlier.tests.get("not_run"):
        run = merged(earlier, run)
    _store(run)
    return run


def _store(run: CoverageRun) -> None:
    STORE.mkdir(parents=True, exist_ok=True)
    store_path(run.package, run.version).write_text(
        json.dumps(run.to_json(), indent=1) + "\n", encoding="utf-8"
    )


#: The rule (its code) whose findings the key pass judges.
KEY_REUSE = "key-reuse-error"
#: Test files a key pass selects at most (those nearest the findings): importing and
#: collecting a whole suite can take the pass's whole time bound on a shared machine.
KEY_PASS_FILES = 8


def key_sites(
    checks: Path | None, name: str, version: str, source_root: Path | None = None
) -> dict[str, list[int]]:
    """The lines the key pass watches, per package file: each key-reuse finding's lines and
    its related sites (a related site's absolute path, under ``source_root``, the unpacked
    wheel the check ran on, made relative like the finding's)."""
    kept = checks / f"{name}-{version}.json" if checks is not None else None
    if kept is None or not kept.exists():
        return {}
    sites: dict[str, set[int]] = {}
    for finding in json.loads(kept.read_text(encoding="utf-8"))["findings"]:
        if finding["rule"] != KEY_REUSE:
            continue
        for path, line in _finding_sites(finding, source_root):
            sites.setdefault(path, set()).add(line)
    return {path: sorted(lines) for path, lines in sorted(sites.items())}


def _finding_sites(
    finding: Mapping[str, Any], source_root: Path | None = None
) -> set[tuple[str, int]]:
    """(file, line) of the finding's span and of each related site (in the finding's file
    when the related site names none, or names one outside ``source_root``)."""
    path = finding["path"]
    last = max(finding.get("endLine") or 0, finding["line"])
    sites = {(path, line) for line in range(finding["line"], last + 1)}
    for related in finding.get("related") or ():
        sites.add((_related_path(finding, related, source_root), related["line"]))
    return sites


def _related_path(
    finding: Mapping[str, Any], related: Mapping[str, Any], source_root: Path | None = None
) -> str:
    """A related site's file, relative like the finding's: the finding's own when the site
    names none (or one outside ``source_root``, the unpacked wheel the check ran on)."""
    named = related.get("path")
    if named and source_root is not None and Path(named).is_relative_to(source_root):
        return Path(named).relative_to(source_root).as_posix()
    if named and "/src/" in named:  # the unpacked wheel of the scratch: src/<pkg>-<ver>/
        return str(named).split("/src/", 1)[1].split("/", 1)[1]
    if named and not Path(named).is_absolute():
        return str(named)
    return str(finding["path"])


#: How a finding's related location names a call it follows (``jaxlsp.rules._shapes``): the
#: call into the helper that failed, and the outermost call of the chain.
CALL_SITE_SUFFIX = " is called here"


def calls_not_run(finding: Mapping[str, Any], run: CoverageRun) -> list[tuple[str, int]]:
    """The calls the finding follows (its related locations that say so) whose line no passing
    test ran: the error is claimed for the values those calls bring, so a test that ran the
    flagged line without them tested other values."""
    missing = []
    for related in finding.get("related") or ():
        if not str(related.get("message", "")).endswith(CALL_SITE_SUFFIX):
            continue
        path = _related_path(finding, related)
        if related["line"] not in run.passed_lines.get(path, set()):
            missing.append((path, related["line"]))
    return missing


def cover_keys(
    scratch: Path,
    name: str,
    seconds: float,
    checks: Path,
    tests: Sequence[str] = (),
    keyword: str | None = None,
    jit: bool = False,
    aim: bool = False,
) -> CoverageRun:
    """The key pass: the package's tests (those reaching its key-reuse findings first) run with
    the plugin recording, at each finding's lines, the bits of every key a ``jax.random``
    sampler or ``split`` consumed (under ``jax.disable_jit`` unless ``jit``, so the keys are
    concrete); no coverage: the tests' line evidence stays that of ``cover``'s runs, which
    keep JIT on.  The test files that reach the watched modules are selected first (the
    package's own selection aims at its error findings), then others up to
    ``KEY_PASS_FILES``, unless ``tests``/``keyword`` aim the pass, or ``aim`` does: only the
    test functions that reach the watched lines of test files (``key_tests``).  The record is
    added to the stored run."""
    package = dataclasses.replace(PACKAGES[name], tests=tuple(tests), keyword=keyword or "")
    earlier = load_run(name, package.version)
    if earlier is None or earlier.tests.get("not_run"):
        raise OracleError("no stored run of its tests to add the key pass to")
    source_root = scratch / "src" / f"{name}-{package.version}"
    watched = key_sites(checks, name, package.version, source_root)
    if not watched:
        raise OracleError("no key-reuse finding in its kept check")
    work = scratch / "runs" / f"{name}-{package.version}-keys"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    started = time.time()
    suite = _suite(scratch, name, package, work / "install.log")
    sites_file = work / "sites.json"
    sites_file.write_text(
        json.dumps({str(suite.site / path): lines for path, lines in watched.items()}),
        encoding="utf-8",
    )
    first = tests_first(suite.files, list(watched), suite.site)
    if aim:
        files, names = key_tests(suite.files, watched, suite.site)
        if not names:
            raise OracleError("no test function reaches or names a watched line's function")
        package = dataclasses.replace(package, keyword=" or ".join(names))
        suite = dataclasses.replace(
            suite, package=package, selection=[str(f) for f in files], files=files
        )
        first = files
    elif not tests:  # the test files that reach the watched modules, then others, up to a bound
        first = first[:KEY_PASS_FILES]
        chosen = [*first, *(f for f in suite.files if f not in first)][:KEY_PASS_FILES]
        suite = dataclasses.replace(suite, selection=[str(f) for f in chosen])
    env = {"JAXLSP_ORACLE_KEYS": str(sites_file), "JAXLSP_ORACLE_KEYS_NO_JIT": "0" if jit else "1"}
    killed = _run_tests(suite, work, seconds, first, coverage=False, extra_env=env)
    outcome = collect(name, package, work, suite.roots, suite.source, suite.selection, suite.where)
    activations = []
    keys_file = work / "keys.json"
    for item in json.loads(keys_file.read_text()) if keys_file.exists() else []:
        relative = _relative(item["file"], suite.site)
        if relative is not None:
            activations.append({**item, "file": relative})
    said = {k: outcome.tests[k] for k in ("passed", "failed", "skipped", "stopped")}
    said |= {
        "jit": "on" if jit else "off (jax.disable_jit)",
        "seconds": round(time.time() - started),
        "selection": outcome.tests["selection"],
        "keyword": package.keyword,
        "first": [str(f.relative_to(suite.where)) for f in first if f.is_relative_to(suite.where)],
        **({"stopped": "killed past the time bound"} if killed else {}),
    }
    keys = {"watched": watched, "runs": [said], "activations": activations}
    run = dataclasses.replace(earlier, keys=merged_keys(earlier.keys, keys))
    _store(run)
    return run


def key_tests(
    test_files: Sequence[Path], watched: Mapping[str, Sequence[int]], site: Path
) -> tuple[list[Path], list[str]]:
    """The test files holding watched lines, and the names of their test functions that reach
    those lines: the test function (or method) around a line, or, for a line in a helper of
    the file, each test function of the file that names the helper; then, up to
    ``KEY_PASS_FILES`` files, the test functions that name a function of the package's own
    code around a watched line (``library_functions``).  Aims a key pass at the
    tests that run both sites of a reuse, where the unaimed pass's bounded run never got."""
    files: list[Path] = []
    names: dict[str, None] = {}
    for test in test_files:
        relative = _relative(str(test), site)
        lines = watched.get(relative) if relative is not None else None
        if not lines:
            continue
        try:
            tree = ast.parse(test.read_text(encoding="utf-8", errors="replace"))
        except SyntaxError:
            continue
        functions = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        tests = [f for f in functions if f.name.startswith("test")]
        found = False
        for line in lines:
            around = [f for f in functions if f.lineno <= line <= (f.end_lineno or f.lineno)]
            if not around:
                continue
            outer_tests = [f.name for f in around if f.name.startswith("test")]
            if outer_tests:
                names.update(dict.fromkeys(outer_tests))
                found = True
                continue
            helper = max(around, key=lambda f: f.lineno).name
            callers = [
                t.name
                for t in tests
                if any(
                    (isinstance(n, ast.Name) and n.id == helper)
                    or (isinstance(n, ast.Attribute) and n.attr == helper)
                    for n in ast.walk(t)
                )
            ]
            names.update(dict.fromkeys(callers))
            found = found or bool(callers)
        if found:
            files.append(test)
    called = library_functions(watched, site, {_relative(str(t), site) for t in test_files})
    for test in test_files:
        if not called or test in files or len(files) >= KEY_PASS_FILES:
            continue
        try:
            tree = ast.parse(test.read_text(encoding="utf-8", errors="replace"))
        except SyntaxError:
            continue
        callers = [
            node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.name.startswith("test")
            and _names(node) & called
        ]
        if callers:
            names.update(dict.fromkeys(callers))
            files.append(test)
    return files, list(names)


def library_functions(
    watched: Mapping[str, Sequence[int]], site: Path, test_files: set[str | None]
) -> set[str]:
    """The names of the package's own functions (not its tests') around watched lines: a test
    naming one calls into a reuse the package's code makes (``key_tests`` aims at it)."""
    found: set[str] = set()
    for relative, lines in watched.items():
        if relative in test_files or not (site / relative).is_file():
            continue
        try:
            tree = ast.parse((site / relative).read_text(encoding="utf-8", errors="replace"))
        except SyntaxError:
            continue
        scopes = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        ]
        for line in lines:
            around = [f for f in scopes if f.lineno <= line <= (f.end_lineno or f.lineno)]
            around.sort(key=lambda f: f.lineno)
            # a constructor or ``__call__`` is called by its class's name
            while around and around[-1].name in ("__init__", "__call__"):
                around.pop()
            if around:
                found.add(around[-1].name)
    return found


def _names(node: ast.AST) -> set[str]:
    """Every name and attribute named inside ``node``."""
    return {
        n.id if isinstance(n, ast.Name) else n.attr
        for n in ast.walk(node)
        if isinstance(n, ast.Name | ast.Attribute)
    }


def merged_keys(
    earlier: Mapping[str, Any] | None, later: Mapping[str, Any] | None
) -> dict[str, Any] | None:
    """Two key passes' records as one (the watched sites of both, every activation)."""
    if earlier is None:
        return dict(later) if later is not None else None
    if later is None:
        return dict(earlier)
    watched = {f: set(lines) for f, lines in earlier["watched"].items()}
    for f, lines in later["watched"].items():
        watched.setdefault(f, set()).update(lines)
    return {
        "watched": {f: sorted(lines) for f, lines in sorted(watched.items())},
        "runs": [*earlier["runs"], *later["runs"]],
        "activations": [*earlier["activations"], *later["activations"]],
    }


def _collection_error(log: Sequence[str]) -> str:
    """Why no test ran, in one line: the error most test modules stopped on (``E   ...``),
    else pytest's last ``ERROR`` line."""
    # without the scratch's paths ("cannot import name 'x' from 'm' (/.../m.py)")
    causes = Counter(
        re.sub(r" \(/[^)]*\)", "", line[4:].strip()) for line in log if line.startswith("E   ")
    )
    if causes:
        cause, count = causes.most_common(1)[0]
        return f"{cause[:240]} ({count} of its test modules)" if count > 1 else cause[:240]
    errors = [line.strip() for line in log if line.startswith("ERROR")]
    return (errors or ["no test ran"])[-1][:240]


def merged(earlier: CoverageRun, later: CoverageRun) -> CoverageRun:
    """Two runs of one package's tests as one: each adds evidence (lines run in passing tests,
    exceptions through lines, failures); ``tests`` lists every run's."""
    passed = {f: set(lines) for f, lines in earlier.passed_lines.items()}
    for f, lines in later.passed_lines.items():
        passed.setdefault(f, set()).update(lines)
    raised = {f: {line: set(n) for line, n in by.items()} for f, by in earlier.raised.items()}
    for f, by_line in later.raised.items():
        for line, names in by_line.items():
            raised.setdefault(f, {}).setdefault(line, set()).update(names)
    runs = [*earlier.tests.get("runs", [earlier.tests]), later.tests]
    tests = {
        "source": later.tests["source"],
        "selection": sorted({s for r in runs for s in r.get("selection", [])}),
        "keyword": " | ".join(sorted({r["keyword"] for r in runs if r.get("keyword")})),
        "passed": sum(r.get("passed", 0) for r in runs),
        "failed": sum(r.get("failed", 0) for r in runs),
        "skipped": sum(r.get("skipped", 0) for r in runs),
        "stopped": next((r["stopped"] for r in reversed(runs) if r.get("stopped")), None),
        "seconds": sum(r.get("seconds", 0) for r in runs),
        "install": next((r["install"] for r in runs if r.get("install")), None),
        "runs": runs,
    }
    failures = (earlier.failures + later.failures)[:300]
    keys = merged_keys(earlier.keys, later.keys)
    return CoverageRun(later.package, later.version, tests, passed, raised, failures, keys)


def store_not_run(name: str, reason: str) -> None:
    """A package whose tests could not run: the reason is stored in place of its run."""
    version = PACKAGES[name].version
    earlier = load_run(name, version)
    if earlier is not None and not earlier.tests.get("not_run"):
        return  # a run that did not start takes nothing from the evidence stored before it
    run = CoverageRun(name, version, {"not_run": reason}, {}, {})
    STORE.mkdir(parents=True, exist_ok=True)
    store_path(name, version).write_text(json.dumps(run.to_json(), indent=1) + "\n")


def _reason(error: Exception) -> str:
    """The first line of an error that says something."""
    lines = [line for line in str(error).splitlines() if line.strip()]
    return (lines or [type(error).__name__])[0][:300]


class OracleError(Exception):
    """A package the oracle could not run (the reason is the message)."""


def _numbits(blob: bytes) -> set[int]:
    """coverage.py's numbits: bit ``n`` set when line ``n`` ran."""
    return {
        i * 8 + bit for i, byte in enumerate(blob) if byte for bit in range(8) if byte >> bit & 1
    }


def collect(
    name: str,
    package: Package,
    work: Path,
    roots: list[Path],
    source: str,
    selection: list[str],
    where: Path,
) -> CoverageRun:
    """The stored form of a finished (or stopped) run: coverage's data, credited to passing
    tests, and the plugin's exceptions and outcomes."""
    site = roots[0].parent
    outcomes = []
    outcomes_file = work / "outcomes.jsonl"
    if outcomes_file.exists():
        outcomes = [json.loads(line) for line in outcomes_file.read_text().splitlines() if line]
    passed = {o["test"] for o in outcomes if o["outcome"] == "passed"}
    failed = [o for o in outcomes if o["outcome"] == "failed"]
    failed_tests = {o["test"] for o in failed}
    passed -= failed_tests  # a test whose teardown failed
    passed_lines: dict[str, set[int]] = {}
    data = work / ".coverage"
    if data.exists():
        with sqlite3.connect(data) as db:
            files = dict(db.execute("select id, path from file"))
            contexts = dict(db.execute("select id, context from context"))
            for file_id, context_id, blob in db.execute(
                "select file_id, context_id, numbits from line_bits"
            ):
                # lines run at import (the empty context) ran without their test failing it
                if contexts[context_id] in passed or contexts[context_id] == "":
                    relative = _relative(files[file_id], site)
                    if relative is not None:
                        passed_lines.setdefault(relative, set()).update(_numbits(blob))
    raised: dict[str, dict[int, set[str]]] = {}
    raised_file = work / "raised.json"
    if raised_file.exists():
        for item in json.loads(raised_file.read_text()):
            relative = _relative(item["file"], site)
            if relative is not None:
                raised.setdefault(relative, {}).setdefault(item["line"], set()).update(
                    item["types"]
                )
    session: dict[str, Any] = {}
    if (work / "session.json").exists():
        session = json.loads((work / "session.json").read_text())
    failures = [
        {
            "test": o["test"],
            "type": o["type"][:3],
            "message": o["message"],
            "frames": [
                f"{_relative(path, site)}:{line}"
                for path, _, line in (frame.rpartition(":") for frame in o["frames"])
                if _relative(path, site) is not None
            ],
        }
        for o in failed
    ]
    counts = Counter(o["outcome"] for o in outcomes)
    tests = {
        "source": source,
        "keyword": package.keyword,
        "selection": [
            str(Path(s).relative_to(where)) if s != str(where) else "." for s in selection
        ],
        "passed": counts["passed"],
        "failed": len(failed_tests),
        "skipped": counts["skipped"],
        "stopped": session.get("stopped"),
        "exitstatus": session.get("exitstatus"),
    }
    return CoverageRun(name, package.version, tests, passed_lines, raised, failures[:300])


def _relative(path: str, site: Path) -> str | None:
    try:
        return Path(path).resolve().relative_to(site.resolve()).as_posix()
    except ValueError:
        return None


# judge: classify findings ---------------------------------------------------------------------


def error_classes() -> dict[str, str]:
    """Record id -> the exception class its error is (the last name of ``errorClass``)."""
    classes = {}
    for path in RECORDS.glob("*.json"):
        record = json.loads(path.read_text(encoding="utf-8"))["record"]
        if record.get("errorClass"):
            classes[record["id"]] = record["errorClass"].rsplit(".", 1)[-1]
    return classes


def _caught_names(names: set[str]) -> set[str]:
    return {name for name in names if name.startswith("caught:")}


def classify(
    finding: Mapping[str, Any], run: CoverageRun | None, classes: Mapping[str, str]
) -> str:
    """The finding's verdict (one of ``VERDICTS``) against the stored run."""
    if run is None:
        return "unexercised"
    path = finding["path"]
    span = range(finding["line"], max(finding.get("endLine") or 0, finding["line"]) + 1)
    expected = classes.get(finding.get("recordId") or "")
    by_line = run.raised.get(path, {})
    for line in span:
        names = by_line.get(line, set())
        if names - _caught_names(names) and (expected is None or expected in names):
            return "confirmed"
    frames = {f"{path}:{line}" for line in span}
    for failure in run.failures:  # a failing test's traceback through the line
        if (expected is None or expected in failure.get("type", [])) and frames & set(
            failure.get("frames", [])
        ):
            return "confirmed"
    for line in span:
        names = by_line.get(line, set())
        if _caught_names(names) and (expected is None or f"caught:{expected}" in names):
            return "caught"
    if finding["rule"] == KEY_REUSE and run.keys is not None:
        by_keys = key_verdict(finding, run.keys)
        if by_keys is not None:
            return by_keys
    if finding["rule"] in NEEDS_SWITCH:
        return "not judged"
    ran = run.passed_lines.get(path, set())
    if any(line in ran for line in span) and not calls_not_run(finding, run):
        return "refuted"
    return "unexercised"


def _concrete(mark: str) -> bool:
    """A fingerprint of a key's bits (not an abstract key's identity, nor a non-key)."""
    return not mark.startswith(("o", "x"))


def key_verdict(finding: Mapping[str, Any], keys: Mapping[str, Any]) -> str | None:
    """A key-reuse finding judged by the key pass: *confirmed* when one call of a function
    holding its lines consumed the same key (same bits, or one abstract key object) twice at
    them; *refuted* when never so, and some call consumed keys of known bits at two of its
    lines (or twice at its own line, for a loop), always different ones; *unexercised* when
    the pass watched the finding's line and neither happened; None when the pass did not watch
    it (a check newer than the pass)."""
    sites = _finding_sites(finding)
    path = finding["path"]
    watched = set(keys["watched"].get(path, ()))
    span = set(range(finding["line"], max(finding.get("endLine") or 0, finding["line"]) + 1))
    if not span & watched:
        return None
    refuted = False
    for activation in keys["activations"]:
        at = {
            int(line): marks
            for line, marks in activation["sites"].items()
            if (activation["file"], int(line)) in sites
        }
        if not at:
            continue
        counts: Counter[str] = Counter()
        for marks in at.values():
            counts.update({m: n for m, n in marks.items() if m != "x"})
        if any(n >= 2 for n in counts.values()):
            return "confirmed"
        concrete_lines = [line for line, marks in at.items() if any(map(_concrete, marks))]
        twice_on_span = activation["file"] == path and any(
            sum(n for m, n in at.get(line, {}).items() if _concrete(m)) >= 2 for line in span
        )
        if len(concrete_lines) >= 2 or twice_on_span:
            refuted = True
    return "refuted" if refuted else "unexercised"


@dataclass(frozen=True)
class Review:
    """A verdict on one error finding that the package's own tests did not give: the flagged
    code run by a driver of ours (a few lines calling it in the package's venv on the pinned
    JAX), or the code read where nothing can run it; ``proof`` says which, and what ran."""

    package: str
    version: str
    path: str
    line: int
    rule: str
    #: Whether the finding is true: the code raises the error the finding states.
    holds: bool
    reason: str
    #: The driver that proved it (``bench/oracle_drivers/<file>.py [arguments]``, run in the
    #: package's venv, or the base venv for a package that does not install; ``{src}`` stands
    #: for the unpacked wheel; its last line says ``verdict: true|false: ...``), or
    #: "read: ..." when nothing could run the flagged line.
    proof: str

    def key(self) -> tuple[str, str, int, str]:
        return (self.package, self.path, self.line, self.rule)


def current_rule_name(name: str) -> str:
    """A rule's name now, for its name or a former one (unknown names as they are)."""
    from jaxlsp.rules import rule_named

    rule = rule_named(name)
    return rule.NAME if rule is not None else name


def load_reviews(path: Path = REVIEWS) -> dict[tuple[str, str, int, str], Review]:
    """The stored review verdicts, by (package, path, line, rule); a review of another version of
    the package than the pinned one is left out.  A review naming a rule by a former name (the
    rules were renamed after their records) counts under its name now."""
    if not path.exists():
        return {}
    reviews = [Review(**item) for item in json.loads(path.read_text(encoding="utf-8"))]
    reviews = [dataclasses.replace(r, rule=current_rule_name(r.rule)) for r in reviews]
    return {
        r.key(): r
        for r in reviews
        if r.package in PACKAGES and PACKAGES[r.package].version == r.version
    }


@dataclass(frozen=True)
class Judged:
    package: str
    version: str
    finding: dict[str, Any]
    verdict: str
    #: The review verdict, for an error finding the tests did not judge.
    review: Review | None = None
    #: The calls the finding follows that no passing test made, "path:line" each (an
    #: unexercised finding whose own line ran: the tests ran it with other values).
    calls_not_run: tuple[str, ...] = ()

    def holds(self) -> bool | None:
        """True or false by execution (the tests, else a review's driver), None when undecided."""
        if self.verdict == "confirmed":
            return True
        if self.verdict in ("refuted", "caught"):
            # the line ran fine in the tests, but a driver raised the error on the call the
            # finding names (one the tests never made): true, and counted apart
            return self.review is not None and self.review.holds
        return self.review.holds if self.review is not None else None


def checked(
    scratch: Path, name: str, wheel: Path, saved: Path | None, checked_on: str = ""
) -> tuple[realcode.PackageResult, str]:
    """``jaxlsp check`` of the package's wheel (``bench.realcode``'s), written to ``saved``;
    read from there instead when it is already there (to judge one check again).  With it,
    which jaxlsp made the check (``checked_on``, stamped into a check written now; "" where a
    kept check was not stamped): a report may be made from checks of several commits."""
    version = PACKAGES[name].version
    target = saved / f"{name}-{version}.json" if saved is not None else None
    if target is not None and target.exists():
        item = json.loads(target.read_text(encoding="utf-8"))
        result = realcode.PackageResult(
            name, version, item["files"], item["lines"], item["seconds"], item["findings"], []
        )
        return result, str(item.get("checked_on", ""))
    root = realcode.unpack(wheel, scratch / "src" / f"{name}-{version}")
    result = realcode.check(name, version, root)
    if target is not None:
        target.parent.mkdir(parents=True, exist_ok=True)
        payload = {
            "files": result.files,
            "lines": result.lines,
            "seconds": result.seconds,
            "findings": result.findings,
            "checked_on": checked_on,
        }
        target.write_text(json.dumps(payload), encoding="utf-8")
    return result, checked_on


def judge(
    scratch: Path,
    names: Sequence[str],
    saved: Path | None = None,
    saved_only: bool = False,
    checked_on: str = "",
) -> tuple[list[Judged], list[dict[str, Any]]]:
    """Every finding of ``jaxlsp check`` on the packages, classified; and per package what its
    stored run holds and which jaxlsp made its check (``checked_on`` for the checks made now).
    With ``saved_only``, a package whose check is not kept in ``saved`` is listed as not
    checked instead of being checked now."""
    if saved is not None and saved_only:
        names = [n for n in names if (saved / f"{n}-{PACKAGES[n].version}.json").exists()]
    versions = {name: PACKAGES[name].version for name in names}
    wheels = realcode.download(scratch, list(names), versions)
    classes = error_classes()
    reviews = load_reviews()
    judged: list[Judged] = []
    packages: list[dict[str, Any]] = []
    for name in names:
        package = PACKAGES[name]
        result, made_on = checked(scratch, name, wheels[name], saved, checked_on)
        run = load_run(name, package.version)
        not_run = package.skip
        if run is not None and run.tests.get("not_run"):
            not_run, run = run.tests["not_run"], None
        verdicts: Counter[str] = Counter()
        for finding in result.findings:
            verdict = classify(finding, run, classes)
            verdicts[verdict] += 1
            review = reviews.get((name, finding["path"], finding["line"], finding["rule"]))
            tests_decided = verdict in ("refuted", "caught", "confirmed")
            # the tests' verdict stands, except that a refuted or caught finding keeps a review
            # that holds: a driver raised the error on the call the finding names, which the
            # passing tests never made
            if tests_decided and not (verdict != "confirmed" and review and review.holds):
                review = None
            missing = calls_not_run(finding, run) if run is not None else []
            judged.append(
                Judged(
                    name,
                    package.version,
                    finding,
                    verdict,
                    review,
                    tuple(f"{path}:{line}" for path, line in missing),
                )
            )
        packages.append(
            {
                "package": name,
                "version": package.version,
                "reviewed": package.reviewed,
                "lines": result.lines,
                "check_seconds": round(result.seconds, 2),
                "findings": len(result.findings),
                "errors": sum(f["severity"] == "error" for f in result.findings),
                "verdicts": dict(verdicts),
                "tests": run.tests if run is not None else None,
                "covered_lines": sum(len(v) for v in run.passed_lines.values()) if run else 0,
                "not_run": not_run or ("" if run is not None else _why_not_run(result.findings)),
                "checked_on": made_on,
            }
        )
        sys.stderr.write(f"{name} {package.version}: {dict(verdicts)}\n")
    return judged, packages


def _why_not_run(findings: Sequence[Mapping[str, Any]]) -> str:
    """Why a package has no stored run (the runs went first to packages with error findings)."""
    if not any(f["severity"] == "error" for f in findings):
        return "not run yet: no error finding for its tests to judge"
    return "not run yet"


#: The review verdicts' columns beside the execution verdicts in the report.
REVIEW_COLUMNS = ("review: true", "review: false")


def summary(judged: Sequence[Judged]) -> dict[str, dict[str, dict[str, int]]]:
    """Per severity, per rule: how many findings got each verdict of the tests, and how many of
    those the tests left undecided a review found true or false."""
    table: dict[str, dict[str, dict[str, int]]] = {}
    for item in judged:
        by_rule = table.setdefault(item.finding["severity"], {})
        counts = by_rule.setdefault(
            item.finding["rule"], dict.fromkeys((*VERDICTS, *REVIEW_COLUMNS), 0)
        )
        counts[item.verdict] += 1
        if item.review is not None:
            counts[REVIEW_COLUMNS[0] if item.review.holds else REVIEW_COLUMNS[1]] += 1
    return table


#: The severities whose findings execution refuting fails the CI slice: an error states that
#: the code raises, a key-reuse warning that a key is consumed twice.
GATED = ("error", "warning")


def precision_regressions(judged: Iterable[Judged], known: Iterable[str] = ()) -> list[str]:
    """The findings of a gated severity that execution (the tests, the key pass or a review)
    shows false and that ``known`` (``package path:line rule`` each) does not list yet."""
    listed = set(known)
    said = (
        f"{j.package} {j.finding['path']}:{j.finding['line']} {j.finding['rule']}"
        for j in judged
        if j.finding["severity"] in GATED and j.holds() is False
    )
    return sorted(set(said) - listed)


def refuted_share(judged: Sequence[Judged], severity: str = "error") -> tuple[int, int]:
    """(refuted, judged by execution) among the findings of ``severity``."""
    mine = [j for j in judged if j.finding["severity"] == severity]
    decided = [j for j in mine if j.verdict in ("confirmed", "refuted", "caught")]
    return sum(j.verdict in ("refuted", "caught") for j in decided), len(decided)


@dataclass(frozen=True)
class Tally:
    """The error findings of some packages: how many, and how many are true or false by the
    tests or by a review (the rest undecided)."""

    findings: int
    true: int
    false: int

    @classmethod
    def of(cls, judged: Iterable[Judged]) -> Tally:
        errors = [j for j in judged if j.finding["severity"] == "error"]
        verdicts = [j.holds() for j in errors]
        return cls(len(errors), verdicts.count(True), verdicts.count(False))

    def said(self) -> str:
        undecided = self.findings - self.true - self.false
        share = f"{self.true / self.findings:.0%}" if self.findings else "-"
        return (
            f"{self.findings} error findings: {self.true} true, {self.false} false, "
            f"{undecided} undecided ({share} true)"
        )


DRIVERS = REPO / "bench" / "oracle_drivers"
#: A driver that needs another package's venv (the code of a package that does not install,
#: run on a library it builds on) says so in a line of its own.
DRIVER_VENV = re.compile(r"^# runs in the venv of: (\S+)$", re.MULTILINE)


def rerun_reviews(scratch: Path, names: Sequence[str]) -> list[str]:
    """Run each stored review's driver again in its package's venv (built by ``cover``) and
    compare what it says (its last line, ``verdict: true|false: ...``) with the stored verdict;
    the disagreements, and the drivers that could not run."""
    problems = []
    said_by: dict[str, str] = {}  # one run per driver and arguments
    for review in load_reviews().values():
        driver_and_args = review.proof.split()
        if review.package not in names or not driver_and_args[0].endswith(".py"):
            continue
        driver = REPO / driver_and_args[0]
        venv = scratch / "venvs" / f"{review.package}-{review.version}"
        named = DRIVER_VENV.search(driver.read_text(encoding="utf-8"))
        if named is not None and named[1] in PACKAGES:  # another package's venv (flax, say)
            venv = scratch / "venvs" / f"{named[1]}-{PACKAGES[named[1]].version}"
        if not (venv / ".complete").exists():
            venv = base_venv(scratch)  # a package that does not install: its code run alone
        source = scratch / "src" / f"{review.package}-{review.version}"
        arguments = [a.replace("{src}", str(source)) for a in driver_and_args[1:]]
        if review.proof not in said_by:
            done = subprocess.run(
                [str(venv / "bin" / "python"), str(driver), *arguments],
                capture_output=True,
                text=True,
                check=False,
                cwd=scratch,
                env={**os.environ, "JAX_PLATFORMS": "cpu", "PYTHONPATH": ""},
                timeout=600,
            )
            said_by[review.proof] = (done.stdout.strip().splitlines() or [""])[-1]
        said = said_by[review.proof]
        expected = f"verdict: {'true' if review.holds else 'false'}:"
        sys.stdout.write(f"{review.proof}: {said}\n")
        if not said.startswith(expected):
            problems.append(f"{review.proof}: said {said!r}, stored {expected!r}")
    return problems


# the report -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Previous:
    """An earlier report (``bench/oracle-report.json``): what it said of the packages this
    run did not check again, shown apart and never counted with this run's verdicts."""

    label: str
    packages: Mapping[str, Mapping[str, Any]]
    findings: Mapping[str, Sequence[Mapping[str, Any]]]

    @classmethod
    def read(cls, path: Path, label: str = "") -> Previous:
        payload = json.loads(path.read_text(encoding="utf-8"))
        findings: dict[str, list[Mapping[str, Any]]] = {}
        for item in payload["findings"]:
            findings.setdefault(item["package"], []).append(item)
        return cls(
            label or payload.get("label") or "an earlier jaxlsp",
            {p["package"]: p for p in payload["packages"]},
            findings,
        )


def write_report(
    judged: Sequence[Judged],
    packages: Sequence[dict[str, Any]],
    extra: str = "",
    label: str = "",
    previous: Previous | None = None,
) -> None:
    payload = {
        "jax": JAX_PINS[0],
        "label": label,
        "summary": summary(judged),
        "packages": list(packages),
        "findings": [
            {
                "package": j.package,
                "version": j.version,
                "path": j.finding["path"],
                "line": j.finding["line"],
                "rule": j.finding["rule"],
                "severity": j.finding["severity"],
                "verdict": j.verdict,
                "review": dataclasses.asdict(j.review) if j.review is not None else None,
                "calls_not_run": list(j.calls_not_run),
                "summary": j.finding.get("summary", "")[:400],
            }
            for j in judged
        ],
    }
    REPORT_JSON.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
    text = markdown(judged, packages, label, previous)
    REPORT_MD.write_text(text + extra, encoding="utf-8")


def _finding_row(j: Judged) -> str:
    where = f"{j.package} {j.version} `{j.finding['path']}:{j.finding['line']}` {j.finding['rule']}"
    if j.review is None:
        return f"| {where} | {j.verdict} | - | - |"
    said = "true" if j.review.holds else "false"
    reason = j.review.reason.replace("|", "\\|").replace("\n", " ")
    proof = j.review.proof.replace("|", "\\|")
    return f"| {where} | {j.verdict} | {said}: {reason} | `{proof}` |"


def _checked_on(packages: Sequence[Mapping[str, Any]]) -> str:
    """Which jaxlsp made the checks, with how many packages each (a check kept before checks
    were stamped says so)."""
    counts = Counter(p.get("checked_on") or "not stamped" for p in packages)
    return "; ".join(
        f"{made} ({n} package{'s' if n != 1 else ''})" for made, n in counts.most_common()
    )


def markdown(
    judged: Sequence[Judged],
    packages: Sequence[dict[str, Any]],
    label: str = "",
    previous: Previous | None = None,
) -> str:
    refuted, decided = refuted_share(judged)
    caught = sum(j.verdict == "caught" and j.finding["severity"] == "error" for j in judged)
    errors = sum(j.finding["severity"] == "error" for j in judged)
    ran = [p for p in packages if p["tests"] is not None]
    tuned = {p["package"] for p in packages if p["reviewed"]}
    untuned = [p for p in packages if not p["reviewed"]]
    untuned_ran = [p for p in untuned if p["tests"] is not None]
    bounded = [p for p in ran if p["tests"].get("stopped")]
    overruled = sum(
        j.finding["severity"] == "error" and j.verdict in ("refuted", "caught") and bool(j.holds())
        for j in judged
    )
    line_ran = sum(
        j.finding["severity"] == "error" and j.verdict == "unexercised" and bool(j.calls_not_run)
        for j in judged
    )
    listed_now = {p["package"] for p in packages}
    stale = [n for n in PACKAGES if previous and n not in listed_now and n in previous.packages]
    rows = [
        "# The execution oracle: jaxlsp's findings judged by the libraries' own tests",
        "",
        "Generated by `python -m bench.oracle judge` (the test runs: `python -m bench.oracle "
        "cover`); see the docstring of `bench/oracle.py` for how a finding is judged. "
        f"Pinned {JAX_PINS[0]} on the CPU.",
        "",
        "## Method and headline",
        "",
        "Each package's wheel is checked with `jaxlsp check`; each finding is judged against the "
        "stored run of the package's own tests (`bench/oracle/<package>-<version>.json`: the "
        "lines run in passing tests and the exceptions through each line). An error finding "
        "the tests did not reach may carry a *review* verdict (`bench/oracle/reviews.json`): "
        "the flagged code run by a driver of ours in the package's venv on the pinned JAX "
        "(`bench/oracle_drivers/`), or read where nothing can run it, each saying what ran. "
        "Review verdicts are counted apart from the tests' verdicts.",
        "",
        "A finding made for one call (its related locations name the calls it follows, "
        '"`f` is called here": the call into the helper that fails and the outermost call '
        "of the chain, where its values came in) is refuted only when those calls' lines ran "
        "in passing tests too; when one never ran, the tests ran the flagged line with other "
        "values, and the finding is unexercised. Line coverage cannot tell which values a "
        "line ran with, so even then a refutation is read as the tests' word, not a proof.",
        "",
        *([f"- the jaxlsp checked with: {label}"] if label else []),
        *([f"- each check made on: {_checked_on(packages)}"] if packages else []),
        *(
            [
                f"- not re-judged on {label or 'this jaxlsp'}: {len(stale)} packages, listed "
                f"apart at the end with their verdicts on {previous.label} (not counted here)"
            ]
            if previous is not None and stale
            else []
        ),
        f"- packages: {len(packages)} checked, {len(ran)} with a stored test run: "
        f"{len(ran) - len(untuned_ran)} of the {len(tuned)} tuned on (`bench/realcode.py`'s), "
        f"{len(untuned_ran)} of the {len(untuned)} never tuned on",
        f"- {len(bounded)} of the stored runs are a time-bounded subset of the package's suite "
        "(stopped by the oracle's time bound; the rest ran every selected test)",
        f"- untuned packages: {', '.join(p['package'] for p in untuned)}",
        f"- error findings: {errors}; judged by the tests {decided}: refuted {refuted - caught}, "
        f"caught by the package's own handler {caught}, confirmed {decided - refuted}; "
        f"refuted or caught: {refuted / errors if errors else 0:.1%} of all error findings, "
        f"{refuted / decided if decided else 0:.1%} of those the tests judged",
        f"- of the error findings refuted or caught by line coverage, {overruled} raise on the "
        "call the finding names, which the passing tests never made (a driver made it; counted "
        "true below, and in both the refuted and the review: true columns)",
        f"- of the error findings unexercised, {line_ran} had their line run in passing tests "
        "but follow a call no passing test made (listed with `calls_not_run` in the JSON)",
        f"- by the tests or a review, all packages: {Tally.of(judged).said()}",
        "- by the tests or a review, untuned packages: "
        + Tally.of(j for j in judged if j.package not in tuned).said(),
        *(
            f"- key-reuse {severity}s by the key pass: {by['confirmed']} confirmed, "
            f"{by['refuted']} refuted, {by['unexercised']} unexercised, "
            f"{by['not judged']} not judged"
            for severity, by in _key_reuse_by_severity(judged).items()
        ),
        "",
        "## Per severity and rule",
        "",
        "The tests' verdicts, then (for findings the tests left undecided) the reviews'.",
        "",
        "| severity | rule | " + " | ".join((*VERDICTS, *REVIEW_COLUMNS)) + " |",
        "|---|---|" + "---:|" * (len(VERDICTS) + len(REVIEW_COLUMNS)),
    ]
    for severity, by_rule in sorted(summary(judged).items()):
        for rule, counts in sorted(by_rule.items()):
            cells = " | ".join(str(counts[v]) for v in (*VERDICTS, *REVIEW_COLUMNS))
            rows.append(f"| {severity} | {rule} | {cells} |")
    rows += [
        "",
        "## Per package",
        "",
        "| package | tuned on | checked on | lines | findings (errors) | tests passed / failed / "
        "skipped | covered lines | tests from | verdicts | not run because |",
        "|---|---|---|---:|---:|---|---:|---|---|---|",
    ]
    for p in packages:
        tests = p["tests"]
        outcome = (
            f"{tests['passed']} / {tests['failed']} / {tests['skipped']}"
            + (f" (stopped: {tests['stopped']})" if tests.get("stopped") else "")
            if tests
            else "-"
        )
        source = f"{tests['source']}: {', '.join(tests['selection'])}" if tests else "-"
        if tests and tests.get("install"):
            source += f" ({tests['install']})"
        verdicts = ", ".join(f"{k} {v}" for k, v in sorted(p["verdicts"].items())) or "-"
        rows.append(
            f"| {p['package']} {p['version']} | {'yes' if p['reviewed'] else 'no'} "
            f"| {p.get('checked_on') or 'not stamped'} | {p['lines']:,} "
            f"| {p['findings']} ({p['errors']}) | {outcome} "
            f"| {p['covered_lines']:,} | {source} | {verdicts} | {p['not_run']} |"
        )
    rows += [
        "",
        "## Every error finding",
        "",
        "| finding | by the tests | by review | what ran |",
        "|---|---|---|---|",
    ]
    rows += [_finding_row(j) for j in judged if j.finding["severity"] == "error"] or ["| none |"]
    rows += ["", "## Warnings and hints the tests judged", ""]
    decided_items = [
        j
        for j in judged
        if j.finding["severity"] != "error" and j.verdict in ("refuted", "caught", "confirmed")
    ]
    for j in decided_items:
        rows.append(
            f"- {j.verdict}: {j.package} `{j.finding['path']}:{j.finding['line']}` "
            f"{j.finding['rule']} ({j.finding['severity']})"
        )
    if not decided_items:
        rows.append("- none")
    rows += ["", *key_reuse_section(judged)]
    listed = {p["package"] for p in packages}
    if previous is not None:
        rows += ["", *previous_section(previous, listed, label)]
        listed |= set(previous.packages)
    unchecked = [f"{n} {PACKAGES[n].version}" for n in PACKAGES if n not in listed]
    if unchecked:
        rows += ["", "## Packages whose `jaxlsp check` is not in this report", ""]
        rows += [
            "Their check did not finish within this run's time (``--saved-only``), or takes "
            "over an hour (``SLOW_CHECKS``, left out unless named): " + ", ".join(unchecked)
        ]
    rows += ["", "## Rules judged only where a key pass ran", ""]
    rows += [
        f"- {rule}: {why}; the key pass (`cover --keys`) judges it instead where it ran"
        for rule, why in NEEDS_SWITCH.items()
    ]
    return "\n".join(rows) + "\n"


def previous_section(previous: Previous, listed: set[str], label: str) -> list[str]:
    """The packages this run did not check again, with what ``previous`` said of them: marked
    as such, and counted in none of this report's totals."""
    left = [name for name in PACKAGES if name not in listed and name in previous.packages]
    if not left:
        return []
    now = label or "this run's jaxlsp"
    rows = [
        f"## Not re-judged on {now} (last judged on {previous.label})",
        "",
        f"These {len(left)} packages' `jaxlsp check` did not finish on {now} within this run's "
        f"time. What the report of {previous.label} said of them is shown here, and counted in "
        "none of the totals above.",
        "",
        "| package | last judged on | findings (errors) | verdicts then | error findings then |",
        "|---|---|---:|---|---|",
    ]
    for name in left:
        package = previous.packages[name]
        verdicts = ", ".join(f"{k} {v}" for k, v in sorted(package["verdicts"].items())) or "-"
        errors = [
            f"`{f['path']}:{f['line']}` {f['rule']}: {f['verdict']}"
            + (f", review {'true' if f['review']['holds'] else 'false'}" if f["review"] else "")
            for f in previous.findings.get(name, ())
            if f["severity"] == "error"
        ]
        rows.append(
            f"| {name} {package['version']} | {previous.label} | {package['findings']} "
            f"({package['errors']}) | {verdicts} | {'; '.join(errors) or '-'} |"
        )
    return rows


#: The key-reuse findings the report lists one by one: false ones, and hints (the reuse looks
#: deliberate) that the pass confirmed.
_LISTED_KEY_VERDICTS = {("refuted", "warning"), ("refuted", "hint"), ("confirmed", "hint")}
#: The verdicts of the key pass, in the key-reuse table's order.
KEY_VERDICTS = ("confirmed", "refuted", "unexercised", "not judged")


def key_reuse_counts(judged: Iterable[Judged]) -> dict[tuple[str, str], Counter[str]]:
    """The key-reuse findings' verdicts per (severity, "test code" or "library code")."""
    table: dict[tuple[str, str], Counter[str]] = {}
    for j in judged:
        if j.finding["rule"] != KEY_REUSE:
            continue
        where = "test code" if _is_test_path(j.finding["path"]) else "library code"
        table.setdefault((j.finding["severity"], where), Counter())[j.verdict] += 1
    return table


def _key_reuse_by_severity(judged: Iterable[Judged]) -> dict[str, Counter[str]]:
    by: dict[str, Counter[str]] = {}
    for (severity, _), counts in key_reuse_counts(judged).items():
        by.setdefault(severity, Counter()).update(counts)
    return dict(sorted(by.items(), key=lambda item: item[0] != "warning"))


def key_reuse_section(judged: Sequence[Judged]) -> list[str]:
    """Key reuse judged by execution: per severity and kind of code, then each finding the key
    pass refuted and each hint it confirmed (a hint says the reuse looks deliberate)."""
    counts = key_reuse_counts(judged)
    rows = [
        "## Key reuse judged by the key pass",
        "",
        "A key-reuse finding is *confirmed* when one call of the function holding its lines "
        "consumed the same key bits twice there (or one abstract key object), *refuted* when "
        "calls consumed keys of known bits at two of its sites and they always differed, "
        "*unexercised* when the pass watched it and neither happened; *not judged*: no key "
        "pass on the package, and no KeyReuseError in its tests. The pass runs the test files "
        "that reach the findings' modules with JIT off (`cover --keys`, stored under `keys` "
        "in the package's run).",
        "",
        "| severity | code | " + " | ".join(KEY_VERDICTS) + " | refuted of judged |",
        "|---|---|" + "---:|" * (len(KEY_VERDICTS) + 1),
    ]
    for (severity, where), by in sorted(counts.items()):
        decided = by["confirmed"] + by["refuted"]
        share = f"{by['refuted'] / decided:.0%}" if decided else "-"
        cells = " | ".join(str(by[v]) for v in KEY_VERDICTS)
        rows.append(f"| {severity} | {where} | {cells} | {share} |")
    listed = [
        j
        for j in judged
        if j.finding["rule"] == KEY_REUSE
        and (
            j.verdict == "refuted" or (j.verdict == "confirmed" and j.finding["severity"] == "hint")
        )
    ]
    rows += ["", "Refuted key-reuse findings, and hints confirmed:", ""]
    rows += [
        f"- {j.verdict} {j.finding['severity']}: {j.package} "
        f"`{j.finding['path']}:{j.finding['line']}`: "
        + j.finding.get("summary", "").replace("\n", " ")[:160]
        for j in listed
    ] or ["- none"]
    return rows


def _key(j: Judged) -> tuple[str, str, int, str]:
    return (j.package, j.finding["path"], j.finding["line"], j.finding["rule"])


def comparison(
    label: str,
    before: Sequence[Judged],
    after: Sequence[Judged],
    again: set[str],
    checked_on: Mapping[str, str] | None = None,
) -> str:
    """The error findings of the packages checked again (``again``) with another jaxlsp
    (``label``), beside this report's: the tallies on those packages, each error finding gone
    or new; the packages, each with the commit its check was made on (``checked_on``)."""
    mine = [j for j in before if j.package in again]
    gone = {_key(j) for j in mine} - {_key(j) for j in after}
    new = {_key(j) for j in after} - {_key(j) for j in mine}
    made = checked_on or {}
    rows = [
        f"## Checked again with {label}",
        "",
        f"{len(again)} packages checked again; their error findings judged the same way: "
        + ", ".join(
            f"{name} ({made.get(name) or 'not stamped'})" if checked_on is not None else name
            for name in sorted(again)
        )
        + ".",
        "",
        f"- this report's jaxlsp: {Tally.of(mine).said()}",
        f"- {label}: {Tally.of(after).said()}",
        "- warnings and hints: "
        + " -> ".join(
            str(sum(j.finding["severity"] != "error" for j in side)) for side in (mine, after)
        ),
        "",
    ]
    for j in mine:
        if j.finding["severity"] == "error" and _key(j) in gone:
            verdict = {True: "true", False: "false", None: "undecided"}[j.holds()]
            rows.append(
                f"- gone ({verdict}): {j.package} `{j.finding['path']}:{j.finding['line']}` "
                f"{j.finding['rule']}"
            )
    for j in after:
        if j.finding["severity"] == "error" and _key(j) in new:
            verdict = {True: "true", False: "false", None: "undecided"}[j.holds()]
            rows.append(
                f"- new ({verdict}): {j.package} `{j.finding['path']}:{j.finding['line']}` "
                f"{j.finding['rule']}"
            )
    return "\n".join(rows) + "\n"


def refuted_notes(judged: Sequence[Judged]) -> str:
    """The refuted error findings, one a line, with the finding's own words (for the people
    fixing the interpreter)."""
    rows = ["# Error findings refuted by the libraries' own tests (python -m bench.oracle)", ""]
    for j in judged:
        if j.verdict in ("refuted", "caught") and j.finding["severity"] == "error":
            summary = j.finding.get("summary", "").replace("\n", " ")[:300]
            rows.append(
                f"- {j.package} {j.version} `{j.finding['path']}:{j.finding['line']}` "
                f"{j.finding['rule']}: {summary}"
            )
    if len(rows) == 2:
        rows.append("- none")
    return "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=("cover", "judge", "list", "review"))
    parser.add_argument("--scratch", type=Path, default=SCRATCH)
    parser.add_argument("--only", action="append", choices=sorted(PACKAGES))
    parser.add_argument(
        "--seconds", type=float, default=120, help="time bound of one package's test run"
    )
    parser.add_argument(
        "--tests",
        action="append",
        default=[],
        help="cover: a test path (relative to the test root) to run instead of the package's",
    )
    parser.add_argument(
        "-k", dest="keyword", help="cover: a pytest -k expression instead of the package's"
    )
    parser.add_argument(
        "--keys",
        action="store_true",
        help="cover: the key pass instead (needs --checks): the bits of each key consumed at "
        "the lines of key-reuse findings, added to the stored run",
    )
    parser.add_argument(
        "--jit", action="store_true", help="cover --keys: keep JIT on (keys stay abstract there)"
    )
    parser.add_argument(
        "--aim",
        action="store_true",
        help="cover --keys: run only the test functions that reach the findings' lines in "
        "test files (the function around a line, or the tests calling the helper around it)",
    )
    parser.add_argument("--no-write", action="store_true", help="print, do not write the report")
    parser.add_argument(
        "--checks",
        type=Path,
        help="keep each package's jaxlsp check here, and judge a kept one instead of checking "
        "again (to compare two versions of jaxlsp, give each its own folder); cover: the test "
        "files that reach the kept check's flagged modules run first",
    )
    parser.add_argument(
        "--after",
        type=Path,
        help="judge: a --checks folder of another jaxlsp (a branch to compare); the packages "
        "kept there are compared with this report's in a section of their own",
    )
    parser.add_argument("--label", help="judge: which jaxlsp made the checks (a branch, commit)")
    parser.add_argument(
        "--checked-on",
        default="",
        help="judge: the jaxlsp commit making the checks written now (stamped into each kept "
        "check; the report says per package which commit its check was made on)",
    )
    parser.add_argument(
        "--previous",
        type=Path,
        help="judge --saved-only: an earlier report's JSON; the packages not checked again are "
        "listed apart with what it said of them (never counted with this run's verdicts)",
    )
    parser.add_argument(
        "--previous-label", default="", help="judge: which jaxlsp made --previous's checks"
    )
    parser.add_argument("--after-label", help="judge: what --after's jaxlsp is (a branch, commit)")
    parser.add_argument("--notes", type=Path, help="write the refuted error findings here too")
    parser.add_argument(
        "--saved-only",
        action="store_true",
        help="judge only the packages whose check is kept in --checks (list the others)",
    )
    args = parser.parse_args(argv)
    names = args.only or [n for n in PACKAGES if args.step != "judge" or n not in SLOW_CHECKS]
    if args.step == "list":
        for name in names:
            p = PACKAGES[name]
            sys.stdout.write(
                f"{name}=={p.version} {'(skipped: ' + p.skip + ')' if p.skip else ''}\n"
            )
        return 0
    if args.step == "review":
        problems = rerun_reviews(args.scratch, names)
        sys.stdout.write("".join(f"disagrees: {p}\n" for p in problems))
        return 1 if problems else 0
    if args.step == "cover":
        failed = 0
        for name in names:
            if PACKAGES[name].skip:
                continue
            try:
                if args.keys:
                    if args.checks is None:
                        parser.error("cover --keys needs --checks (the kept checks' findings)")
                    if not key_sites(args.checks, name, PACKAGES[name].version):
                        continue  # no key-reuse finding to judge
                    run = cover_keys(
                        args.scratch,
                        name,
                        args.seconds,
                        args.checks,
                        args.tests,
                        args.keyword,
                        args.jit,
                        args.aim,
                    )
                    assert run.keys is not None
                    sys.stderr.write(f"{name}: keys {run.keys['runs'][-1]}\n")
                    continue
                run = cover(args.scratch, name, args.seconds, args.tests, args.keyword, args.checks)
            except (OracleError, subprocess.CalledProcessError, StopIteration) as error:
                failed += 1
                sys.stderr.write(f"{name}: not run: {str(error)[-600:]}\n")
                if not args.keys:
                    store_not_run(name, _reason(error))
                continue
            sys.stderr.write(f"{name}: {run.tests}\n")
        return 1 if failed else 0
    previous = (
        Previous.read(args.previous, args.previous_label) if args.previous is not None else None
    )
    judged, packages = judge(args.scratch, names, args.checks, args.saved_only, args.checked_on)
    extra = ""
    if args.after is not None:
        listed = [p["package"] for p in packages]
        after, again = judge(args.scratch, listed, args.after, saved_only=True)
        label = args.after_label or str(args.after)
        made = {p["package"]: p.get("checked_on", "") for p in again}
        extra = "\n" + comparison(label, judged, after, set(made), made)
    if args.no_write or args.only:
        sys.stdout.write(markdown(judged, packages, args.label or "", previous) + extra)
    else:
        write_report(judged, packages, extra, args.label or "", previous)
        sys.stdout.write(f"wrote {REPORT_MD.relative_to(REPO)} and {REPORT_JSON.name}\n")
    if args.notes is not None:
        args.notes.write_text(refuted_notes(judged), encoding="utf-8")
    refuted, _ = refuted_share(judged)
    return 1 if refuted else 0


if __name__ == "__main__":
    raise SystemExit(main())
