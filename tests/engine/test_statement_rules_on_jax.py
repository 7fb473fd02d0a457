"""Each statement-level rule's claim, checked on the pinned CPU JAX.

Every INVALID program below is flagged by its rule *and* raises the error the rule's message
names when JAX runs it, whose text ``jaxlsp explain`` matches to the same record; every VALID program (the precision guards: defaults are not traced,
``jax.grad`` sees concrete values, ``fold_in`` does not consume a key...) is not flagged and
runs clean.  One subprocess runs them all through the reproducer harness (JAX imported once).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.engine import Engine
from tests.conftest import REPO

pytestmark = pytest.mark.jax

HARNESS = REPO / "tests" / "reproducers" / "_harness.py"
ENVIRONMENT = {
    "XLA_FLAGS": "--xla_force_host_platform_device_count=8",
    "JAX_PLATFORMS": "cpu",
    "JAX_TRACEBACK_FILTERING": "off",
}
HEADER = "import jax\nimport jax.numpy as jnp\nimport numpy as np\nfrom jax import lax\n"

#: (rule code, program, the exception class JAX raises)
INVALID = {
    "bool": (
        "tracer-bool-conversion-error",
        "@jax.jit\ndef f(x):\n    if jnp.sum(x) > 0:\n        return x\n    return -x\nf(jnp.ones(3))\n",
        "TracerBoolConversionError",
    ),
    "index": (
        "tracer-integer-conversion-error",
        "choices = [10, 20, 30]\n@jax.jit\ndef pick(i):\n    return choices[i]\npick(1)\n",
        "TracerIntegerConversionError",
    ),
    "concrete": (
        "concretization-type-error",
        "@jax.jit\ndef f(x):\n    return float(jnp.mean(x))\nf(jnp.ones(3))\n",
        "ConcretizationTypeError",
    ),
    "numpy": (
        "tracer-array-conversion-error",
        "@jax.jit\ndef f(x):\n    return np.asarray(x)\nf(jnp.ones(3))\n",
        "TracerArrayConversionError",
    ),
    "shape": (
        "traced-shape-argument",
        "@jax.jit\ndef f(n):\n    return jnp.zeros((n, 3))\nf(2)\n",
        "TypeError",
    ),
    "mask": (
        "non-concrete-boolean-index-error",
        "@jax.jit\ndef f(x):\n    return x[x > 0]\nf(jnp.ones(3))\n",
        "NonConcreteBooleanIndexError",
    ),
    "item": (
        "immutable-array-item-assignment",
        "x = jnp.zeros(3)\nx[0] += 1.0\n",
        "TypeError",
    ),
    "key": (
        "key-reuse-error",
        "with jax.debug_key_reuse(True):\n    key = jax.random.key(0)\n"
        "    a = jax.random.normal(key, (3,))\n    k1, k2 = jax.random.split(key)\n",
        "KeyReuseError",
    ),
    "fwd": (
        "custom-vjp-fwd-not-pair",
        "@jax.custom_vjp\ndef f(x):\n    return jnp.sin(x)\ndef fwd(x):\n    return jnp.sin(x)\n"
        "f.defvjp(fwd, lambda r, g: (g,))\njax.grad(f)(1.0)\n",
        "TypeError",
    ),
    "jvp": (
        "custom-jvp-rule-not-pair",
        "@jax.custom_jvp\ndef f(x):\n    return jnp.sin(x)\n@f.defjvp\ndef f_jvp(primals, tangents):\n"
        "    (x,), (t,) = primals, tangents\n    return jnp.cos(x) * t\njax.jvp(f, (1.0,), (1.0,))\n",
        "TypeError",
    ),
    "argnums": (
        "jit-static-argnums-out-of-range",
        "def f(x, y):\n    return x\ng = jax.jit(f, donate_argnums=(2,))\n",
        "ValueError",
    ),
    "argnames": (
        "jit-static-argnames-unknown",
        "def f(x, n_steps):\n    return x\ng = jax.jit(f, static_argnames='nsteps')\n",
        "ValueError",
    ),
    "in_axes": (
        "vmap-in-axes-length",
        "def f(x, y):\n    return x * y\njax.vmap(f, in_axes=(0, 0, None))(jnp.ones(3), jnp.ones(3))\n",
        "ValueError",
    ),
    "scan_body": (
        "scan-body-not-pair",
        "def decay(total, x):\n    return total * x - 1.0\nlax.scan(decay, 1.0, jnp.ones(3))\n",
        "TypeError",
    ),
    "scan_length": (
        "scan-no-length",
        "def step(c, _):\n    return c + 1.0, c\nlax.scan(step, 0.0, None)\n",
        "ValueError",
    ),
    "seed": (
        "random-int-seed-as-key",
        "x = jax.random.normal(0, (3,))\n",
        "TypeError",
    ),
    "no_defvjp": (
        "custom-vjp-without-defvjp",
        "@jax.custom_vjp\ndef f(x):\n    return x\nf(jnp.ones(3))\n",
        "AttributeError",
    ),
    "no_defjvp": (
        "custom-jvp-without-defjvp",
        "@jax.custom_jvp\ndef f(x):\n    return x\nf(jnp.ones(3))\n",
        "AttributeError",
    ),
}

#: Programs each rule must leave alone, and that run clean.
VALID = {
    "default_not_traced": "@jax.jit\ndef g(x, threshold=0.5):\n    if threshold > 0:\n"
    "        return x\n    return -x\ng(jnp.ones(3))\n",
    "grad_is_concrete": "jax.grad(lambda x: x if x > 0 else -x)(1.0)\n",
    "static_argnames": "from functools import partial\n"
    "@partial(jax.jit, static_argnames=('training',))\ndef f(x, training):\n"
    "    if training:\n        return x * 2\n    return x\nf(jnp.ones(3), training=True)\n",
    "shapes_are_concrete": "@jax.jit\ndef f(x):\n    n = x.shape[0]\n"
    "    return jnp.zeros((n, 2)) + np.sqrt(x.shape[0]) + len(range(x.ndim))\nf(jnp.ones(3))\n",
    "fold_in_does_not_consume": "with jax.debug_key_reuse(True):\n    key = jax.random.key(0)\n"
    "    a = jax.random.normal(jax.random.fold_in(key, 1))\n"
    "    b = jax.random.normal(jax.random.fold_in(key, 2))\n",
    "numpy_is_mutable": "x = np.zeros(3)\nx[0] = 1.0\ny = jnp.zeros(3)\ny = y.at[0].set(1.0)\n",
    "dict_through_jit": "@jax.jit\ndef f(params, x):\n    params['w'] = x\n    return params\n"
    "f({'w': 1.0}, 2.0)\n",
    "scan_defaults": "def body(carry, x, scale=2.0):\n    if scale > 1:\n        carry = carry * scale\n"
    "    return carry, x\nlax.scan(body, 1.0, jnp.ones(3))\n",
}

ENGINE = Engine()


@cache
def _outcomes(folder: str) -> dict[str, dict[str, Any]]:
    root = Path(folder)
    paths = []
    for name, program in [*((k, v[1]) for k, v in INVALID.items()), *VALID.items()]:
        path = root / f"{name}.py"
        path.write_text(HEADER + program, encoding="utf-8")
        paths.append(str(path))
    out = root / "outcomes.json"
    subprocess.run(
        [sys.executable, str(HARNESS), str(out), *paths],
        env={**os.environ, **ENVIRONMENT},
        check=True,
        timeout=600,
    )
    by_path: dict[str, dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))
    return {Path(p).stem: outcome for p, outcome in by_path.items()}


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    return _outcomes(str(tmp_path_factory.mktemp("statement_rules")))


@pytest.mark.parametrize("name", sorted(INVALID))
def test_flagged_program_raises_the_named_error(
    name: str, outcomes: dict[str, dict[str, Any]]
) -> None:
    code, program, error_class = INVALID[name]
    flagged = {f.code for f in ENGINE.analyze(HEADER + program).findings}
    assert code in flagged
    outcome = outcomes[name]
    assert outcome["raised"], f"{name} ran without error"
    assert outcome["class"] == error_class, outcome.get("message")
    # and the error text leads back to the record the finding carries
    explained = [m.record.slug for m in ENGINE.explain(outcome["traceback"])]
    assert code in explained, explained


@pytest.mark.parametrize("name", sorted(VALID))
def test_guarded_program_is_not_flagged_and_runs(
    name: str, outcomes: dict[str, dict[str, Any]]
) -> None:
    assert ENGINE.analyze(HEADER + VALID[name]).findings == ()
    outcome = outcomes[name]
    assert not outcome["raised"], outcome.get("message")
