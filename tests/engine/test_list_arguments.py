"""A Python list or tuple where a ``jax.numpy`` function takes an array: the functions that
refuse one are a measured fact (checked here on the pinned JAX), and the analysis reports only
values that are surely a list or a tuple."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from bench.recall import CPU_ENVIRONMENT

from jaxlsp.apis import SPECS
from jaxlsp.apis.numpy import REFUSING_LATER, REFUSING_SEQUENCE_ITEMS, REFUSING_SEQUENCES
from jaxlsp.engine import Engine
from tests.engine._expect import findings_of

ENGINE = Engine()
MODELLED = sorted(
    name for name in REFUSING_SEQUENCES | REFUSING_SEQUENCE_ITEMS if f"jax.numpy.{name}" in SPECS
)

PROBE = """
import json, sys, warnings
import jax.numpy as jnp

warnings.simplefilter("ignore")
names, items = json.loads(sys.argv[1]), set(json.loads(sys.argv[2]))
refused = {}
for name in names:
    function = getattr(jnp, name)
    said = "ran"
    # the first argument a list, and arrays for the others the function needs
    for others in range(3):
        first = [jnp.ones(2), [1.0, 2.0]] if name in items else [1.0, 2.0]
        try:
            function(first, *[jnp.ones(2)] * others)
            said = "ran"
        except TypeError as error:
            said = str(error)
        except Exception as error:
            said = type(error).__name__
        if "requires ndarray or scalar arguments" in said:
            break
    refused[name] = said
print(json.dumps(refused))
"""


def test_most_modelled_refusing_functions_are_modelled() -> None:
    assert len(MODELLED) >= 200
    assert {"sum", "mean", "prod", "max", "where", "concatenate", "stack"} <= set(MODELLED)


@pytest.mark.jax
def test_every_modelled_refusing_function_raises_on_jax(pinned_jax: None) -> None:
    items = sorted(REFUSING_SEQUENCE_ITEMS)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(MODELLED), json.dumps(items)],
        capture_output=True,
        text=True,
        env={**os.environ, **CPU_ENVIRONMENT},
        timeout=600,
        check=True,
    )
    refused = json.loads(done.stdout.strip().splitlines()[-1])
    wrong = {
        name: said
        for name, said in refused.items()
        if "requires ndarray or scalar arguments" not in said
    }
    assert wrong == {}


PROBE_LATER = """
import json, sys, warnings
import jax.numpy as jnp

warnings.simplefilter("ignore")
said = {}
for name, positions in json.loads(sys.argv[1]).items():
    for position in positions:
        for value in ([1.0, 2.0], {"a": 1.0}):
            three = name in ("where", "insert", "interp", "place")
            arguments = [jnp.ones(2)] * (3 if three else max(2, position + 1))
            arguments[position] = value
            try:
                getattr(jnp, name)(*arguments)
                outcome = "ran"
            except TypeError as error:
                outcome = str(error)
            except Exception as error:
                outcome = type(error).__name__
            said[f"{name}:{position}:{type(value).__name__}"] = outcome
