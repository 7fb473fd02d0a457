"""Error findings only where the code surely raises: the causes of the false error findings on
the stop-38 fresh sample (``bench/fresh-sample.json``'s s38; its account: ``git show f598467:docs/fresh-sample.md``).

- A list or dict given to code the analysis does not run (an unknown callee, an API nobody
  modelled, ``exec(code, namespace)``) may be filled there: veris's probe runs its documented
  examples with ``exec`` into a namespace, then jits ``namespace["objective"]``, which the
  heap still held as the namespace's one string (``Heap.given_away``).
- A ``functools.partial`` that binds ``**settings`` not known where it is made may bind any
  parameter: veris's ``jax.jit(partial(reducer, **settings))`` fixes ``steps``, a static int,
  yet the made function's run for any caller passed ``steps`` as a traced keyword, and a call
  of the partial left the partial's unknown arguments out (``Partial.spread``).
- A helper of an equinox module's base class that the subclasses' ``__init__`` call sets
  fields while the module is still being built: jax-linear-attention's ``_init_common`` (15
  findings), run for any caller on the base class, whose own ``__init__`` never calls it.
- A name set from a test of what a value is (dftax's ``prebuilt = isinstance(aux,
  BasisData)``, then ``if not prebuilt:``) is such a test: a branch behind it that the
  analysis cannot decide rests on the guard.

The labelled corpus programs (``tests/corpus/*/s38_*.py``, ``tests/corpus/projects/s38-*``)
run on the pinned JAX (``tests/corpus/test_labels.py``).
"""

from __future__ import annotations

from tests._engine import error_findings

# containers given away -------------------------------------------------------------------


_EXEC_NAMESPACE = """\
import jax


def main(code: str) -> None:
    namespace = {"__name__": "__main__"}
    exec(compile(code, "example", "exec"), namespace)
    jax.jit(namespace["objective"])(1.0)
"""


def test_a_namespace_exec_fills_is_silent() -> None:
    assert error_findings(_EXEC_NAMESPACE) == []


def test_a_namespace_nothing_fills_is_still_flagged() -> None:
    source = _EXEC_NAMESPACE.replace(
        '    exec(compile(code, "example", "exec"), namespace)\n', ""
    ).replace('namespace["objective"]', 'namespace["__name__"]')
    assert error_findings(source) == [("function-argument-not-callable", 6)]


def test_a_dict_an_unknown_callee_was_given_is_silent() -> None:
    source = """\
import jax


def main(fill) -> None:
    options = {"loss": "mse"}
    fill(options)
    jax.jit(options["loss"])(1.0)
"""
    assert error_findings(source) == []


def test_a_dict_a_known_function_reads_is_still_flagged() -> None:
    source = """\
import jax


def describe(options):
    return len(options)


def main() -> None:
    options = {"loss": "mse"}
    describe(options)
    jax.jit(options["loss"])(1.0)
"""
    assert error_findings(source) == [("function-argument-not-callable", 11)]


def test_a_list_an_unknown_callee_was_given_has_no_known_length() -> None:
    source = """\
import jax
import jax.numpy as jnp


def main(extend) -> None:
    axes = [0]
    extend(axes)
    jax.vmap(lambda x, y: x + y, in_axes=tuple(axes))(jnp.ones(2), jnp.ones(2))
"""
    assert error_findings(source) == []


# partials of unknown keywords ------------------------------------------------------------


_SETTINGS_PARTIAL = """\
from functools import partial

import jax


def step(carry, steps):
    if steps < 0:
        raise ValueError("steps must be nonnegative")
    return carry + steps


def reduce_chunk(carry, *, steps, **settings):
    return step(carry, steps)


def observed_chunk(carry, *, history, steps, **settings):
    return step(carry, steps), history(carry)


def compile_chunk(carry, *, history=None, **settings):
    reducer = reduce_chunk if history is None else partial(observed_chunk, history=history)
    execute = jax.jit(partial(reducer, **settings))
    return execute
"""


def test_a_jitted_partial_of_unknown_settings_is_silent_for_any_caller() -> None:
    assert error_findings(_SETTINGS_PARTIAL) == []


def test_a_jitted_partial_of_known_keywords_is_still_flagged_for_any_caller() -> None:
    # ``steps`` is fixed by no partial: any caller passes it, traced
    source = _SETTINGS_PARTIAL.replace(
        "partial(reducer, **settings)", "partial(reducer, x64=False)"
    )
    assert error_findings(source) == [("tracer-bool-conversion-error", 7)]


# equinox: a base class's helper its subclasses' __init__ call -----------------------------


_MIXERS = """\
import equinox as eqx
import jax
import jax.numpy as jnp


class Mixer(eqx.Module):
    weight: jax.Array

    def _init_common(self, size):
        self.weight = jnp.zeros(size)

    def reset(self, size):
        self.weight = jnp.zeros(size)


class Gated(Mixer):
    def __init__(self, size):
        self._init_common(size)
"""


def test_a_base_helper_a_subclass_init_calls_is_silent_and_reset_is_flagged() -> None:
    assert error_findings(_MIXERS) == [("equinox-module-field-assigned", 13)]


def test_a_base_helper_no_init_calls_is_flagged() -> None:
    source = _MIXERS.replace(
        "        self._init_common(size)", "        self.weight = jnp.ones(size)"
    )
    assert error_findings(source) == [
        ("equinox-module-field-assigned", 10),
        ("equinox-module-field-assigned", 13),
    ]


# a flag that holds a type test -----------------------------------------------------------


_PREBUILT = """\
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


class Basis(eqx.Module):
    centers: jax.Array


def build(coords):
    return Basis(np.asarray(coords))


def resolve(aux, coords):
    prebuilt = isinstance(aux, Basis)
    if not prebuilt:
        aux = build(coords)
    return aux


def energy(coords, template):
    aux = resolve(eqx.tree_at(lambda b: b.centers, template, coords), coords)
    return jnp.sum(aux.centers)


def forces(coords, template):
    return jax.grad(energy)(coords, template)
"""


def test_a_branch_behind_a_flag_of_isinstance_is_silent() -> None:
    assert error_findings(_PREBUILT) == []


def test_a_branch_behind_a_flag_of_data_is_still_flagged() -> None:
    source = _PREBUILT.replace("prebuilt = isinstance(aux, Basis)", "prebuilt = False")
    assert error_findings(source) == [("tracer-array-conversion-error", 12)]
