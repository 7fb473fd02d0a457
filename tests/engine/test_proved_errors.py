"""Error findings only where the code surely raises: the object model and the guards.

Each case is a pair: code that works on the pinned JAX, which must get no error finding (a
handler that catches the error, an ``isinstance(x, Tracer)`` guard, a property with a setter,
an abstract method, ``getattr`` of an unknown object), and the close variant that does raise,
which must still get its finding.  ``tests/engine/test_proved_errors_on_jax.py`` runs every
program here on JAX and checks the label.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from jaxlsp.infer.workspace import Workspace
from tests._engine import error_codes, fresh_engine

#: (name, program, the error codes it must get): an empty set is a program that runs.
CASES: list[tuple[str, str, set[str]]] = [
    (
        "error_after_an_undecided_guard_that_returns",
        """
        import jax
        import jax.numpy as jnp


        def head(x, n, cfg):
            if cfg is None:
                return x
            return x[:n]


        def run(cfg):
            return jax.jit(head, static_argnums=2)(jnp.arange(10), 3, cfg)
        """,
        set(),
    ),
    (
        "error_after_a_decided_guard_that_returns",
        """
        import jax
        import jax.numpy as jnp


        def head(x, n, cfg):
            if cfg is None:
                return x
            return x[:n]


        def run(cfg):
            return jax.jit(head, static_argnums=2)(jnp.arange(10), 3, cfg)


        y = run("short")
        """,
        {"slice-indices-not-static"},
    ),
    (
        "error_after_an_undecided_guard_that_raises",
        """
        import random

        import jax
        import jax.numpy as jnp


        def head(x, n, cfg):
            if cfg is None:
                raise ValueError("head needs a configuration")
            return x[:n]


        def run(cfg):
            return jax.jit(head, static_argnums=2)(jnp.arange(10), 3, cfg)


        y = run(random.choice(["short", "long"]))
        """,
        {"slice-indices-not-static"},
    ),
    (
        "traced_slice_behind_an_undecided_none_guard",
        """
        import jax
        import jax.numpy as jnp


        def take(x, n, mode):
            if mode is None:
                return x[:n]
            return x


        def run(mode):
            return jax.jit(take, static_argnums=2)(jnp.arange(10), 3, mode)
        """,
        set(),
    ),
    (
        "traced_slice_where_the_none_guard_is_decided",
        """
        import jax
        import jax.numpy as jnp


        def take(x, n, mode):
            if mode is None:
                return x[:n]
            return x


        def run(mode):
            return jax.jit(take, static_argnums=2)(jnp.arange(10), 3, mode)


        y = run(None)
        """,
        {"slice-indices-not-static"},
    ),
    (
        "try_except_type_error_in_helper",
        """
        import jax
        import jax.numpy as jnp


        def count(n):
            try:
                return int(n)
            except TypeError:
                return None


        @jax.jit
        def f(x):
            k = count(x)
            return x if k is None else x * k


        y = f(jnp.ones(()))
        """,
        set(),
    ),
    (
        "try_except_value_error_does_not_catch",
        """
        import jax
        import jax.numpy as jnp


        def count(n):
            try:
                return int(n)
            except ValueError:
                return None


        @jax.jit
        def f(x):
            k = count(x)
            return x if k is None else x * k


        y = f(jnp.ones(()))
        """,
        {"concretization-type-error"},
    ),
    (
        "try_in_caller_catches_helper_error",
        """
        import jax
        import jax.numpy as jnp


        def count(n):
            return int(n)


        @jax.jit
        def f(x):
            try:
                k = count(x)
            except TypeError:
                k = 1
            return x * k


        y = f(jnp.ones(()))
        """,
        set(),
    ),
    (
        "jax_error_class_caught_in_method",
        """
        import jax
        import jax.numpy as jnp


        class Clip:
            def __call__(self, x):
                try:
                    if x > 0:
                        return x
                except jax.errors.ConcretizationTypeError:
                    pass
                return -x


        y = jax.jit(Clip())(jnp.ones(()))
        """,
        set(),
    ),
    (
        "errors_a_test_expects_inside_pytest_raises_or_assert_raises",
        """
        import unittest

        import jax
        import jax.numpy as jnp
        import pytest


        class GradTest(unittest.TestCase):
            def test_integer_input(self):
                with self.assertRaises(TypeError):
                    jax.grad(lambda x: x * 2)(3)

            def test_non_scalar_output(self):
                with self.assertRaisesRegex(TypeError, "scalar"):
                    jax.grad(lambda x: x * 2)(jnp.ones(3))


        def test_broadcast():
            with pytest.raises((TypeError, ValueError)):
                jnp.ones((3, 4)) + jnp.ones((5,))


        GradTest("test_integer_input").test_integer_input()
        GradTest("test_non_scalar_output").test_non_scalar_output()
        test_broadcast()
        """,
        set(),
    ),
    (
        "error_of_another_class_than_pytest_raises_expects_still_raises",
        """
        import jax
        import jax.numpy as jnp
        import pytest


        def test_non_scalar_output():
            with pytest.raises(ValueError):
                jax.grad(lambda x: x * 2)(jnp.ones(3))


        test_non_scalar_output()
        """,
        {"grad-non-scalar-output"},
    ),
    (
        "try_finally_catches_nothing",
        """
        import jax
        import jax.numpy as jnp


        @jax.jit
        def f(x):
            try:
                if x > 0:
                    return x
            finally:
                print("done")
            return -x


        y = f(jnp.ones(()))
        """,
        {"tracer-bool-conversion-error"},
    ),
    (
        "tracer_guard_skips_int",
        """
        import jax
        import jax.numpy as jnp


        def as_int(x):
            if isinstance(x, jax.core.Tracer):
                return x
            return int(x)


        @jax.jit
        def f(x):
            return as_int(x) + 1


        y = f(jnp.ones(()))
        """,
        set(),
    ),
    (
        "negated_tracer_guard_from_import",
        """
        import jax
        import jax.numpy as jnp
        from jax.core import Tracer


        class Counter:
            def __init__(self, n):
                if not isinstance(n, Tracer):
                    n = int(n)
                self.n = n


        @jax.jit
        def f(x):
            return Counter(x).n + 1


        y = f(jnp.ones(()))
        """,
        set(),
    ),
    (
        "tracer_guard_taken_branch_still_raises",
        """
        import jax
        import jax.numpy as jnp


        def as_int(x):
            if isinstance(x, jax.core.Tracer):
                return int(x)
            return x


        @jax.jit
        def f(x):
            return as_int(x) + 1


        y = f(jnp.ones(()))
        """,
        {"concretization-type-error"},
    ),
    (
        "hasattr_aval_guard_skips_numpy",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        def to_host(x):
            if hasattr(x, "aval"):
                return x
            return np.asarray(x)


        @jax.jit
        def f(x):
            return to_host(x) + 1


        y = f(jnp.ones(3))
        """,
        set(),
    ),
    (
        "hasattr_aval_guard_taken_branch_still_raises",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        def to_host(x):
            if hasattr(x, "aval"):
                return np.asarray(x)
            return x


        @jax.jit
        def f(x):
            return to_host(x) + 1


        y = f(jnp.ones(3))
        """,
        {"tracer-array-conversion-error"},
    ),
    (
        "number_and_isscalar_guards_skip_int",
        """
        import numbers

        import jax
        import jax.numpy as jnp
        import numpy as np


        def as_int(x):
            if isinstance(x, numbers.Number):
                return int(x)
            return x


        def scalar_int(x):
            if np.isscalar(x):
                return int(x)
            return x


        @jax.jit
        def f(x):
            return as_int(x) + scalar_int(x) + as_int(2) + scalar_int(3)


        y = f(jnp.ones(3))
        """,
        set(),
    ),
    (
        "negated_number_guard_still_raises",
        """
        import numbers

        import jax
        import jax.numpy as jnp


        def as_int(x):
            if not isinstance(x, numbers.Real):
                return int(x)
            return x


        @jax.jit
        def f(x):
            return as_int(x) + 1


        y = f(jnp.ones(()))
        """,
        {"concretization-type-error"},
    ),
    (
        "type_is_numpy_guard_skips_numpy",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        def host_sum(x):
            if type(x) is np.ndarray or type(x) == float:
                return np.asarray(x).sum()
            return x.sum()


        @jax.jit
        def f(x):
            return host_sum(x) + 1


        y = f(jnp.ones(3))
        """,
        set(),
    ),
    (
        "type_is_not_numpy_guard_still_raises",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        def host_sum(x):
            if type(x) is not np.ndarray:
                return np.asarray(x).sum()
            return x.sum()


        @jax.jit
        def f(x):
            return host_sum(x) + 1


        y = f(jnp.ones(3))
        """,
        {"tracer-array-conversion-error"},
    ),
    (
        "property_with_setter_is_read_through_its_getter",
        """
        import jax
        import jax.numpy as jnp


        class Config:
            def __init__(self):
                self._size = 4

            @property
            def size(self):
                return self._size

            @size.setter
            def size(self, value):
                self._size = value


        config = Config()


        @jax.jit
        def f(x):
            return x.reshape(config.size, -1) * range(config.size)[-1]


        y = f(jnp.ones(8))
        """,
        set(),
    ),
    (
        "property_with_setter_returning_a_tracer",
        """
        import jax
        import jax.numpy as jnp


        class Box:
            def __init__(self, value):
                self._value = value

            @property
            def value(self):
                return self._value

            @value.setter
            def value(self, new):
                self._value = new


        @jax.jit
        def f(x):
            box = Box(x)
            if box.value > 0:
                return x
            return -x


        y = f(jnp.ones(()))
        """,
        {"tracer-bool-conversion-error"},
    ),
    (
        "cached_property_read_as_its_value",
        """
        import functools

        import jax
        import jax.numpy as jnp


        @jax.jit
        def difference(a, b):
            return a - b


        class Cell:
            def __init__(self, value):
                self.value = value

            @functools.cached_property
            def right(self):
                return self.value[-1]

            def grad(self):
                return difference(self.value, self.right)


        g = Cell(jnp.ones(3)).grad()
        """,
        set(),
    ),
    (
        "cached_property_of_a_function_passed_to_jit",
        """
        import functools

        import jax
        import jax.numpy as jnp


        @jax.jit
        def difference(a, b):
            return a - b


        class Cell:
            def __init__(self, value):
                self.value = value

            @functools.cached_property
            def right(self):
                return jnp.sum

            def grad(self):
                return difference(self.value, self.right)


        g = Cell(jnp.ones(3)).grad()
        """,
        {"jit-non-array-argument"},
    ),
    (
        "register_dataclass_meta_fields_are_static",
        """
        import dataclasses
        import functools

        import jax
        import jax.numpy as jnp


        @functools.partial(
            jax.tree_util.register_dataclass, data_fields=["w"], meta_fields=["n"]
        )
        @dataclasses.dataclass
        class Params:
            w: jax.Array
            n: int


        @jax.jit
        def f(p, x):
            if p.n > 2:
                return x * p.w
            return x


        y = f(Params(jnp.ones(3), 3), jnp.ones(3))
        """,
        set(),
    ),
    (
        "register_dataclass_data_fields_are_traced",
        """
        import dataclasses
        import functools

        import jax
        import jax.numpy as jnp


        @functools.partial(
            jax.tree_util.register_dataclass, data_fields=["w", "n"], meta_fields=[]
        )
        @dataclasses.dataclass
        class Params:
            w: jax.Array
            n: int


        @jax.jit
        def f(p, x):
            if p.n > 2:
                return x * p.w
            return x


        y = f(Params(jnp.ones(3), 3), jnp.ones(3))
        """,
        {"tracer-bool-conversion-error"},
    ),
    (
        "field_declared_by_a_static_helper_in_a_base_class",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp


        def static_field(**options):
            return dataclasses.field(metadata={"static": True}, **options)


        @dataclasses.dataclass
        class Base:
            n: int = static_field(default=3)


        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Params(Base):
            w: jax.Array = dataclasses.field(default_factory=lambda: jnp.ones(3))


        @jax.jit
        def f(p, x):
            if p.n > 2:
                return x * p.w
            return x


        y = f(Params(), jnp.ones(3))
        """,
        set(),
    ),
    (
        "plain_field_of_a_registered_dataclass_is_traced",
        """
        import dataclasses

        import jax
        import jax.numpy as jnp


        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Params:
            w: jax.Array
            n: int = dataclasses.field(default=3)


        @jax.jit
        def f(p, x):
            if p.n > 2:
                return x * p.w
            return x


        y = f(Params(jnp.ones(3)), jnp.ones(3))
        """,
        {"tracer-bool-conversion-error"},
    ),
    (
        "abstract_method_result_is_the_override",
        """
        import abc

        import jax
        import jax.numpy as jnp


        class Base(abc.ABC):
            @abc.abstractmethod
            def scale(self, x):
                \"\"\"The scale.\"\"\"

            def apply(self, x):
                return x * self.scale(x).sum()


        class Double(Base):
            def scale(self, x):
                return x * 2


        y = jax.jit(Double().apply)(jnp.ones(3))
        """,
        set(),
    ),
    (
        "getattr_default_of_unknown_object",
        """
        import jax


        class Backend:
            def set_random_state(self, seed=None):
                self.g = jax.random.PRNGKey(42 if seed is None else seed)

            def randn(self, shape):
                g = getattr(self, "g", None)
                if g is None:
                    self.set_random_state()
                    g = getattr(self, "g", None)
                key, subkey = jax.random.split(g)
                self.g = key
                return jax.random.normal(subkey, shape)


        def sample(backend):
            return backend.randn((2,))


        r = Backend().randn((2,))
        """,
        set(),
    ),
    (
        "getattr_default_of_a_known_object_without_it",
        """
        import jax


        class Backend:
            pass


        g = getattr(Backend(), "g", None)
        key, subkey = jax.random.split(g)
        """,
        {"random-int-seed-as-key"},
    ),
    (
        "function_from_a_dict_by_unknown_key_called_where_its_arguments_bind",
        """
        import enum
        import os

        import jax
        import jax.numpy as jnp
        import numpy as np


        class Kind(enum.IntEnum):
            PLANE = int(os.environ.get("KIND_PLANE", "0"))
            MESH = int(os.environ.get("KIND_MESH", "1"))


        def _hit_plane(size, pnt, vec):
            return jnp.sum(size * pnt * vec)


        def _hit_mesh(kinds, ids, size, pnt, vec):
            return jnp.asarray(np.asarray(ids) * 2) * jnp.sum(size * pnt * vec)


        _HITS = {Kind.PLANE: _hit_plane, Kind.MESH: _hit_mesh}


        def hits(kinds, size, pnt, vec):
            found = []
            for kind, fn in _HITS.items():
                (ids,) = np.nonzero(kinds == kind)
                args = size[ids], pnt[ids], vec[ids]
                if kind == Kind.MESH:
                    found.append(fn(kinds, ids, *args))
                else:
                    found.append(jax.vmap(fn)(*args))
            return found


        print(hits(np.array([0, 1, 1]), jnp.ones((3, 2)), jnp.ones((3, 2)), jnp.ones((3, 2))))
        """,
        set(),
    ),
    (
        "function_from_a_dict_by_unknown_key_called_where_only_it_binds",
        """
        import enum
        import os

        import jax
        import jax.numpy as jnp
        import numpy as np


        class Kind(enum.IntEnum):
            PLANE = int(os.environ.get("KIND_PLANE", "0"))
            MESH = int(os.environ.get("KIND_MESH", "1"))


        def _hit_plane(size, pnt, vec):
            return jnp.sum(size * pnt * vec)


        def _hit_mesh(kinds, ids, size, pnt, vec):
            return jnp.asarray(np.asarray(ids) * 2) * jnp.sum(size * pnt * vec)


        _HITS = {Kind.PLANE: _hit_plane, Kind.MESH: _hit_mesh}


        def hits(kinds, size, pnt, vec):
            found = []
            for kind, fn in _HITS.items():
                (ids,) = np.nonzero(kinds == kind)
                args = size[ids], pnt[ids], vec[ids]
                if kind == Kind.PLANE:
                    found.append(fn(*args))
                else:
                    found.append(jax.vmap(fn, in_axes=(None, 0, 0, 0, 0))(kinds, ids, *args))
            return found


        print(hits(np.array([0, 1, 1]), jnp.ones((3, 2)), jnp.ones((3, 2)), jnp.ones((3, 2))))
        """,
        {"tracer-array-conversion-error"},
    ),
    (
        "transform_from_a_dict_by_unknown_key",
        """
        import os

        import jax
        import jax.numpy as jnp

        MAPS = {
            "vmap": jax.vmap,
            "lmap": lambda fn, **k: (lambda xs: jax.lax.map(fn, xs, **k)),
            "scan": jax.lax.scan,
        }


        def apply_rows(fn, rows, kind="vmap"):
            mapped = MAPS[kind]
            return mapped(fn)(rows)


        print(apply_rows(jnp.sum, jnp.ones((4, 3)), os.environ.get("MAP_KIND", "vmap")))
        """,
        set(),
    ),
    (
        "scan_or_python_loop_from_a_dict_by_unknown_key",
        """
        import os

        import jax
        import jax.numpy as jnp


        def python_scan(step, init, length=3):
            carry, ys = init, []
            for _ in range(length):
                carry, y = step(carry, None)
                ys.append(y)
            return carry, jnp.stack(ys)


        RUNNERS = {"python": python_scan, "lax": jax.lax.scan}


        def unroll(step, init, kind="python"):
            return RUNNERS[kind](step, init)


        print(unroll(lambda c, _: (c + 1.0, c), jnp.float32(0.0), os.environ.get("RUNNER", "python")))
        """,
        set(),
    ),
    (
        "scan_from_a_dict_by_known_key",
        """

        import jax
        import jax.numpy as jnp


        def python_scan(step, init, length=3):
            carry, ys = init, []
            for _ in range(length):
                carry, y = step(carry, None)
                ys.append(y)
            return carry, jnp.stack(ys)


        RUNNERS = {"python": python_scan, "lax": jax.lax.scan}


        def unroll(step, init, kind="python"):
            return RUNNERS[kind](step, init)


        print(unroll(lambda c, _: (c + 1.0, c), jnp.float32(0.0), "lax"))
        """,
        {"scan-no-length"},
    ),
    (
        "loop_result_of_a_helper_dict_gains_a_key_after_the_loop",
        """
        import jax
        import jax.numpy as jnp


        def initial_state(n):
            state = {}
            state["total"] = jnp.zeros(())
            state["count"] = n
            return state


        def solve(xs, extrapolate):
            state = initial_state(3)

            def body(i, state):
                state["total"] = state["total"] + xs[i]
                return state

            state = jax.lax.fori_loop(0, state["count"], body, state)
            if extrapolate:
                state["mean"] = state["total"] / 3
            return state


        print(solve(jnp.ones(3), True))
        print(solve(jnp.ones(3) * 2, False))
        """,
        set(),
    ),
    (
        "loop_body_adds_a_key_to_a_helper_dict",
        """
        import jax
        import jax.numpy as jnp


        def initial_state(n):
            state = {}
            state["total"] = jnp.zeros(())
            state["count"] = n
            return state


        def solve(xs, extrapolate):
            state = initial_state(3)

            def body(i, state):
                state["total"] = state["total"] + xs[i]
                if extrapolate:
                    state["mean"] = state["total"] / 3
                return state

            state = jax.lax.fori_loop(0, state["count"], body, state)
            return state


        print(solve(jnp.ones(3), True))
        print(solve(jnp.ones(3) * 2, False))
        """,
        {"scan-carry-structure-mismatch"},
    ),
    (
        "custom_vjp_backward_pass_converts_its_cotangent_with_numpy",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        A = np.arange(9.0).reshape(3, 3)


        @jax.custom_vjp
        def matvec(x):
            return jnp.asarray(A @ np.asarray(x))


        def matvec_tr(x):
            return jnp.asarray(A.T @ np.asarray(x))


        def matvec_fwd(x):
            return matvec(x), None


        def matvec_bwd(res, g):
            return (matvec_tr(g),)


        matvec.defvjp(matvec_fwd, matvec_bwd)

        print(jax.grad(lambda x: jnp.sum(matvec(x)))(jnp.ones(3)))
        """,
        set(),
    ),
    (
        "custom_vjp_backward_pass_under_jit_converts_with_numpy",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        A = np.arange(9.0).reshape(3, 3)


        @jax.custom_vjp
        def matvec(x):
            return jnp.asarray(A @ np.asarray(x))


        def matvec_tr(x):
            return jnp.asarray(A.T @ np.asarray(x))


        def matvec_fwd(x):
            return matvec(x), None


        def matvec_bwd(res, g):
            return (matvec_tr(g),)


        matvec.defvjp(matvec_fwd, matvec_bwd)

        print(jax.jit(jax.grad(lambda x: jnp.sum(matvec(x))))(jnp.ones(3)))
        """,
        {"tracer-array-conversion-error"},
    ),
    (
        "function_behind_a_decorator_whose_result_is_not_known",
        """
        import functools

        import jax
        import jax.numpy as jnp


        class over_rows:
            # calls the function on each row of its first argument

            def __init__(self, axis=0):
                self.axis = axis

            def __call__(self, func):
                def call(array, *args):
                    rows = jnp.moveaxis(array, self.axis, 0)
                    return jnp.stack([func(row, *args) for row in rows])

                return functools.update_wrapper(call, func, assigned=("__doc__",), updated=())


        @jax.jit
        @over_rows(axis=0)
        def weighted(row, w):
            return jnp.sum(row * w)


        print(weighted(jnp.ones((4, 3)), jnp.ones((3, 3))))
        """,
        set(),
    ),
    (
        "function_behind_a_decorator_that_calls_it_on_rows",
        """
        import jax
        import jax.numpy as jnp


        class over_rows:
            # calls the function on each row of its first argument

            def __init__(self, axis=0):
                self.axis = axis

            def __call__(self, func):
                def call(array, *args):
                    rows = jnp.moveaxis(array, self.axis, 0)
                    return jnp.stack([func(row, *args) for row in rows])

                return call


        @jax.jit
        @over_rows(axis=0)
        def weighted(row, w):
            return jnp.sum(row * w)


        print(weighted(jnp.ones((4, 3)), jnp.ones(4)))
        """,
        {"incompatible-shapes-for-broadcasting"},
    ),
    (
        "early_return_when_the_shapes_differ",
        """
        import jax.numpy as jnp


        def close(x1, x2, eps=1e-6):
            if x1.shape != x2.shape:
                return False
            diff = x1 - x2
            return jnp.all(jnp.abs(diff) < eps)


        def check(pairs):
            return [close(a, b) for a, b in pairs]


        print(check([(jnp.ones((3, 2)), jnp.ones((2, 2))), (jnp.ones((2, 2)), jnp.ones((3, 2)))]))
        print(close(jnp.ones((3, 2)), jnp.ones((2, 2))))
        """,
        set(),
    ),
    (
        "early_return_when_the_ranks_differ_then_shapes_differ",
        """
        import jax.numpy as jnp


        def close(x1, x2, eps=1e-6):
            if x1.ndim != x2.ndim:
                return False
            diff = x1 - x2
            return jnp.all(jnp.abs(diff) < eps)

        print(close(jnp.ones((3, 2)), jnp.ones((2, 2))))
        """,
        {"incompatible-shapes-for-broadcasting"},
    ),
    (
        "scalar_arm_when_the_broadcast_shape_is_empty",
        """
        import jax
        import jax.numpy as jnp


        def scalar_kv(nu, x):
            def body(carry):
                z, k = carry
                return z * x, k + 1

            return jax.lax.while_loop(lambda c: c[1] < 3, body, (jnp.float32(1.0), 0))[0]


        def kv(nu, x):
            nu = jnp.asarray(1.0 * nu)
            x = jnp.asarray(1.0 * x)
            out_shape = jnp.broadcast_shapes(jnp.shape(nu), jnp.shape(x))
            if out_shape == ():
                return scalar_kv(nu, x)
            nu_bc, x_bc = jnp.broadcast_arrays(nu, x)
            return jax.vmap(scalar_kv)(nu_bc.ravel(), x_bc.ravel()).reshape(out_shape)


        print(kv(0.5, jnp.linspace(0.1, 2.0, 5)).shape)
        """,
        set(),
    ),
    (
        "scalar_arm_when_one_operand_is_0d",
        """
        import jax
        import jax.numpy as jnp


        def scalar_kv(nu, x):
            def body(carry):
                z, k = carry
                return z * x, k + 1

            return jax.lax.while_loop(lambda c: c[1] < 3, body, (jnp.float32(1.0), 0))[0]


        def kv(nu, x):
            nu = jnp.asarray(1.0 * nu)
            x = jnp.asarray(1.0 * x)
            out_shape = jnp.broadcast_shapes(jnp.shape(nu), jnp.shape(x))
            if jnp.ndim(nu) == 0:
                return scalar_kv(nu, x)
            nu_bc, x_bc = jnp.broadcast_arrays(nu, x)
            return jax.vmap(scalar_kv)(nu_bc.ravel(), x_bc.ravel()).reshape(out_shape)


        print(kv(0.5, jnp.linspace(0.1, 2.0, 5)).shape)
        """,
        {"while-loop-carry-mismatch"},
    ),
    (
        "numpy_or_jax_numpy_module_picked_by_the_values",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        def infer_backend(tree):
            if any(isinstance(x, jax.Array) for x in jax.tree_util.tree_leaves(tree)):
                return jnp
            return np


        def normalised(array):
            xp = infer_backend(array)
            array = xp.asarray(array)
            return array / xp.sqrt(xp.sum(array**2))


        print(jax.jit(normalised)(jnp.ones(3)))
        """,
        set(),
    ),
    (
        "numpy_module_picked_for_an_array_under_jit",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        def infer_backend(tree):
            if any(isinstance(x, jax.Array) for x in jax.tree_util.tree_leaves(tree)):
                return jnp
            return np


        def normalised(array):
            xp = np if array.ndim else jnp
            array = xp.asarray(array)
            return array / xp.sqrt(xp.sum(array**2))


        print(jax.jit(normalised)(jnp.ones(3)))
        """,
        {"tracer-array-conversion-error"},
    ),
    (
        "and_right_operand_after_an_undecided_one",
        """
        import jax
        import jax.numpy as jnp


        def is_fp8(w):
            return jax.dtypes.scalar_type_of(w.dtype) == float and jnp.finfo(w.dtype).bits == 8


        print(is_fp8(jnp.ones(3, jnp.int8)))
        """,
        set(),
    ),
    (
        "and_right_operand_after_a_true_one",
        """
        import jax.numpy as jnp


        def flattened_pairs(x):
            return x.ndim == 1 and x.reshape(4, 2)


        print(flattened_pairs(jnp.ones(6)))
        """,
        {"reshape-size-mismatch"},
    ),
    (
        "isinstance_narrows_a_loop_joined_value",
        """
        import jax
        import jax.numpy as jnp


        def grow(parts, width):
            current = 0
            for part in parts:
                if isinstance(current, int):
                    if current == 0:
                        current = part
                    else:
                        current = jnp.concatenate([jnp.zeros((current, width)), part])
                else:
                    current = jnp.concatenate([current, part])
                if isinstance(current, int):
                    if current == width:
                        current = 0
            return current


        print(jax.jit(grow, static_argnums=1)([jnp.ones((2, 2)), jnp.ones((3, 2))], 2).shape)
        """,
        set(),
    ),
    (
        "isinstance_arm_that_holds_still_raises",
        """
        import jax
        import jax.numpy as jnp


        def pairs(x, fallback):
            value = x if fallback is None else fallback
            if isinstance(value, jax.Array):
                if value > 0:
                    return value
            return None


        print(jax.jit(pairs, static_argnums=1)(jnp.ones(()), None))
        """,
        {"tracer-bool-conversion-error"},
    ),
    # issue 30, stop 31: guards the analysis cannot decide, and errors proved on one path
    # but not on another (each a real library's shape: jaxns, jax-galsim, praxis,
    # neural-tangents)
    (
        "keyword_guard_set_only_by_another_caller_of_a_widened_function",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        def python_blocks(values, count):
            n = int(np.asarray(count))
            kept = np.sort(np.asarray(values[:n]))
            blocks = jnp.asarray(kept)
            return validated(blocks)


        def validated(blocks):
            host = np.asarray(blocks)
            if np.any(np.diff(host) < 0):
                raise ValueError("blocks must be sorted")
            return blocks


        def build_blocks(values, count=None, *, validate=False):
            if count is None:
                count = values.shape[0]
            if validate:
                return python_blocks(values, count)
            return jnp.sort(values)


        def check_capacity(values):
            return build_blocks(values, 3, validate=True)


        @jax.jit
        def evidence(values):
            return jnp.sum(build_blocks(values, values.shape[0]))


        data = [jnp.arange(float(size)) for size in range(2, 11)]
        shapes = [build_blocks(values, size - 1).shape for values, size in zip(data, range(2, 11))]
        print(check_capacity(jnp.arange(5.0)), evidence(jnp.arange(4.0)), shapes)
        """,
        set(),
    ),
    (
        "keyword_guard_set_by_the_traced_caller_still_raises",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        def python_blocks(values, count):
            n = int(np.asarray(count))
            kept = np.sort(np.asarray(values[:n]))
            blocks = jnp.asarray(kept)
            return validated(blocks)


        def validated(blocks):
            host = np.asarray(blocks)
            if np.any(np.diff(host) < 0):
                raise ValueError("blocks must be sorted")
            return blocks


        def build_blocks(values, count=None, *, validate=False):
            if count is None:
                count = values.shape[0]
            if validate:
                return python_blocks(values, count)
            return jnp.sort(values)


        def check_capacity(values):
            return build_blocks(values, 3, validate=True)


        @jax.jit
        def evidence(values):
            return jnp.sum(build_blocks(values, values.shape[0], validate=True))


        print(evidence(jnp.arange(4.0)))
        data = [jnp.arange(float(size)) for size in range(2, 11)]
        shapes = [build_blocks(values, size - 1).shape for values, size in zip(data, range(2, 11))]
        print(check_capacity(jnp.arange(5.0)), evidence(jnp.arange(4.0)), shapes)
        """,
        {"tracer-array-conversion-error"},
    ),
    (
        "none_guard_in_the_function_a_conditional_jits_only_when_not_none",
        """
        import os

        import jax
        import jax.numpy as jnp
        import numpy as np


        def sample(log_l, count, *, blocks=None):
            mask = jnp.arange(log_l.shape[0]) < count
            if blocks is None:
                n = int(np.asarray(count))
                host = np.asarray(log_l)
                return jnp.asarray(np.cumsum(host[:n]))
            return jnp.where(mask, log_l, 0.0) + blocks


        sample_jit = jax.jit(sample)


        def batches(log_l, count, blocks=None):
            kernel = sample if blocks is None else sample_jit
            return [kernel(log_l, count, blocks=blocks) for _ in range(2)]


        BLOCKS = None if os.environ.get("PLAIN", "1") == "1" else jnp.ones(4)
        print(batches(jnp.arange(4.0), 3, BLOCKS))
        """,
        set(),
    ),
    (
        "none_guard_in_a_jitted_function_given_none_still_raises",
        """
        import os

        import jax
        import jax.numpy as jnp
        import numpy as np


        def sample(log_l, count, *, blocks=None):
            mask = jnp.arange(log_l.shape[0]) < count
            if blocks is None:
                n = int(np.asarray(count))
                host = np.asarray(log_l)
                return jnp.asarray(np.cumsum(host[:n]))
            return jnp.where(mask, log_l, 0.0) + blocks


        sample_jit = jax.jit(sample)


        def batches(log_l, count, blocks=None):
            kernel = sample_jit
            return [kernel(log_l, count, blocks=blocks) for _ in range(2)]


        BLOCKS = None if os.environ.get("PLAIN", "1") == "1" else jnp.ones(4)
        print(batches(jnp.arange(4.0), 3))
        """,
        {"tracer-array-conversion-error"},
    ),
    (
        "none_guard_on_a_static_count_the_jitted_caller_passes",
        """
        import json
        import os
        from functools import partial

        import jax
        import jax.numpy as jnp
        from jax.scipy import special


        def resample_indices(key, log_weights, count=None):
            if count is None:
                count = int(jnp.exp(2.0 * special.logsumexp(log_weights) - special.logsumexp(2.0 * log_weights)))
            draws = jnp.log(1.0 - jax.random.uniform(key, (count,)))
            return jnp.searchsorted(jnp.cumsum(jnp.exp(log_weights)), jnp.exp(draws))


        @partial(jax.jit, static_argnames=["num_samples"])
        def resample(key, log_weights, num_samples):
            return resample_indices(key, log_weights, count=num_samples)


        NUM = json.loads(os.environ.get("NUM_SAMPLES", "5"))
        print(resample(jax.random.key(0), jnp.zeros(4), num_samples=NUM))
        """,
        set(),
    ),
    (
        "none_guard_on_a_count_the_jitted_caller_leaves_out_still_raises",
        """
        import json
        import os
        from functools import partial

        import jax
        import jax.numpy as jnp
        from jax.scipy import special


        def resample_indices(key, log_weights, count=None):
            if count is None:
                count = int(jnp.exp(2.0 * special.logsumexp(log_weights) - special.logsumexp(2.0 * log_weights)))
            draws = jnp.log(1.0 - jax.random.uniform(key, (count,)))
            return jnp.searchsorted(jnp.cumsum(jnp.exp(log_weights)), jnp.exp(draws))


        @partial(jax.jit, static_argnames=["num_samples"])
        def resample(key, log_weights, num_samples):
            return resample_indices(key, log_weights)


        NUM = json.loads(os.environ.get("NUM_SAMPLES", "5"))
        print(resample(jax.random.key(0), jnp.zeros(4), num_samples=NUM))
        """,
        {"concretization-type-error"},
    ),
    (
        "shape_guard_scalar_arm_a_vector_never_takes",
        """
        import json
        import os
        from functools import partial

        import jax
        import jax.numpy as jnp


        def series(v, z):
            def body(carry):
                i, term, total = carry
                term = term * z / i
                return i + 1.0, term, total + term * v

            def cond(carry):
                return carry[0] < 20.0

            _, _, total = jax.lax.while_loop(cond, body, (1.0, 1.0, 1.0))
            return total


        def kv_scalar(nu, x):
            return series(jnp.abs(nu), jnp.where(x > 0.0, x, 1.0))


        @jax.jit
        def kv(nu, x):
            nu = jnp.asarray(1.0 * nu)
            x = jnp.asarray(1.0 * x)
            out_shape = jnp.broadcast_shapes(jnp.shape(nu), jnp.shape(x))
            if out_shape == ():
                return kv_scalar(nu, x)
            nu_b, x_b = jnp.broadcast_arrays(nu, x)
            return jax.vmap(kv_scalar)(nu_b.ravel(), x_b.ravel()).reshape(out_shape)


        @jax.jit
        def flux(z, nu):
            return jnp.power(z, nu) * kv(nu, z)


        class Profile:
            def __init__(self, nu):
                self.nu = nu

            def cdf(self):
                z = jnp.linspace(0.1, 3.0, 10_000)
                return partial(flux, nu=self.nu)(z)


        print(Profile(json.loads(os.environ.get("NU", "0.5"))).cdf().shape)
        """,
        set(),
    ),
    (
        "vector_sent_to_the_scalar_function_still_raises",
        """
        import json
        import os
        from functools import partial

        import jax
        import jax.numpy as jnp


        def series(v, z):
            def body(carry):
                i, term, total = carry
                term = term * z / i
                return i + 1.0, term, total + term * v

            def cond(carry):
                return carry[0] < 20.0

            _, _, total = jax.lax.while_loop(cond, body, (1.0, 1.0, 1.0))
            return total


        def kv_scalar(nu, x):
            return series(jnp.abs(nu), jnp.where(x > 0.0, x, 1.0))


        @jax.jit
        def kv(nu, x):
            nu = jnp.asarray(1.0 * nu)
            x = jnp.asarray(1.0 * x)
            return kv_scalar(nu, x)


        @jax.jit
        def flux(z, nu):
            return jnp.power(z, nu) * kv(nu, z)


        class Profile:
            def __init__(self, nu):
                self.nu = nu

            def cdf(self):
                z = jnp.linspace(0.1, 3.0, 10_000)
                return partial(flux, nu=self.nu)(z)


        print(Profile(json.loads(os.environ.get("NU", "0.5"))).cdf().shape)
        """,
        {"while-loop-carry-mismatch"},
    ),
    (
        "false_ndim_test_at_the_end_of_an_and_chain",
        """
        import os

        import jax
        import jax.numpy as jnp


        def decode(seq_len, max_decode_steps, per_example_steps=None, guidance=None):
            last = max(max_decode_steps) if max_decode_steps else seq_len
            steps = last if per_example_steps is None else per_example_steps
            steps = jnp.minimum(steps, last)
            if guidance is not None and isinstance(steps, jax.Array) and steps.ndim == 1:
                steps = jnp.concatenate([steps[:, None]] * 2, axis=1)
                steps = jnp.reshape(steps, (-1,))
            return steps


        GUIDANCE = os.environ.get("GUIDANCE")
        print(decode(8, [4, 6], guidance=GUIDANCE), decode(8, [4, 6], jnp.array([3, 5]), 1.5))
        """,
        set(),
    ),
    (
        "and_chain_without_the_ndim_test_still_raises",
        """
        import os

        import jax
        import jax.numpy as jnp


        def decode(seq_len, max_decode_steps, per_example_steps=None, guidance=None):
            last = max(max_decode_steps) if max_decode_steps else seq_len
            steps = last if per_example_steps is None else per_example_steps
            steps = jnp.minimum(steps, last)
            if guidance is not None and isinstance(steps, jax.Array):
                steps = jnp.concatenate([steps[:, None]] * 2, axis=1)
                steps = jnp.reshape(steps, (-1,))
            return steps


        print(decode(8, [4, 6], jnp.array([3, 5]), 1.5), decode(8, [4, 6], guidance=1.5))
        """,
        {"too-many-indices"},
    ),
    (
        "hasattr_dispatch_sends_a_list_down_the_sequence_arm",
        """
        import numpy as np


        def _dtype(x):
            if hasattr(x, "dtype"):
                return x.dtype
            elif type(x) in (bool, int, float, complex):
                return np.dtype(type(x))
            else:
                return np.asarray(x).dtype


        def _is_sequence(x):
            try:
                iter(x)
            except TypeError:
                return False
            else:
                return True


        def all_close(x, y):
            if isinstance(x, dict):
                return all(all_close(x[k], y[k]) for k in x)
            elif _is_sequence(x) and not hasattr(x, "__array__"):
                return len(x) == len(y) and all(all_close(a, b) for a, b in zip(x, y))
            elif hasattr(x, "__array__") or np.isscalar(x):
                assert _dtype(x) == _dtype(y)
                return bool(np.allclose(np.asarray(x), np.asarray(y)))
            return x == y


        def test_ragged():
            import jax.numpy as jnp

            x = [jnp.ones((2, 3)), jnp.ones((4, 2, 3, 2)), jnp.ones((3, 2, 3, 2))]
            return all_close(x, x)


        print(test_ragged())
        """,
        set(),
    ),
    (
        "ragged_list_given_to_numpy_still_raises",
        """
        import numpy as np


        def _dtype(x):
            if hasattr(x, "dtype"):
                return x.dtype
            elif type(x) in (bool, int, float, complex):
                return np.dtype(type(x))
            else:
                return np.asarray(x).dtype


        def _is_sequence(x):
            try:
                iter(x)
            except TypeError:
                return False
            else:
                return True


        def all_close(x, y):
            if isinstance(x, dict):
                return all(all_close(x[k], y[k]) for k in x)
            elif _is_sequence(x) and not hasattr(x, "__array__"):
                return len(x) == len(y) and all(all_close(a, b) for a, b in zip(x, y))
            elif hasattr(x, "__array__") or np.isscalar(x):
                assert _dtype(x) == _dtype(y)
                return bool(np.allclose(np.asarray(x), np.asarray(y)))
            return x == y


        def test_ragged():
            import jax.numpy as jnp

            x = [jnp.ones((2, 3)), jnp.ones((4, 2, 3, 2)), jnp.ones((3, 2, 3, 2))]
            return bool(np.allclose(np.asarray(x), np.asarray(x)))


        print(test_ragged())
        """,
        {"concatenate-rank-mismatch"},
    ),
    (
        "error_handled_for_one_caller_is_proved_for_another",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        def to_host(x):
            return np.asarray(x)


        @jax.jit
        def guarded(x):
            try:
                return jnp.asarray(to_host(x))
            except TypeError:
                return x


        @jax.jit
        def unguarded(x):
            return jnp.asarray(to_host(x)) + 1.0


        print(guarded(jnp.ones(3)), unguarded(jnp.ones(3)))
        """,
        {"tracer-array-conversion-error"},
    ),
    (
        "error_handled_for_its_only_caller",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        def to_host(x):
            return np.asarray(x)


        @jax.jit
        def guarded(x):
            try:
                return jnp.asarray(to_host(x))
            except TypeError:
                return x


        @jax.jit
        def unguarded(x):
            return x + 1.0


        print(guarded(jnp.ones(3)), unguarded(jnp.ones(3)))
        """,
        set(),
    ),
    (
        "error_handled_on_one_path_is_proved_on_a_later_one",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        def to_host(x):
            return np.asarray(x)


        @jax.jit
        def f(x):
            try:
                first = to_host(x)
            except TypeError:
                first = None
            return jnp.asarray(to_host(x)) if first is None else x


        print(f(jnp.ones(3)))
        """,
        {"tracer-array-conversion-error"},
    ),
    (
        "error_handled_on_the_only_path",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        def to_host(x):
            return np.asarray(x)


        @jax.jit
        def f(x):
            try:
                first = to_host(x)
            except TypeError:
                first = None
            return x if first is None else jnp.asarray(first)


        print(f(jnp.ones(3)))
        """,
        set(),
    ),
    (
        "tracer_guard_raising_before_numpy_on_an_argument_of_unknown_structure",
        """
        import contextlib
        import json
        import os

        import jax
        import jax.numpy as jnp
        import numpy as np


        class Equation:
            def implicit_inverse(self, state, step_size):
                if isinstance(step_size, jax.core.Tracer):
                    raise TypeError("step_size must be concrete")
                return state + np.broadcast_to(step_size * 2.0, [3])


        equation = Equation()
        STEP = json.loads(os.environ.get("STEP", "0.5"))
        with contextlib.suppress(TypeError):
            jax.jit(lambda s, t: equation.implicit_inverse(s, t))(jnp.ones(3), STEP)
        print(jax.jit(lambda s: equation.implicit_inverse(s, 0.5))(jnp.ones(3)))
        """,
        set(),
    ),
    (
        "numpy_on_a_traced_argument_without_the_guard_still_raises",
        """
        import json
        import os

        import jax
        import jax.numpy as jnp
        import numpy as np


        class Equation:
            def implicit_inverse(self, state, step_size):
                return state + np.broadcast_to(step_size * 2.0, [3])


        equation = Equation()
        STEP = json.loads(os.environ.get("STEP", "0.5"))
        print(jax.jit(lambda s, t: equation.implicit_inverse(s, t))(jnp.ones(3), STEP))
        print(jax.jit(lambda s: equation.implicit_inverse(s, 0.5))(jnp.ones(3)))
        """,
        {"tracer-array-conversion-error"},
    ),
    (
        "two_vmaps_picked_by_a_flag_each_called_on_its_own_arm",
        """
        import os

        import jax
        import jax.numpy as jnp


        class Critic:
            def apply(self, params, obs, action=None):
                value = jnp.sum(params * obs)
                return value if action is None else value + jnp.sum(action)


        class Agent:
            def __init__(self, kind):
                self.critic = Critic()
                self.kind = kind

            @property
            def discrete(self):
                return self.kind.startswith("discrete")

            @property
            def vmap_critic(self):
                def apply(*args):
                    return self.critic.apply(*args)

                if self.discrete:
                    return jax.vmap(apply, in_axes=(0, None))
                return jax.vmap(apply, in_axes=(0, None, None))

            def q_values(self, params, obs, action):
                if self.discrete:
                    return self.vmap_critic(params, obs)
                return self.vmap_critic(params, obs, action)


        agent = Agent(os.environ.get("ACTION_SPACE", "discrete(4)"))
        print(agent.q_values(jnp.ones((2, 3)), jnp.ones(3), jnp.ones(3)))
        """,
        set(),
    ),
    (
        "one_vmap_called_with_more_arguments_than_in_axes_still_raises",
        """
        import os

        import jax
        import jax.numpy as jnp


        class Critic:
            def apply(self, params, obs, action=None):
                value = jnp.sum(params * obs)
                return value if action is None else value + jnp.sum(action)


        class Agent:
            def __init__(self, kind):
                self.critic = Critic()
                self.kind = kind

            @property
            def discrete(self):
                return self.kind.startswith("discrete")

            @property
            def vmap_critic(self):
                def apply(*args):
                    return self.critic.apply(*args)

                return jax.vmap(apply, in_axes=(0, None))

            def q_values(self, params, obs, action):
                if self.discrete:
                    return self.vmap_critic(params, obs)
                return self.vmap_critic(params, obs, action)


        agent = Agent(os.environ.get("ACTION_SPACE", "box(2)"))
        print(agent.q_values(jnp.ones((2, 3)), jnp.ones(3), jnp.ones(3)))
        """,
        {"vmap-in-axes-length"},
    ),
    (
        "flag_joined_from_branches_that_also_pick_jit",
        """
        import functools
        import json
        import os

        import jax
        import jax.numpy as jnp


        def check_finite(matrix):
            if not jnp.all(jnp.isfinite(matrix)):
                raise ValueError("the matrix is not finite")


        def per_query_error(*, strategy, skip_checks=False):
            if not skip_checks:
                check_finite(strategy)
            total = jnp.sum(strategy, axis=0)
            if not skip_checks:
                check_finite(total)
            return total


        def run(config, matrix):
            if config == "jit":
                maybe_jit = functools.partial(jax.jit, static_argnames=["skip_checks"])
                skip_checks = True
            elif config == "skip_checks=True":
                maybe_jit = lambda f: f  # noqa: E731
                skip_checks = True
            else:
                maybe_jit = lambda f: f  # noqa: E731
                skip_checks = False
            kwargs = {"skip_checks": skip_checks}
            return maybe_jit(per_query_error)(strategy=matrix, **kwargs)


        CONFIGS = json.loads(os.environ.get("CONFIGS", '["jit", "skip_checks=True", "skip_checks=False"]'))
        for config in CONFIGS:
            print(run(config, jnp.eye(3)))
        """,
        set(),
    ),
    (
        "checks_run_under_jit_on_the_one_path_still_raise",
        """
        import functools

        import jax
        import jax.numpy as jnp


        def check_finite(matrix):
            if not jnp.all(jnp.isfinite(matrix)):
                raise ValueError("the matrix is not finite")


        def per_query_error(*, strategy, skip_checks=False):
            if not skip_checks:
                check_finite(strategy)
            total = jnp.sum(strategy, axis=0)
            if not skip_checks:
                check_finite(total)
            return total


        def run(config, matrix):
            if config == "jit":
                maybe_jit = functools.partial(jax.jit, static_argnames=["skip_checks"])
                skip_checks = False
            elif config == "skip_checks=True":
                maybe_jit = lambda f: f  # noqa: E731
                skip_checks = True
            else:
                maybe_jit = lambda f: f  # noqa: E731
                skip_checks = False
            kwargs = {"skip_checks": skip_checks}
            return maybe_jit(per_query_error)(strategy=matrix, **kwargs)


        print(run("skip_checks=False", jnp.eye(3)), run("jit", jnp.eye(3)))
        """,
        {"tracer-bool-conversion-error"},
    ),
    # A name defined twice under one decorator the analysis cannot see (``@multimethod``,
    # ``@dispatch``; here ``type_dispatch``, a module the analysis is not given, written
    # beside the program when it runs on JAX): the second definition is an overload chosen
    # by the argument's type, so the array goes to the first one and nothing raises.
    (
        "overload_registered_by_an_unknown_decorator",
        """
        import jax
        import jax.numpy as jnp
        from type_dispatch import dispatch


        @dispatch
        def rows(x: jax.Array):
            return x.shape[0]


        @dispatch
        def rows(x: list):
            return jnp.argwhere(jnp.asarray(x) == 1)


        @jax.jit
        def count(x):
            return rows(x)


        print(count(jnp.ones(3)))
        """,
        set(),
    ),
    # The same, the first overload also jitted under the registering decorator (pymdp's
    # ``@multimethod`` over ``@partial(jit, ...)``): only the outermost decorator registers.
    (
        "jitted_overload_registered_by_an_unknown_decorator",
        """
        from functools import partial

        import jax
        import jax.numpy as jnp
        from type_dispatch import dispatch


        @dispatch
        @partial(jax.jit, static_argnames=["keep"])
        def rows(x: jax.Array, keep=None):
            return x.shape[0]


        @dispatch
        def rows(x: list, keep=None):
            return jnp.argwhere(jnp.asarray(x) == 1)


        @jax.jit
        def count(x):
            return rows(x, keep=(0,))


        print(count(jnp.ones(3)))
        """,
        set(),
    ),
    # The same two functions without the decorator: the second definition replaces the
    # first, and the array reaches ``argwhere`` under ``jit``.
    (
        "redefinition_without_a_decorator_replaces",
        """
        import jax
        import jax.numpy as jnp


        def rows(x: jax.Array):
            return x.shape[0]


        def rows(x: list):
            return jnp.argwhere(jnp.asarray(x) == 1)


        @jax.jit
        def count(x):
            return rows(x)


        print(count(jnp.ones(3)))
        """,
        {"concretization-type-error"},
    ),
    # One definition under the unknown decorator: nothing is registered beside it, and the
    # error in its body is found.
    (
        "one_definition_under_an_unknown_decorator",
        """
        import jax
        import jax.numpy as jnp
        from type_dispatch import dispatch


        @dispatch
        def rows(x: jax.Array):
            return jnp.argwhere(x == 1)


        @jax.jit
        def count(x):
            return rows(x)


        print(count(jnp.ones(3)))
        """,
        {"concretization-type-error"},
    ),
    (
        "vmap_of_an_optional_argument_left_out_behind_an_undecided_data_guard",
        """
        import json
        import os

        import jax
        import jax.numpy as jnp
        import numpy as np


        class Model:
            def __init__(self, sensor_intprm):
                self.sensor_intprm = np.asarray(sensor_intprm)


        def sensor_contact(m, dist, idx, contact_force=None):
            intprm = m.sensor_intprm[idx]
            maxforce = (intprm[:, 1] == 2).any()
            if maxforce:
                force_mag = jax.vmap(lambda ft: jnp.dot(ft[:3], ft[:3]))(contact_force)
                return jnp.argsort(force_mag)
            return jnp.argsort(dist)


        def sensor_pos(m, dist):
            # the stage whose sensors never reduce by force: it passes no forces
            idx = m.sensor_intprm[:, 0] == 1
            return sensor_contact(m, dist, idx)


        def sensor_acc(m, dist, forces):
            idx = m.sensor_intprm[:, 0] == 2
            return sensor_contact(m, dist, idx, forces)


        m = Model(json.loads(os.environ.get("SENSORS", "[[1, 1], [2, 2]]")))
        print(sensor_pos(m, jnp.ones(4)), sensor_acc(m, jnp.ones(4), jnp.ones((4, 6))))
        """,
        set(),
    ),
    (
        "vmap_of_an_optional_argument_left_out_behind_a_flag_tested_twice",
        """
        import json
        import os

        import jax
        import jax.numpy as jnp
        import numpy as np


        class Model:
            def __init__(self, sensor_intprm):
                self.sensor_intprm = np.asarray(sensor_intprm)


        def sensor_contact(m, dist, idx, contact_force=None):
            maxforce = (m.sensor_intprm[idx][:, 1] == 2).any()
            if maxforce:
                force_mag = jax.vmap(lambda ft: jnp.dot(ft[:3], ft[:3]))(contact_force)
            scale = jnp.ones_like(dist)
            if maxforce:
                order = jnp.argsort(force_mag * scale)
            else:
                order = jnp.argsort(dist * scale)
            return order


        def sensor_pos(m, dist):
            return sensor_contact(m, dist, m.sensor_intprm[:, 0] == 1)


        def sensor_acc(m, dist, forces):
            return sensor_contact(m, dist, m.sensor_intprm[:, 0] == 2, forces)


        m = Model(json.loads(os.environ.get("SENSORS", "[[1, 1], [2, 2]]")))
        print(sensor_pos(m, jnp.ones(4)), sensor_acc(m, jnp.ones(4), jnp.ones((4, 6))))
        """,
        set(),
    ),
    (
        "vmap_of_an_optional_argument_left_out_in_an_undecided_conditional_expression",
        """
        import json
        import os

        import jax
        import jax.numpy as jnp
        import numpy as np


        class Model:
            def __init__(self, sensor_intprm):
                self.sensor_intprm = np.asarray(sensor_intprm)


        def sensor_contact(m, dist, idx, contact_force=None):
            intprm = m.sensor_intprm[idx]
            maxforce = (intprm[:, 1] == 2).any()
            force_mag = jax.vmap(lambda ft: jnp.dot(ft[:3], ft[:3]))(contact_force) if maxforce else dist
            return jnp.argsort(force_mag)


        def sensor_pos(m, dist):
            # the stage whose sensors never reduce by force: it passes no forces
            idx = m.sensor_intprm[:, 0] == 1
            return sensor_contact(m, dist, idx)


        def sensor_acc(m, dist, forces):
            idx = m.sensor_intprm[:, 0] == 2
            return sensor_contact(m, dist, idx, forces)


        m = Model(json.loads(os.environ.get("SENSORS", "[[1, 1], [2, 2]]")))
        print(sensor_pos(m, jnp.ones(4)), sensor_acc(m, jnp.ones(4), jnp.ones((4, 6))))
        """,
        set(),
    ),
    (
        "vmap_of_an_optional_argument_left_out_past_the_guard_still_raises",
        """
        import json
        import os

        import jax
        import jax.numpy as jnp
        import numpy as np


        class Model:
            def __init__(self, sensor_intprm):
                self.sensor_intprm = np.asarray(sensor_intprm)


        def sensor_contact(m, dist, idx, contact_force=None):
            intprm = m.sensor_intprm[idx]
            order = jnp.argsort(dist)
            if (intprm[:, 1] == 2).any():
                order = order[::-1]
            force_mag = jax.vmap(lambda ft: jnp.dot(ft[:3], ft[:3]))(contact_force)
            return order, force_mag


        def sensor_pos(m, dist):
            idx = m.sensor_intprm[:, 0] == 1
            return sensor_contact(m, dist, idx)


        m = Model(json.loads(os.environ.get("SENSORS", "[[1, 1], [2, 2]]")))
        print(sensor_pos(m, jnp.ones(4)))
        """,
        {"vmap-no-array-arguments"},
    ),
    (
        "item_assignment_to_a_passed_array_behind_an_undecided_data_guard_still_raises",
        """
        import json
        import os

        import jax.numpy as jnp
        import numpy as np


        class Model:
            def __init__(self, sensor_intprm):
                self.sensor_intprm = np.asarray(sensor_intprm)


        def sensor_contact(m, dist, idx, contact_force=None):
            intprm = m.sensor_intprm[idx]
            if (intprm[:, 1] == 2).any():
                dist[0] = jnp.inf
            return jnp.argsort(dist)


        def sensor_acc(m, dist):
            idx = m.sensor_intprm[:, 0] == 2
            return sensor_contact(m, dist, idx)


        m = Model(json.loads(os.environ.get("SENSORS", "[[1, 1], [2, 2]]")))
        print(sensor_acc(m, jnp.ones(4)))
        """,
        {"immutable-array-item-assignment"},
    ),
    (
        "string_option_the_analysis_cannot_decide_guards_its_arm",
        """
        import functools
        import os

        import jax
        import jax.numpy as jnp


        @functools.partial(jax.jit, static_argnames=["reduction"])
        def loss_bwd(dout, s, *, reduction="sum"):
            if reduction == "none":
                grad = s * dout[:, None]
            elif reduction == "mean":
                grad = s * (dout / s.shape[0])
            elif reduction == "sum":
                grad = s * dout
            else:
                raise ValueError(f"Unsupported reduction method: {reduction}")
            return grad


        def check(reduction):
            dout = 1.0
            return loss_bwd(dout, jnp.ones((4, 3)), reduction=reduction)


        for reduction in os.environ.get("REDUCTIONS", "sum,mean").split(","):
            print(check(reduction))
        """,
        set(),
    ),
    (
        "string_option_the_caller_passes_still_raises",
        """
        import functools
        import os

        import jax
        import jax.numpy as jnp


        @functools.partial(jax.jit, static_argnames=["reduction"])
        def loss_bwd(dout, s, *, reduction="sum"):
            if reduction == "none":
                grad = s * dout[:, None]
            elif reduction == "mean":
                grad = s * (dout / s.shape[0])
            elif reduction == "sum":
                grad = s * dout
            else:
                raise ValueError(f"Unsupported reduction method: {reduction}")
            return grad


        def check(reduction):
            dout = 1.0
            return loss_bwd(dout, jnp.ones((4, 3)), reduction=reduction)


        for reduction in ("sum", "none"):
            print(check(reduction))
        """,
        {"too-many-indices"},
    ),
    (
        "len_of_a_boolean_mask_selection_is_data",
        """
        import jax.numpy as jnp
        import numpy as np


        def worst_strength(tarr):
            grid = jnp.log(jnp.outer(tarr - 150.0, jnp.ones(3)))
            return jnp.max(grid, axis=1)


        def evaluate_trange(tarr, strength, crit, twt):
            validmask = strength == strength
            novalidmask = np.logical_not(validmask)
            if len(strength[validmask]) == 0:
                return twt, twt
            elif len(strength[novalidmask]) > 0:
                strength[novalidmask] = np.inf
            dt = twt - tarr
            lower = dt[(np.abs(strength) > crit) * (dt > 0)]
            return (twt - np.min(lower) if len(lower) > 0 else tarr[0]), tarr[-1]


        tarr = np.linspace(100.0, 2000.0, 8)
        print(evaluate_trange(tarr, worst_strength(tarr), 0.01, 700.0))
        """,
        {"immutable-array-item-assignment"},
    ),
    (
        "error_reached_from_the_main_block_still_raises",
        """
        import jax.numpy as jnp
        import numpy as np


        def worst_strength(tarr):
            grid = jnp.log(jnp.outer(tarr - 150.0, jnp.ones(3)))
            return jnp.max(grid, axis=1)


        def evaluate_trange(tarr, strength, crit, twt):
            validmask = strength == strength
            novalidmask = np.logical_not(validmask)
            if len(strength[validmask]) == 0:
                return twt, twt
            elif len(strength[novalidmask]) > 0:
                strength[novalidmask] = np.inf
            dt = twt - tarr
            lower = dt[(np.abs(strength) > crit) * (dt > 0)]
            return (twt - np.min(lower) if len(lower) > 0 else tarr[0]), tarr[-1]


        if __name__ == "__main__":
            tarr = np.linspace(100.0, 2000.0, 8)
            print(evaluate_trange(tarr, worst_strength(tarr), 0.01, 700.0))
        """,
        {"immutable-array-item-assignment"},
    ),
    (
        "len_of_an_argument_of_unknown_length_is_a_guard",
        """
        import os

        import jax.numpy as jnp
        import numpy as np


        def first_row_only(rows):
            if len(rows) > 1:
                rows[1:] = np.nan  # only NumPy callers send more than one row here
            return rows


        x = jnp.ones((int(os.environ.get("ROWS", "1")), 3))
        print(first_row_only(x))
        """,
        set(),
    ),
    (
        "len_of_an_argument_of_known_length_still_raises",
        """
        import os

        import jax.numpy as jnp
        import numpy as np


        def first_row_only(rows):
            if len(rows) > 1:
                rows[1:] = np.nan  # only NumPy callers send more than one row here
            return rows


        x = jnp.ones((2, 3))
        print(first_row_only(x))
        """,
        {"immutable-array-item-assignment"},
    ),
    (
        "while_on_a_shape_the_analysis_cannot_decide_guards_its_body",
        """
        import os

        import jax.numpy as jnp


        def pad_rows(x, rows):
            while x.shape[0] < rows:
                x[0] = 0.0  # only the NumPy callers send fewer rows
                rows -= 1
            return x


        x = jnp.ones((int(os.environ.get("ROWS", "8")), 3))
        print(pad_rows(x, 4))
        """,
        set(),
    ),
    (
        "while_on_a_known_shape_still_raises",
        """
        import os

        import jax.numpy as jnp


        def pad_rows(x, rows):
            while x.shape[0] < rows:
                x[0] = 0.0  # only the NumPy callers send fewer rows
                rows -= 1
            return x


        x = jnp.ones((2, 3))
        print(pad_rows(x, 4))
        """,
        {"immutable-array-item-assignment"},
    ),
    (
        "permutation_of_one_of_several_ints_is_1d",
        """
        import dataclasses
        import os

        import jax


        @dataclasses.dataclass(frozen=True)
        class Geometry:
            page_size: int
            rows_per_token: int

            @property
            def tokens_per_page(self):
                return self.page_size // self.rows_per_token


        GEOMETRIES = dict(csa=Geometry(256, 16), indexer=Geometry(32, 4))


        def token_slots(geometry, num_tokens, num_pages=None):
            if num_pages is None:
                num_pages = -(-num_tokens // geometry.tokens_per_page) + 1
            key = jax.random.key(0)
            return jax.random.permutation(key, num_pages * geometry.tokens_per_page)[:num_tokens]


        print(token_slots(GEOMETRIES[os.environ.get("GEOMETRY", "csa")], 8))
        """,
        set(),
    ),
    (
        "permutation_of_one_of_several_ints_indexed_twice_still_raises",
        """
        import dataclasses
        import os

        import jax


        @dataclasses.dataclass(frozen=True)
        class Geometry:
            page_size: int
            rows_per_token: int

            @property
            def tokens_per_page(self):
                return self.page_size // self.rows_per_token


        GEOMETRIES = dict(csa=Geometry(256, 16), indexer=Geometry(32, 4))


        def token_slots(geometry, num_tokens, num_pages=None):
            if num_pages is None:
                num_pages = -(-num_tokens // geometry.tokens_per_page) + 1
            key = jax.random.key(0)
            return jax.random.permutation(key, num_pages * geometry.tokens_per_page)[:num_tokens, 0]


        print(token_slots(GEOMETRIES[os.environ.get("GEOMETRY", "csa")], 8))
        """,
        {"too-many-indices"},
    ),
    (
        "numpy_array_comparison_is_an_array_of_bools",
        """
        import jax.numpy as jnp
        import numpy as np


        def last_token(prefix, pad_id):
            return ((prefix != pad_id) * jnp.arange(prefix.shape[-1])).max(axis=-1)


        def per_row(steps):
            return steps[:, None, None]


        y = per_row(last_token(np.zeros([3, 4]), 0))
        """,
        set(),
    ),
    (
        "numpy_array_comparison_reduced_over_every_axis",
        """
        import jax.numpy as jnp
        import numpy as np


        def last_token(prefix, pad_id):
            return ((prefix != pad_id) * jnp.arange(prefix.shape[-1])).max()


        def per_row(steps):
            return jnp.asarray(steps)[:, None, None]


        y = per_row(last_token(jnp.asarray(np.zeros([3, 4])), 0))
        """,
        {"too-many-indices"},
    ),
    # tpu-inference's decode loop: a factory under ``functools.lru_cache(maxsize=1)`` builds
    # the jit once; a wrapper of that factory returns what the function returns, so the result
    # is known (an array here, whose item assignment raises)
    (
        "lru_cache_with_arguments_keeps_what_the_function_returns",
        """
        import functools

        import jax.numpy as jnp


        @functools.lru_cache(maxsize=1)
        def table():
            return jnp.zeros(3)


        cells = table()
        cells[0] = 1.0
        """,
        {"immutable-array-item-assignment"},
    ),
    (
        "lru_cache_with_arguments_result_updated_functionally",
        """
        import functools

        import jax.numpy as jnp


        @functools.lru_cache(maxsize=1)
        def table():
            return jnp.zeros(3)


        cells = table().at[0].set(1.0)
        """,
        set(),
    ),
    # brainstate's jacrev/jacfwd: a helper whose nested functions test its ``has_aux`` flag
    # (its body is run once per truth of the flag) returns a closure that reads the flag late;
    # after both paths returned, the frame's flag holds both truths, not the first path's
    (
        "closure_reads_a_flag_its_maker_split_on",
        """
        import os

        import jax.numpy as jnp


        def make(has_aux):
            def wrapped(x):
                if has_aux:
                    return x, x
                else:
                    return x, None

            def fun(x):
                y, aux = wrapped(x)
                return (y, aux) if has_aux else y

            return fun


        flag = os.environ.get("AUX") == "1"
        jac = make(flag)(jnp.ones(3))
        print(jnp.allclose(jac, 1.0))
        """,
        set(),
    ),
    (
        "closure_reads_a_flag_known_true",
        """
        import os

        import jax.numpy as jnp


        def make(has_aux):
            def wrapped(x):
                if has_aux:
                    return x, x
                else:
                    return x, None

            def fun(x):
                y, aux = wrapped(x)
                return (y, aux) if has_aux else y

            return fun


        flag = os.environ.get("AUX") == "1"
        jac = make(True)(jnp.ones(3))
        print(jnp.allclose(jac, 1.0))
        """,
        {"list-as-array-argument"},
    ),
    # an enum member is an instance made from the value written, not that value (quadax's
    # int status codes, each made by ``__new__`` from a (code, message) pair)
    (
        "enum_member_made_by_new_is_not_its_tuple",
        """
        import enum

        import jax
        import jax.numpy as jnp


        class Status(int, enum.Enum):
            def __new__(cls, code, message):
                member = int.__new__(cls, code)
                member._value_ = code
                member.message = message
                return member

            normal = (0, "Normal convergence.")


        state = {"status": Status.normal, "x": jnp.zeros(2)}
        print(jax.lax.fori_loop(0, 3, lambda i, s: s, state)["status"])
        """,
        set(),
    ),
    (
        "class_attribute_tuple_with_a_string_in_a_loop_carry",
        """
        import jax
        import jax.numpy as jnp


        class Status:
            normal = (0, "Normal convergence.")


        state = {"status": Status.normal, "x": jnp.zeros(2)}
        print(jax.lax.fori_loop(0, 3, lambda i, s: s, state)["status"])
        """,
        {"argument-of-type-is-not-a-valid-jax-type"},
    ),
    (
        "jit_given_options_of_unknown_keys_has_unknown_static_arguments",
        """
        import jax
        import jax.numpy as jnp


        class Model:
            def __init__(self, specs):
                self.specs = specs
                func, static_arg, options = (
                    (jax.jit, "static_argnums", {})
                    if jax.local_device_count() == 1
                    else (jax.pmap, "static_broadcasted_argnums", {"axis_name": "i"})
                )
                options[static_arg] = [1]
                self.run = func(self.predict, **options)

            def predict(self, x, index):
                return x * len(self.specs[index])


        print(Model(["ab", "cde"]).run(jnp.ones(3), 1))
        """,
        set(),
    ),
    (
        "jit_given_options_of_known_keys_traces_the_others",
        """
        import jax
        import jax.numpy as jnp


        class Model:
            def __init__(self, specs):
                self.specs = specs
                options = {}
                options["donate_argnums"] = [0]
                self.run = jax.jit(self.predict, **options)

            def predict(self, x, index):
                return x * len(self.specs[index])


        print(Model(["ab", "cde"]).run(jnp.ones(3), 1))
        """,
        {"tracer-integer-conversion-error"},
    ),
    (
        "a_dtype_kind_guard_is_undecided_for_any_caller",
        """
        import jax
        import jax.numpy as jnp


        def stats(y, labels):
            if jnp.issubdtype(labels, jnp.integer):
                labels = jax.nn.one_hot(labels, labels.max() + 1)
            return jnp.einsum("nc,ni->ci", labels, y)


        @jax.jit
        def model(y, labels):
            return stats(y, labels)
        """,
        set(),
    ),
    (
        "a_dtype_kind_guard_decided_by_the_caller",
        """
        import jax
        import jax.numpy as jnp


        def stats(y, labels):
            if jnp.issubdtype(labels.dtype, jnp.integer):
                labels = jax.nn.one_hot(labels, labels.max() + 1)
            return jnp.einsum("nc,ni->ci", labels, y)


        @jax.jit
        def model(y, labels):
            return stats(y, labels)


        print(model(jnp.ones((3, 4)), jnp.array([0, 1, 1])))
        """,
        {"concretization-type-error"},
    ),
    (
        "jit_made_function_run_for_any_caller_keeps_its_defaults_untraced",
        """
        import functools

        import jax
        import jax.numpy as jnp


        @functools.partial(jax.jit, static_argnames=("topk",))
        def sample(tokens, *, rng=None, topk: int = 2):
            assert topk > 0
            rng, new_rng = jax.random.split(rng)
            return tokens + jax.random.normal(new_rng, tokens.shape), rng


        @jax.jit
        def scale(x, block: int = 128, *, rows: int = 8):
            assert block % rows == 0
            return x * block
        """,
        set(),
    ),
    (
        "jit_made_function_called_without_its_key",
        """
        import functools

        import jax
        import jax.numpy as jnp


        @functools.partial(jax.jit, static_argnames=("topk",))
        def sample(tokens, *, rng=None, topk: int = 2):
            assert topk > 0
            rng, new_rng = jax.random.split(rng)
            return tokens + jax.random.normal(new_rng, tokens.shape), rng


        @jax.jit
        def scale(x, block: int = 128, *, rows: int = 8):
            assert block % rows == 0
            return x * block


        y = sample(jnp.ones(3))
        """,
        {"random-int-seed-as-key"},
    ),
    (
        "jit_made_function_called_with_its_int_default_passed",
        """
        import functools

        import jax
        import jax.numpy as jnp


        @functools.partial(jax.jit, static_argnames=("topk",))
        def sample(tokens, *, rng=None, topk: int = 2):
            assert topk > 0
            rng, new_rng = jax.random.split(rng)
            return tokens + jax.random.normal(new_rng, tokens.shape), rng


        @jax.jit
        def scale(x, block: int = 128, *, rows: int = 8):
            assert block % rows == 0
            return x * block


        y = scale(jnp.ones(3), rows=4)
        """,
        {"tracer-bool-conversion-error"},
    ),
    (
        "jit_made_method_run_for_any_caller_keeps_its_key_default_as_an_alternative",
        """
        import functools

        import jax
        import jax.numpy as jnp


        class Engine:
            def __init__(self):
                self.rng = None

            @functools.partial(jax.jit, static_argnums=(0,), static_argnames=("topk",))
            def _step_jit(self, *, tokens, rng=None, topk: int = 2):
                assert topk > 0
                rng, new_rng = jax.random.split(rng)
                return tokens + jax.random.normal(new_rng, tokens.shape), rng

            def step(self, tokens, rng=None):
                if rng is None:
                    if self.rng is None:
                        self.rng = jax.random.PRNGKey(0)
                    self.rng, rng = jax.random.split(self.rng)
                return self._step_jit(tokens=tokens, rng=rng)
        """,
        set(),
    ),
    (
        "jit_made_method_called_without_its_key",
        """
        import functools

        import jax
        import jax.numpy as jnp


        class Engine:
            def __init__(self):
                self.rng = None

            @functools.partial(jax.jit, static_argnums=(0,), static_argnames=("topk",))
            def _step_jit(self, *, tokens, rng=None, topk: int = 2):
                assert topk > 0
                rng, new_rng = jax.random.split(rng)
                return tokens + jax.random.normal(new_rng, tokens.shape), rng

            def step(self, tokens, rng=None):
                if rng is None:
                    if self.rng is None:
                        self.rng = jax.random.PRNGKey(0)
                    self.rng, rng = jax.random.split(self.rng)
                return self._step_jit(tokens=tokens, rng=rng)


        y = Engine()._step_jit(tokens=jnp.ones(3))
        """,
        {"random-int-seed-as-key"},
    ),
    (
        "library_decorator_wrapper_may_trace_the_numpy_arguments",
        """
        import jax
        import numpy as np

        import unseen_transforms


        @unseen_transforms.jit(static_argnums=(2,))
        def weighted(x, indptr, n):
            def body(i, acc):
                return acc + x[i] * indptr[i]

            return jax.lax.fori_loop(0, n, body, 0.0)


        print(weighted(np.ones(4), np.arange(5), 4))
        """,
        set(),
    ),
    (
        "numpy_array_indexed_by_a_loop_tracer_without_a_wrapper",
        """
        import jax
        import numpy as np


        @jax.jit
        def weighted(x, indptr):
            def body(i, acc):
                return acc + x[i] * indptr[i]

            return jax.lax.fori_loop(0, 4, body, 0.0)


        indptr = np.arange(5)


        def run():
            def body(i, acc):
                return acc + indptr[i]

            return jax.lax.fori_loop(0, 4, body, 0.0)


        print(run())
        """,
        {"tracer-array-conversion-error"},
    ),
    (
        "jit_made_function_run_for_any_caller_compares_its_int_default_in_min",
        """
        import jax


        @jax.jit
        def blocked(x, small_n: int = 2**7):
            n = len(x)
            shape = []
            while n > 1:
                shape.append(min(n, small_n))
                n //= small_n
            return x * len(shape)
        """,
        set(),
    ),
    (
        "jit_made_function_given_the_int_it_compares_in_min",
        """
        import jax


        @jax.jit
        def blocked(x, small_n: int = 2**7):
            n = len(x)
            shape = []
            while n > 1:
                shape.append(min(n, small_n))
                n //= small_n
            return x * len(shape)


        print(blocked(jax.numpy.ones(4), 2).shape)
        """,
        {"tracer-bool-conversion-error"},
    ),
    (
        "user_decorator_hands_the_function_to_a_library_call",
        """
        import functools

        import jax.numpy as jnp
        import numpy as np


        def dispatching(f):
            return functools.singledispatch(f)


        @dispatching
        def table(n):
            return jnp.zeros(int(n))


        @table.register
        def _(n: int):
            return np.zeros(n)


        cells = table(3)
        cells[0] = 1.0
        print(cells)
        """,
        set(),
    ),
    (
        "user_decorator_used_on_many_functions_returns_each",
        """
        import jax.numpy as jnp


        def set_module_as(module):
            def wrapper(fun):
                fun.__module__ = module
                return fun

            return wrapper


        @set_module_as("pkg")
        def table0(n):
            return jnp.zeros(n) + 0


        @set_module_as("pkg")
        def table1(n):
            return jnp.zeros(n) + 1


        @set_module_as("pkg")
        def table2(n):
            return jnp.zeros(n) + 2


        @set_module_as("pkg")
        def table3(n):
            return jnp.zeros(n) + 3


        @set_module_as("pkg")
        def table4(n):
            return jnp.zeros(n) + 4


        @set_module_as("pkg")
        def table5(n):
            return jnp.zeros(n) + 5


        @set_module_as("pkg")
        def table6(n):
            return jnp.zeros(n) + 6


        @set_module_as("pkg")
        def table7(n):
            return jnp.zeros(n) + 7


        @set_module_as("pkg")
        def table8(n):
            return jnp.zeros(n) + 8


        @set_module_as("pkg")
        def table9(n):
            return jnp.zeros(n) + 9


        @set_module_as("pkg")
        def table10(n):
            return jnp.zeros(n) + 10


        @set_module_as("pkg")
        def table11(n):
            return jnp.zeros(n) + 11


        cells = table11(3)
        cells[0] = 1.0
        """,
        {"immutable-array-item-assignment"},
    ),
    (
        "user_decorator_returns_a_wrapper_it_defines",
        """
        import functools

        import jax.numpy as jnp


        def logged(f):
            @functools.wraps(f)
            def wrapper(*args, **kwargs):
                print("calling", f.__name__)
                return f(*args, **kwargs)

            return wrapper


        @logged
        def table(n):
            return jnp.zeros(n)


        cells = table(3)
        cells[0] = 1.0
        """,
        {"immutable-array-item-assignment"},
    ),
]

