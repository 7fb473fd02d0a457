"""Finding an environment's JAX from its files alone."""

from __future__ import annotations

import json
from pathlib import Path

from jaxlsp.index.jaxenv import detect_jax

from ._fake_jax import write_environment, write_jax_tree


def test_interpreter_environment_and_site_packages_all_find_it(tmp_path: Path) -> None:
    interpreter = write_environment(tmp_path / "venv", version="0.4.38")
    site = tmp_path / "venv" / "lib" / "python3.12" / "site-packages"
    for location in (interpreter, tmp_path / "venv", site):
        found = detect_jax(location)
        assert found is not None, location
        assert found.version == "0.4.38"  # the header, not the description's "Version: 9.9.9"
        assert found.package_dir == site / "jax"
        assert found.site_packages == site


def test_no_jax_gives_none(tmp_path: Path) -> None:
    assert detect_jax(tmp_path) is None
    assert detect_jax(tmp_path / "missing" / "bin" / "python") is None


def test_other_distributions_named_like_jax_are_ignored(tmp_path: Path) -> None:
    write_environment(tmp_path / "venv")
    site = tmp_path / "venv" / "lib" / "python3.12" / "site-packages"
    metadata = site / "jax-0.4.99.dist-info" / "METADATA"
    metadata.write_text(metadata.read_text().replace("Name: jax", "Name: jaxlib"))
    assert detect_jax(tmp_path / "venv") is None


def test_editable_install_points_at_the_checkout(tmp_path: Path) -> None:
    write_environment(tmp_path / "venv", version="0.6.0.dev0")
    site = tmp_path / "venv" / "lib" / "python3.12" / "site-packages"
    for path in sorted((site / "jax").rglob("*"), reverse=True):
        path.unlink() if path.is_file() else path.rmdir()
    (site / "jax").rmdir()
    checkout = tmp_path / "src" / "jax-checkout"
    write_jax_tree(checkout / "jax")
    direct_url = {"url": checkout.as_uri(), "dir_info": {"editable": True}}
    (site / "jax-0.6.0.dev0.dist-info" / "direct_url.json").write_text(json.dumps(direct_url))
    found = detect_jax(tmp_path / "venv")
    assert found is not None
    assert (found.version, found.package_dir) == ("0.6.0.dev0", checkout / "jax")


def test_system_site_packages_of_the_base_interpreter(tmp_path: Path) -> None:
    base_interpreter = write_environment(tmp_path / "base", version="0.4.30")
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").write_text("")
    (venv / "pyvenv.cfg").write_text(
        f"home = {base_interpreter.parent}\ninclude-system-site-packages = true\n"
    )
    found = detect_jax(venv / "bin" / "python")
    assert found is not None and found.version == "0.4.30"
