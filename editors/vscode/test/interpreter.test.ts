import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  chooseInterpreter,
  describeInterpreter,
  expandPath,
  pipInstallCommand,
  serverCommandLine,
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
      const chosen = chooseInterpreter({ configured, pythonExtensionCommand: [""], workspaceFolder: "/ws" });
      assert.deepEqual(chosen, { command: "python3", prefixArgs: [], source: "default" });
    }
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

  it("gives a pip command that can be pasted into a shell, quoting odd paths", () => {
    assert.equal(
      pipInstallCommand({ command: "/opt/venv/bin/python", prefixArgs: [], source: "setting" }),
      "/opt/venv/bin/python -m pip install jaxlsp",
    );
    assert.equal(
      pipInstallCommand({ command: "/My Envs/it's/python", prefixArgs: [], source: "setting" }),
      "'/My Envs/it'\\''s/python' -m pip install jaxlsp",
    );
  });

  it("says where the interpreter came from", () => {
    assert.match(describeInterpreter({ command: "python3", prefixArgs: [], source: "default" }), /set jaxlsp\.interpreter/);
    assert.match(describeInterpreter({ command: "/x/python", prefixArgs: [], source: "python-extension" }), /Python extension/);
  });
});
