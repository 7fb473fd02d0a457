"""Symbolic shapes and dtypes: the algebra (``jaxlsp.infer.shapes``, ``dtypes``) and how the
interpreter carries them through user code (helpers, methods, transforms, annotations).

The API table's answers are checked against JAX itself in ``test_shape_table.py``; here the
values flow through code the way users write it."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from jaxlsp import apis
from jaxlsp.apis.shaping import aval_of
from jaxlsp.infer import dtypes
from jaxlsp.infer import shapes as sh
from jaxlsp.infer.program import Program, analyze
from jaxlsp.infer.workspace import Workspace


def run(source: str) -> Program:
    workspace = Workspace()
    module = workspace.source_for(Path("probe.py"), textwrap.dedent(source), None)
    return analyze(module, workspace, apis)


def described(program: Program, name: str) -> str:
    """A module global's aval, as JAX prints types (``float32[3,4]``)."""
    frame = program.module.frame
    assert frame is not None
    values = frame.state.env[name]
    return aval_of(values, program.interpreter.heap).describe()


def in_function(program: Program, function: str, name: str) -> list[str]:
    """What ``name`` held in each frame of ``function``."""
    found = []
    for frame in program.facts.frames:
        if frame.function is not None and frame.function.name == function:
            values = frame.state.env.get(name)
            if values is not None:
                found.append(aval_of(values, program.interpreter.heap).describe())
    return found


# the algebra -------------------------------------------------------------------------------------


def test_symbolic_dimensions_combine_and_print() -> None:
    n, heads = sh.symbol("n"), sh.symbol("heads")
    assert sh.describe_dim(sh.mul(n, 2)) == "2*n"
    assert sh.describe_dim(sh.add(n, 1)) == "n + 1"
    assert sh.describe_dim(sh.sub(sh.mul(n, 2), n)) == "n"
    assert sh.floordiv(sh.mul(n, 4), 2) == sh.mul(n, 2)
    assert sh.describe_dim(sh.floordiv(n, heads)) == "n//heads"
    assert sh.floordiv(sh.mul(n, heads), heads) != n  # not simplified: a named size of its own
    assert sh.sub(sh.add(n, 3), n) == 3
    assert sh.size((n, 4, 2)) == sh.mul(n, 8)


def test_only_two_different_integers_differ() -> None:
    n = sh.symbol("n")
    assert sh.differ(3, 4)
    assert not sh.differ(3, 3)
    assert not sh.differ(n, 4)
    assert not sh.differ(n, sh.add(n, 1))  # two frames may bind one symbol differently
    assert not sh.differ(None, 4)


def test_broadcasting_fails_only_on_two_sizes_that_are_not_one() -> None:
    assert sh.broadcast([(3, 4), (4,)]) == (3, 4)
    assert sh.broadcast([(3, 1), (1, 5)]) == (3, 5)
    assert sh.broadcast([(3, 4), (5,)]) == sh.BroadcastFailure(0, 1)
    n = sh.symbol("n")
    assert sh.broadcast([(n, 4), (1, 4)]) == (n, 4)
    assert sh.broadcast([(n, 4), (7, 4)]) == (7, 4)  # n is 1 or 7, or it raises
    assert sh.broadcast([(None, 4), (3, 4)]) == (3, 4)
    assert sh.broadcast([None, (3, 4)]) is None
    assert sh.broadcast([(2, 4), None, (3, 4)]) == sh.BroadcastFailure(0, 2)


@pytest.mark.parametrize(
    ("operands", "expected"),
    [
        ([("int32", False), ("float32", True)], ("float32", True)),
        ([("float32", False), ("int32", True)], ("float32", False)),
        ([("bfloat16", False), ("float32", True)], ("bfloat16", False)),
        ([("bfloat16", False), ("float16", False)], ("float32", False)),
        ([("uint8", False), ("int8", False)], ("int16", False)),
        ([("uint32", False), ("int32", False)], ("int32", False)),
        ([("bool", False), ("bool", False)], ("bool", False)),
        ([("int32", False), ("bool", False)], ("int32", False)),
        ([("int32", True), ("int32", True)], ("int32", True)),
        ([("float32", False), (None, False)], (None, False)),
    ],
)
def test_promotion_follows_jax_lattice(
    operands: list[tuple[str | None, bool]], expected: tuple[str | None, bool]
) -> None:
    assert dtypes.promote(operands) == expected


def test_dtype_spellings_are_canonical_without_x64() -> None:
    assert dtypes.canonical("float64") == "float32"
    assert dtypes.canonical("bool_") == "bool"
    assert dtypes.canonical("f4") == "float32"
    assert dtypes.canonical("int") == "int32"
    assert dtypes.canonical("float8_e4m3fn") is None


# through user code -------------------------------------------------------------------------------


def test_shapes_flow_through_helpers_methods_and_attributes() -> None:
    program = run(
        """
        import jax.numpy as jnp

        def dense(x, w, b):
            return jnp.tanh(x @ w + b)

        class Layer:
            def __init__(self, n_in, n_out):
                self.w = jnp.zeros((n_in, n_out))
                self.b = jnp.zeros(n_out)

            def __call__(self, x):
                return dense(x, self.w, self.b)

        x = jnp.ones((32, 16))
        hidden = Layer(16, 64)(x)
        logits = Layer(64, 10)(hidden)
        mean = logits.mean(axis=0, keepdims=True)
        first = logits[0, :5]
        rows = logits.reshape(4, -1, 10)
        """
    )
    assert described(program, "hidden") == "float32[32,64]"
    assert described(program, "logits") == "float32[32,10]"
    assert described(program, "mean") == "float32[1,10]"
    assert described(program, "first") == "float32[5]"
    assert described(program, "rows") == "float32[4,8,10]"


