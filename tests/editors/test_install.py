"""What a new user is told to install works: jaxlsp is not on the package index, so every
instruction installs it from what the project ships (the checkout, a wheel built from it, the
wheel inside the .vsix), and the README names the .vsix the build writes."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

import jaxlsp

ROOT = Path(__file__).resolve().parents[2]
VSCODE = ROOT / "editors" / "vscode"
PLUGIN = ROOT / "editors" / "nvim"
#: Every place a user reads an install instruction.
INSTRUCTIONS = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    ROOT / "editors" / "README.md",
    VSCODE / "README.md",
    PLUGIN / "lua" / "jaxlsp" / "init.lua",
    VSCODE / "src" / "interpreter.ts",
    VSCODE / "src" / "probe.ts",
    ROOT / "server" / "jaxlsp" / "cli.py",
]
#: `pip install jaxlsp`, `pip install 'jaxlsp[mcp]'`: names the index does not have.
FROM_THE_INDEX = re.compile(r"pip(?:x)? install ['\"]?jaxlsp(?:\[\w+\])?['\"]?(?![\w/.-])")


def test_no_instruction_installs_jaxlsp_from_the_package_index() -> None:
    for path in INSTRUCTIONS:
        text = path.read_text(encoding="utf-8")
        assert not FROM_THE_INDEX.search(text), f"{path}: {FROM_THE_INDEX.search(text)}"


def test_the_readmes_name_the_vsix_the_build_writes() -> None:
    build = (VSCODE / "build.sh").read_text(encoding="utf-8")
    (written,) = re.findall(r"--out (dist/\S+\.vsix)", build)
    readmes = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for readme in (*readmes, ROOT / "editors" / "README.md", VSCODE / "README.md"):
        for named in re.findall(r"[\w./-]*\w\.vsix", readme.read_text(encoding="utf-8")):
            assert named.endswith(written), f"{readme}: {named} (the build writes {written})"


@pytest.mark.skipif(
    not (VSCODE / "dist" / "jaxlsp.vsix").is_file(),
    reason="the extension is not built (editors/vscode/build.sh; CI builds it first)",
)
def test_the_vsix_carries_the_wheel_of_this_checkout() -> None:
    with zipfile.ZipFile(VSCODE / "dist" / "jaxlsp.vsix") as vsix:
        (wheel_name,) = [
            n for n in vsix.namelist() if re.fullmatch(r"extension/wheels/jaxlsp-.+\.whl", n)
        ]
        wheel = vsix.read(wheel_name)
    assert f"jaxlsp-{jaxlsp.__version__}-py3-none-any.whl" in wheel_name
    scratch = VSCODE / "dist" / "carried.whl"
    scratch.write_bytes(wheel)
    try:
        with zipfile.ZipFile(scratch) as carried:
            names = set(carried.namelist())
            metadata = carried.read(f"jaxlsp-{jaxlsp.__version__}.dist-info/METADATA").decode()
    finally:
        scratch.unlink()
    assert "jaxlsp/cli.py" in names and "jaxlsp/lsp/server.py" in names
    records = ROOT / "data" / "records"
    assert {f"jaxlsp/_data/records/{p.name}" for p in records.glob("*.json")} <= names
    assert "Requires-Dist: pygls" in metadata  # its dependencies come from the index
