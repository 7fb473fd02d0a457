"""The any-caller pass runs what calls a function before the function's own run for any caller,
and passes over that run where a run before it already ran the body to a return
(``_any_caller_order``, ``Interpreter._ran``): a helper defined before its caller, the usual
Python order, ran twice (for any caller, and from its caller), and ``loss`` ran for any caller
and again under ``jax.jit(jax.grad(loss))``.  What no run reached still runs for any caller,
and its errors are still found."""

from __future__ import annotations

import ast
import textwrap
from collections import Counter

from jaxlsp.engine import Analysis
from jaxlsp.findings import Position
from jaxlsp.infer.interpreter import _callers_first
from jaxlsp.infer.values import Function, Site
from tests._engine import fresh_engine


def _analysed(source: str) -> Analysis:
    analysis = fresh_engine().analyze(textwrap.dedent(source))
    assert analysis.parse_error is None
    return analysis


def _frames(analysis: Analysis) -> Counter[str]:
    """How many frames each function (by name) ran in."""
    assert analysis.program is not None
    return Counter(
        getattr(frame.function.node, "name", "lambda")
        for frame in analysis.program.facts.frames
        if frame.function is not None
    )


def _parameter_kinds(analysis: Analysis, name: str) -> list[dict[str, list[str]]]:
    """The kinds of value each frame of ``name`` bound its names to."""
    assert analysis.program is not None
    return [
        {key: [type(value).__name__ for value in values] for key, values in frame.state.env.items()}
        for frame in analysis.program.facts.frames
        if frame.function is not None and getattr(frame.function.node, "name", "") == name
    ]


def _errors(analysis: Analysis) -> set[tuple[int, str]]:
    return {(f.span.start.line, f.code) for f in analysis.findings if f.severity == "error"}


def test_a_helper_called_by_a_later_function_runs_once_from_its_caller() -> None:
    analysis = _analysed(
        """
        import jax.numpy as jnp

        def helper(x):
            return jnp.sum(x)

        def caller():
            return helper(jnp.ones(3))
        """
    )
    assert _frames(analysis) == {"caller": 1, "helper": 1}  # main: helper twice
    assert _parameter_kinds(analysis, "helper") == [{"x": ["Array"]}]


def test_a_caller_defined_before_its_helper_runs_first_too() -> None:
    # the syntactic call graph, not only the source order
    analysis = _analysed(
        """
        import jax.numpy as jnp

        def caller():
            return helper(jnp.ones(3))

        def helper(x):
            return jnp.sum(x)

        def unrelated(y):
            return y
        """
    )
    assert _frames(analysis) == {"caller": 1, "helper": 1, "unrelated": 1}


def test_a_made_function_runs_its_body_before_the_plain_function_runs_for_any_caller() -> None:
    analysis = _analysed(
        """
        import jax
        import jax.numpy as jnp

        def loss(p, x):
            return jnp.sum(p * x)

        step = jax.jit(jax.grad(loss))
        """
    )
    # main: loss for any caller (unknown parameters), then under the transforms (arrays)
    assert _parameter_kinds(analysis, "loss") == [{"p": ["Array"], "x": ["Array"]}]


def test_a_method_runs_bound_to_an_instance_only() -> None:
    analysis = _analysed(
        """
        import jax.numpy as jnp

        class Model:
            def apply(self, x):
                return jnp.tanh(x)
        """
    )
    # main: also as a plain function with an unknown ``self``
    assert _parameter_kinds(analysis, "apply") == [{"self": ["Instance"], "x": ["Unknown"]}]


def test_a_function_nobody_calls_still_runs_and_its_errors_are_found() -> None:
    analysis = _analysed(
        """
        import jax.numpy as jnp

        def helper(x):
            return jnp.sum(x)

        def unused():
            return jnp.zeros(3) @ jnp.zeros(4)
        """
    )
    assert _frames(analysis) == {"helper": 1, "unused": 1}
    assert _errors(analysis) == {(7, "dot-general-contracting-dims-mismatch")}


def test_static_and_class_methods_still_run_in_their_own_entries() -> None:
    # a class's run marks them evaluated without running them
    analysis = _analysed(
        """
        import jax.numpy as jnp

        class Shapes:
            @staticmethod
            def wrong():
                return jnp.zeros(3) @ jnp.zeros(4)

            @classmethod
            def also_wrong(cls):
                return jnp.zeros(3) @ jnp.zeros(5)
        """
    )
    assert _errors(analysis) == {
        (6, "dot-general-contracting-dims-mismatch"),
        (10, "dot-general-contracting-dims-mismatch"),
    }


