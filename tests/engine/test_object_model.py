"""Error findings only where the code surely raises: what an object holds.

Each case is a pair: code that works on the pinned JAX, which must get no error finding (a
class made by the user's own decorator around ``dataclasses.dataclass``, a decorator that
gives the class its constructor, ``setattr`` with a known name, a pytree's static field after
the ``vmap`` that made the pytree), and the close variant that does raise, which must still
get its finding.  ``tests/engine/test_object_model_on_jax.py`` runs every program here on
JAX and checks the label (the flax ones where flax is installed).
"""

from __future__ import annotations

import textwrap

import pytest

from jaxlsp.engine import Engine
from jaxlsp.infer.workspace import Workspace

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
]


def _error_codes(source: str) -> set[str]:
    analysis = Engine(workspace=Workspace([])).analyze(textwrap.dedent(source))
    return {f.code for f in analysis.findings if f.severity == "error"}


@pytest.mark.parametrize(("name", "source", "expected", "needs"), CASES, ids=[c[0] for c in CASES])
def test_error_findings_only_where_the_object_holds_it(
    name: str, source: str, expected: set[str], needs: tuple[str, ...]
) -> None:
    assert _error_codes(source) == expected
