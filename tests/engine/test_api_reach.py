"""Values followed through the library calls users build their code with:
``jax.tree_util.Partial`` (a partial that is a pytree), ``dataclasses.replace`` (a new
instance of the dataclass), a dict's ``items()``/``values()`` when its keys are known,
``jnp.issubdtype`` of a known dtype (so only the branch that runs is checked), a library
function (``jax.nn.gelu``) passed where jit takes arrays, and fields set through
``self.__dict__.update``. Each source
marks where the engine must report (``# expect:``), and reports nothing else."""

from __future__ import annotations

import textwrap

import pytest

from jaxlsp.engine import Engine
from tests.engine._expect import expected, findings_of

ENGINE = Engine()

SOURCES = {
    "a tree_util.Partial binding a bias of another width": """
        import jax.numpy as jnp
        from jax.tree_util import Partial

        def shift(bias, x):
            return x + bias  # expect: incompatible-shapes-for-broadcasting

        shifted = Partial(shift, jnp.zeros(5))
        shifted(jnp.ones((2, 3)))
        """,
    "a tree_util.Partial passed to jit, its function concretizing a traced value": """
        import jax
        import jax.numpy as jnp
        from jax.tree_util import Partial

        def pick(scale, x):
            return x * float(x.sum())  # expect: concretization-type-error

        jax.jit(lambda f, x: f(x))(Partial(pick, 2.0), jnp.ones(3))
        """,
    "dataclasses.replace of a plain dataclass passed as a static argument": """
        import dataclasses
        import functools

        import jax
        import jax.numpy as jnp

        @dataclasses.dataclass
        class Options:
            depth: int = 1

        @functools.partial(jax.jit, static_argnums=1)
        def run(x, options):
            return x * options.depth

        run(jnp.ones(2), dataclasses.replace(Options(), depth=3))  # expect: jit-unhashable-static-argument
        """,
    "dataclasses.replace keeps the fields it does not change": """
        import dataclasses

        import jax.numpy as jnp

        @dataclasses.dataclass(frozen=True)
        class Layer:
            w: jnp.ndarray
            scale: float = 1.0

        layer = dataclasses.replace(Layer(jnp.ones((4, 3))), scale=2.0)
        jnp.ones(5) @ layer.w  # expect: dot-general-contracting-dims-mismatch
        """,
    "a loop over a config dict's items, one option misspelled": """
        import jax

        OPTIONS = {"jax_enable_x64": False, "jax_disable_jitt": True}
        for name, value in OPTIONS.items():
            jax.config.update(name, value)  # expect: config-option-unrecognized
        """,
    "a dict's values in order, one of another shape": """
        import jax.numpy as jnp

        parts = {"a": jnp.ones(3), "b": jnp.ones(4)}
        jnp.stack(list(parts.values()))  # expect: concatenate-rank-mismatch
        """,
    "jnp.issubdtype of a float dtype takes the branch that runs": """
        import jax.numpy as jnp

        def tiny(x):
            if jnp.issubdtype(x.dtype, jnp.floating):
                return jnp.iinfo(jnp.int32).max
            return jnp.finfo(x.dtype).tiny  # expect: finfo-integer-dtype

        tiny(jnp.arange(3))
        """,
    "a library activation function passed to jit as an argument": """
        import jax
        import jax.numpy as jnp

        jax.jit(lambda x, act: act(x))(jnp.ones(3), jax.nn.gelu)  # expect: jit-non-array-argument
        """,
    "a config class that sets its fields with self.__dict__.update": """
        import jax.numpy as jnp

        class Config:
            def __init__(self, **entries):
                self.__dict__.update(entries)

        config = Config(hidden=4, dtype="bf16")
        jnp.zeros(config.hidden, jnp.dtype(config.dtype))  # expect: dtype-name-not-understood
        """,
}

NEGATIVES = {
    "a tree_util.Partial is a pytree jit takes": """
        import jax
        import jax.numpy as jnp
        from jax.tree_util import Partial

        def scale(factor, x):
            return x * factor

        jax.jit(lambda f, x: f(x))(Partial(scale, jnp.float32(2.0)), jnp.ones(3))
        """,
    "dataclasses.replace of a frozen dataclass passed as a static argument": """
        import dataclasses
        import functools

        import jax
        import jax.numpy as jnp

        @dataclasses.dataclass(frozen=True)
        class Options:
            depth: int = 1

        @functools.partial(jax.jit, static_argnums=1)
        def run(x, options):
            return x * options.depth

        run(jnp.ones(2), dataclasses.replace(Options(), depth=3))
        """,
    "a loop over a config dict's items, every option real": """
        import jax

        OPTIONS = {"jax_enable_x64": False, "jax_disable_jit": False}
        for name, value in OPTIONS.items():
            jax.config.update(name, value)
        """,
    "jnp.issubdtype guards finfo from an integer dtype": """
        import jax.numpy as jnp

        def tiny(x):
            if jnp.issubdtype(x.dtype, jnp.integer):
                return jnp.iinfo(x.dtype).max
            return jnp.finfo(x.dtype).tiny

        tiny(jnp.arange(3))
        tiny(jnp.ones(3))
        """,
    "a library constant passed to jit as an argument": """
        import jax
        import jax.numpy as jnp

        jax.jit(lambda x, c: x * c)(jnp.ones(3), jnp.pi)
        """,
    "fields set with __dict__.update from a mapping not known may be anything": """
        import sys

        import jax.numpy as jnp

        class Config:
            def __init__(self, overrides):
                self.dtype = "bf16"
                self.__dict__.update(overrides)

        config = Config(dict(arg.split("=") for arg in sys.argv[1:]))
        if config.dtype != "bf16":
            jnp.zeros(3, jnp.dtype(config.dtype))
        """,
}


@pytest.mark.parametrize("source", SOURCES.values(), ids=list(SOURCES))
def test_reported_through_the_call(source: str) -> None:
    assert findings_of(ENGINE, source) == expected(textwrap.dedent(source))


@pytest.mark.parametrize("source", NEGATIVES.values(), ids=list(NEGATIVES))
def test_close_negatives_stay_silent(source: str) -> None:
    assert findings_of(ENGINE, source) == set()