def test_a_callee_whose_caller_raised_on_every_path_still_runs_for_any_caller() -> None:
    # under jit ``x > 0`` raises, so the caller's run never reaches the matmul: the
    # any-caller run (x unknown) finds it, as it did when every function ran for any caller
    analysis = _analysed(
        """
        import jax
        import jax.numpy as jnp

        def helper(x):
            if x > 0:
                x = -x
            return jnp.zeros(3) @ jnp.zeros(4)

        @jax.jit
        def caller(x):
            return helper(x)
        """
    )
    assert _frames(analysis)["helper"] == 2
    assert _errors(analysis) == {
        (5, "tracer-bool-conversion-error"),
        (7, "dot-general-contracting-dims-mismatch"),
    }


def test_a_callee_called_with_a_constant_runs_only_the_path_its_caller_takes() -> None:
    # The change, documented: ``helper`` runs only from ``caller`` (mode "fast").  The other
    # path was no error finding for any caller either: an unknown guard leads to it.
    source = """
        import jax.numpy as jnp

        def helper(x, mode):
            if mode == "fast":
                return x
            return jnp.zeros(3) @ jnp.zeros(4)

        def caller(x):
            return helper(x, "fast")
        """
    analysis = _analysed(source)
    assert _frames(analysis) == {"caller": 1, "helper": 1}
    assert _errors(analysis) == set()
    # nobody calls it: it runs for any caller, and the error is still not proved
    alone = _analysed(source.replace('return helper(x, "fast")', "return x"))
    assert _frames(alone) == {"caller": 1, "helper": 1}
    assert _errors(alone) == set()
    # a caller that takes the other path: found, from that caller's run
    other = _analysed(source.replace('"fast")', '"slow")'))
    assert _errors(other) == {(6, "dot-general-contracting-dims-mismatch")}


def test_mutual_recursion_runs_each_function() -> None:
    analysis = _analysed(
        """
        def even(n):
            return True if n == 0 else odd(n - 1)

        def odd(n):
            return False if n == 0 else even(n - 1)
        """
    )
    assert set(_frames(analysis)) == {"even", "odd"}


def _order(source: str) -> list[str]:
    tree = ast.parse(textwrap.dedent(source))
    entries = [
        (Site("m", tree, node), (Function(node, Site("m", tree, node), None),), None)
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    ]
    return [entry[0].node.name for entry in _callers_first(entries)]  # type: ignore[attr-defined]


def test_callers_come_before_their_callees_and_the_rest_last_defined_first() -> None:
    assert _order(
        """
        def main():
            return train(load())

        def load():
            return 1

        def train(data):
            return jax.lax.scan(step, data, None)

        def step(carry, x):
            return carry, x

        def unrelated():
            return 0
        """
    ) == ["unrelated", "main", "train", "step", "load"]


def test_a_cycle_is_broken_at_its_function_defined_last() -> None:
    assert _order(
        """
        def a():
            return b()

        def b():
            return a()
        """
    ) == ["b", "a"]


def _hover_at(source: str, text: str) -> str | None:
    """The hover at the first place ``text`` starts in ``source`` (dedented)."""
    source = textwrap.dedent(source)
    engine = fresh_engine()
    analysis = engine.analyze(source)
    line = next(i for i, row in enumerate(source.splitlines()) if text in row)
    hover = engine.hover(analysis, Position(line, source.splitlines()[line].index(text)))
    return hover.markdown if hover is not None else None


def test_a_helper_two_callers_call_with_two_shapes_shows_both_on_hover() -> None:
    """Each caller's run is kept, so a name the callers give two shapes hovers as one of them
    (the later-defined caller ran first): passing over the helper's own run loses no caller."""
    source = """
        import jax.numpy as jnp

        def helper(x):
            doubled = x * 2
            return doubled

        def small():
            return helper(jnp.ones(3))

        def large():
            return helper(jnp.ones(5))
        """
    assert _hover_at(source, "doubled =") == "**`doubled`**: one of `float32[5]`, `float32[3]`"


def test_a_helper_its_caller_ran_hovers_the_callers_shape_without_its_own_runs() -> None:
    """Stop 40's "lost" alternatives (dftax ``implicit.py``'s ``idx``, megalodon-jax's
    ``segments.py``, gdn2-pallas ``reference.py``'s ``eye``, bayinx ``lowrankaffine.py``'s
    ``h_i``): each was the helper's own run for any caller, its parameters unknown (or read
    from an annotation), beside what its callers passed; the callers' runs are all kept.  Where
    they agree on one fully known shape the hover shows it (on 9232f30: one of `float32[?,?]`,
    `float32[c,c]`); where that one shape is partly unknown (`?[C,C]`), no hover, as for any
    place only partly known."""
    source = """
        import jax.numpy as jnp

        def helper(a):
            c = a.shape[-1]
            eye = jnp.eye(c)
            return eye

        def caller(x):
            return helper(jnp.ones((4, x.shape[0])))
        """
    assert _hover_at(source, "eye =") == "**`eye`**: `float32[c,c]`"
    unknown_dtype = source.replace("jnp.eye(c)", "jnp.eye(c, dtype=a.dtype)").replace(
        "jnp.ones((4, x.shape[0]))", "x"
    )
    assert _hover_at(unknown_dtype, "eye =") is None
