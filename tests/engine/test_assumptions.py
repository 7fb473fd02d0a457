"""One notion of an error that rests on an assumption (``Assumption``): a handler that may
catch it, a call that went to one of several functions, an annotation standing in for an
operand.  Each is noted in ``Facts.unproved`` with what it rests on, and ``run_rules`` is the
one place that drops the error findings there (a shape rule included)."""

from __future__ import annotations

import textwrap

from jaxlsp.infer.frames import Assumption
from jaxlsp.infer.workspace import Workspace
from tests._engine import fresh_engine

#: jaxtyping's names as stand-ins (it need not be installed): the annotation is read by name.
JAXTYPING = """
from jaxtyping import Array, Float
"""


def _analysed(source: str) -> tuple[set[Assumption | None], set[Assumption], set[str]]:
    """What the shape errors rest on, what the unproved sites rest on, and the error codes."""
    analysis = fresh_engine(Workspace([])).analyze(textwrap.dedent(source))
    assert analysis.program is not None
    facts = analysis.program.facts
    errors = {finding.code for finding in analysis.findings if finding.severity == "error"}
    return (
        {error.assumed for error in facts.shape_errors},
        {unproved.assumption for unproved in facts.unproved},
        errors,
    )


CONCATENATE = """
import jax.numpy as jnp


def joined(a, b):
    return jnp.concatenate([a, b])
"""


def test_a_shape_error_on_known_values_is_proved() -> None:
    assumed, unproved, errors = _analysed(CONCATENATE + "\njoined(jnp.ones(3), jnp.ones((2, 2)))\n")
    assert assumed == {None}
    assert unproved == set()
    assert errors == {"concatenate-rank-mismatch"}


def test_a_shape_error_a_handler_may_catch_rests_on_it() -> None:
    source = CONCATENATE + (
        "\ntry:\n    joined(jnp.ones(3), jnp.ones((2, 2)))\nexcept TypeError:\n    pass\n"
    )
    assumed, unproved, errors = _analysed(source)
    assert assumed == {Assumption.HANDLED}
    assert unproved == {Assumption.HANDLED}
    assert errors == set()


def test_a_shape_error_on_an_annotated_operand_rests_on_the_annotation() -> None:
    source = JAXTYPING + (
        "\nimport jax.numpy as jnp\n\n\n"
        'def joined(a: Float[Array, "n"], b: Float[Array, "n m"]):\n'
        "    return jnp.concatenate([a, b])\n"
    )
    assumed, unproved, errors = _analysed(source)
    assert assumed == {Assumption.ANNOTATION}
    assert unproved == {Assumption.ANNOTATION}
    assert errors == set()


def test_a_shape_error_in_one_of_several_modules_functions_rests_on_the_choice() -> None:
    source = CONCATENATE + (
        "\nimport os\n\n"
        "PICK = {'numpy': joined, 'jax': jnp.stack}\n"
        "PICK[os.environ['KIND']](jnp.ones(3), jnp.ones((2, 2)))\n"
    )
    assumed, unproved, errors = _analysed(source)
    assert assumed == {Assumption.ONE_OF_SEVERAL}
    assert unproved == {Assumption.ONE_OF_SEVERAL}
    assert errors == set()


def test_a_shape_error_behind_a_decorator_whose_result_is_not_known_rests_on_it() -> None:
    source = """
    import functools

    import jax.numpy as jnp


    class over_rows:
        def __call__(self, func):
            def call(array, w):
                return jnp.stack([func(row, w) for row in array])

            return functools.update_wrapper(call, func, assigned=(), updated=())


    @over_rows()
    def weighted(row, w):
        return jnp.sum(row * w)


    weighted(jnp.ones((4, 3)), jnp.ones((3, 3)))
    """
    assumed, unproved, errors = _analysed(source)
    assert assumed == {Assumption.DECORATOR}
    assert unproved == {Assumption.DECORATOR}
    assert errors == set()


def test_isinstance_narrowing_records_its_test_once() -> None:
    """``if isinstance(x, int)`` on a local that is an int or an array narrows each branch by
    testing each alternative alone; only the test on the whole value is recorded, not one
    more per alternative."""
    source = """
    import os

    import jax.numpy as jnp

    value = 0 if os.environ.get("ZERO") else jnp.ones(3)
    if isinstance(value, int):
        value = jnp.zeros(3)
    """
    analysis = fresh_engine(Workspace([])).analyze(textwrap.dedent(source))
    assert analysis.program is not None
    tested = [
        len(call.arguments["obj"])
        for call in analysis.program.facts.api_calls
        if call.api.name == "builtins.isinstance"
    ]
    assert tested == [2]
