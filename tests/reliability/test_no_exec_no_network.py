"""jaxlsp never runs workspace code and never touches the network.

A workspace full of files with import-time side effects (each one writes a marker file when it
runs) is opened, hovered, fixed and checked through the real server and ``jaxlsp check``; no
marker may appear.  Editors start ``python -m jaxlsp serve`` in the workspace folder, so the
workspace also holds a file for every module the server imports, named like it.  The server's
own file descriptors and its Python audit events show it opens no network socket, starts no
process and executes no code object from the workspace.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.lsp.uris import path_to_uri
from tests.conftest import REPO, jaxlsp_executable
from tests.reliability.rawlsp import SERVER, RawServer, running_server

SOURCE = (REPO / "tests" / "reproducers" / "custom_vjp_symbolic_zeros_shard_map.py").read_text(
    "utf-8"
)
CODE = "custom-vjp-symbolic-zeros-support-with-shard-map"
AUDITED = Path(__file__).with_name("audited_server.py")


def side_effect(marker: Path, name: str) -> str:
    """Python that leaves ``marker/ran-<name>`` behind if it is ever run (builtins only: the
    file may itself be named like a module it would import)."""
    target = str(marker / f"ran-{name}")
    return f"open({target!r}, 'w').write('executed')\nraise SystemExit('workspace code ran')\n"


def _top_level_modules(code: str) -> tuple[str, ...]:
    probe = code + "\nprint('\\n'.join(sorted({m.split('.')[0] for m in sys.modules})))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    skip = {"jaxlsp", "tests", "__main__", "sitecustomize", *sys.builtin_module_names}
    return tuple(n for n in out.stdout.split() if n.isidentifier() and n not in skip)


@cache
def modules_the_server_loads() -> tuple[str, ...]:
    """Top-level names of every module a server session imports (stdlib and third party),
    including those imported on demand (the schema's pydantic for the user's records, regex for
    the first pattern)."""
    return _top_level_modules(
        "import sys, jaxlsp.cli, jaxlsp.lsp.server, jaxlsp.lsp.handlers, jaxlsp.engine, "
        "jaxlsp.checker, jaxlsp.fixes, jaxlsp.rules, jaxlsp.records.validate, libcst, regex, "
        "tomllib\njaxlsp.rules.all_rules()"
    )


@cache
def modules_loaded_before_jaxlsp_runs() -> frozenset[str]:
    """What ``python -m`` itself imports (through runpy) before any jaxlsp code can run: only
    ``python -P`` or the ``jaxlsp`` script keep a workspace from shadowing these."""
    return frozenset(_top_level_modules("import sys, runpy"))


def make_hostile_workspace(root: Path, shadowed: tuple[str, ...]) -> tuple[Path, Path]:
    """A workspace whose files all have side effects, with a file named like each module in
    ``shadowed``, and a program the rules fire on that imports some of them."""
    workspace, marker = root / "workspace", root / "markers"
    workspace.mkdir()
    marker.mkdir()
    (workspace / ".git").mkdir()
    names = ["evil", "conftest", "setup", "__init__", "sitecustomize", "usercustomize", "noxfile"]
    for name in [*names, *shadowed]:
        (workspace / f"{name}.py").write_text(side_effect(marker, name), encoding="utf-8")
    (workspace / "jax").mkdir()
    (workspace / "jax" / "__init__.py").write_text(side_effect(marker, "jax"), encoding="utf-8")
    program = "import evil\nimport setup\n" + SOURCE
    (workspace / "main.py").write_text(program, encoding="utf-8")
    (workspace / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["evil"]\nbuild-backend = "evil"\n\n'
        '[tool.jaxlsp]\nselect = ["ALL"]\n',
        encoding="utf-8",
    )
    return workspace, marker


@pytest.fixture
def hostile_workspace(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    workspace, marker = make_hostile_workspace(tmp_path, modules_the_server_loads())
    yield workspace, marker
    assert sorted(p.name for p in marker.iterdir()) == [], "workspace code was executed"


def exercise(server: RawServer, workspace: Path) -> list[dict[str, Any]]:
    """Everything an editor does with a file: open, diagnostics, hover, code actions with their
    edits, pull, explain, a change and a save; returns the diagnostics for main.py."""
    server.initialize(
        {
            "textDocument": {
                "codeAction": {"resolveSupport": {"properties": ["edit"]}, "dataSupport": True},
                "publishDiagnostics": {"versionSupport": True},
            }
        },
        rootUri=path_to_uri(workspace),
        workspaceFolders=[{"uri": path_to_uri(workspace), "name": "workspace"}],
        initializationOptions={"jaxlsp": {"debounceMs": 0}},
    )
    opened = {}
    for path in [workspace / "main.py", workspace / "evil.py", workspace / "jax" / "__init__.py"]:
        uri = path_to_uri(path)
        server.open(uri, path.read_text(encoding="utf-8"))
        opened[uri] = server.diagnostics(uri, 1)
    main_uri = path_to_uri(workspace / "main.py")
    diagnostics = opened[main_uri]
    assert [d["code"] for d in diagnostics] == [CODE], "the server did not analyse main.py"
    start = diagnostics[0]["range"]["start"]
    hover = server.call(
        "textDocument/hover", {"textDocument": {"uri": main_uri}, "position": start}
    )
    assert hover["result"] is not None
    actions = server.call(
        "textDocument/codeAction",
        {
            "textDocument": {"uri": main_uri},
            "range": diagnostics[0]["range"],
            "context": {"diagnostics": diagnostics},
        },
    )["result"]
    assert actions, "no code actions offered"
    for action in actions:
        resolved = server.call("codeAction/resolve", action)
        assert "result" in resolved
    server.call("textDocument/diagnostic", {"textDocument": {"uri": main_uri}})
    server.call(
        "workspace/executeCommand",
        {"command": "jaxlsp.explain", "arguments": ["ModuleNotFoundError: No module named 'evil'"]},
    )
    server.notify(
        "textDocument/didChange",
        {
            "textDocument": {"uri": main_uri, "version": 2},
            "contentChanges": [{"text": "import evil\n" + SOURCE}],
        },
    )
    server.diagnostics(main_uri, 2)
    server.notify(
        "textDocument/didSave", {"textDocument": {"uri": path_to_uri(workspace / "pyproject.toml")}}
    )
    return diagnostics


@pytest.mark.parametrize(
    "launch",
    [[sys.executable, "-P", "-m", "jaxlsp", "serve"], [*jaxlsp_executable(), "serve"]],
    ids=["python-P-m", "script"],
)
def test_the_server_never_runs_workspace_code(
    hostile_workspace: tuple[Path, Path], launch: list[str]
) -> None:
    """Started the way SECURITY.md says, in the workspace folder, as editors do."""
    workspace, _ = hostile_workspace
    with running_server(workspace, argv=launch) as server:
        exercise(server, workspace)
        assert server.close() == 0, server.stderr()


def test_plain_python_m_ignores_workspace_modules_once_jaxlsp_runs(tmp_path: Path) -> None:
    """``python -m jaxlsp`` (no -P) drops the workspace from sys.path as its first step, so
    every module jaxlsp imports comes from the environment; only what runpy itself loaded
    before jaxlsp ran is beyond its reach (SECURITY.md tells editors to use -P)."""
    shadowed = tuple(
        n for n in modules_the_server_loads() if n not in modules_loaded_before_jaxlsp_runs()
    )
    assert {"argparse", "json", "regex", "pygls", "libcst", "pydantic"} <= set(shadowed)
    workspace, marker = make_hostile_workspace(tmp_path, shadowed)
    with running_server(workspace) as server:  # python -m jaxlsp serve
        exercise(server, workspace)
        assert server.close() == 0, server.stderr()
    assert sorted(p.name for p in marker.iterdir()) == [], "workspace code was executed"


@pytest.mark.parametrize("how", ["script", "module"])
def test_jaxlsp_check_never_runs_workspace_code(
    hostile_workspace: tuple[Path, Path], how: str
) -> None:
    workspace, _ = hostile_workspace
    command = jaxlsp_executable() if how == "script" else [sys.executable, "-P", "-m", "jaxlsp"]
    result = subprocess.run(
        [*command, "check", "--no-cache", ".", "--format", "json"],
        cwd=workspace,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        check=False,
    )
    assert result.returncode == 1, result.stderr  # 1: something was found
    assert CODE in result.stdout and "main.py" in result.stdout


# --- no network --------------------------------------------------------------------------------


def socket_inodes(pid: int) -> set[str]:
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = str(fd.readlink())
        except OSError:
            continue  # closed while we looked
        if target.startswith("socket:["):
            inodes.add(target[len("socket:[") : -1])
    return inodes


def network_inodes(pid: int) -> dict[str, str]:
    """inode → table for every TCP, UDP and raw socket in the process's network namespace."""
    found = {}
    for table in ("tcp", "tcp6", "udp", "udp6", "raw", "raw6", "udplite", "udplite6"):
        path = Path(f"/proc/{pid}/net/{table}")
        if not path.exists():
            continue
        for row in path.read_text().splitlines()[1:]:
            columns = row.split()
            if len(columns) > 9:
                found[columns[9]] = table
    return found


