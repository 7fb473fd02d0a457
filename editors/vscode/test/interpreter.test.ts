import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  bundledWheel,
  chooseInterpreter,
  describeInterpreter,
  expandPath,
  pipInstallArgs,
  pipInstallCommand,
  serverCommandLine,
  workspaceVenvPython,
} from "../src/interpreter";

describe("chooseInterpreter", () => {
  it("prefers the jaxlsp.interpreter setting over the Python extension", () => {
    const chosen = chooseInterpreter({
      configured: "/opt/venv/bin/python",
      pythonExtensionCommand: ["/usr/bin/python3.12"],
      workspaceFolder: "/ws",
    });
    assert.deepEqual(chosen, { command: "/opt/venv/bin/python", prefixArgs: [], source: "setting" });
  });

  it("uses the Python extension's command, keeping its prefix words", () => {
    const chosen = chooseInterpreter({
      configured: "  ",
      pythonExtensionCommand: ["conda", "run", "-n", "jax", "python"],
      workspaceFolder: undefined,
    });
    assert.equal(chosen.source, "python-extension");
    assert.equal(chosen.command, "conda");
    assert.deepEqual(chosen.prefixArgs, ["run", "-n", "jax", "python"]);
  });

  it("falls back to python3 when nothing else is known", () => {
    for (const configured of [undefined, "", 42, null]) {
      const chosen = chooseInterpreter({ configured, pythonExtensionCommand: [""], workspaceFolder: "/ws", exists: () => false });
      assert.deepEqual(chosen, { command: "python3", prefixArgs: [], source: "default" });
    }
  });

  it("finds the workspace's .venv (else venv) before python3, after the Python extension's", () => {
    const files = new Set(["/ws/.venv/bin/python", "/ws/venv/bin/python", "/other/venv/bin/python"]);
    const exists = (file: string): boolean => files.has(file);
    const base = { configured: "", pythonExtensionCommand: undefined, exists, platform: "linux" as const };
    assert.deepEqual(chooseInterpreter({ ...base, workspaceFolder: "/ws" }), {
      command: "/ws/.venv/bin/python",
      prefixArgs: [],
      source: "workspace-venv",
    });
    assert.equal(chooseInterpreter({ ...base, workspaceFolder: "/other" }).command, "/other/venv/bin/python");
    const withExtension = chooseInterpreter({ ...base, workspaceFolder: "/ws", pythonExtensionCommand: ["/usr/bin/python3.12"] });
    assert.equal(withExtension.source, "python-extension");
    assert.equal(workspaceVenvPython("C:\\ws", (file) => file.endsWith("python.exe"), "win32")?.endsWith("python.exe"), true);
    assert.equal(workspaceVenvPython(undefined, exists, "linux"), undefined);
  });

  it("expands ${workspaceFolder}, ~ and workspace-relative paths in the setting", () => {
    const inputs = { pythonExtensionCommand: undefined, workspaceFolder: "/ws", homeDir: "/home/u" };
    assert.equal(chooseInterpreter({ ...inputs, configured: "${workspaceFolder}/.venv/bin/python" }).command, "/ws/.venv/bin/python");
    assert.equal(chooseInterpreter({ ...inputs, configured: "~/envs/jax/bin/python" }).command, "/home/u/envs/jax/bin/python");
    assert.equal(chooseInterpreter({ ...inputs, configured: ".venv/bin/python" }).command, "/ws/.venv/bin/python");
    // A bare name is looked up on PATH by the system, not made relative.
    assert.equal(chooseInterpreter({ ...inputs, configured: "python3.12" }).command, "python3.12");
  });
});

describe("expandPath", () => {
  it("leaves absolute paths alone and handles a lone ~", () => {
    assert.equal(expandPath("/usr/bin/python3", "/ws", "/home/u"), "/usr/bin/python3");
    assert.equal(expandPath("~", "/ws", "/home/u"), "/home/u");
    assert.equal(expandPath("bin/python", undefined, "/home/u"), "bin/python");
  });
});

describe("command lines", () => {
  it("starts the server as a module of the chosen interpreter", () => {
    const interpreter = { command: "conda", prefixArgs: ["run", "-n", "jax", "python"], source: "python-extension" } as const;
    assert.deepEqual(serverCommandLine(interpreter), {
      command: "conda",
      args: ["run", "-n", "jax", "python", "-P", "-m", "jaxlsp", "serve"],
    });
  });

  it("installs the wheel the extension carries (jaxlsp is not on the package index), quoting odd paths", () => {
    const wheel = "/ext/wheels/jaxlsp-0.1.0-py3-none-any.whl";
    assert.equal(
      pipInstallCommand({ command: "/opt/venv/bin/python", prefixArgs: [], source: "setting" }, wheel),
      `/opt/venv/bin/python -m pip install ${wheel}`,
    );
    assert.equal(
      pipInstallCommand({ command: "/My Envs/it's/python", prefixArgs: [], source: "setting" }, wheel),
      `'/My Envs/it'\\''s/python' -m pip install ${wheel}`,
    );
    assert.deepEqual(pipInstallArgs({ command: "conda", prefixArgs: ["run", "-n", "jax", "python"], source: "python-extension" }, wheel), {
      command: "conda",
      args: ["run", "-n", "jax", "python", "-m", "pip", "install", wheel],
    });
    // Never the bare name: `pip install jaxlsp` fails (not on the index).
    const without = pipInstallCommand({ command: "python3", prefixArgs: [], source: "default" }, undefined);
    assert.doesNotMatch(without, /pip install jaxlsp\b/);
    assert.match(without, /pip install \/path\/to\/jaxlsp/);
    assert.equal(pipInstallArgs({ command: "python3", prefixArgs: [], source: "default" }, undefined), undefined);
  });

  it("finds the wheel build.sh puts in the extension", () => {
    const listing = (dir: string): string[] => (dir === "/ext/wheels" ? ["README", "jaxlsp-0.1.0-py3-none-any.whl"] : []);
    assert.equal(bundledWheel("/ext", listing), "/ext/wheels/jaxlsp-0.1.0-py3-none-any.whl");
    assert.equal(bundledWheel("/elsewhere", listing), undefined);
  });

  it("says where the interpreter came from", () => {
    assert.match(describeInterpreter({ command: "python3", prefixArgs: [], source: "default" }), /set jaxlsp\.interpreter/);
    assert.match(describeInterpreter({ command: "/x/python", prefixArgs: [], source: "python-extension" }), /Python extension/);
  });
});
