"""``jnp.newaxis`` and ``np.newaxis`` are None in both modules (read on jax 0.12.0.1), so
``x[:, jnp.newaxis]`` adds an axis as ``x[:, None]`` does and the shapes that follow are known."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.findings import Finding
from tests._engine import fresh_engine

CODE = "incompatible-shapes-for-broadcasting"


def _found(tmp_path: Path, program: str) -> list[Finding]:
    path = tmp_path / "rays.py"
    path.write_text(program, encoding="utf-8")
    return [f for f in fresh_engine().analyze(program, str(path)).findings if f.code == CODE]


@pytest.mark.parametrize("spelling", ["jnp.newaxis", "np.newaxis", "numpy.newaxis", "None"])
def test_an_added_axis_in_each_spelling(tmp_path: Path, spelling: str) -> None:
    program = (
        "import numpy\nimport numpy as np\nimport jax.numpy as jnp\n\n"
        "t = jnp.ones((4, 6, 8))\nd = jnp.ones((4, 6, 3))\n"
        f"points = t[:, :, {spelling}] * d[:, {spelling}, :]\n"
    )
    found = _found(tmp_path, program)
    assert len(found) == 1 and "float32[4,6,1,8]" in found[0].message


def test_the_same_axes_added_where_they_broadcast(tmp_path: Path) -> None:
    program = (
        "import jax.numpy as jnp\n\n"
        "t = jnp.ones((24, 8))\nd = jnp.ones((24, 3))\n"
        "points = t[..., jnp.newaxis] * d[:, jnp.newaxis, :]\n"
    )
    assert _found(tmp_path, program) == []


def test_a_local_newaxis_is_not_numpys(tmp_path: Path) -> None:
    """A name ``newaxis`` the code binds itself is not read as None."""
    program = (
        "import jax.numpy as jnp\n\nnewaxis = slice(None)\n"
        "t = jnp.ones((4, 6, 8))\nd = jnp.ones((4, 6, 3))\n"
        "points = t[:, :, newaxis] * d[:, newaxis, :]\n"
    )
    assert _found(tmp_path, program) == []