def unix_socket_paths(pid: int) -> dict[str, str]:
    """inode → bound path ('' when unnamed) for every Unix socket in the namespace."""
    found = {}
    for row in Path(f"/proc/{pid}/net/unix").read_text().splitlines()[1:]:
        columns = row.split()
        if len(columns) >= 7:
            found[columns[6]] = columns[7] if len(columns) > 7 else ""
    return found


@pytest.mark.skipif(not Path("/proc/self/net/unix").exists(), reason="needs Linux /proc")
def test_the_server_opens_no_network_socket(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "main.py").write_text(SOURCE, encoding="utf-8")
    with running_server(tmp_path) as server:
        exercise_simple(server, tmp_path)
        pid = server.process.pid
        sockets = socket_inodes(pid)
        network = network_inodes(pid)
        assert not sockets & set(network), (
            f"network sockets: {[network[i] for i in sockets & set(network)]}"
        )
        unix = unix_socket_paths(pid)
        # asyncio's loop wakes itself through an unnamed socketpair; nothing else is allowed.
        assert sockets <= set(unix), "a socket that is neither network nor Unix"
        assert all(unix[inode] == "" for inode in sockets), "a named (bound) Unix socket"
        assert len(sockets) <= 2
        assert server.close() == 0


def exercise_simple(server: RawServer, folder: Path) -> None:
    server.initialize(initializationOptions={"jaxlsp": {"debounceMs": 0}})
    uri = path_to_uri(folder / "main.py")
    server.open(uri, SOURCE)
    diagnostics = server.diagnostics(uri, 1)
    assert [d["code"] for d in diagnostics] == [CODE]
    hover = server.call(
        "textDocument/hover",
        {"textDocument": {"uri": uri}, "position": diagnostics[0]["range"]["start"]},
    )
    assert hover["result"] is not None
    server.call(
        "workspace/executeCommand", {"command": "jaxlsp.explain", "arguments": ["TypeError: x"]}
    )