#: Modules the programs above import that the analysis is not given (as an installed library
#: it cannot see): written beside the programs when they run on JAX.
SUPPORT_MODULES = {
    "unseen_transforms.py": '''
        import jax


        def jit(**options):
            """A library's jit decorator factory (its wrapper hands the body tracers)."""

            def decorate(function):
                return jax.jit(function, **options)

            return decorate
        ''',
    "type_dispatch.py": '''
        import inspect

        _overloads = {}


        def dispatch(function):
            """Overloads of one name, chosen by the first argument's annotated type."""
            chosen = _overloads.setdefault(function.__qualname__, [])
            chosen.append(function)

            def call(first, *rest, **kwargs):
                for overload in chosen:
                    parameter = next(iter(inspect.signature(overload).parameters.values()))
                    if isinstance(first, parameter.annotation):
                        return overload(first, *rest, **kwargs)
                raise TypeError(f"no overload of {function.__qualname__} for {type(first)}")

            return call
        ''',
}


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_error_findings_only_where_the_code_raises(
    name: str, source: str, expected: set[str]
) -> None:
    assert error_codes(source) == expected


#: A package that picks its backend once, on import (keras's dispatch): its ops call the
#: backend module's function, one of two modules' as far as the analysis knows.
BACKEND_PACKAGE = {
    "kb/__init__.py": "",
    "kb/config.py": """
        import os

        NAME = os.environ.get("KB_BACKEND", "jax")
        """,
    "kb/jax_backend.py": """
        import jax.numpy as jnp


        def total(x):
            return jnp.sum(x)
        """,
    "kb/numpy_backend.py": """
        import numpy as np


        def total(x):
            return np.asarray(x).sum()
        """,
    "kb/backend.py": """
        from kb.config import NAME

        if NAME == "jax":
            from kb.jax_backend import *  # noqa: F403
        elif NAME == "numpy":
            from kb.numpy_backend import *  # noqa: F403
        else:
            raise ValueError(NAME)
        """,
    "kb/ops.py": """
        from kb import backend


        def total(x):
            return backend.total(x)
        """,
}
#: The programs that use it: the traced call reaches the NumPy backend only if it is picked.
BACKEND_MAINS = {
    "jit_through_the_picked_backend": (
        """
        import jax
        import jax.numpy as jnp

        from kb import ops


        @jax.jit
        def f(x):
            return ops.total(x) * 2


        y = f(jnp.ones(3))
        """,
        set(),
    ),
    "jit_through_the_numpy_backend_itself": (
        """
        import jax
        import jax.numpy as jnp

        from kb import numpy_backend


        @jax.jit
        def f(x):
            return numpy_backend.total(x) * 2


        y = f(jnp.ones(3))
        """,
        {"tracer-array-conversion-error"},
    ),
}


