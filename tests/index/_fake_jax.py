"""A tiny JAX-shaped source tree (and environment) for tests that must not need real JAX."""

from __future__ import annotations

import textwrap
from pathlib import Path

SHARD_MAP = """\
class ShardMapTrace:
    def process_custom_vjp_call(self, symbolic_zeros):
        if symbolic_zeros:
            msg = (
                "custom_vjp symbolic_zeros support with shard_map is not implemented; "
                "please open an issue at https://github.com/jax-ml/jax/issues"
            )
            raise NotImplementedError(msg)


def check(mesh):
    if not mesh:
        raise ValueError(f"shard_map requires a non-empty mesh. Got {mesh}")
    raise NotImplementedError
"""


def write_jax_tree(package: Path, version: str = "0.4.99", shard_map: str = SHARD_MAP) -> Path:
    """``package`` becomes a ``jax`` package folder: __init__, version.py, _src/shard_map.py."""
    (package / "_src").mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "version.py").write_text(f'_version = "{version}"\n', encoding="utf-8")
    (package / "_src" / "__init__.py").write_text("", encoding="utf-8")
    (package / "_src" / "shard_map.py").write_text(shard_map, encoding="utf-8")
    return package


def write_environment(root: Path, version: str = "0.4.99") -> Path:
    """A venv-shaped folder with JAX installed; returns its interpreter path (a dummy file)."""
    site = root / "lib" / "python3.12" / "site-packages"
    write_jax_tree(site / "jax", version)
    dist_info = site / f"jax-{version}.dist-info"
    dist_info.mkdir(parents=True)
    (dist_info / "METADATA").write_text(
        textwrap.dedent(
            f"""\
            Metadata-Version: 2.4
            Name: jax
            Version: {version}
            Summary: Differentiate, compile, and transform Numpy code.

            Version: 9.9.9 (the long description is not a header)
            """
        ),
        encoding="utf-8",
    )
    interpreter = root / "bin" / "python"
    interpreter.parent.mkdir(parents=True)
    interpreter.write_text("", encoding="utf-8")
    (root / "pyvenv.cfg").write_text("home = /usr/bin\n", encoding="utf-8")
    return interpreter
