"""Error findings only where the code surely raises: the causes of stop 40's false findings on
research repositories, each with its close variants that must still be found.

- An option of ``jax.config`` (``jax.config.jax_disable_jit``, ``config.jax_enable_x64``,
  ``x64_enabled``) was an API object, whose truth is True, so ``if jax.config.jax_disable_jit:``
  always ran its debug branch: ssm-jax's ``laplace_em.py:117`` checks ``not np.any(np.isnan(J))``
  there, inside ``lax.map`` under ``jit``, which only runs with jit disabled (concrete values).
  An option is now unknown, and a guard reading one reads what the run set (an environment
  variable, ``jax.config.update``, ``with jax.disable_jit()``): a host fact, as
  ``os.environ`` is, so an error in its branches rests on it.
- ``lax.cond(pred, true_operand, true_fun, false_operand, false_fun)``, the old form JAX still
  runs, was traced as the current one: ``false_fun`` called on both operands, a function among
  them (jax_vumps's ``lax.cond(svd, A, polarU_SVD, A, polarU_QDWH)`` passed a function to the
  jitted ``polarU_SVD``).  Each function now runs on its own operand, which also finds what
  the old form's branches really do wrong.
- A dict keyed by tuples whose items are not all known (fesom_jax's ``_FN_CACHE``, a
  ``shard_map`` callable under ``("ag", axis, devices)`` and another under ``(recv_max, BUF,
  axis, devices)``) kept every such entry under one unknown key, so a ``get`` by either gave
  both, and ``canonical_redist.py:319`` called the seven-spec one with one argument.  A tuple
  key is now kept by its length and its constant items (``heap.TupleKey``): tuples of other
  lengths, or with another constant at a position, never compare equal.

``test_repos40_causes_on_jax.py`` runs every program on the pinned JAX and checks its label.
"""

from __future__ import annotations

import pytest

from jaxlsp.infer.heap import Heap
from jaxlsp.infer.values import ANY, Const, Ref, Tuple, one
from tests._engine import error_codes

#: Two functions that cache a shard_map under a key each (of other lengths) in one dict, as
#: a repository's redistribution helpers do; the cases add the calls.
_CACHED_CALLABLES = """
        import jax
        import jax.numpy as jnp
        import numpy as np
        from jax.sharding import Mesh, PartitionSpec

        _FN_CACHE: dict = {}


        def _redist_callable(jmesh, width, axis_name):
            key = (width, axis_name, "x", tuple(int(d.id) for d in np.asarray(jmesh.devices).flat))
            fn = _FN_CACHE.get(key)
            if fn is None:
                spec = PartitionSpec(axis_name)

                def f(a, b):
                    return a + b

                fn = jax.shard_map(f, mesh=jmesh, in_specs=(spec,) * 2, out_specs=spec)
                _FN_CACHE[key] = fn
            return fn


        def _gather_callable(jmesh, axis_name):
            key = ("ag", axis_name, tuple(int(d.id) for d in np.asarray(jmesh.devices).flat))
            fn = _FN_CACHE.get(key)
            if fn is None:
                fn = jax.shard_map(
                    lambda x: jax.lax.all_gather(x, axis_name, axis=0, tiled=True),
                    mesh=jmesh,
                    in_specs=PartitionSpec(axis_name),
                    out_specs=PartitionSpec(),
                    check_vma=False,
                )
                _FN_CACHE[key] = fn
            return fn

"""