def write_backend_project(root: Path, main: str) -> Path:
    """The package and one main program under ``root``; the main program's path."""
    for name, text in BACKEND_PACKAGE.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    path = root / "main.py"
    path.write_text(textwrap.dedent(BACKEND_MAINS[main][0]), encoding="utf-8")
    return path


@pytest.mark.parametrize("main", sorted(BACKEND_MAINS))
def test_a_backend_picked_on_import_is_not_proved(main: str, tmp_path: Path) -> None:
    path = write_backend_project(tmp_path, main)
    engine = fresh_engine(Workspace([tmp_path]))
    text = path.read_text(encoding="utf-8")
    analysis = engine.analyze(text, str(path))
    codes = {f.code for f in (*analysis.findings, *analysis.elsewhere) if f.severity == "error"}
    assert codes == BACKEND_MAINS[main][1]


def test_scan_without_init_is_no_scan_length_error() -> None:
    """``lax.scan(f)`` without ``init`` raises Python's TypeError for the missing argument
    before JAX asks how many steps to run: not the scan-length error."""
    source = """
    import jax

    run = jax.lax.scan(lambda c, x: (c, x))
    """
    assert "scan-no-length" not in error_codes(source)
    assert error_codes(source.replace("(c, x))", "(c, x), 0.0)")) == {"scan-no-length"}
