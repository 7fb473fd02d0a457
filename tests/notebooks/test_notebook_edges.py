"""Notebook sync at its edges, over raw pipes: what a buggy or hostile client sends is answered.

Changes for a notebook that is not open, a text change for a cell the notebook does not have,
a structure change past the end, an empty notebook, a notebook version that stays, a notebook over
``maxFileBytes``, positions past the end of a cell, a code action for an older version.  The
server stays up, logs what it ignored, and keeps analysing the notebook it has.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.lsp.uris import path_to_uri
from tests.notebooks._client import FIXTURES, read_cells
from tests.reliability.rawlsp import RawServer, running_server

CAPABILITIES = {
    "notebookDocument": {"synchronization": {}},
    "textDocument": {
        "publishDiagnostics": {"versionSupport": True},
        "codeAction": {"resolveSupport": {"properties": ["edit"]}},
    },
}
KEY_REUSE = "key-reuse-error"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RawServer]:
    with running_server(tmp_path) as started:
        started.initialize(CAPABILITIES, initializationOptions={"jaxlsp": {"debounceMs": 0}})
        yield started
        assert started.close() == 0, started.stderr()


def open_fixture(server: RawServer, name: str, uri: str | None = None) -> tuple[str, list[str]]:
    """Open a fixture notebook; its URI and its cells' URIs."""
    path = FIXTURES / name
    uri = uri or path_to_uri(path)
    cells = read_cells(path)
    cell_uris = [
        f"{uri}#cell{n}".replace("file:", "vscode-notebook-cell:") for n in range(len(cells))
    ]
    server.notify(
        "notebookDocument/didOpen",
        {
            "notebookDocument": {
                "uri": uri,
                "notebookType": "jupyter-notebook",
                "version": 1,
                "cells": [
                    {"kind": int(kind), "document": cell}
                    for (kind, _), cell in zip(cells, cell_uris, strict=True)
                ],
            },
            "cellTextDocuments": [
                {
                    "uri": cell,
                    "languageId": "python" if int(kind) == 2 else "markdown",
                    "version": 1,
                    "text": text,
                }
                for (kind, text), cell in zip(cells, cell_uris, strict=True)
            ],
        },
    )
    return uri, cell_uris


def change(server: RawServer, uri: str, version: int, cells: dict[str, Any]) -> None:
    server.notify(
        "notebookDocument/didChange",
        {"notebookDocument": {"uri": uri, "version": version}, "change": {"cells": cells}},
    )


def logged(server: RawServer, *words: str) -> None:
    server.wait_for(
        lambda m: (
            m.get("method") == "window/logMessage"
            and all(word in m["params"]["message"] for word in words)
        )
    )


def codes(diagnostics: list[Any]) -> list[str]:
    return [d["code"] for d in diagnostics]


def test_changes_to_notebooks_and_cells_that_are_not_open_are_logged(server: RawServer) -> None:
    change(server, "file:///never/opened.ipynb", 2, {"data": []})
    logged(server, "file:///never/opened.ipynb", "not open")
    uri, cells = open_fixture(server, "key_reuse.ipynb")
    assert codes(server.diagnostics(cells[4], 1)) == [KEY_REUSE]
    ghost = "vscode-notebook-cell:/elsewhere#x"
    change(
        server,
        uri,
        2,
        {
            "textContent": [
                {
                    "document": {"uri": ghost, "version": 2},
                    "changes": [{"text": "x = 1"}],
                }
            ]
        },
    )
    logged(server, ghost, "not a cell of")
    hover = server.call(
        "textDocument/hover",
        {"textDocument": {"uri": cells[4]}, "position": {"line": 1, "character": 20}},
    )
    assert KEY_REUSE in hover["result"]["contents"]["value"]


