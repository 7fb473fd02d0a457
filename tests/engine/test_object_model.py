"""Error findings only where the code surely raises: what an object holds, and shapes.

Each case is a pair: code that works on the pinned JAX, which must get no error finding (a
class made by the user's own decorator around ``dataclasses.dataclass``, a decorator that
gives the class its constructor, ``setattr`` with a known name, a pytree's static field after
the ``vmap`` that made the pytree), and the close variant that does raise, which must still
get its finding.  The issue's object-model and shape categories follow (static fields of
flax, equinox and chex classes, lengths not known, ``np.shape``, builtin ``sum``, NumPy
scalars, prefix trees, ``ensure_compile_time_eval``, annotations).
``tests/engine/test_object_model_on_jax.py`` runs every program here on
JAX and checks the label (the flax ones where flax is installed).
"""

from __future__ import annotations

import textwrap

import pytest

from jaxlsp.infer.workspace import Workspace
from tests._engine import error_codes, fresh_engine

#: The user's own ``@dataclass`` around ``dataclasses.dataclass`` (pgx's ``struct.dataclass``):
#: the fields are the constructor's arguments, not the class-level defaults.
_USER_DATACLASS = textwrap.dedent(
    """
    import dataclasses
    from typing import NamedTuple

    import jax
    import jax.numpy as jnp


    def dataclass(clz):
        data_clz = dataclasses.dataclass(frozen=True)(clz)
        data_fields = [f.name for f in dataclasses.fields(data_clz)]
        jax.tree_util.register_dataclass(data_clz, data_fields, [])
        return data_clz


    class Board(NamedTuple):
        cells: jax.Array = jnp.zeros(19 * 19, dtype=jnp.int32)


    @dataclass
    class State:
        player: int = 0
        board: Board = Board()


    class Game:
        def __init__(self, size: int = 19):
            self.size = size

        def init(self) -> Board:
            return Board(cells=jnp.zeros(self.size**2, dtype=jnp.int32))

        def observe(self, board: Board) -> jax.Array:
            return board.cells.reshape((self.size, self.size))


    game = Game(size=5)
    """
)

#: A decorator that gives the class a constructor storing any keyword (``setattr`` with a
#: name that is not known): the class-level default is not what the instance holds.
_KEYWORD_CONSTRUCTOR = textwrap.dedent(
    """
    import jax
    import jax.numpy as jnp


    def auto_init(cls):
        def __init__(self, **fields):
            for name, value in fields.items():
                setattr(self, name, value)

        cls.__init__ = __init__
        return cls


    @auto_init
    class State:
        board: jax.Array = jnp.zeros(361)
    """
)

#: A decorator that only registers the class: its own ``__init__`` says what it holds.
_REGISTERED_CLASS = textwrap.dedent(
    """
    import jax
    import jax.numpy as jnp

    REGISTRY = {}


    def register(cls):
        REGISTRY[cls.__name__] = cls
        return cls


    @register
    class State:
        board: jax.Array = jnp.zeros(25)

        def __init__(self, cells):
            self.board = jnp.zeros(cells)
    """
)

#: A registered dataclass made by a ``vmap``: its static field stays a Python int.
_VMAPPED_DATACLASS = textwrap.dedent(
    """
    import dataclasses
    import functools

    import jax
    import jax.numpy as jnp


    @functools.partial(
        jax.tree_util.register_dataclass, data_fields=["x"], meta_fields=["n"]
    )
    @dataclasses.dataclass
    class State:
        x: jax.Array
        n: int


    @jax.jit
    def step(s):
        if {test}:
            return State(s.x * 2, s.n)
        return s


    out = jax.vmap(lambda v: State(v, 3))(jnp.ones(4))
    step(out)
    jax.lax.scan(lambda c, _: (step(c), None), out, None, length=2)
    """
)

#: qdax's replay buffer: a flax ``PyTreeNode`` whose size is ``field(pytree_node=False)``,
#: made by a ``vmap`` and inserted into inside a ``lax.scan``.
_FLAX_BUFFER = textwrap.dedent(
    """
    import flax
    import jax
    import jax.numpy as jnp


    class Buffer(flax.struct.PyTreeNode):
        data: jnp.ndarray
        size: int = flax.struct.field(pytree_node=False)

        @classmethod
        def init(cls, size):
            return cls(data=jnp.zeros((size, 2)), size=size)

        def insert(self, x):
            if {test}:
                raise ValueError("too many")
            return self.replace(data=jnp.roll(self.data, x.shape[0], axis=0))


    def train(buf):
        step = lambda b, x: (b.insert(x[None]), None)
        return jax.lax.scan(step, buf, jnp.ones((3, 2)))[0]


    bufs = jax.vmap(lambda _: Buffer.init(4))(jnp.arange(2))
    jax.vmap(train)(bufs)
    """
)