def test_audit_events_show_no_network_no_process_and_no_workspace_code(
    hostile_workspace: tuple[Path, Path], tmp_path: Path
) -> None:
    workspace, _ = hostile_workspace
    log = tmp_path / "audit.jsonl"
    with running_server(
        workspace, argv=[sys.executable, str(AUDITED), str(log), "serve"]
    ) as server:
        exercise(server, workspace)
        assert server.close() == 0, server.stderr()
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert any(e["event"] == "open" for e in events), "the audit hook saw nothing"
    network = [
        e for e in events if e["event"].startswith("socket.") and e["event"] != "socket.__new__"
    ]
    # socket.__new__ args: (socket, family, type, proto); only the loop's AF_UNIX pair
    created = [e for e in events if e["event"] == "socket.__new__"]
    assert all(e["args"][1] == 1 for e in created), f"non-Unix sockets: {created}"  # AF_UNIX
    assert network == [], network
    processes = [
        e
        for e in events
        if e["event"].startswith(
            ("subprocess.", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "pty.")
        )
    ]
    assert processes == [], processes
    root = str(workspace.resolve())
    executed = [
        e
        for e in events
        if e["event"] == "exec"
        and isinstance(e["args"][0], dict)
        and e["args"][0]["code"].startswith(root)
    ]
    assert executed == [], executed
    read = sorted(
        {
            str(e["args"][0])
            for e in events
            if e["event"] == "open" and str(e["args"][0]).startswith(root)
        }
    )
    # The workspace files the server reads: the pyproject.toml, and the modules the open
    # documents import, read as text to follow the imports (never executed: see above).
    assert all(path.endswith(("pyproject.toml", ".py")) for path in read), read


@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs util-linux unshare")
def test_the_server_works_the_same_without_any_network(tmp_path: Path) -> None:
    """In a network namespace of its own (no interface up) it answers exactly as outside."""
    probe = subprocess.run(["unshare", "--net", "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip("unshare --net needs privileges here")
    (tmp_path / ".git").mkdir()
    answers = []
    for argv in (["unshare", "--net", *SERVER], SERVER):
        with running_server(tmp_path, argv=argv) as server:
            server.initialize(initializationOptions={"jaxlsp": {"debounceMs": 0}})
            uri = path_to_uri(tmp_path / "main.py")
            server.open(uri, SOURCE)
            diagnostics = server.diagnostics(uri, 1)
            hover = server.call(
                "textDocument/hover",
                {"textDocument": {"uri": uri}, "position": diagnostics[0]["range"]["start"]},
            )
            answers.append((diagnostics, hover["result"]))
            assert server.close() == 0
    assert answers[0] == answers[1]
    assert [d["code"] for d in answers[0][0]] == [CODE]