def test_structure_changes_past_the_end_and_an_empty_notebook(server: RawServer) -> None:
    empty = "file:///tmp/empty.ipynb"
    server.notify(
        "notebookDocument/didOpen",
        {
            "notebookDocument": {
                "uri": empty,
                "notebookType": "jupyter-notebook",
                "version": 1,
                "cells": [],
            },
            "cellTextDocuments": [],
        },
    )
    cell = "vscode-notebook-cell:/tmp/empty.ipynb#a"
    text = "import jax\nkey = jax.random.key(0)\na = jax.random.normal(key)\nb = jax.random.normal(key)"
    change(
        server,
        empty,
        2,
        {
            "structure": {
                "array": {"start": 99, "deleteCount": 7, "cells": [{"kind": 2, "document": cell}]},
                "didOpen": [{"uri": cell, "languageId": "python", "version": 1, "text": text}],
            }
        },
    )
    assert codes(server.diagnostics(cell, 1)) == [KEY_REUSE]
    past = server.call(
        "textDocument/hover",
        {"textDocument": {"uri": cell}, "position": {"line": 500, "character": 500}},
    )
    assert "error" not in past


def test_a_cell_edit_that_leaves_the_notebook_version_as_it_was_is_applied(
    server: RawServer,
) -> None:
    """VS Code bumps a cell's version, not the notebook's, when only a cell's text changes."""
    uri, cells = open_fixture(server, "key_reuse.ipynb")
    assert codes(server.diagnostics(cells[4], 1)) == [KEY_REUSE]
    for version, text, expected in (
        (2, "noise = 1.0", []),
        (3, "noise = jax.random.normal(sub, (3,))", [KEY_REUSE]),
    ):
        before = {id(message) for message in server.received}
        change(
            server,
            uri,
            1,  # the notebook's version as it was opened
            {
                "textContent": [
                    {
                        "document": {"uri": cells[2], "version": version},
                        "changes": [{"text": text}],
                    }
                ]
            },
        )
        server.wait_for(
            lambda m, expected=expected, before=before: (
                id(m) not in before
                and m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == cells[4]
                and codes(m["params"]["diagnostics"]) == expected
            )
        )
    warnings = [
        m for m in server.notifications("window/logMessage") if uri in m["params"]["message"]
    ]
    assert warnings == []


def test_a_notebook_over_the_size_limit_gets_one_notice_on_its_first_code_cell(
    tmp_path: Path,
) -> None:
    with running_server(tmp_path) as server:
        server.initialize(
            CAPABILITIES,
            initializationOptions={"jaxlsp": {"debounceMs": 0, "maxFileBytes": 200}},
        )
        _, cells = open_fixture(server, "symbolic_zeros.ipynb")
        (notice,) = server.diagnostics(cells[1], 1)
        assert notice["code"] == "not-analysed" and "maxFileBytes" in notice["message"]
        assert server.diagnostics(cells[2], 1) == []
        assert server.close() == 0


def test_a_code_action_for_an_older_version_is_returned_without_an_edit(server: RawServer) -> None:
    uri, cells = open_fixture(server, "symbolic_zeros.ipynb")
    (diagnostic,) = server.diagnostics(cells[2], 1)
    actions = server.call(
        "textDocument/codeAction",
        {
            "textDocument": {"uri": cells[2]},
            "range": diagnostic["range"],
            "context": {"diagnostics": [diagnostic]},
        },
    )["result"]
    assert actions, "expected the quick fix and the ignore action"
    assert all("edit" not in action for action in actions)  # resolved lazily
    change(
        server,
        uri,
        2,
        {
            "textContent": [
                {
                    "document": {"uri": cells[1], "version": 2},
                    "changes": [
                        {
                            "text": "import jax\nimport jax.numpy as jnp\nfrom jax.sharding import PartitionSpec as P\n"
                        }
                    ],
                }
            ]
        },
    )
    resolved = server.call("codeAction/resolve", actions[0])
    assert "error" not in resolved and "edit" not in resolved["result"]
    logged(server, "older version")
