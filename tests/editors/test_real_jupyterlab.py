"""Opt-in: jaxlsp in a real JupyterLab through jupyterlab-lsp, driven by Debian's Chromium.

Heavy (JupyterLab and jupyterlab-lsp installed into a cache folder, Chromium) and needs root for
``unshare``, so it is marked ``slow`` (not in the default suite or CI) and runs only with
``JAXLSP_REAL_JUPYTERLAB=1``.  ``editors/jupyterlab/e2e/real-jupyterlab.sh`` does the run; see
its header.  The notebook is tests/notebooks/fixtures/symbolic_zeros.ipynb: the custom_vjp rule
registered with symbolic_zeros=True in its second code cell, the eager shard_map that calls the
function in its third.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.editors.real_editor import left_in_home, run_script, skip_reason

ROOT = Path(__file__).resolve().parents[2]
E2E = ROOT / "editors" / "jupyterlab" / "e2e"
SLUG = "custom-vjp-symbolic-zeros-support-with-shard-map"


pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        bool(
            reason := skip_reason(
                "JAXLSP_REAL_JUPYTERLAB",
                ("chromium", "unshare", "npm", "node"),
                "apt-get install chromium; node 20+ and npm",
            )
        ),
        reason=reason or "",
    ),
]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One run of real-jupyterlab.sh; its output folder."""
    out = tmp_path_factory.mktemp("real-jupyterlab")
    completed = run_script(
        E2E / "real-jupyterlab.sh",
        out,
        "JAXLSP_REAL_JUPYTERLAB_TOOLS",
        "jaxlsp-real-jupyterlab",
        timeout=900,
    )
    assert (out / "result.json").exists(), completed.stderr[-4000:]
    return out


def _result(out: Path) -> dict[str, Any]:
    result: dict[str, Any] = json.loads((out / "result.json").read_text(encoding="utf-8"))
    assert "error" not in result, result["error"]
    return result


def _traffic(out: Path) -> list[dict[str, Any]]:
    lines = (out / "lsp-traffic.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def test_the_server_spec_is_the_documented_one(run: Path) -> None:
    """The run uses editors/jupyterlab/jupyter_server_config.json as shipped, but for argv[0]."""
    shipped = json.loads((ROOT / "editors/jupyterlab/jupyter_server_config.json").read_text())
    used = json.loads((run / "jaxlsp-server-spec.json").read_text())
    shipped_spec = shipped["LanguageServerManager"]["language_servers"]["jaxlsp"]
    used_spec = used["LanguageServerManager"]["language_servers"]["jaxlsp"]
    assert Path(used_spec["argv"][0]).is_absolute()
    assert {**used_spec, "argv": used_spec["argv"][1:]} == {
        **shipped_spec,
        "argv": shipped_spec["argv"][1:],
    }


def test_the_diagnostic_is_marked_in_the_cell_that_registers_the_rule(run: Path) -> None:
    result = _result(run)
    assert result["steps"] == [
        "opened",
        "diagnostic",
        "diagnostic tooltip",
        "diagnostics panel",
        "hover",
    ]
    # One lint mark, under `symbolic_zeros=True` in the second code cell (the notebook's third
    # cell: a Markdown cell comes first).
    [mark] = result["marks"]
    assert mark["text"] == "symbolic_zeros=True"
    assert "cm-lintRange-error" in mark["className"]
    assert mark["line"] == "scaled.defvjp(scaled_fwd, scaled_bwd, symbolic_zeros=True)"
    assert (mark["cell"], mark["codeCell"], mark["prompt"]) == (2, 1, "[2]:")
    tooltip = result["diagnosticTooltip"]
    assert tooltip.startswith("`scaled` registers its custom_vjp rule with symbolic_zeros=True")
    assert tooltip.rstrip().endswith("jaxlsp")  # the diagnostic's source
    assert (run / "jupyterlab-diagnostic.png").stat().st_size > 10_000


def test_the_diagnostics_panel_names_jaxlsp_the_code_and_the_cell(run: Path) -> None:
    result = _result(run)
    assert result["panelHeader"].split() == [
        "Message",
        "Code",
        "Severity",
        "Source",
        "Cell",
        "Line:Ch",
    ]
    [row] = result["panelRows"]
    *_, code, severity, source, cell, line_ch = row.split("\t")
    # jupyterlab-lsp counts cells from 1 among all cells, lines and columns from 0.
    assert (code, severity, source, cell, line_ch) == (SLUG, "Error", "jaxlsp", "3", "16:38")
    assert (run / "jupyterlab-diagnostics-panel.png").stat().st_size > 10_000


def test_the_hover_on_shard_map_in_the_later_cell_is_jaxlsps(run: Path) -> None:
    result = _result(run)
    assert result["hover"].startswith("jax.shard_map(f, ")  # the name, then its signature
    assert SLUG in result["hover"]
    assert (run / "jupyterlab-hover.png").stat().st_size > 10_000


def test_jaxlsp_is_the_only_server_and_got_the_notebook_as_one_python_document(
    run: Path,
) -> None:
    """What jupyterlab-lsp really sends (logged by a jupyter-lsp listener): no notebook sync,
    one ``python`` text document per notebook under ``.virtual_documents/`` whose URI keeps the
    ``.ipynb`` name, IPython syntax rewritten, and a didChange at the didOpen's version."""
    assert _result(run)["lspStatus"] == {"jaxlsp": {"status": "started", "handlers": 1}}
    traffic = _traffic(run)
    assert {entry["server"] for entry in traffic} == {"jaxlsp"}
    [initialize] = [e["message"] for e in traffic if e["message"].get("method") == "initialize"]
    assert "notebookDocument" not in initialize["params"]["capabilities"]
    methods = [e["message"].get("method") for e in traffic if e["from"] == "client"]
    assert not any(str(method).startswith("notebookDocument/") for method in methods)
    [opened] = [
        e["message"] for e in traffic if e["message"].get("method") == "textDocument/didOpen"
    ]
    document = opened["params"]["textDocument"]
    assert document["uri"].endswith("/.virtual_documents/symbolic_zeros.ipynb")
    assert document["languageId"] == "python"
    assert 'get_ipython().run_line_magic("load_ext", " autoreload")' in document["text"]
    # jaxlsp answered: diagnostics for that URI and no complaint about the versions.
    published = [
        e["message"]["params"]
        for e in traffic
        if e["message"].get("method") == "textDocument/publishDiagnostics"
    ]
    assert any(
        [d["code"] for d in p["diagnostics"]] == [SLUG]
        for p in published
        if p["uri"] == document["uri"]
    )
    logged = [
        e["message"]["params"]["message"]
        for e in traffic
        if e["message"].get("method") == "window/logMessage"
    ]
    assert not [message for message in logged if "versions must increase" in message]


def test_the_run_leaves_nothing_in_home(run: Path) -> None:
    assert left_in_home(run) == []
