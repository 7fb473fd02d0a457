"""``jaxlsp mcp`` driven by the MCP SDK's own client over stdio, as a coding agent drives it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters
from mcp.types import CallToolResult, TextContent

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "symbolic_zeros" / "invalid_eager_lambda.py"
SLUG = "custom-vjp-symbolic-zeros-support-with-shard-map"
TRACEBACK = """Traceback (most recent call last):
  File "/home/me/project/train.py", line 31, in <module>
    out = body(x)
  File "/venv/lib/python3.12/site-packages/jax/_src/shard_map.py", line 1510, in _run
    raise NotImplementedError(msg)
NotImplementedError: custom_vjp symbolic_zeros support with shard_map is not implemented; please open an issue at https://github.com/jax-ml/jax/issues
"""
NOT_JAX = """Traceback (most recent call last):
  File "/home/me/a.py", line 1, in <module>
    1 / 0
ZeroDivisionError: division by zero
"""


def _server(*extra: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-P", "-m", "jaxlsp", "mcp", *extra],
        env=dict(os.environ),
        cwd=str(REPO),
    )


def _text(result: CallToolResult) -> str:
    return "\n".join(block.text for block in result.content if isinstance(block, TextContent))


def _structured(result: CallToolResult) -> dict[str, Any]:
    assert isinstance(result.structured_content, dict), result
    return result.structured_content


# "legacy": the initialize handshake today's agents use; "auto": the SDK's discovery first.
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_the_tools_answer_as_the_command_line_does(mode: str) -> None:
    async with Client(_server(), mode=mode) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        assert set(tools) == {"explain", "check"}
        assert tools["explain"].input_schema["required"] == ["text"]
        assert tools["explain"].annotations is not None
        assert tools["explain"].annotations.read_only_hint is True

        answer = await client.call_tool("explain", {"text": TRACEBACK})
        assert not answer.is_error
        payload = _structured(answer)
        assert payload["verdict"] == "answer"
        assert [m["slug"] for m in payload["matches"]] == [SLUG]
        assert payload["error"]["userFrame"]["path"] == "/home/me/project/train.py"
        # The readable answer names the record and the user's own line, as the terminal does.
        assert SLUG in _text(answer)
        assert "/home/me/project/train.py:31" in _text(answer)
        cli = subprocess.run(
            [sys.executable, "-P", "-m", "jaxlsp", "explain", "--json", "-"],
            input=TRACEBACK,
            capture_output=True,
            text=True,
            check=True,
        )
        cli_payload = json.loads(cli.stdout)
        assert payload["verdict"] == cli_payload["verdict"]
        assert payload["error"] == cli_payload["error"]
        assert [m["markdown"] for m in payload["matches"]] == [
            m["markdown"] for m in cli_payload["matches"]
        ]

        several = await client.call_tool(
            "explain", {"text": TRACEBACK, "show_all": True, "limit": 3}
        )
        assert len(_structured(several)["matches"]) > 1

        not_jax = await client.call_tool("explain", {"text": NOT_JAX})
        assert not not_jax.is_error
        assert _structured(not_jax)["verdict"] == "not-jax"
        assert _structured(not_jax)["matches"] == []


async def test_check_finds_the_examples_error_in_a_file_and_in_a_snippet() -> None:
    async with Client(_server(), mode="legacy") as client:
        on_file = await client.call_tool("check", {"paths": [str(EXAMPLE)]})
        assert not on_file.is_error
        findings = _structured(on_file)["findings"]
        assert [f["code"] for f in findings] == [SLUG]
        assert f"{EXAMPLE}:{findings[0]['line']}:" in _text(on_file)

        source = EXAMPLE.read_text(encoding="utf-8")
        on_source = await client.call_tool("check", {"source": source, "filename": "mine.py"})
        snippet = _structured(on_source)["findings"]
        assert [(f["code"], f["line"], f["path"]) for f in snippet] == [
            (SLUG, findings[0]["line"], "mine.py")
        ]

        clean = await client.call_tool("check", {"source": "import jax\nx = jax.numpy.ones(3)\n"})
        assert _structured(clean)["findings"] == []
        assert "0 finding(s) in 1 file(s) checked" in _text(clean)

        broken = await client.call_tool("check", {"source": "def f(:\n"})
        assert _structured(broken)["problems"][0]["message"].startswith("not valid Python")


async def test_bad_arguments_are_tool_errors_and_the_server_goes_on() -> None:
    async with Client(_server(), mode="legacy") as client:
        empty = await client.call_tool("explain", {"text": "   "})
        assert empty.is_error and "empty" in _text(empty)
        limit = await client.call_tool("explain", {"text": TRACEBACK, "limit": 0})
        assert limit.is_error and "limit" in _text(limit)
        wrong_type = await client.call_tool("explain", {"text": ["not", "a", "string"]})
        assert wrong_type.is_error
        missing = await client.call_tool("check", {"paths": ["/no/such/folder"]})
        assert missing.is_error and "/no/such/folder" in _text(missing)
        nothing = await client.call_tool("check", {})
        assert nothing.is_error and "Nothing to check" in _text(nothing)
        # Still serving, with the same answer as before.
        answer = await client.call_tool("explain", {"text": TRACEBACK})
        assert _structured(answer)["matches"][0]["slug"] == SLUG


async def test_records_given_with_records_are_explained(tmp_path: Path) -> None:
    record = json.loads((REPO / "data" / "records" / "scan-no-length.json").read_text())
    record["record"].update(
        id="00000000000000aa",
        slug="my-own-error",
        errorMessage="my library refused the frobnication of {}",
        messagePattern="my library refused the frobnication of [^\\n]{0,300}",
        errorClass="ValueError",
        messageVariants=[],
        reproducer=None,
    )
    (tmp_path / "mine.json").write_text(json.dumps(record), encoding="utf-8")
    async with Client(_server("--records", str(tmp_path)), mode="legacy") as client:
        text = "ValueError: my library refused the frobnication of widgets (jax 0.12)"
        answer = await client.call_tool("explain", {"text": text})
        assert _structured(answer)["matches"][0]["slug"] == "my-own-error"


def test_a_missing_records_path_is_a_usage_error() -> None:
    result = subprocess.run(
        [sys.executable, "-P", "-m", "jaxlsp", "mcp", "--records", "/no/such/records"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "/no/such/records" in result.stderr
    assert result.stdout == ""