#: tensorcircuit's backend: the key is stored by ``setattr`` in a method the reader calls.
_SETATTR_KEY = textwrap.dedent(
    """
    import jax


    class Backend:
        def set_random_state(self, seed=None):
            setattr(self, "g", {stored})

        def normal(self, shape):
            g = getattr(self, "g", None)
            if g is None:
                self.set_random_state()
                g = getattr(self, "g", None)
            key, subkey = jax.random.split(g)
            setattr(self, "g", key)
            return jax.random.normal(subkey, shape)


    Backend().normal((2,))
    """
)

#: tpu-inference's rotary embedding: a dataclass nnx Module whose cache is computed by a
#: method under ``@jax.jit``; its ``int`` fields size arrays and steer a Python ``if``.
_NNX_ROPE = """
    from dataclasses import dataclass

    import jax
    import jax.numpy as jnp
    from flax import nnx


    @dataclass(kw_only=True)
    class Rope(nnx.Module):
        rotary_dim: int
        scaling_factor: float
        {field}

        @jax.jit
        def compute(self):
            low = max(self.rotary_dim // 2, 0)
            if self.rotary_dim > 4:
                return jnp.arange(self.max_positions * self.scaling_factor) + low
            return jnp.zeros(3)


    rope = Rope(rotary_dim=8, scaling_factor=1.0, {made})
    print(rope.compute().shape)
    """

#: The same with the attributes set in ``__init__``.
_NNX_PLAIN = """
    import jax
    import jax.numpy as jnp
    from flax import nnx


    class Rope(nnx.Module):
        def __init__(self, max_positions, rotary_dim):
            self.max_positions = {made}
            self.rotary_dim = rotary_dim
            self.cache = None

        @jax.jit
        def compute(self):
            if self.rotary_dim > 4:
                return jnp.arange(self.max_positions * 2, dtype=jnp.float32)
            return jnp.zeros(3)


    print(Rope(4, 8).compute().shape)
    """

