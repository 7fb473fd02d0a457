"""The signatures the API models give (hovers, argument binding) are the installed JAX's."""

from __future__ import annotations

import importlib
import inspect

import pytest

from jaxlsp import apis
from jaxlsp.engine import Engine
from tests.engine.test_engine import position_of

#: Specs whose whole signature, keyword-only parameters included, is checked against JAX.
CHECKED = ("jax.shard_map", "jax.experimental.shard_map.shard_map")


def _installed_parameters(qualified: str) -> tuple[list[str], list[str]]:
    """The positional and keyword-only parameter names of the installed JAX's function."""
    module, _, name = qualified.rpartition(".")
    function = getattr(importlib.import_module(module), name)
    parameters = inspect.signature(function).parameters.values()
    positional = [
        p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    keyword_only = [p.name for p in parameters if p.kind is p.KEYWORD_ONLY]
    return positional, keyword_only


@pytest.mark.jax
@pytest.mark.parametrize(
    "qualified",
    # JAX's own (a library's layer, such as flax's dataclass-made Dense, has a constructor
    # ``inspect`` does not read as written: tests/engine/test_library_layers.py checks those)
    sorted(
        {
            *CHECKED,
            *(
                name
                for name, spec in apis.SPECS.items()
                if spec.keyword_only and name.startswith("jax.")
            ),
        }
    ),
)
def test_a_spec_with_keyword_only_parameters_has_the_installed_signature(qualified: str) -> None:
    spec = apis.SPECS[qualified]
    assert _installed_parameters(qualified) == (list(spec.params), list(spec.keyword_only))


SHARD_MAPS = """
import jax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
new = jax.shard_map(abs, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
old = shard_map(abs, mesh, P("i"), P("i"))
"""


def test_the_shard_map_hovers_show_each_spelling_its_own_parameters() -> None:
    engine = Engine()
    analysis = engine.analyze(SHARD_MAPS)
    new = engine.hover(analysis, position_of(SHARD_MAPS, "jax.shard_map", 5))
    assert new is not None
    assert "`(f, *, out_specs, in_specs, mesh, axis_names, check_vma)`" in new.markdown
    old = engine.hover(analysis, position_of(SHARD_MAPS, "old = shard_map", 8))
    assert old is not None and old.qualified_name == "jax.experimental.shard_map.shard_map"
    assert "`(f, mesh, in_specs, out_specs, check_rep)`" in old.markdown
