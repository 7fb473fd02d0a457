"""The API surface enumeration: public names read from a package's source, followed through
re-exports to what defines them, and the status jaxlsp's models give each function."""

from __future__ import annotations

from pathlib import Path

from bench.api_surface import enumerate_surface, report, status_of, summary


def _write(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_names_are_followed_through_re_exports_to_what_defines_them(tmp_path: Path) -> None:
    root = tmp_path / "jax"
    _write(root, "__init__.py", "from jax._src.api import jit as jit\nfrom jax import numpy\n")
    _write(root, "_src/__init__.py", "")
    _write(root, "_src/api.py", "def jit(fun):\n    return fun\n")
    _write(
        root,
        "numpy/__init__.py",
        "from jax._src.numpy.core import pad as pad, Helper as Helper, _hidden as _hidden\n"
        "from jax._src.numpy.core import CONSTANT as CONSTANT\n",
    )
    _write(root, "_src/numpy/__init__.py", "")
    _write(
        root,
        "_src/numpy/core.py",
        "def pad(array, pad_width):\n    return array\n\n"
        "class Helper:\n    pass\n\n"
        "def _hidden():\n    pass\n\n"
        "CONSTANT = 3\n",
    )
    _write(root, "random.py", "__all__ = ['normal']\n\nfrom jax._src.api import jit as normal\n")
    surface = enumerate_surface(root)
    kinds = {ns: {e.name: e.kind for e in entries} for ns, entries in surface.items()}
    assert kinds["jax"] == {"jit": "function", "numpy": "module"}
    assert kinds["jax.numpy"] == {"pad": "function", "Helper": "class", "CONSTANT": "constant"}
    assert kinds["jax.random"] == {"normal": "function"}  # __all__ decides what is public
    pad = next(e for e in surface["jax.numpy"] if e.name == "pad")
    assert pad.defined_at == "_src/numpy/core.py:1"


def test_statuses_come_from_the_api_models() -> None:
    assert status_of("jax.nn.one_hot")[0] == "contract"
    assert "a concrete value" in status_of("jax.nn.one_hot")[1]
    assert status_of("jax.numpy.fft.fftshift")[0] == "shape"
    assert status_of("jax.numpy.fft.fft") == ("contract", ["an int known while tracing"], None)
    gpu_only = status_of("jax.experimental.pallas.triton.atomic_add")
    assert gpu_only[0] == "no-contract" and gpu_only[2] is not None
    assert gpu_only[2].startswith("GPU only")
    no_contract = status_of("jax.numpy.shape")
    assert no_contract[0] == "no-contract" and no_contract[2]
    assert status_of("jax.experimental.jet.jet")[0] == "unmodelled"


def test_the_installed_jax_surface_holds_the_common_namespaces(pinned_jax: None) -> None:
    from bench.api_surface import jax_root

    root = jax_root()
    assert root is not None
    data = report(enumerate_surface(root), "test")
    namespaces = data["namespaces"]
    for namespace in ("jax", "jax.numpy", "jax.lax", "jax.random", "jax.nn", "jax.sharding"):
        assert namespaces[namespace]["functions"], namespace
    names = {f["name"]: f["status"] for f in namespaces["jax.numpy"]["functions"]}
    assert names["pad"] == "contract" and names["zeros"] == "contract"
    assert "| **all** |" in summary(data)


def test_the_committed_surface_is_what_a_run_on_the_pinned_jax_gives(pinned_jax: None) -> None:
    """bench/api-surface.json says what the models know of each function: a contract added
    without running the bench again leaves it (and the docs table made of it) behind."""
    from bench.api_surface import OUT, dump, jax_root, jax_version

    root = jax_root()
    assert root is not None
    text = dump(report(enumerate_surface(root), jax_version(root)))
    assert OUT.read_text(encoding="utf-8") == text, "run python -m bench.api_surface"


def test_the_page_table_is_what_the_committed_surface_says() -> None:
    import json

    from bench.api_surface import OUT, PAGE, page_table
    from bench.readme_block import read_block

    data = json.loads(OUT.read_text(encoding="utf-8"))
    assert read_block("bench.api_surface", PAGE) == page_table(data), (
        "run python -m bench.api_surface --readme"
    )
