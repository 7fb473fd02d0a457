"""One rule that raises does not take down the others.

A stand-in rule that always raises (``with_failing_rule.py``) runs first; the real rules'
findings must still reach the user, and the error must be reported with the rule's name: in
the engine's analysis, in the client's log (``window/logMessage``) and on ``jaxlsp check``'s
stderr.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import jaxlsp.rules as registry
from jaxlsp.engine import Engine
from jaxlsp.lsp.uris import path_to_uri
from tests.conftest import REPO
from tests.reliability import with_failing_rule
from tests.reliability.rawlsp import running_server
from tests.reliability.with_failing_rule import FAILING_RULE

REPRODUCER = REPO / "tests" / "reproducers" / "custom_vjp_symbolic_zeros_shard_map.py"
SOURCE = REPRODUCER.read_text("utf-8")
CODE = "custom-vjp-symbolic-zeros-support-with-shard-map"
WRAPPER = [sys.executable, str(Path(with_failing_rule.__file__))]


def test_engine_keeps_the_other_rules_findings_and_names_the_failing_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_rules = registry.all_rules()
    monkeypatch.setattr(
        registry, "all_rules", lambda: (with_failing_rule.AlwaysRaisingRule(), *real_rules)
    )
    analysis = Engine().analyze(SOURCE, str(REPRODUCER))
    assert [f.code for f in analysis.findings] == [CODE]
    [failure] = analysis.rule_failures
    assert failure.rule == FAILING_RULE
    assert "ZeroDivisionError" in str(failure) and "a bug in a rule" in str(failure)


def test_server_publishes_the_other_findings_and_logs_the_rule_name(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    with running_server(tmp_path, argv=[*WRAPPER, "serve"]) as server:
        server.initialize(initializationOptions={"jaxlsp": {"debounceMs": 0}})
        uri = path_to_uri(tmp_path / "main.py")
        server.open(uri, SOURCE)
        diagnostics = server.diagnostics(uri, 1)
        assert [d["code"] for d in diagnostics] == [CODE]
        logged = server.wait_for(
            lambda m: (
                m.get("method") == "window/logMessage" and FAILING_RULE in m["params"]["message"]
            )
        )
        assert "ZeroDivisionError" in logged["params"]["message"]
        assert logged["params"]["type"] in (1, 2)  # Error or Warning
        hover = server.call(
            "textDocument/hover",
            {"textDocument": {"uri": uri}, "position": diagnostics[0]["range"]["start"]},
        )
        assert hover["result"] is not None
        assert server.close() == 0


def test_check_reports_the_other_findings_and_names_the_rule_on_stderr(tmp_path: Path) -> None:
    result = subprocess.run(
        [*WRAPPER, "check", "--no-cache", str(REPRODUCER), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        cwd=tmp_path,
        check=False,
    )
    assert result.returncode == 1, result.stderr
    assert [f["code"] for f in json.loads(result.stdout)["findings"]] == [CODE]
    assert FAILING_RULE in result.stderr and "ZeroDivisionError" in result.stderr
