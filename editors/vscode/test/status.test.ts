import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { COMMANDS } from "../src/commands";
import { type ServerState, statusView } from "../src/status";

const states: ServerState[] = [
  { kind: "starting" },
  { kind: "running", version: "0.1.0", interpreter: "/opt/venv/bin/python" },
  { kind: "stopped" },
  { kind: "not-installed", message: "jaxlsp is not installed in python3." },
  { kind: "error", message: "boom" },
];

describe("statusView", () => {
  it("gives every state its own icon and a click that helps", () => {
    const views = states.map(statusView);
    assert.equal(new Set(views.map((view) => view.text)).size, states.length);
    const known = new Set<string>(Object.values(COMMANDS));
    for (const view of views) {
      assert.ok(known.has(view.command), `${view.command} is a contributed command`);
      assert.match(view.text, /^\$\([a-z~-]+\) JAX$/);
    }
  });

  it("shows the version and interpreter when running, and the problem when not", () => {
    const running = statusView({ kind: "running", version: "0.1.0", interpreter: "/opt/venv/bin/python" });
    assert.match(running.tooltip, /jaxlsp 0\.1\.0 is running/);
    assert.match(running.tooltip, /\/opt\/venv\/bin\/python/);
    assert.equal(running.warning, false);
    const missing = statusView({ kind: "not-installed", message: "jaxlsp is not installed in python3." });
    assert.match(missing.tooltip, /not installed in python3/);
    assert.equal(missing.warning, true);
    assert.equal(missing.command, COMMANDS.showOutput);
  });
});