#: (name, program, the error codes it must get, the modules it needs besides jax): an
#: empty set of codes is a program that runs.
CASES: list[tuple[str, str, set[str], tuple[str, ...]]] = [
    (
        "user_dataclass_decorator_fields_from_constructor",
        _USER_DATACLASS + "state = State(board=game.init())\ngame.observe(state.board)\n",
        set(),
        (),
    ),
    (
        "user_dataclass_decorator_default_field_raises",
        _USER_DATACLASS + "state = State()\ngame.observe(state.board)\n",
        {"reshape-size-mismatch"},
        (),
    ),
    (
        "decorator_made_constructor_fields_not_the_class_defaults",
        _KEYWORD_CONSTRUCTOR + "State(board=jnp.zeros(25)).board.reshape((5, 5))\n",
        set(),
        (),
    ),
    (
        "registering_decorator_keeps_the_constructor",
        _REGISTERED_CLASS + "State(25).board.reshape((5, 5))\n",
        set(),
        (),
    ),
    (
        "registering_decorator_keeps_the_constructor_raises",
        _REGISTERED_CLASS + "State(361).board.reshape((5, 5))\n",
        {"reshape-size-mismatch"},
        (),
    ),
    (
        "object_setattr_and_super_setattr_set_the_field",
        """
        import dataclasses

        import jax.numpy as jnp

        DEFAULT = jnp.zeros(361)


        @dataclasses.dataclass(frozen=True)
        class Spec:
            size: int
            board: jnp.ndarray = dataclasses.field(default_factory=lambda: DEFAULT)

            def __post_init__(self):
                object.__setattr__(self, "board", jnp.zeros(self.size * self.size))


        class Holder:
            board = DEFAULT

            def __init__(self, size):
                object.__setattr__(self, "board", jnp.zeros(size * size))
                super().__setattr__("size", size)


        Spec(5).board.reshape((5, 5))
        Holder(5).board.reshape((5, 5))
        """,
        set(),
        (),
    ),
    (
        "object_setattr_of_another_size_raises",
        """
        import jax.numpy as jnp


        class Holder:
            def __init__(self, size):
                object.__setattr__(self, "board", jnp.zeros(361))
                super().__setattr__("size", size)


        h = Holder(5)
        h.board.reshape((h.size, h.size))
        """,
        {"reshape-size-mismatch"},
        (),
    ),
    (
        "instance_dict_item_vars_update_and_setattr_in_a_loop",
        """
        import jax.numpy as jnp


        class A:
            board = jnp.zeros(361)

            def __init__(self, size):
                self.__dict__["board"] = jnp.zeros(size * size)


        class B:
            board = jnp.zeros(361)

            def __init__(self, **kw):
                vars(self).update(kw)


        class C:
            board = jnp.zeros(361)

            def __init__(self, size):
                for name, value in {"board": jnp.zeros(size * size)}.items():
                    setattr(self, name, value)


        A(5).board.reshape((5, 5))
        B(board=jnp.zeros(25)).board.reshape((5, 5))
        C(5).board.reshape((5, 5))
        """,
        set(),
        (),
    ),
    (
        "instance_dict_item_of_another_size_raises",
        """
        import jax.numpy as jnp


        class A:
            def __init__(self, size):
                self.__dict__["board"] = jnp.zeros(361)
                vars(self).update({"size": size})


        a = A(5)
        a.board.reshape((a.size, a.size))
        """,
        {"reshape-size-mismatch"},
        (),
    ),
    (
        "class_decorator_returning_a_subclass",
        """
        import jax.numpy as jnp


        def sized(size):
            def deco(cls):
                class Wrapped(cls):
                    def __init__(self):
                        super().__init__()
                        self.board = jnp.zeros(size * size)
                        self.size = size

                return Wrapped

            return deco


        @sized(5)
        class Game:
            board = jnp.zeros(361)
            size = 19

            def __init__(self):
                pass


        g = Game()
        g.board.reshape((g.size, g.size))
        g.board.reshape((5, 5))
        """,
        set(),
        (),
    ),
    (
        "class_decorator_returning_a_subclass_raises",
        """
        import jax.numpy as jnp


        def sized(size):
            def deco(cls):
                class Wrapped(cls):
                    def __init__(self):
                        super().__init__()
                        self.board = jnp.zeros(size * size)
                        self.size = size

                return Wrapped

            return deco


        @sized(5)
        class Game:
            board = jnp.zeros(361)
            size = 19

            def __init__(self):
                pass


        g = Game()
        g.board.reshape((g.size, g.size))
        g.board.reshape((4, 4))
        """,
        {"reshape-size-mismatch"},
        (),
    ),
    (
        "custom_pytree_aux_data_stays_static",
        """
        import functools

        import jax
        import jax.numpy as jnp


        @functools.partial(jax.jit, static_argnames=("block",))
        def apply(x, mask, block):
            return x[:block] * mask[:block]


        @jax.tree_util.register_pytree_node_class
        class Kernel:
            def __init__(self, mask, **kwargs):
                self.mask = mask
                self.kwargs = kwargs

            def tree_flatten(self):
                children = (self.mask,)
                aux_data = self.kwargs.copy()
                return children, aux_data

            @classmethod
            def tree_unflatten(cls, aux_data, children):
                return cls(*children, **aux_data)

            def __call__(self, x):
                return apply(x, self.mask, **self.kwargs)


        kernel = Kernel(jnp.ones(4), block=2)
        jax.jit(lambda k, x: k(x))(kernel, jnp.ones(4))
        jax.vmap(lambda k, x: k(x), in_axes=(None, 0))(kernel, jnp.ones((3, 4)))
        """,
        set(),
        (),
    ),
    (
        "custom_pytree_children_traced_as_static_argument_raises",
        """
        import functools

        import jax
        import jax.numpy as jnp


        @functools.partial(jax.jit, static_argnames=("block",))
        def apply(x, mask, block):
            return x[:block] * mask[:block]


        @jax.tree_util.register_pytree_node_class
        class Kernel:
            def __init__(self, mask, **kwargs):
                self.mask = mask
                self.kwargs = kwargs

            def tree_flatten(self):
                children = (self.mask, self.kwargs)
                aux_data = None
                return children, aux_data

            @classmethod
            def tree_unflatten(cls, aux_data, children):
                return cls(children[0], **children[1])

            def __call__(self, x):
                return apply(x, self.mask, **self.kwargs)


        kernel = Kernel(jnp.ones(4), block=2)
        jax.jit(lambda k, x: k(x))(kernel, jnp.ones(4))
        jax.vmap(lambda k, x: k(x), in_axes=(None, 0))(kernel, jnp.ones((3, 4)))
        """,
        {"jit-unhashable-static-argument"},
        (),
    ),
    (
        "registered_dataclass_static_field_after_vmap",
        _VMAPPED_DATACLASS.format(test="s.n > 1"),
        set(),
        (),
    ),
    (
        "registered_dataclass_data_field_after_vmap_raises",
        _VMAPPED_DATACLASS.format(test="s.x.sum() > s.n"),
        {"tracer-bool-conversion-error"},
        (),
    ),
    (
        "flax_static_field_after_vmap_in_scan",
        _FLAX_BUFFER.format(test="x.shape[0] > self.size"),
        set(),
        ("flax",),
    ),
    (
        "flax_data_field_after_vmap_in_scan_raises",
        _FLAX_BUFFER.format(test="self.data.sum() > self.size"),
        {"tracer-bool-conversion-error"},
        ("flax",),
    ),
    (
        "setattr_known_name_stores_the_key",
        _SETATTR_KEY.format(stored="jax.random.PRNGKey(42 if seed is None else seed)"),
        set(),
        (),
    ),
    (
        "setattr_known_name_stores_none_raises",
        _SETATTR_KEY.format(stored="None"),
        {"random-int-seed-as-key"},
        (),
    ),
    (
        "numpy_shape_and_ndim_of_a_tracer_are_ints",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        @jax.jit
        def apply(other):
            ndim = np.ndim(other)
            assert ndim >= 1
            shape = np.shape(other)
            if shape[0] > 2:
                return other * 2
            if jnp.ndim(other) == 1:
                return other + 1
            return other


        apply(jnp.ones(3))
        """,
        set(),
        (),
    ),
    (
        "numpy_sum_of_a_tracer_in_an_if_raises",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        @jax.jit
        def apply(other):
            ndim = np.ndim(other)
            assert ndim >= 1
            if np.sum(other) > 2:
                return other * 2
            return other


        apply(jnp.ones(3))
        """,
        {"tracer-bool-conversion-error"},
        (),
    ),
    (
        "numpy_shape_in_range_and_prod_under_jit",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        @jax.jit
        def pad_to(x):
            n = np.shape(x)[0]
            rows = [x[i] for i in range(n)]
            size = int(np.prod(np.shape(x)))
            return jnp.stack(rows).reshape((size,))


        @jax.jit
        def rank(x):
            if np.ndim(x) == 0:
                return x[None]
            return x


        pad_to(jnp.ones((3, 2)))
        rank(jnp.ones(()))
        """,
        set(),
        (),
    ),
    (
        "builtin_sum_of_shapes_and_of_arrays",
        """
        import jax
        import jax.numpy as jnp


        @jax.jit
        def total(xs):
            n = sum(x.shape[0] for x in xs)
            if n > 3:
                return jnp.zeros(n)
            return sum(xs)


        def plain():
            parts = [jnp.ones(2), jnp.ones(2)]
            return sum(parts).reshape((2, 1))


        total([jnp.ones(2), jnp.ones(2)])
        plain()
        """,
        set(),
        (),
    ),
    (
        "builtin_sum_of_arrays_tested_in_an_if_raises",
        """
        import jax
        import jax.numpy as jnp


        @jax.jit
        def total(xs):
            n = sum(xs)
            if n.sum() > 3:
                return n
            return n


        total([jnp.ones(2), jnp.ones(2)])
        """,
        {"tracer-bool-conversion-error"},
        (),
    ),
    (
        "builtin_sum_with_a_start_value",
        """
        import jax
        import jax.numpy as jnp


        @jax.jit
        def loss(params):
            l2 = sum(jnp.sum(p**2) for p in jax.tree_util.tree_leaves(params))
            total = sum([p.size for p in jax.tree_util.tree_leaves(params)])
            return l2 / total


        def count(shapes):
            return jnp.zeros(sum(shapes, 0))


        loss({"a": jnp.ones(2), "b": jnp.ones(3)})
        count([2, 3]).reshape((5,))
        """,
        set(),
        (),
    ),
    (
        "numpy_scalars_are_hashable_static_arguments",
        """
        from functools import partial

        import jax
        import jax.numpy as jnp
        import numpy as np


        @partial(jax.jit, static_argnums=0)
        def repeat(n, x):
            return jnp.tile(x, n)


        repeat(np.int64(3), jnp.ones(2))
        repeat(np.float32(2.0).astype(np.int32), jnp.ones(2))
        sizes = np.array([2, 3])
        repeat(sizes[0], jnp.ones(2))
        """,
        set(),
        (),
    ),
    (
        "numpy_scalars_as_static_keywords",
        """
        from functools import partial

        import jax
        import jax.numpy as jnp
        import numpy as np


        @partial(jax.jit, static_argnames=("scale", "n"))
        def f(x, scale, n):
            return x * scale + n


        f(jnp.ones(2), scale=np.float32(0.5), n=np.int32(2))
        shape = np.array([2, 3])
        f(jnp.ones(2), scale=float(shape.prod()), n=shape.max())
        f(jnp.ones(2), scale=np.prod(shape), n=len(shape))
        """,
        set(),
        (),
    ),
    (
        "numpy_array_static_argument_raises",
        """
        from functools import partial

        import jax
        import jax.numpy as jnp
        import numpy as np


        @partial(jax.jit, static_argnums=0)
        def repeat(n, x):
            return jnp.tile(x, n)


        sizes = np.array([2, 3])
        repeat(sizes, jnp.ones(2))
        """,
        {"jit-unhashable-static-argument"},
        (),
    ),
    (
        "tree_map_over_a_prefix_tree",
        """
        import jax
        import jax.numpy as jnp

        scales = {"w": 2.0, "b": 1.0}
        params = {"w": (jnp.ones(2), jnp.ones(3)), "b": (jnp.ones(1), jnp.zeros(1))}
        scaled = jax.tree_util.tree_map(lambda s, p: jax.tree_util.tree_map(lambda a: a * s, p), scales, params)
        flat = jax.tree.map(lambda s, p: len(p), scales, params)
        """,
        set(),
        (),
    ),
    (
        "tree_map_prefix_tree_nested_and_is_leaf",
        """
        import jax
        import jax.numpy as jnp

        params = {"enc": {"w": jnp.ones(2), "b": jnp.ones(2)}, "dec": {"w": jnp.ones(3), "b": jnp.ones(3)}}
        lrs = {"enc": 0.1, "dec": 0.01}
        updated = jax.tree_util.tree_map(lambda lr, sub: jax.tree_util.tree_map(lambda p: p - lr, sub), lrs, params)
        masks = jax.tree.map(lambda p: p is not None, (params, None), is_leaf=lambda x: x is None)
        specs = jax.tree.map(lambda _: 0, params)
        batched = jax.vmap(lambda p: jax.tree.map(jnp.sum, p), in_axes=(specs,))(
            jax.tree.map(lambda p: jnp.stack([p, p]), params)
        )
        """,
        set(),
        (),
    ),
    (
        "tree_map_full_tree_before_its_prefix_raises",
        """
        import jax
        import jax.numpy as jnp

        params = {"w": (jnp.ones(2), jnp.ones(3)), "b": (jnp.ones(1), jnp.zeros(1))}
        scales = {"w": 2.0, "b": 1.0}
        scaled = jax.tree_util.tree_map(lambda p, s: p * s, params, scales)
        """,
        {"tree-map-structure-mismatch"},
        (),
    ),
    (
        "ensure_compile_time_eval_values_are_concrete",
        """
        import jax
        import jax.numpy as jnp


        @jax.jit
        def f(x):
            with jax.ensure_compile_time_eval():
                n = jnp.sum(jnp.arange(4))
                if n > 3:
                    y = jnp.zeros(int(n))
                else:
                    y = jnp.ones(int(n))
            return x + y.sum()


        f(jnp.ones(2))
        """,
        set(),
        (),
    ),
    (
        "ensure_compile_time_eval_numpy_of_its_result",
        """
        import jax
        import jax.numpy as jnp
        import numpy as np


        @jax.jit
        def f(x):
            with jax.ensure_compile_time_eval():
                idx = jnp.arange(4) * 2
                table = np.asarray(idx)
                k = int(idx.sum())
            return x[table[:2]] + k


        f(jnp.ones(8))
        """,
        set(),
        (),
    ),
    (
        "traced_test_after_the_compile_time_block_raises",
        """
        import jax
        import jax.numpy as jnp


        @jax.jit
        def f(x):
            with jax.ensure_compile_time_eval():
                n = jnp.sum(jnp.arange(4))
            if x.sum() > n:
                return x
            return -x


        f(jnp.ones(2))
        """,
        {"tracer-bool-conversion-error"},
        (),
    ),
    (
        "loops_and_iterables_of_unknown_length",
        """
        import jax
        import jax.numpy as jnp


        def build(n):
            rows = []
            for i in range(n):
                rows.append(jnp.ones(2) * i)
            u = jnp.stack(rows)
            return jax.vmap(lambda a, b: a + b)(jnp.zeros((3, 2)), u)


        def build_names(names):
            u = jnp.array([[1.0, 2.0] for _ in names])
            return jax.vmap(lambda a, b: a + b)(jnp.zeros((3, 2)), u)


        def from_dict(actions, agents):
            u = jnp.array([actions[a] for a in agents]).reshape((len(agents), -1))
            return jax.vmap(lambda a, b: a + b)(jnp.zeros((3, 2)), u)


        build(3)
        build_names(["a", "b", "c"])
        from_dict({"a": jnp.ones(2), "b": jnp.ones(2), "c": jnp.ones(2)}, ["a", "b", "c"])
        """,
        set(),
        (),
    ),
    (
        "unknown_length_zip_split_and_attribute",
        """
        import jax
        import jax.numpy as jnp


        def combine(names, values):
            u = jnp.stack([v for _, v in zip(names, values)])
            return jax.vmap(lambda a, b: a + b)(jnp.zeros((2, 2)), u)


        def from_split(text):
            parts = text.split(",")
            u = jnp.array([[1.0, 2.0] for _ in parts])
            return jax.vmap(lambda a, b: a + b)(jnp.zeros((2, 2)), u)


        class Team:
            def __init__(self, members):
                self.members = list(members)

            def forces(self):
                u = jnp.array([[0.0, 1.0] for _ in self.members])
                return jax.vmap(lambda a, b: a + b)(jnp.zeros((2, 2)), u)


        combine(["a", "b"], [jnp.ones(2), jnp.ones(2)])
        from_split("a,b")
        Team({"x": 1, "y": 2}).forces()
        """,
        set(),
        (),
    ),
    (
        "unknown_length_while_kwargs_repeat_range",
        """
        import jax
        import jax.numpy as jnp


        def rows(n):
            out = []
            i = 0
            while i < n:
                out.append(jnp.ones(2))
                i += 1
            return jnp.stack(out)


        def by_kwargs(**parts):
            out = [v for v in parts.values()]
            return jnp.stack(out)


        def repeat(n):
            return jnp.array([[0.0, 1.0]] * n)


        def ranged(n):
            return jnp.array(list(range(n)), dtype=jnp.float32)[:, None] * jnp.ones(2)


        def add3(u):
            return jax.vmap(lambda a, b: a + b)(jnp.zeros((3, 2)), u)


        add3(rows(3))
        add3(by_kwargs(a=jnp.ones(2), b=jnp.ones(2), c=jnp.ones(2)))
        add3(repeat(3))
        add3(ranged(3))
        """,
        set(),
        (),
    ),
    (
        "loop_of_known_short_length_raises",
        """
        import jax
        import jax.numpy as jnp


        def build(n):
            rows = []
            for i in range(n):
                rows.append(jnp.ones(2) * i)
            u = jnp.stack(rows)
            return jax.vmap(lambda a, b: a + b)(jnp.zeros((3, 2)), u)


        def build_names(names):
            u = jnp.array([[1.0, 2.0] for _ in names])
            return jax.vmap(lambda a, b: a + b)(jnp.zeros((3, 2)), u)


        def from_dict(actions, agents):
            u = jnp.array([actions[a] for a in agents]).reshape((len(agents), -1))
            return jax.vmap(lambda a, b: a + b)(jnp.zeros((3, 2)), u)


        build(2)
        build_names(["a", "b", "c"])
        from_dict({"a": jnp.ones(2), "b": jnp.ones(2), "c": jnp.ones(2)}, ["a", "b", "c"])
        """,
        {"vmap-inconsistent-sizes"},
        (),
    ),
    (
        "instances_of_one_class_with_different_sizes",
        """
        import jax.numpy as jnp


        class Game:
            def __init__(self, size):
                self.size = size
                self.board = jnp.zeros(size * size)

            def observe(self):
                return self.board.reshape((self.size, self.size))


        games = {name: Game(n) for name, n in {"small": 5, "large": 19}.items()}
        for game in games.values():
            game.observe()

        envs = [Game(n) for n in (5, 9)]
        obs = [e.observe() for e in envs]


        def make(n):
            return Game(n)


        a = make(5)
        b = make(19)
        a.observe()
        b.observe()
        """,
        set(),
        (),
    ),
    (
        "methods_of_two_instances_called_through_one_helper",
        """
        import jax.numpy as jnp


        class Game:
            def __init__(self, size):
                self.size = size

            def init(self):
                return jnp.zeros(self.size * self.size)

            def observe(self, board):
                return board.reshape((self.size, self.size))


        def run(game):
            return game.observe(game.init())


        small = Game(5)
        large = Game(19)
        run(small)
        run(large)
        boards = {5: small.init(), 19: large.init()}
        small.observe(boards[5])
        """,
        set(),
        (),
    ),
    (
        "object_setattr_in_post_init",
        """
        import dataclasses

        import jax.numpy as jnp


        @dataclasses.dataclass(frozen=True)
        class Spec:
            size: int
            board: jnp.ndarray = None

            def __post_init__(self):
                object.__setattr__(self, "board", jnp.zeros(self.size * self.size))


        class Holder:
            def __init__(self, size):
                object.__setattr__(self, "size", size)


        s = Spec(5)
        s.board.reshape((5, 5))
        h = Holder(3)
        jnp.zeros(9).reshape((h.size, h.size))
        """,
        set(),
        (),
    ),
    (
        "instance_attribute_over_the_class_attribute",
        """
        import jax.numpy as jnp


        class Env:
            num_agents = 3

            def __init__(self, num_agents=None):
                if num_agents is not None:
                    self.num_agents = num_agents

            def zeros(self):
                return jnp.zeros((self.num_agents, 2))


        class Big(Env):
            num_agents = 5


        e = Env(4)
        jnp.concatenate([e.zeros(), jnp.ones((4, 2))], axis=1)
        b = Big()
        b.zeros().reshape((10,))
        """,
        set(),
        (),
    ),
    (
        "property_made_by_property_call_with_setter",
        """
        import jax.numpy as jnp


        class Grid:
            def __init__(self):
                self._n = 2

            def _get(self):
                return self._n

            def _set(self, value):
                self._n = value

            n = property(_get, _set)


        g = Grid()
        g.n = 3
        y = jnp.zeros((9,)).reshape((g.n, g.n))
        """,
        set(),
        (),
    ),
    (
        "property_setter_of_a_base_class",
        """
        import jax.numpy as jnp


        class Base:
            def __init__(self):
                self._size = 2

            @property
            def size(self):
                return self._size

            @size.setter
            def size(self, value):
                self._size = value


        class Child(Base):
            def __init__(self, size):
                super().__init__()
                self.size = size

            def flat(self):
                return jnp.zeros((self.size, self.size)).reshape((9,))


        Child(3).flat()
        """,
        set(),
        (),
    ),
    (
        "cached_property_imported_by_name_under_jit",
        """
        from functools import cached_property

        import jax
        import jax.numpy as jnp


        class Model:
            def __init__(self, width):
                self.width = width

            @cached_property
            def kernel(self):
                return jnp.ones((self.width, self.width))

            def apply(self, x):
                return jax.jit(lambda k, v: k @ v)(self.kernel, x)


        Model(3).apply(jnp.ones(3))
        """,
        set(),
        (),
    ),
    (
        "abstract_method_raising_not_implemented_and_abstract_property",
        """
        import abc

        import jax
        import jax.numpy as jnp


        class Distribution(abc.ABC):
            @abc.abstractmethod
            def log_prob(self, x):
                raise NotImplementedError

            @property
            @abc.abstractmethod
            def event_shape(self):
                pass

            def batch_log_prob(self, xs):
                return jax.vmap(self.log_prob)(xs).reshape(self.event_shape)


        class Normal(Distribution):
            def log_prob(self, x):
                return -0.5 * x**2

            @property
            def event_shape(self):
                return (2, 2)


        Normal().batch_log_prob(jnp.ones(4))
        """,
        set(),
        (),
    ),
    (
        "abstract_method_returning_none",
        """
        import abc

        import jax.numpy as jnp


        class Env(abc.ABC):
            @abc.abstractmethod
            def num_actions(self) -> int:
                return None

            def mask(self):
                return jnp.ones(self.num_actions() + 1, dtype=bool)


        class Grid(Env):
            def num_actions(self) -> int:
                return 4


        Grid().mask()
        """,
        set(),
        (),
    ),
    (
        "jaxtyping_union_annotation_wider_than_the_code",
        """
        from typing import Optional, Union

        import jax.numpy as jnp
        from jaxtyping import Array, Float


        def predict(
            probs: Float[Array, " num_states"],
            matrix: Optional[
                Union[Float[Array, "num_states num_states"], Float[Array, "num_timesteps num_states num_states"]]
            ] = None,
        ) -> Float[Array, " num_states"]:
            return probs @ matrix


        def smooth(probs: Float[Array, "1 num_states"], matrix: Float[Array, "num_timesteps num_states num_states"]):
            nxt = predict(probs[-1], matrix)
            return jnp.concatenate([probs, jnp.array([nxt])])


        smooth(jnp.ones((1, 2)) / 2, jnp.eye(2))
        """,
        set(),
        ("jaxtyping",),
    ),
    (
        "jaxtyping_annotated_concatenate_of_other_ranks_raises",
        """
        import jax.numpy as jnp
        from jaxtyping import Array, Float


        def smooth(probs: Float[Array, "1 num_states"], matrix):
            nxt = probs[-1] @ matrix
            return jnp.concatenate([probs, jnp.array([nxt, nxt])[None]])


        smooth(jnp.ones((1, 2)) / 2, jnp.eye(2))
        """,
        {"concatenate-rank-mismatch"},
        ("jaxtyping",),
    ),
    (
        "equinox_static_field_in_jit_and_scan",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp


        class Layer(eqx.Module):
            weight: jax.Array
            width: int = eqx.field(static=True)

            def __call__(self, x):
                if self.width > 2:
                    return x @ self.weight
                return x


        @eqx.filter_jit
        def apply(layer, x):
            return layer(x)


        def scan_apply(layer, xs):
            def body(carry, x):
                return carry, layer(x)

            return jax.lax.scan(body, 0, xs)


        layer = Layer(jnp.ones((3, 3)), 3)
        apply(layer, jnp.ones(3))
        jax.jit(scan_apply)(layer, jnp.ones((2, 3)))
        """,
        set(),
        ("equinox",),
    ),
    (
        "equinox_static_field_after_filter_vmap",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp


        class Net(eqx.Module):
            w: jax.Array
            depth: int = eqx.field(static=True)

            def __call__(self, x):
                for _ in range(self.depth):
                    x = self.w * x
                return x


        def make(key):
            return Net(jax.random.normal(key, (2,)), 2)


        nets = eqx.filter_vmap(make)(jax.random.split(jax.random.PRNGKey(0), 3))
        jax.lax.scan(lambda c, n: (c, n(jnp.ones(2))), 0, nets)
        """,
        set(),
        ("equinox",),
    ),
    (
        "equinox_data_field_in_an_if_raises",
        """
        import equinox as eqx
        import jax
        import jax.numpy as jnp


        class Layer(eqx.Module):
            weight: jax.Array
            width: int = eqx.field(static=True)

            def __call__(self, x):
                if self.weight.sum() > 2:
                    return x @ self.weight
                return x


        @eqx.filter_jit
        def apply(layer, x):
            return layer(x)


        def scan_apply(layer, xs):
            def body(carry, x):
                return carry, layer(x)

            return jax.lax.scan(body, 0, xs)


        layer = Layer(jnp.ones((3, 3)), 3)
        apply(layer, jnp.ones(3))
        jax.jit(scan_apply)(layer, jnp.ones((2, 3)))
        """,
        {"tracer-bool-conversion-error"},
        ("equinox",),
    ),
    (
        "flax_struct_static_field_in_jit",
        """
        import flax
        import jax
        import jax.numpy as jnp


        @flax.struct.dataclass
        class Config:
            scale: jnp.ndarray
            depth: int = flax.struct.field(pytree_node=False)


        @jax.jit
        def run(cfg, x):
            if cfg.depth > 2:
                return x * cfg.scale
            return x


        run(Config(jnp.ones(()), 3), jnp.ones(2))
        """,
        set(),
        ("flax",),
    ),
    (
        "flax_struct_data_field_in_an_if_raises",
        """
        import flax
        import jax
        import jax.numpy as jnp


        @flax.struct.dataclass
        class Config:
            scale: jnp.ndarray
            depth: int = flax.struct.field(pytree_node=False)


        @jax.jit
        def run(cfg, x):
            if cfg.scale > 2:
                return x * cfg.scale
            return x


        run(Config(jnp.ones(()), 3), jnp.ones(2))
        """,
        {"tracer-bool-conversion-error"},
        ("flax",),
    ),
    (
        "chex_dataclass_closed_over_is_concrete",
        """
        import chex
        import jax
        import jax.numpy as jnp


        @chex.dataclass(frozen=True)
        class Params:
            n: int
            w: jnp.ndarray


        P = Params(n=3, w=jnp.ones(3))


        @jax.jit
        def f(x):
            if P.n > 2:
                return x * P.w
            return x


        f(jnp.ones(3))
        """,
        set(),
        ("chex",),
    ),
    (
        "chex_dataclass_argument_field_in_an_if_raises",
        """
        import chex
        import jax
        import jax.numpy as jnp


        @chex.dataclass(frozen=True)
        class Params:
            n: int
            w: jnp.ndarray


        @jax.jit
        def f(p, x):
            if p.n > 2:
                return x * p.w
            return x


        f(Params(n=3, w=jnp.ones(3)), jnp.ones(3))
        """,
        {"tracer-bool-conversion-error"},
        ("chex",),
    ),
    # tpu-inference's rotary embedding: ``@jax.jit`` on a method of an nnx Module.  nnx
    # flattens a Module by each attribute's value: a Python number stays static structure (a
    # dataclass field too), an array is a leaf.
    (
        "nnx_module_int_fields_stay_static_under_jit_of_a_method",
        _NNX_ROPE.format(field="max_positions: int", made="max_positions=4"),
        set(),
        ("flax",),
    ),
    (
        "nnx_module_array_field_is_traced_under_jit_of_a_method",
        _NNX_ROPE.format(field="max_positions: jax.Array", made="max_positions=jnp.asarray(4)"),
        {"concretization-type-error"},
        ("flax",),
    ),
    (
        "nnx_module_attribute_set_in_init_int_stays_static",
        _NNX_PLAIN.format(made="max_positions"),
        set(),
        ("flax",),
    ),
    (
        "nnx_module_attribute_set_in_init_array_is_traced",
        _NNX_PLAIN.format(made="jnp.asarray(max_positions)"),
        {"concretization-type-error"},
        ("flax",),
    ),
]


@pytest.mark.parametrize(("name", "source", "expected", "needs"), CASES, ids=[c[0] for c in CASES])
def test_error_findings_only_where_the_object_holds_it(
    name: str, source: str, expected: set[str], needs: tuple[str, ...]
) -> None:
    assert error_codes(source) == expected


#: tokamax's tests: ``rngs = list(jax.random.split(key, 4))`` then ``rngs.pop()`` per draw.
_POPPED_KEYS = textwrap.dedent(
    """
    import jax

    jax.config.update("jax_debug_key_reuse", True)


    def draw(key):
        rngs = list(jax.random.split(key, 4))
        {draws}
        return a + b


    draw(jax.random.key(0))
    """
)

#: (name, program, whether it gets a key-reuse-error warning): the first runs, the second
#: raises KeyReuseError (``test_object_model_on_jax`` checks both).
KEY_CASES: list[tuple[str, str, bool]] = [
    (
        "each_pop_of_a_list_of_keys_takes_another_key",
        _POPPED_KEYS.format(
            draws="a = jax.random.normal(rngs.pop(), (2,))\n"
            "    b = jax.random.normal(rngs.pop(), (2,))"
        ),
        False,
    ),
    (
        "one_popped_key_consumed_twice",
        _POPPED_KEYS.format(
            draws="k = rngs.pop()\n"
            "    a = jax.random.normal(k, (2,))\n"
            "    b = jax.random.normal(k, (2,))"
        ),
        True,
    ),
]


@pytest.mark.parametrize(("name", "source", "reused"), KEY_CASES, ids=[c[0] for c in KEY_CASES])
def test_key_reuse_only_where_one_key_is_consumed_twice(
    name: str, source: str, reused: bool
) -> None:
    analysis = fresh_engine(Workspace([])).analyze(source)
    assert any(f.code == "key-reuse-error" for f in analysis.findings) == reused
