"""The VS Code extension declares, and forwards, every setting the server reads."""

from __future__ import annotations

import json
import re

from jaxlsp.lsp.settings import CLIENT_SETTINGS
from tests.conftest import REPO

EXTENSION = REPO / "editors" / "vscode"


def test_the_extension_declares_every_server_setting() -> None:
    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    declared = {
        key.removeprefix("jaxlsp.")
        for key in manifest["contributes"]["configuration"]["properties"]
        if key.startswith("jaxlsp.")
    }
    assert set(CLIENT_SETTINGS) <= declared


def test_the_extension_forwards_every_server_setting() -> None:
    source = (EXTENSION / "src" / "settings.ts").read_text(encoding="utf-8")
    keys = re.search(r"SERVER_KEYS: readonly string\[\] = \[(.*?)\];", source, re.DOTALL)
    assert keys is not None
    assert set(CLIENT_SETTINGS) <= set(re.findall(r'"(\w+)"', keys.group(1)))
