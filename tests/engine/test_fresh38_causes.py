"""The general causes of misses in the real-bug sets (stop 38), each with close negatives:
``jax.vmap``'s ``out_axes=None`` for an output its mapped arguments flowed into (and the
outputs that stay unbatched: made from only a mapped argument's shape, from unmapped
arguments, by a collective over a named axis), and ``jnp.*_like`` of a tracer, which reads
only its shape and dtype; ``flax.nn`` and ``flax.optim``, removed from flax, and
``optax.scale_and_decay`` (told from the installed libraries' source), and the names they
have; ``jax.jit``'s static arguments by position or by name, whichever option named them;
``np.iinfo``'s limits of a sized integer dtype; ``jnp.pad`` of an empty axis in a mode that
copies the array's values. Each program's label is checked on the pinned JAX by
``test_fresh38_causes_on_jax``.
"""

from __future__ import annotations

import textwrap

import pytest

from tests._corpus import skip_without_libraries
from tests._engine import error_codes

#: (name, program, the codes of the error findings it must get: none for a program that runs).
CASES: list[tuple[str, str, set[str]]] = [
    (
        "vmap_out_axes_none_of_mapped_pair",
        """
        import jax
        import jax.numpy as jnp

        jax.vmap(lambda x: (x, x), in_axes=0, out_axes=(0, None))(jnp.arange(3))
        """,
        {"vmap-out-axes-none-batched"},
    ),
    (
        "vmap_out_axes_none_whole_output",
        """
        import jax
        import jax.numpy as jnp

        def scale(x):
            return x * 2

        jax.vmap(scale, out_axes=None)(jnp.ones(3))
        """,
        {"vmap-out-axes-none-batched"},
    ),
    (
        "vmap_out_axes_none_of_reduction_under_jit",
        """
        import jax
        import jax.numpy as jnp

        def stats(x):
            return x - x.mean(), jnp.sum(x)

        jax.jit(jax.vmap(stats, out_axes=(0, None)))(jnp.ones((4, 3)))
        """,
        {"vmap-out-axes-none-batched"},
    ),
    (
        "vmap_out_axes_none_of_nested_tuple",
        """
        import jax
        import jax.numpy as jnp

        jax.vmap(lambda x: (x, (x + 1, 2.0)), out_axes=(0, None))(jnp.arange(3.0))
        """,
        {"vmap-out-axes-none-batched"},
    ),
    (
        # the output's data does not depend on the mapped argument: only its shape and dtype
        "vmap_out_axes_none_of_zeros_like_silent",
        """
        import jax
        import jax.numpy as jnp

        xs = jnp.arange(3.0)
        jax.vmap(lambda x: (x, jnp.zeros_like(x)), out_axes=(0, None))(xs)
        jax.vmap(lambda x: (x, jnp.full_like(x, 2.0)), out_axes=(0, None))(xs)
        jax.vmap(lambda x: (x, jnp.ones_like(x).astype(int)), out_axes=(0, None))(xs)
        jax.vmap(lambda x: (x, jnp.zeros(x.shape)), out_axes=(0, None))(xs)
        """,
        set(),
    ),
    (
        "vmap_out_axes_none_of_full_like_batched_fill",
        """
        import jax
        import jax.numpy as jnp

        jax.vmap(lambda x: (x, jnp.full_like(x, x)), out_axes=(0, None))(jnp.arange(3.0))
        """,
        {"vmap-out-axes-none-batched"},
    ),
    (
        "vmap_out_axes_none_of_unmapped_argument_silent",
        """
        import jax
        import jax.numpy as jnp

        def step(x, w):
            return x * w, w * 2

        jax.vmap(step, in_axes=(0, None), out_axes=(0, None))(jnp.arange(3.0), jnp.ones(()))
        """,
        set(),
    ),
    (
        # a collective over the mapped axis gives an unbatched result
        "vmap_out_axes_none_of_psum_silent",
        """
        import jax
        import jax.numpy as jnp
        from jax import lax

        jax.vmap(lambda x: lax.psum(x, "i"), axis_name="i", out_axes=None)(jnp.arange(3.0))
        """,
        set(),
    ),
    (
        "vmap_out_axes_none_of_loop_over_constants_silent",
        """
        import jax
        import jax.numpy as jnp
        from jax import lax

        def f(x):
            count = lax.fori_loop(0, 3, lambda i, c: c + 1, jnp.zeros(()))
            return x, count

        jax.vmap(f, out_axes=(0, None))(jnp.arange(3.0))
        """,
        set(),
    ),
    (
        # zeros_like of a tracer under grad is a constant: a Python test of it runs
        "zeros_like_under_grad_is_concrete_silent",
        """
        import jax
        import jax.numpy as jnp

        def loss(x):
            if jnp.zeros_like(x).sum() > 0:
                return x * 2.0
            return x * 3.0

        jax.grad(loss)(1.0)
        """,
        set(),
    ),
    (
        "zeros_like_under_jit_is_traced",
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x):
            if jnp.zeros_like(x).sum() > 0:
                return x * 2.0
            return x

        f(1.0)
        """,
        {"tracer-bool-conversion-error"},
    ),
    (
        "flax_nn_removed",
        """
        import flax

        activations = {"relu": flax.nn.relu}
        """,
        {"jax-module-attribute-missing"},
    ),
    (
        "flax_optim_removed_in_function",
        """
        import flax
        import jax.numpy as jnp

        def make_optimizer(params):
            return flax.optim.Adam(learning_rate=1e-3).create(params)

        make_optimizer({"w": jnp.zeros(3)})
        """,
        {"jax-module-attribute-missing"},
    ),
    (
        # names flax has: bound in its __init__, or a submodule on disk
        "flax_names_it_has_silent",
        """
        import flax
        import flax.linen as nn
        from flax.core import frozen_dict

        dense = flax.linen.Dense(3)
        relu = nn.relu
        frozen = flax.core.frozen_dict.FrozenDict({"a": 1})
        version = flax.__version__
        """,
        set(),
    ),
    (
        # code written for several flax versions asks first, or catches the AttributeError
        "flax_nn_asked_first_silent",
        """
        import flax

        if hasattr(flax, "nn"):
            relu = flax.nn.relu
        try:
            optimizer = flax.optim.Adam
        except AttributeError:
            optimizer = None
        """,
        set(),
    ),
    (
        # a name bound by something else than the import of flax is not flax's module
        "flax_name_rebound_silent",
        """
        import types

        import flax

        flax = types.SimpleNamespace(nn=types.SimpleNamespace(relu=abs))
        relu = flax.nn.relu
        """,
        set(),
    ),
    (
        # jit reads the signature: a parameter static_argnames names is static by position too
        "static_argnames_passed_by_position_traced",
        """
        import jax

        def my_func(x, y):
            return x + y

        jit_func = jax.jit(my_func, static_argnames={"y"})
        jax.make_jaxpr(jit_func)(1, 2)
        """,
        {"jit-unhashable-static-argument"},
    ),
    (
        "static_argnums_passed_by_name_traced",
        """
        import jax

        def my_func(x, y):
            return x + y

        jit_func = jax.jit(my_func, static_argnums=1)

        @jax.jit
        def outer(a, b):
            return jit_func(a, y=b)

        outer(1, 2)
        """,
        {"jit-unhashable-static-argument"},
    ),
    (
        "static_argnames_by_position_hashable_silent",
        """
        import jax

        def scale(x, factor):
            return x * factor

        jit_scale = jax.jit(scale, static_argnames="factor")
        jit_scale(1.0, 2)
        jit_scale(1.0, factor=(1, 2)[0])
        """,
        set(),
    ),
    (
        "static_argnames_by_position_static_outside_silent",
        """
        import jax

        def my_func(x, y):
            return x + y

        jit_func = jax.jit(my_func, static_argnames="y")

        @jax.jit
        def outer(a):
            return jit_func(a, 2)

        outer(1)
        """,
        set(),
    ),
    (
        # np.iinfo of a sized integer dtype knows its limits
        "iinfo_max_plus_one_to_jit",
        """
        import jax

        jax.config.update("jax_enable_x64", True)

        import jax.numpy as jnp
        import numpy as np

        big = np.iinfo(np.int64).max
        jax.jit(jnp.array)(big + 1)
        """,
        {"python-int-overflow"},
    ),
    (
        "iinfo_limits_in_range_silent",
        """
        import jax

        jax.config.update("jax_enable_x64", True)

        import jax.numpy as jnp
        import numpy as np

        jax.jit(jnp.array)(np.iinfo(np.int64).max)
        jax.jit(jnp.array)(np.iinfo("int64").min)
        jax.random.randint(jax.random.key(0), (3,), 0, jnp.iinfo(jnp.int32).max)
        jnp.uint8(np.iinfo(np.uint8).max)
        jnp.int32(np.iinfo(np.int32).min)
        """,
        set(),
    ),
    (
        # the modes that copy the array's values have none to copy on an empty axis
        "pad_edge_empty_axis",
        """
        import jax.numpy as jnp

        jnp.pad(jnp.array([]), 4, mode="edge")
        """,
        {"pad-empty-axis"},
    ),
    (
        "pad_reflect_empty_axis_in_helper",
        """
        import jax.numpy as jnp

        def mirror(x, n):
            return jnp.pad(x, ((0, 0), (n, n)), mode="reflect")

        mirror(jnp.zeros((3, 0)), 2)
        """,
        {"pad-empty-axis"},
    ),
    (
        "pad_empty_axis_silent",
        """
        import jax.numpy as jnp

        empty = jnp.zeros((0,))
        jnp.pad(empty, 3)
        jnp.pad(empty, 3, mode="mean")
        jnp.pad(empty, 3, mode="empty")
        jnp.pad(empty, 0, mode="edge")
        jnp.pad(jnp.zeros((2, 0)), ((1, 1), (0, 0)), mode="wrap")
        jnp.pad(jnp.ones(3), 2, mode="symmetric")
        """,
        set(),
    ),
    (
        "optax_name_it_lacks",
        """
        import jax.numpy as jnp
        import optax

        def adamw(learning_rate, weight_decay):
            return optax.chain(
                optax.scale_by_adam(),
                optax.scale_and_decay(weight_decay),
                optax.scale(-learning_rate),
            )

        adamw(1e-3, 1e-4).init({"w": jnp.zeros(3)})
        """,
        {"jax-module-attribute-missing"},
    ),
    (
        # a deprecated name optax's __getattr__ still serves (with a warning), and names it has
        "optax_names_it_has_silent",
        """
        import optax
        from optax import tree_utils as otu

        optimizer = optax.chain(optax.add_decayed_weights(1e-4), optax.adamw(1e-3))
        aggregate = optax.dpsgd
        size = otu.tree_size
        """,
        set(),
    ),
]


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_error_findings(name: str, source: str, expected: set[str]) -> None:
    # flax's names are read from the flax installed beside jaxlsp: without it, silent
    skip_without_libraries(textwrap.dedent(source))
    assert error_codes(source) == expected, name
