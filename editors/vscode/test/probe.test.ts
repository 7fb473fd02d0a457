import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, describe, it } from "node:test";

import type { Interpreter } from "../src/interpreter";
import { problemMessage, probeJaxlsp } from "../src/probe";
import { NO_JAXLSP_PYTHON, pythonWithJaxlsp } from "./helpers";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "jaxlsp-probe-"));
after(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** An interpreter wrapper like conda's or pyenv's shims: a script that runs python3 with extra setup. */
function wrapper(name: string, pythonPath: string): Interpreter {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, `#!/bin/sh\nPYTHONPATH='${pythonPath}' PYTHONNOUSERSITE=1 exec python3 -S "$@"\n`, { mode: 0o755 });
  return { command: file, prefixArgs: [], source: "setting" };
}

describe("probeJaxlsp against real interpreters", () => {
  it("finds jaxlsp and its version in a Python that has it", { skip: pythonWithJaxlsp() === undefined && NO_JAXLSP_PYTHON }, async () => {
    const python = pythonWithJaxlsp() ?? "";
    const result = await probeJaxlsp({ command: python, prefixArgs: [], source: "setting" });
    assert.equal(result.kind, "ok");
    assert.match(result.version, /^\d+\.\d+\.\d+/);
  });

  it("says jaxlsp is not installed, with the pip command for that interpreter", async () => {
    const empty = path.join(scratch, "empty");
    fs.mkdirSync(empty);
    const interpreter = wrapper("python-without-jaxlsp", empty);
    const result = await probeJaxlsp(interpreter);
    assert.equal(result.kind, "not-installed");
    const wheel = "/ext/wheels/jaxlsp-0.1.0-py3-none-any.whl";
    assert.equal(
      problemMessage(result, interpreter, wheel),
      `jaxlsp is not installed in ${interpreter.command}. Install it with: ${interpreter.command} -m pip install ${wheel}`,
    );
  });

  it("tells a broken install apart from a missing one and shows the import error", async () => {
    const site = path.join(scratch, "broken");
    fs.mkdirSync(path.join(site, "jaxlsp"), { recursive: true });
    fs.writeFileSync(path.join(site, "jaxlsp", "__init__.py"), "import pydantic_is_missing_here\n");
    const interpreter = wrapper("python-broken-jaxlsp", site);
    const result = await probeJaxlsp(interpreter);
    assert.equal(result.kind, "failed");
    assert.match(problemMessage(result, interpreter, undefined), /could not import jaxlsp: ModuleNotFoundError: No module named 'pydantic_is_missing_here'/);
  });

  it("reports an interpreter that does not exist", async () => {
    const interpreter: Interpreter = { command: path.join(scratch, "no-such-python"), prefixArgs: [], source: "setting" };
    const result = await probeJaxlsp(interpreter);
    assert.equal(result.kind, "no-interpreter");
    assert.match(problemMessage(result, interpreter, undefined), /cannot run the Python interpreter .*no-such-python.*Set jaxlsp\.interpreter/);
  });

  it("gives up on an interpreter that hangs", async () => {
    const file = path.join(scratch, "python-that-hangs");
    fs.writeFileSync(file, "#!/bin/sh\nexec sleep 30\n", { mode: 0o755 });
    const started = Date.now();
    const result = await probeJaxlsp({ command: file, prefixArgs: [], source: "setting" }, 300);
    assert.equal(result.kind, "failed");
    assert.match(result.detail, /no answer within 300 ms/);
    assert.ok(Date.now() - started < 10_000);
  });
});