def test_transforms_map_slice_and_stack() -> None:
    program = run(
        """
        import jax
        import jax.numpy as jnp
        from jax import lax

        def loss(w, x):
            return ((x @ w) ** 2).mean()

        def step(carry, x):
            return carry + x.sum(), x * 2

        per_example = jax.vmap(loss, in_axes=(None, 0))(jnp.ones((8, 2)), jnp.ones((5, 3, 8)))
        grads = jax.grad(loss)(jnp.ones((8, 2)), jnp.ones((3, 8)))
        total, doubled = lax.scan(step, 0.0, jnp.ones((10, 4)))
        chosen = lax.cond(True, lambda v: v + 1, lambda v: v * 2, jnp.ones((2, 3)))
        moved = jax.vmap(lambda v: v.sum(0), in_axes=1, out_axes=0)(jnp.ones((7, 5)))

        def row_norm(row):
            return (row**2).sum()

        norms = lax.map(row_norm, jnp.ones((6, 3)))
        """
    )
    assert described(program, "norms") == "float32[6]"
    assert in_function(program, "row_norm", "row") == ["float32[3]"]  # a row, as lax.map gives
    assert described(program, "per_example") == "float32[5]"
    assert described(program, "grads") == "float32[8,2]"
    assert described(program, "total") == "float32[]"
    assert described(program, "doubled") == "float32[10,4]"
    assert described(program, "chosen") == "float32[2,3]"
    assert described(program, "moved") == "float32[5]"
    assert in_function(program, "step", "x") == ["float32[4]"]
    assert in_function(program, "loss", "x") == ["float32[3,8]", "float32[3,8]"]


def test_a_number_a_mapped_or_scanned_function_returns_is_stacked() -> None:
    """JAX stacks a Python number the body returns like an array: vmap of ``lambda x: 0.0``
    gives a float32 vector, as do a scan's per-step numbers."""
    program = run(
        """
        import jax
        import jax.numpy as jnp
        from jax import lax

        zeros = jax.vmap(lambda x: 0.0)(jnp.ones((4, 3)))
        _, ones = lax.scan(lambda c, x: (c, 1.0), 0.0, jnp.ones((6, 2)))
        """
    )
    assert described(program, "zeros") == "float32[4]"
    assert described(program, "ones") == "float32[6]"


def test_shard_map_bodies_see_blocks() -> None:
    program = run(
        """
        import jax
        import jax.numpy as jnp
        from jax.sharding import PartitionSpec as P

        # Auto axes: shard_map reshards the new arrays (Explicit ones would refuse them)
        mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)

        def body(x, w):
            block = x @ w
            return block

        f = jax.shard_map(
            body, mesh=mesh, in_specs=(P("data", None), P(None, "model")), out_specs=P("data", "model")
        )
        y = f(jnp.ones((16, 8)), jnp.ones((8, 6)))
        """
    )
    assert in_function(program, "body", "block") == ["float32[4,3]"]
    assert described(program, "y") == "float32[16,6]"


def test_named_sizes_from_unpacking_parameters_and_annotations() -> None:
    program = run(
        """
        import jax.numpy as jnp
        from jaxtyping import Array, Float, Int32

        def split_heads(x: Float[Array, "batch seq dim"], heads: int):
            b, s, d = x.shape
            out = x.reshape(b, s, heads, d // heads)
            return out

        def make(n):
            buffer = jnp.zeros((n * 2, 3))
            return buffer

        def count(ids: Int32[Array, "n"]):
            return ids.sum()
        """
    )
    assert in_function(program, "split_heads", "out") == ["?[batch,seq,?,?]"]
    assert in_function(program, "make", "buffer") == ["float32[2*n,3]"]
    assert in_function(program, "count", "ids") == ["int32[n]"]


def test_shape_dtype_structs_and_eval_shape() -> None:
    program = run(
        """
        import jax
        import jax.numpy as jnp

        spec = jax.ShapeDtypeStruct((4, 8), jnp.bfloat16)
        out = jax.eval_shape(lambda x: x.T @ jnp.ones((4, 2), jnp.bfloat16), spec)
        made = jnp.zeros(out.shape, out.dtype)
        count = len(made)
        """
    )
    assert described(program, "made") == "bfloat16[8,2]"
    frame = program.module.frame
    assert frame is not None
    assert frame.state.env["count"][0].value == 8  # type: ignore[attr-defined]


def test_a_mismatch_is_recorded_once_and_its_result_is_unknown() -> None:
    program = run(
        """
        import jax.numpy as jnp

        def combine(a, b):
            return jnp.concatenate([a, b], axis=1)

        def main():
            left = combine(jnp.ones((2, 3)), jnp.ones((2, 5)))
            wrong = combine(jnp.ones((2, 3)), jnp.ones((4, 5)))
            after = wrong
            return left, after

        main()
        """
    )
    errors = program.facts.shape_errors
    assert [e.mismatch.kind for e in errors] == ["concatenate"]
    assert "(2, 3), (4, 5)" in errors[0].mismatch.summary
    assert in_function(program, "main", "left") == ["float32[2,8]"]
    # the analysis goes on past the raising call (so later errors are found in the same pass)
    # with a result of no known shape or dtype
    assert in_function(program, "main", "after") == ["?[...]"]