print(json.dumps(said))
"""


def test_later_positions_are_modelled_for_most_functions() -> None:
    modelled = [name for name in REFUSING_LATER if f"jax.numpy.{name}" in SPECS]
    assert len(modelled) >= 75
    assert {"arange", "where", "dot", "insert", "interp"} <= set(modelled)


@pytest.mark.jax
def test_every_later_refusing_position_raises_on_jax_for_a_list_and_a_dict(
    pinned_jax: None,
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE_LATER, json.dumps(REFUSING_LATER)],
        capture_output=True,
        text=True,
        env={**os.environ, **CPU_ENVIRONMENT},
        timeout=600,
        check=True,
    )
    said = json.loads(done.stdout.strip().splitlines()[-1])
    wrong = {
        case: outcome
        for case, outcome in said.items()
        if f"at position {case.split(':')[1]}" not in outcome or "requires ndarray" not in outcome
    }
    assert wrong == {}


RAISING = [
    "jnp.mean([a, b])",
    "jnp.prod(a.shape)",
    "jnp.concatenate([a, [0.0]])",
    "jnp.where((True, False, True), a, b)",
    "jnp.maximum([1.0, 2.0, 3.0], a)",
    "jnp.dot([1.0, 2.0, 3.0], a)",
    "jnp.reshape([1.0, 2.0], (2, 1))",
    # a later parameter (REFUSING_LATER), a dict, an item of ``*args``
    "jnp.arange([1, 3])",
    "jnp.dot(a, [1.0, 2.0, 3.0])",
    "jnp.where(True, {'a': 1}, {'b': 2})",
    "jnp.where(a > 0, a, [0.0, 0.0, 0.0])",
    "jnp.insert(a, [1, 2], 5.0)",
    "jnp.interp(a, [0.0, 1.0], jnp.ones(2))",
]
WORKING = [
    "jnp.mean(jnp.stack([a, b]))",
    "jnp.prod(jnp.array(a.shape))",
    "math.prod(a.shape)",
    "jnp.concatenate([a, jnp.array([0.0])])",
    "jnp.asarray([1.0, 2.0]).sum()",
    "jnp.array([a, b]).sum()",
    "jnp.arange(1, 3)",
    "jnp.where(a > 0, a, 0.0)",
    "jnp.insert(a, 1, 5.0)",
    "jnp.tile(a, [2])",
    "jnp.interp(a, jnp.array([0.0, 1.0]), jnp.ones(2))",
]
PROGRAM = """
import math
import jax.numpy as jnp

a, b = jnp.ones(3), jnp.zeros(3)
{line}
"""


@pytest.mark.parametrize("line", RAISING)
def test_a_list_or_tuple_argument_is_reported(line: str) -> None:
    assert findings_of(ENGINE, PROGRAM.format(line=line)) == {(5, "list-as-array-argument")}


@pytest.mark.parametrize("line", WORKING)
def test_a_converted_argument_or_one_jax_takes_as_a_list_is_not(line: str) -> None:
    assert findings_of(ENGINE, PROGRAM.format(line=line)) == set()


def test_a_list_on_one_path_and_an_array_on_the_other_is_not_reported() -> None:
    source = """
import jax.numpy as jnp

def total(values, as_array):
    if as_array:
        values = jnp.asarray(values)
    return jnp.sum(values)

def report(values, flag):
    return total(values, flag)
"""
    assert findings_of(ENGINE, source) == set()


def test_an_argument_of_unknown_type_is_not_reported() -> None:
    source = """
import jax.numpy as jnp

def total(values):
    return jnp.sum(values)
"""
    assert findings_of(ENGINE, source) == set()


#: A list a caller passes to a function the analysis cannot tie to it (one of several returned
#: by a type test): the calculators of a pruning library, where only the one that converts
#: first ever receives the list.  Runs on JAX.
PICKED_BY_A_TYPE_TEST = """
import jax.numpy as jnp


class Block:
    pass


class Channel:
    pass


def channel_mask(scores):
    return jnp.sum(scores, axis=0)


def block_mask(scores):
    return jnp.asarray(scores).sum(axis=0)


def calculator(kind):
    if isinstance(kind, Channel):
        return channel_mask
    return block_mask


def masks(kind, scores):
    return calculator(kind)(scores)


print(masks(Block(), [[1.0, 2.0], [3.0, 4.0]]))
"""


def test_a_list_handed_in_by_a_caller_is_no_error_here() -> None:
    found = ENGINE.analyze(PICKED_BY_A_TYPE_TEST).findings
    assert [f.severity for f in found if f.code == "list-as-array-argument"] in ([], ["hint"])


def test_a_list_the_function_makes_itself_is_reported() -> None:
    source = """
import jax.numpy as jnp


def total(a, b):
    pair = [a, b]
    return jnp.sum(pair)


print(total(jnp.ones(3), jnp.zeros(3)))
"""
    found = ENGINE.analyze(source).findings
    assert [(f.span.start.line, f.severity) for f in found] == [(6, "error")]


@pytest.mark.jax
def test_the_type_picked_program_runs_and_the_made_list_raises_on_jax() -> None:
    ran = subprocess.run(
        [sys.executable, "-c", PICKED_BY_A_TYPE_TEST],
        env={**os.environ, **CPU_ENVIRONMENT},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert ran.returncode == 0, ran.stderr
