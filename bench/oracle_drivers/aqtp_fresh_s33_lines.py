"""aqtp's three kinds of error findings on stop 33's fresh sample, each run as the wheel writes
it (the functions cut from the wheel with ``ast``; the legacy trainers need data sets):

- ``jax/v2/aqt_dot_general_test.py:130,138`` (too-many-indices): ``test_eq`` matches on
  ``a.ndim``, so a vector never reaches ``a[:3, :3]``;
- ``jax_legacy/jax/imagenet/train_utils.py:131`` and ``wmt_mlperf/train.py:383``
  (immutable-array-item-assignment): ``compute_metrics`` returns ``lax.pmean`` (``psum``) of
  a dict, a dict, and the train step adds ``metrics['learning_rate']``;
- ``jax_legacy/jax/wmt_mlperf/train.py:806`` (jit-unhashable-static-argument): the models'
  ``dataclass`` is ``flax_struct.dataclass`` at run time (``TYPE_CHECKING`` is False), which
  passes ``unsafe_hash=True``, so the hyperparameters hash as ``create_model``'s static
  argument.

Each case prints ``verdict: false`` when the code runs, ``verdict: true`` when it raises the
finding's error.  Needs flax (the oracle's flax venv).

    python aqtp_fresh_s33_lines.py SRC      (SRC: the unpacked wheel)
"""

import ast
import dataclasses
import functools
import importlib.util
import sys
import typing
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
from flax.training import common_utils
from jax import lax

SRC = Path(sys.argv[1])


def cut(path: str, names: set[str], scope: dict) -> dict:
    """Run the top-level definitions ``names`` of ``path`` (and statements by line) in ``scope``."""
    tree = ast.parse((SRC / path).read_text(encoding="utf-8"))
    body = [
        node
        for node in tree.body
        if (isinstance(node, ast.FunctionDef) and node.name in names)
        or (getattr(node, "lineno", None) in names)
    ]
    exec(compile(ast.Module(body, []), path, "exec"), scope)
    return scope


def verdict(case: str, run) -> None:
    try:
        run()
    except (IndexError, TypeError, ValueError) as error:
        print(f"{case}: verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:120]}")
    except AssertionError:
        # test_eq ends in ``assert False`` when the arrays differ: past the match it flagged
        print(f"{case}: verdict: false: ran to the helper's own closing assert")
    else:
        print(f"{case}: verdict: false: ran")


# aqt_dot_general_test.py: test_eq on two vectors that differ (the branch that prints)
scope = cut("aqt/jax/v2/aqt_dot_general_test.py", {"test_eq"}, {"jnp": jnp})
verdict("aqt_dot_general_test.py:130/138", lambda: scope["test_eq"]("v", jnp.ones(2), jnp.zeros(2)))

# imagenet/train_utils.py: compute_metrics under pmap, then the item the train step adds
scope = cut(
    "aqt/jax_legacy/jax/imagenet/train_utils.py",
    {"compute_metrics", "cross_entropy_loss"},
    {"jax": jax, "jnp": jnp, "lax": lax, "common_utils": common_utils},
)


def step(logits, labels, lr):
    metrics = scope["compute_metrics"](logits, labels)
    metrics["learning_rate"] = lr  # train_utils.py:131
    return metrics


verdict(
    "imagenet/train_utils.py:131",
    lambda: jax.pmap(step, axis_name="batch")(
        jnp.zeros((1, 2, 1000)), jnp.zeros((1, 2), jnp.int32), jnp.ones(1)
    ),
)

# wmt_mlperf/train.py: its compute_metrics (a psum of a dict) and the train step's item
scope = cut(
    "aqt/jax_legacy/jax/wmt_mlperf/train.py",
    {
        "compute_metrics",
        "compute_weighted_cross_entropy",
        "compute_weighted_accuracy",
        "cross_entropy_with_logits",
    },
    {"jax": jax, "jnp": jnp, "np": np, "common_utils": common_utils},
)


def wmt_step(logits, targets, weights, lr):
    metrics = scope["compute_metrics"](logits, targets, weights)
    metrics["learning_rate"] = lr  # train.py:383
    return metrics


verdict(
    "wmt_mlperf/train.py:383",
    lambda: jax.pmap(wmt_step, axis_name="batch")(
        jnp.zeros((1, 6, 5)), jnp.zeros((1, 6), jnp.int32), jnp.ones((1, 6)), jnp.ones(1)
    ),
)

# wmt_mlperf: models.py's `dataclass` (line 34) over flax_struct, a class made with it as
# create_model's static argument (train.py:158)
spec = importlib.util.spec_from_file_location(
    "aqt_flax_struct", SRC / "aqt/jax_legacy/jax/flax/struct.py"
)
assert spec is not None and spec.loader is not None
flax_struct = importlib.util.module_from_spec(spec)
spec.loader.exec_module(flax_struct)
scope = cut(
    "aqt/jax_legacy/jax/wmt_mlperf/models.py",
    {34},
    {"flax_struct": flax_struct, "typing": typing, "dataclasses": dataclasses},
)


@scope["dataclass"]
class HParams:
    emb_dim: int


@functools.partial(jax.jit, static_argnums=(1,))
def create_model(key, hparams):
    return jnp.zeros(hparams.emb_dim) + key


verdict("wmt_mlperf/train.py:806", lambda: create_model(jnp.ones(()), HParams(4)))