#: (name, program, the error codes it must get): an empty set is a program that runs.
CASES: list[tuple[str, str, set[str]]] = [
    (
        "debug_check_under_disable_jit",
        """
        import jax
        import jax.numpy as jnp
        from jax import jit, lax


        def inner(x):
            j = -1 * jax.hessian(lambda v: (v**2).sum())(x)
            if jax.config.jax_disable_jit:
                assert not jnp.any(jnp.isnan(j)), "nans"
            return j


        @jit
        def step(xs):
            return lax.map(inner, xs)


        print(step(jnp.ones((2, 3))).shape)
        """,
        set(),
    ),
    (
        "debug_check_outside_the_disable_jit_guard",
        """
        import jax
        import jax.numpy as jnp
        from jax import jit, lax


        def inner(x):
            j = -1 * jax.hessian(lambda v: (v**2).sum())(x)
            if jax.config.jax_disable_jit:
                print("jit is off")
            assert not jnp.any(jnp.isnan(j)), "nans"
            return j


        @jit
        def step(xs):
            return lax.map(inner, xs)


        print(step(jnp.ones((2, 3))).shape)
        """,
        {"tracer-bool-conversion-error"},
    ),
    (
        "option_imported_from_jax",
        """
        import jax
        import jax.numpy as jnp
        from jax import config


        @jax.jit
        def total(x):
            if config.jax_enable_x64:
                return int(x.sum())
            return x.sum()


        print(total(jnp.ones(3)))
        """,
        set(),
    ),
    (
        "option_read_beside_a_data_guard",
        """
        import jax
        import jax.numpy as jnp
        from jax import config


        @jax.jit
        def total(x):
            if config.x64_enabled:
                x = x * 2
            if x.sum() > 0:
                return x
            return -x


        print(total(jnp.ones(3)))
        """,
        {"tracer-bool-conversion-error"},
    ),
    (
        "old_cond_form_operand_then_function",
        """
        import jax
        import jax.numpy as jnp


        @jax.jit
        def polar_svd(a):
            return a


        def polar_other(a):
            return -a


        @jax.jit
        def polar(a, svd):
            return jax.lax.cond(svd, a, polar_svd, a, polar_other)


        print(polar(jnp.eye(3), True))
        """,
        set(),
    ),
    (
        "old_cond_form_for_any_caller",
        """
        import jax


        @jax.jit
        def polar_svd(a):
            return a


        def polar_other(a):
            return -a


        @jax.jit
        def polar(a, svd):
            return jax.lax.cond(svd, a, polar_svd, a, polar_other)
        """,
        set(),
    ),
    (
        "old_cond_form_branches_differ",
        """
        import jax
        import jax.numpy as jnp


        def shrink(a):
            return a.sum()


        def grow(a):
            return jnp.ones((a.shape[0], 2))


        def pick(a, flag):
            return jax.lax.cond(flag, a, shrink, a, grow)


        print(pick(jnp.eye(3), True))
        """,
        {"cond-branch-output-mismatch"},
    ),
    (
        "current_cond_form_given_a_function_operand",
        """
        import jax
        import jax.numpy as jnp


        @jax.jit
        def polar_svd(a, b):
            return a


        def polar_other(a):
            return -a


        def polar(a, svd):
            return jax.lax.cond(svd, polar_svd, polar_svd, a, polar_other)


        print(polar(jnp.eye(3), True))
        """,
        {"jit-non-array-argument"},
    ),
    (
        "callables_cached_under_keys_of_other_lengths",
        _CACHED_CALLABLES
        + """
        mesh = Mesh(np.array(jax.devices()), ("p",))
        x = jnp.arange(8.0)
        print(_redist_callable(mesh, 4, "p")(x, x).shape)
        print(_gather_callable(mesh, "p")(x).shape)
        """,
        set(),
    ),
    (
        "cached_callable_called_with_another_count",
        _CACHED_CALLABLES
        + """
        mesh = Mesh(np.array(jax.devices()), ("p",))
        x = jnp.arange(8.0)
        print(_redist_callable(mesh, 4, "p")(x).shape)
        print(_gather_callable(mesh, "p")(x).shape)
        """,
        {"shard-map-in-specs-structure"},
    ),
]


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_error_findings_only_where_the_code_raises(
    name: str, source: str, expected: set[str]
) -> None:
    assert error_codes(source) == expected


def _key(*items: object) -> tuple[Tuple]:
    """A tuple key: a str or int item is that constant, None an unknown item."""
    return one(Tuple(tuple(ANY if i is None else one(Const(i)) for i in items)))


def test_tuple_keys_of_other_lengths_or_constants_never_match() -> None:
    heap = Heap()
    ref = Ref(None, "dict")
    heap.new_dict(ref)
    heap.write_item(ref, _key(None, None, "p", None), one(Const("redistribute")))
    heap.write_item(ref, _key("ag", "p", None), one(Const("gather")))
    assert heap.read_item(ref, _key("ag", "p", None)) == one(Const("gather"))
    assert heap.read_item(ref, _key(None, None, "p", None)) == one(Const("redistribute"))
    assert heap.has_item(ref, _key("ag", "p", None)) is None  # its unknown items may differ
    assert heap.has_item(ref, _key(None, None)) is False  # no key has two items
    assert heap.has_item(ref, _key("rs", None, None)) is False  # another constant first
    # an item not known may be any constant: both three-item keys may match it
    heap.write_item(ref, _key("rs", "p", None), one(Const("scatter")))
    assert set(heap.read_item(ref, _key(None, "p", None))) == {
        Const("gather"),
        Const("scatter"),
    }
    # a key not known at all still reads every entry
    assert len(set(heap.read_item(ref, ANY))) == 3
    heap.remove_item(ref, _key("ag", None, None))
    assert heap.has_item(ref, _key("rs", "p", None)) is None
    assert heap.has_item(ref, _key(None, None)) is False
